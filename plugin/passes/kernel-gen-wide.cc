/* kernel-gen-wide.cc — wide loads in reducing vector loops: a lane reads
 * four consecutive iterations' 4-byte elements with one 16-byte load.
 *
 * Why: a lane's loads are in flight together only until the first use of
 * one of them, and ptxas places each use right after its load (sm_90: the
 * unrolled `s *= in[k]` issued four loads, waited, issued four more).  A
 * vector loop over few gangs is bound by the loads each SM has in flight:
 * seed Table 5.2's `vector int *` and `float` cases took 3.1 ms on an H200
 * with eight 4-byte loads per lane unrolled, 1.7 ms with two 16-byte ones
 * (docs/reductions.md, "Wide loads").
 *
 * When: the loop's body is straight-line assignments (no store to memory,
 * call but to a math function, branch or atomic) and some load reads
 * T[base + i] with i the
 * loop's iteration number and T 4 bytes (int, unsigned, float): its
 * address advances by its size per iteration.  Such loads become wide when
 * all of them are 16-byte aligned at iteration 0 (tested at run time);
 * the others stay as they are in each copy.  A lane then runs groups of
 * four consecutive iterations (lane L: group L, L + stride, ...), the
 * last total % 4 iterations one each, as before.  Only the order in which
 * a lane combines its iterations changes, which a reduction allows.
 * GPU and emulator images only: the multicore image keeps its loop.      */
#include "passes/kernel-gen-internal.h"

/* What is known of a value at one point of the body: ADV, how much it
   advances per iteration, when OK (it is the iteration number times ADV
   plus something the body does not change). */
struct aff {
  bool ok;
  HOST_WIDE_INT adv;
};

struct wide_scan {
  kg_wide *w;
  tree index;             /* the loop's index */
  HOST_WIDE_INT step;     /* its step */
  vec<tree> set;          /* variables the body assigns */
  hash_map<tree, aff> *val; /* their values after the statements seen */
};

static const aff not_aff = {false, 0};

static aff aff_of(wide_scan *ws, tree t)
{
  aff a = {true, 0};
  if (TREE_CODE(t) == INTEGER_CST)
    return a;
  if (t == ws->index) {
    a.adv = ws->step;
    return a;
  }
  if (!VAR_P(t) && TREE_CODE(t) != PARM_DECL)
    return not_aff;
  if (!ws->set.contains(t))
    return a; /* the body does not change it */
  aff *v = ws->val->get(t);
  return v ? *v : not_aff; /* else the previous iteration's value */
}

/* Integer or pointer conversion from FROM to TO that keeps an affine
   value affine: no narrowing, and no zero extension of a value that may
   wrap below zero. */
static bool conv_keeps(tree to, tree from)
{
  if (POINTER_TYPE_P(to) && POINTER_TYPE_P(from))
    return true;
  if (!INTEGRAL_TYPE_P(to) && !POINTER_TYPE_P(to))
    return false;
  if (!INTEGRAL_TYPE_P(from) && !POINTER_TYPE_P(from))
    return false;
  unsigned pt = TYPE_PRECISION(to), pf = TYPE_PRECISION(from);
  return pt == pf || (pt > pf && !TYPE_UNSIGNED(from));
}

/* A times C (not OK where ADV * C might overflow; an invariant times
   anything stays one). */
static aff aff_scale(aff a, HOST_WIDE_INT c)
{
  if (!a.ok || a.adv == 0)
    return a;
  if (a.adv > (1 << 20) || a.adv < -(1 << 20) || c > (1 << 20)
      || c < -(1 << 20))
    return not_aff;
  a.adv *= c;
  return a;
}

static aff aff_binary(wide_scan *ws, enum tree_code code, tree x, tree y)
{
  aff a = aff_of(ws, x), b = aff_of(ws, y);
  if (!a.ok || !b.ok)
    return not_aff;
  switch (code) {
  case PLUS_EXPR:
  case POINTER_PLUS_EXPR:
    a.adv += b.adv;
    return a;
  case MINUS_EXPR:
    a.adv -= b.adv;
    return a;
  case MULT_EXPR:
    if (b.adv == 0 && tree_fits_shwi_p(y))
      return aff_scale(a, tree_to_shwi(y));
    if (a.adv == 0 && tree_fits_shwi_p(x))
      return aff_scale(b, tree_to_shwi(x));
    break;
  case LSHIFT_EXPR:
    if (b.adv == 0 && tree_fits_shwi_p(y) && tree_to_shwi(y) < 20)
      return aff_scale(a, (HOST_WIDE_INT)1 << tree_to_shwi(y));
    break;
  default:
    break;
  }
  /* Anything of two values the body does not change is one too. */
  return a.adv == 0 && b.adv == 0 ? a : not_aff;
}

/* The address of memory reference REF, as an affine value. */
static aff aff_addr(wide_scan *ws, tree ref)
{
  switch (TREE_CODE(ref)) {
  case MEM_REF: /* its constant offset advances nothing */
    return aff_of(ws, TREE_OPERAND(ref, 0));
  case ARRAY_REF: {
    tree et = TREE_TYPE(ref), lo = array_ref_low_bound(ref);
    if (!TYPE_SIZE_UNIT(et) || !tree_fits_shwi_p(TYPE_SIZE_UNIT(et))
        || !lo || !integer_zerop(lo))
      return not_aff;
    aff base = aff_addr(ws, TREE_OPERAND(ref, 0));
    aff i = aff_scale(aff_of(ws, TREE_OPERAND(ref, 1)),
                      tree_to_shwi(TYPE_SIZE_UNIT(et)));
    if (!base.ok || !i.ok)
      return not_aff;
    base.adv += i.adv;
    return base;
  }
  case COMPONENT_REF:
    if (DECL_BIT_FIELD(TREE_OPERAND(ref, 1)))
      return not_aff;
    return aff_addr(ws, TREE_OPERAND(ref, 0));
  case VAR_DECL:
  case PARM_DECL: {
    aff a = {!ws->set.contains(ref), 0};
    return a;
  }
  default:
    return not_aff;
  }
}

/* RHS loads 4 bytes that the next iteration's copy reads right after. */
static bool wide_ref_p(wide_scan *ws, tree rhs)
{
  tree t = TREE_TYPE(rhs);
  if (TREE_THIS_VOLATILE(rhs) || TYPE_VOLATILE(t)
      || (TREE_CODE(t) != INTEGER_TYPE && TREE_CODE(t) != REAL_TYPE)
      || kg_narrow_bits(t) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(t))
      || tree_to_uhwi(TYPE_SIZE_UNIT(t)) != 4)
    return false;
  aff a = aff_addr(ws, rhs);
  return a.ok && a.adv == 4;
}

static bool mem_ref_p(tree t)
{
  return TREE_CODE(t) == MEM_REF || TREE_CODE(t) == ARRAY_REF
         || TREE_CODE(t) == COMPONENT_REF || TREE_CODE(t) == INDIRECT_REF
         || TREE_CODE(t) == BIT_FIELD_REF || TREE_CODE(t) == TARGET_MEM_REF;
}

/* One assignment of the body: false when the loop cannot go wide. */
static bool scan_assign(wide_scan *ws, gassign *s)
{
  tree lhs = gimple_assign_lhs(s);
  if (gimple_clobber_p(s))
    return true;
  if (!VAR_P(lhs) || TREE_ADDRESSABLE(lhs) || is_global_var(lhs)
      || !is_gimple_reg_type(TREE_TYPE(lhs)))
    return false; /* a store to memory */
  enum tree_code code = gimple_assign_rhs_code(s);
  tree r1 = gimple_assign_rhs1(s);
  aff v = not_aff;
  switch (get_gimple_rhs_class(code)) {
  case GIMPLE_SINGLE_RHS:
    if (mem_ref_p(r1)) {
      if (wide_ref_p(ws, r1)) {
        ws->w->loads.safe_push(s);
        ws->w->refs.safe_push(r1);
      }
    } else if (TREE_CODE(r1) != CONSTRUCTOR)
      v = aff_of(ws, r1);
    break;
  case GIMPLE_UNARY_RHS:
    if (CONVERT_EXPR_CODE_P(code)
        && conv_keeps(TREE_TYPE(lhs), TREE_TYPE(r1)))
      v = aff_of(ws, r1);
    else if (code == NEGATE_EXPR)
      v = aff_scale(aff_of(ws, r1), -1);
    else if (aff_of(ws, r1).adv == 0)
      v = aff_of(ws, r1); /* anything of an invariant is one */
    break;
  case GIMPLE_BINARY_RHS:
    v = aff_binary(ws, code, r1, gimple_assign_rhs2(s));
    break;
  default:
    break;
  }
  ws->val->put(lhs, v);
  if (v.ok)
    ws->w->addr.safe_push(s);
  return true;
}

/* S calls a math function (fabsf, fmaxf, sqrtf: `m = fmaxf(m, fabsf(a[k]))`)
   on values, its result in a local: it reads and writes no memory. */
static bool math_call_p(wide_scan *ws, gimple *s)
{
  tree fn = gimple_call_fndecl(s), lhs = gimple_call_lhs(s);
  if (!fn || !fndecl_built_in_p(fn) || !kg_math_builtin_p(fn) || !lhs
      || !VAR_P(lhs) || TREE_ADDRESSABLE(lhs) || is_global_var(lhs))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
    tree a = gimple_call_arg(s, i);
    if (!is_gimple_val(a) || TREE_CODE(a) == ADDR_EXPR
        || POINTER_TYPE_P(TREE_TYPE(a)))
      return false; /* frexp, modf, sincos write through a pointer */
  }
  ws->val->put(lhs, not_aff);
  return true;
}

static bool scan_seq(wide_scan *ws, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    switch (gimple_code(s)) {
    case GIMPLE_ASSIGN:
      if (!scan_assign(ws, as_a<gassign *>(s)))
        return false;
      break;
    case GIMPLE_BIND:
      if (!scan_seq(ws, gimple_bind_body(as_a<gbind *>(s))))
        return false;
      break;
    case GIMPLE_CALL:
      if (!math_call_p(ws, s))
        return false;
      break;
    case GIMPLE_DEBUG:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
      break;
    default:
      return false; /* branches, atomics, loops */
    }
  }
  return true;
}

static tree assigned_cb(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  vec<tree> *set = (vec<tree> *)wi->info;
  if (is_gimple_assign(s) && DECL_P(gimple_assign_lhs(s))
      && !set->contains(gimple_assign_lhs(s)))
    set->safe_push(gimple_assign_lhs(s));
  return NULL_TREE;
}

/* Adds to *SET the variables S's right-hand side reads, when S assigns one
   in *SET; true when S reads memory for it. */
static bool bound_source(gimple *s, vec<tree> *set, bool *grew)
{
  if (!is_gimple_assign(s) || !set->contains(gimple_assign_lhs(s)))
    return false;
  for (unsigned i = 1; i < gimple_num_ops(s); i++) {
    tree op = gimple_op(s, i);
    if (!op)
      continue;
    if (mem_ref_p(op))
      return true;
    if ((VAR_P(op) || TREE_CODE(op) == PARM_DECL) && !set->contains(op)) {
      set->safe_push(op);
      *grew = true;
    }
  }
  return false;
}

struct bound_walk {
  vec<tree> *set;
  bool grew, loaded;
};

static tree bound_cb(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *wi)
{
  struct bound_walk *bw = (struct bound_walk *)wi->info;
  if (bound_source(gsi_stmt(*gsi), bw->set, &bw->grew))
    bw->loaded = true;
  return NULL_TREE;
}

/* LV's bounds are read from memory in the region (a sparse row's
   rowstr[j] .. rowstr[j + 1]).  Such rows are mostly short, and there the
   test on entering the loop and the registers of a second loop cost more
   than wide loads give back (NPB CG class B on an H200: 0.90 s without,
   0.97 s with; docs/reductions.md, "Wide loads"). */
static bool bounds_loaded(kg *g, gomp_for *f, const loop_level *lv)
{
  vec<tree> set = vNULL;
  tree b[2] = {lv->n1, lv->n2};
  for (int i = 0; i < 2; i++)
    if (VAR_P(b[i]) || TREE_CODE(b[i]) == PARM_DECL)
      set.safe_push(b[i]);
  struct bound_walk bw = {&set, true, false};
  struct walk_stmt_info wi;
  for (int pass = 0; pass < 8 && bw.grew && !bw.loaded; pass++) {
    bw.grew = false;
    memset(&wi, 0, sizeof wi);
    wi.info = &bw;
    walk_gimple_seq(gimple_omp_for_pre_body(f), bound_cb, NULL, &wi);
    if (g->region)
      walk_gimple_seq(gimple_omp_body(g->region->stmt), bound_cb, NULL, &wi);
  }
  set.release();
  return bw.loaded;
}

static void kg_wide_free(kg_wide *w);

static bool kg_wide_plan(kg *g, gomp_for *f, const loop_level *lv,
                         kg_wide *w)
{
  memset(w, 0, sizeof *w);
  w->copy = -1;
  /* ACCGPU_WIDE=0 at compile time turns wide loads off (to time them). */
  if (kg_env_off("ACCGPU_WIDE") || !tree_fits_shwi_p(lv->step)
      || bounds_loaded(g, f, lv))
    return false;
  wide_scan ws = {};
  ws.w = w;
  ws.index = lv->index;
  ws.step = tree_to_shwi(lv->step);
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &ws.set;
  walk_gimple_seq(gimple_omp_body(f), assigned_cb, NULL, &wi);
  ws.val = new hash_map<tree, aff>;
  bool ok = !ws.set.contains(lv->index)
            && scan_seq(&ws, gimple_omp_body(f)) && !w->loads.is_empty();
  delete ws.val;
  ws.set.release();
  if (!ok)
    kg_wide_free(w);
  else if (accgpu_opts.info && !g->quiet)
    inform(gimple_location(f), "accgpu: %u %s of this reducing vector loop "
           "read four iterations at once (16 bytes) where aligned",
           w->loads.length(), w->loads.length() > 1 ? "loads" : "load");
  return ok;
}

static void kg_wide_free(kg_wide *w)
{
  w->loads.release();
  w->refs.release();
  w->addr.release();
}

/* Load S of the body as a copy of the group: the first copy reads the
   group's four elements, every copy takes its own. */
bool kg_wide_load(kg *g, gimple *s)
{
  kg_wide *w = g->wide;
  int n = -1;
  if (!w || w->copy < 0)
    return false;
  for (unsigned i = 0; i < w->loads.length(); i++)
    if (w->loads[i] == s)
      n = (int)i;
  if (n < 0)
    return false;
  if (w->copy == 0) {
    ind(g);
    kb_printf(g->out, "__w%d_%d = *(const __wt%d_%d *)(&(", w->id, n, w->id,
              n);
    kg_ex_lvalue(g, g->out, w->refs[n]);
    kb_add(g->out, "));\n");
  }
  tree lhs = gimple_assign_lhs(s);
  ind(g);
  kg_ex_lvalue(g, g->out, lhs);
  kb_add(g->out, " = (");
  type_str(g, g->out, TREE_TYPE(lhs));
  kb_printf(g->out, ")__w%d_%d.e[%d];\n", w->id, n, w->copy);
  return true;
}

/* __r<ID>, the iteration number FIRST, and the loop's index at it. */
static void emit_iteration(kg *g, const loop_level *lv, int id,
                           const char *first)
{
  char r[32];
  snprintf(r, sizeof r, "__r%d", id);
  ind(g);
  kb_printf(g->out, "long long %s = %s;\n", r, first);
  kg_emit_index(g, lv, r);
}

/* __wok<ID>: every lane has a group of four iterations (when a lane has
   fewer, its loads are few anyway, and groups would leave lanes idle that
   one iteration each keeps busy), and every wide load's address is
   16-byte aligned at iteration 0 (then at every group's first iteration:
   a group is 16 bytes). */
static void emit_aligned_test(kg *g, const loop_level *lv, kg_wide *w,
                              const char *step)
{
  int groups = kg_env_int("ACCGPU_WIDE_GROUPS", 1, 64);
  if (!groups)
    groups = 1;
  ind(g);
  kb_printf(g->out, "int __wok%d = __tot%d / %d >= %s;\n", w->id, w->id,
            4 * groups, step);
  /* Only then: each lane runs iterations, so what the address statements
     compute (a division of two invariants, say) it computes anyway. */
  ind(g);
  kb_printf(g->out, "if (__wok%d) {\n", w->id);
  g->indent++;
  emit_iteration(g, lv, w->id, "0");
  for (unsigned i = 0; i < w->addr.length(); i++)
    kg_emit_assign(g, w->addr[i]);
  for (unsigned i = 0; i < w->refs.length(); i++) {
    ind(g);
    kb_printf(g->out, "__wok%d &= __accgpu_al16(&(", w->id);
    kg_ex_lvalue(g, g->out, w->refs[i]);
    kb_add(g->out, "));\n");
  }
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}

/* Iteration __r<ID> = FIRST of the body, in a block of its own. */
static void emit_copy(kg *g, gomp_for *f, const loop_level *lv, int id,
                      const char *first)
{
  ind(g);
  kb_add(g->out, "{\n");
  g->indent++;
  emit_iteration(g, lv, id, first);
  emit_seq(g, gimple_omp_body(f));
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}

/* Groups of four iterations a lane, two groups' loads in flight
   (ACCGPU_WIDE_UNROLL=N at compile time: N), then the last iterations one
   each.  Leaves an open `else {` for the plain loop, closed by
   kg_wide_close. */
static void kg_wide_emit(kg *g, gomp_for *f, const loop_level *lv,
                         kg_wide *w, int id, const char *start,
                         const char *step)
{
  int unroll = kg_env_int("ACCGPU_WIDE_UNROLL", 1, 8);
  if (!unroll)
    unroll = 2;
  w->id = id;
  kb_add(g->out, "#ifndef __ACCGPU_MC__\n");
  emit_aligned_test(g, lv, w, step);
  ind(g);
  kb_printf(g->out, "if (__wok%d) {\n", id);
  g->indent++;
  ind(g);
  kb_printf(g->out, "long long __tg%d = __tot%d / 4;\n", id, id);
  char groups[32];
  snprintf(groups, sizeof groups, "__tg%d", id);
  kg_emit_counted_head(g, "__gv", id, start, groups, step, unroll);
  g->indent++;
  for (unsigned i = 0; i < w->refs.length(); i++) {
    ind(g);
    kb_add(g->out, "__ACCGPU_W4(");
    type_str(g, g->out, TYPE_MAIN_VARIANT(TREE_TYPE(w->refs[i])));
    kb_printf(g->out, ", __wt%d_%u);\n", id, i);
    ind(g);
    kb_printf(g->out, "__wt%d_%u __w%d_%u;\n", id, i, id, i);
  }
  kg_wide *save = g->wide;
  g->wide = w;
  for (int c = 0; c < 4; c++) {
    char first[64];
    snprintf(first, sizeof first, "__gv%d * 4 + %d", id, c);
    w->copy = c;
    emit_copy(g, f, lv, id, first);
  }
  w->copy = -1;
  g->wide = save;
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
  ind(g);
  kb_printf(g->out, "for (long long __iv%d = __tg%d * 4 + %s; __iv%d < "
            "__tot%d; __iv%d += %s)\n", id, id, start, id, id, id, step);
  g->indent++;
  char first[32];
  snprintf(first, sizeof first, "__iv%d", id);
  emit_copy(g, f, lv, id, first);
  g->indent -= 2;
  ind(g);
  kb_add(g->out, "} else {\n");
  kb_add(g->out, "#endif\n");
}

void kg_wide_close(kg *g)
{
  kb_add(g->out, "#ifndef __ACCGPU_MC__\n");
  ind(g);
  kb_add(g->out, "}\n");
  kb_add(g->out, "#endif\n");
}

/* A reduction of REDS, or the outer one it adds into, combines across
   gangs: the loop nest spreads over the whole grid, where the registers a
   second loop takes cost blocks per SM (docs/reductions.md, "Wide
   loads"). */
static bool reds_span_gangs(vec<loop_red *> *reds)
{
  for (unsigned i = 0; i < reds->length(); i++)
    for (loop_red *r = (*reds)[i]; r; r = r->into)
      if ((r->span | r->dims) & KG_GANGS)
        return true;
  return false;
}

bool kg_wide_try(kg *g, gomp_for *f, const loop_level *lv, int dims,
                 vec<loop_red *> *reds, int id, const char *start,
                 const char *step)
{
  kg_wide wide;
  if (reds_span_gangs(reds) || !kg_wide_plan(g, f, lv, &wide))
    return false;
  kgr_bind(g, reds);
  int save_part = g->part;
  g->part |= dims;
  kg_wide_emit(g, f, lv, &wide, id, start, step);
  g->part = save_part;
  kgr_unbind(g, reds);
  kg_wide_free(&wide);
  return true;
}
