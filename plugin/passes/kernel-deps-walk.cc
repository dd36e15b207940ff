/* kernel-deps-walk.cc — walks a plain loop's body once in order, giving
 * every scalar it assigns and every address it accesses a symbolic value
 * (kernel-deps.cc explains the analysis). */
#include "passes/kernel-deps-internal.h"
#include "passes/flow.h"
#include "passes/kernel-gen.h"

/* ---- results ---- */


void kd_result_free(dep_result *r)
{
  r->privs.release();
  r->reds.release();
  r->body_vars.release();
  r->ent_at.release();
  r->ent_var.release();
  r->ent_val.release();
  r->assumed.release();
}

bool kd_scalar_p(tree t)
{
  return TREE_CODE(t) == SSA_NAME
         || ((VAR_P(t) || TREE_CODE(t) == PARM_DECL)
             && is_gimple_reg_type(TREE_TYPE(t)));
}

int kd_new_sym(dctx *d, tree t, int loop)
{
  sym s;
  s.t = t;
  s.loop = loop;
  s.inst = 0;
  s.twin = -1;
  s.ranged = false;
  s.lo = s.hi = kd_p_const(0);
  d->syms.safe_push(s);
  return (int)d->syms.length() - 1;
}

struct def_count {
  tree v;
  unsigned n;
  gimple *def;
};

static tree count_defs_cb(gimple_stmt_iterator *gsi, bool *handled,
                          walk_stmt_info *wi)
{
  def_count *c = (def_count *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  tree l = gimple_code(s) == GIMPLE_ASSIGN ? gimple_assign_lhs(s)
           : gimple_code(s) == GIMPLE_CALL ? gimple_call_lhs(s) : NULL_TREE;
  if (l == c->v || gimple_code(s) == GIMPLE_ASM) {
    c->n++;
    c->def = s;
  }
  return NULL_TREE;
}

static unsigned count_defs(tree v, gimple **def)
{
  def_count c = {v, 0, NULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_body(current_function_decl), count_defs_cb, NULL,
                  &wi);
  *def = c.def;
  return c.n;
}

static hash_map<tree, tree> *canon_map;
static tree canon_fn;

/* The parameter P when T is the gimplifier's copy of it (m.1 = m, made
   for a variable-length array type) and P is never assigned in the
   function: then both hold the same value. */
static tree canonical(tree t)
{
  if (!VAR_P(t) || !DECL_ARTIFICIAL(t) || !current_function_decl)
    return t;
  if (canon_fn != current_function_decl) {
    delete canon_map;
    canon_map = new hash_map<tree, tree>;
    canon_fn = current_function_decl;
  }
  tree *c = canon_map->get(t);
  if (c)
    return *c;
  tree r = t;
  gimple *def, *pdef;
  if (count_defs(t, &def) == 1 && gimple_code(def) == GIMPLE_ASSIGN
      && gimple_assign_single_p(def)
      && TREE_CODE(gimple_assign_rhs1(def)) == PARM_DECL
      && INTEGRAL_TYPE_P(TREE_TYPE(t))
      && TREE_TYPE(t) == TREE_TYPE(gimple_assign_rhs1(def))
      && count_defs(gimple_assign_rhs1(def), &pdef) == 0)
    r = gimple_assign_rhs1(def);
  canon_map->put(t, r);
  return r;
}

/* The invariant symbol for T (operand_equal_p identifies expressions). */
static int inv_sym(dctx *d, tree t)
{
  t = canonical(t);
  for (unsigned k = 0; k < d->syms.length(); k++)
    if (d->syms[k].loop == -1 && operand_equal_p(d->syms[k].t, t, 0))
      return (int)k;
  return kd_new_sym(d, t, -1);
}

/* The value of integer constant T, as the wider arithmetic sees it. */
static bool cst_value(tree t, HOST_WIDE_INT *v)
{
  unsigned prec = TYPE_PRECISION(TREE_TYPE(t));
  if (prec > HOST_BITS_PER_WIDE_INT)
    return false;
  if (TYPE_UNSIGNED(TREE_TYPE(t)) && prec < HOST_BITS_PER_WIDE_INT)
    *v = (HOST_WIDE_INT)wi::to_wide(t).to_uhwi();
  else
    *v = wi::to_wide(t).to_shwi();
  return true;
}

aff kd_eval(dctx *d, state &cur, tree t);
static bool narrow_unsigned(tree type);

/* Element sizes of variable-length arrays, a loop's start: a GENERIC
   expression. */
static aff eval_size(dctx *d, state &cur, tree e)
{
  HOST_WIDE_INT k;
  switch (TREE_CODE(e)) {
  case INTEGER_CST:
    return cst_value(e, &k) ? kd_a_of(kd_p_const(k)) : kd_a_unknown();
  case NOP_EXPR:
  case CONVERT_EXPR:
    if (TYPE_PRECISION(TREE_TYPE(e))
        < TYPE_PRECISION(TREE_TYPE(TREE_OPERAND(e, 0))))
      return kd_a_unknown();
    return eval_size(d, cur, TREE_OPERAND(e, 0));
  case MULT_EXPR:
  case PLUS_EXPR:
  case MINUS_EXPR: {
    aff x = eval_size(d, cur, TREE_OPERAND(e, 0));
    aff y = eval_size(d, cur, TREE_OPERAND(e, 1));
    if (x.unknown || y.unknown || x.base || y.base || x.wrap || y.wrap
        || narrow_unsigned(TREE_TYPE(e)))
      return kd_a_unknown();
    return kd_a_of(TREE_CODE(e) == MULT_EXPR ? kd_p_mul(&x.p, &y.p)
                : kd_p_add(&x.p, &y.p, TREE_CODE(e) == MINUS_EXPR ? -1 : 1));
  }
  case POINTER_PLUS_EXPR: {
    aff x = kd_eval(d, cur, TREE_OPERAND(e, 0));
    aff y = eval_size(d, cur, TREE_OPERAND(e, 1));
    if (x.unknown || y.unknown || !x.base || y.base || y.wrap)
      return kd_a_unknown();
    x.p = kd_p_add(&x.p, &y.p, 1);
    x.unknown = x.p.bad;
    return x;
  }
  case SSA_NAME:
  case VAR_DECL:
  case PARM_DECL:
    return kd_eval(d, cur, e);
  default:
    return kd_a_unknown();
  }
}

static aff eval_addr(dctx *d, state &cur, tree t)
{
  switch (TREE_CODE(t)) {
  case VAR_DECL:
  case PARM_DECL: {
    aff a = kd_a_of(kd_p_const(0));
    a.base = t;
    return a;
  }
  case MEM_REF: {
    aff p = kd_eval(d, cur, TREE_OPERAND(t, 0));
    HOST_WIDE_INT off;
    if (p.unknown || !p.base || !cst_value(TREE_OPERAND(t, 1), &off))
      return kd_a_unknown();
    poly o = kd_p_const(off);
    p.p = kd_p_add(&p.p, &o, 1);
    p.unknown = p.p.bad;
    return p;
  }
  case ARRAY_REF: {
    if (!integer_zerop(array_ref_low_bound(t)))
      return kd_a_unknown();
    aff sz = eval_size(d, cur, array_ref_element_size(t));
    aff b = eval_addr(d, cur, TREE_OPERAND(t, 0));
    aff i = kd_eval(d, cur, TREE_OPERAND(t, 1));
    if (sz.unknown || b.unknown || i.unknown || i.base || i.wrap || sz.base)
      return kd_a_unknown();
    poly off = kd_p_mul(&i.p, &sz.p);
    b.p = kd_p_add(&b.p, &off, 1);
    b.unknown = b.p.bad;
    return b;
  }
  case COMPONENT_REF: {
    tree f = TREE_OPERAND(t, 1);
    if (!tree_fits_shwi_p(DECL_FIELD_OFFSET(f)) || DECL_BIT_FIELD(f))
      return kd_a_unknown();
    aff b = eval_addr(d, cur, TREE_OPERAND(t, 0));
    poly o = kd_p_const(tree_to_shwi(DECL_FIELD_OFFSET(f))
                     + tree_to_shwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT);
    b.p = kd_p_add(&b.p, &o, 1);
    b.unknown |= b.p.bad;
    return b;
  }
  default:
    return kd_a_unknown();
  }
}

aff kd_eval(dctx *d, state &cur, tree t)
{
  HOST_WIDE_INT k;
  if (TREE_CODE(t) == INTEGER_CST)
    return cst_value(t, &k) ? kd_a_of(kd_p_const(k)) : kd_a_unknown();
  if (t == d->index)
    return kd_a_of(kd_p_sym(d->isym));
  if (kd_scalar_p(t)) {
    int *v = d->vidx->get(t);
    if (v)
      return (unsigned)*v < cur.length() && cur[*v].kind == K_VAL
             ? cur[*v].v : kd_a_unknown();
    if (!INTEGRAL_TYPE_P(TREE_TYPE(t)) && !POINTER_TYPE_P(TREE_TYPE(t)))
      return kd_a_unknown();
    tree *e = d->entry ? d->entry->get(t) : NULL;
    if (e) /* set in the enclosing loop's body: its value there */
      return eval_size(d, cur, *e);
    if (POINTER_TYPE_P(TREE_TYPE(t))) {
      aff a = kd_a_of(kd_p_const(0));
      a.base = t;
      return a;
    }
    return kd_a_of(kd_p_sym(inv_sym(d, t)));
  }
  if (TREE_CODE(t) == ADDR_EXPR)
    return eval_addr(d, cur, TREE_OPERAND(t, 0));
  if (TREE_CODE(t) == PLUS_EXPR || TREE_CODE(t) == MINUS_EXPR
      || TREE_CODE(t) == MULT_EXPR) /* a loop's start, i = n - 1 */
    return eval_size(d, cur, t);
  return kd_a_unknown();
}

static bool narrow_unsigned(tree type)
{
  return TYPE_UNSIGNED(type) && TYPE_PRECISION(type) < HOST_BITS_PER_WIDE_INT;
}

/* Integer conversion of X (of type FROM) to TO. */
static aff convert_aff(aff x, tree from, tree to)
{
  if (x.unknown)
    return x;
  unsigned pf = TYPE_PRECISION(from), pt = TYPE_PRECISION(to);
  HOST_WIDE_INT k;
  bool cst = !x.base && kd_p_is_const(&x.p, &k);
  if (pt > pf)
    return x.wrap ? kd_a_unknown() : x; /* extension keeps the value */
  if (cst && pt < HOST_BITS_PER_WIDE_INT) {
    HOST_WIDE_INT m = (HOST_WIDE_INT)1 << pt;
    k &= m - 1;
    if (!TYPE_UNSIGNED(to) && k >= m / 2)
      k -= m;
    return kd_a_of(kd_p_const(k));
  }
  if (pt == HOST_BITS_PER_WIDE_INT || cst)
    return x; /* arithmetic modulo 2^64 */
  if (x.base)
    return kd_a_unknown();
  if (TYPE_UNSIGNED(to)) {
    x.wrap = true;
    return x;
  }
  /* To a narrow signed type: the same value only when it fits. */
  if (pt == pf && !x.wrap)
    return x;
  return kd_a_unknown();
}

aff kd_eval_rhs(dctx *d, state &cur, gimple *s)
{
  enum tree_code code = gimple_assign_rhs_code(s);
  tree x = gimple_assign_rhs1(s), type = TREE_TYPE(gimple_assign_lhs(s));
  if (!INTEGRAL_TYPE_P(type) && !POINTER_TYPE_P(type))
    return kd_a_unknown();
  aff r;
  switch (code) {
  case NOP_EXPR:
  case CONVERT_EXPR:
    if (!INTEGRAL_TYPE_P(TREE_TYPE(x)) && !POINTER_TYPE_P(TREE_TYPE(x)))
      return kd_a_unknown();
    return convert_aff(kd_eval(d, cur, x), TREE_TYPE(x), type);
  case PLUS_EXPR:
  case MINUS_EXPR:
  case POINTER_PLUS_EXPR:
  case MULT_EXPR: {
    aff p = kd_eval(d, cur, x), q = kd_eval(d, cur, gimple_assign_rhs2(s));
    if (code == POINTER_PLUS_EXPR && !p.unknown && p.base && q.unknown) {
      p.unknown = true; /* somewhere in P's array (see root_of) */
      return p;
    }
    if (p.unknown || q.unknown || (p.base && q.base)
        || (q.base && code != PLUS_EXPR && code != POINTER_PLUS_EXPR)
        || (code == MULT_EXPR && (p.base || q.base)))
      return kd_a_unknown();
    int sign = code == MINUS_EXPR ? -1 : 1;
    r = kd_a_of(code == MULT_EXPR ? kd_p_mul(&p.p, &q.p)
                                  : kd_p_add(&p.p, &q.p, sign));
    r.base = p.base ? p.base : q.base;
    r.wrap = p.wrap || q.wrap;
    break;
  }
  case NEGATE_EXPR: {
    aff p = kd_eval(d, cur, x);
    if (p.unknown || p.base)
      return kd_a_unknown();
    poly z = kd_p_const(0);
    r = kd_a_of(kd_p_add(&z, &p.p, -1));
    r.wrap = p.wrap;
    break;
  }
  case LSHIFT_EXPR: {
    aff p = kd_eval(d, cur, x);
    tree y = gimple_assign_rhs2(s);
    if (p.unknown || p.base || !tree_fits_uhwi_p(y) || tree_to_uhwi(y) > 32)
      return kd_a_unknown();
    poly m = kd_p_const((HOST_WIDE_INT)1 << tree_to_uhwi(y));
    r = kd_a_of(kd_p_mul(&p.p, &m));
    r.wrap = p.wrap;
    break;
  }
  case SSA_NAME:
  case VAR_DECL:
  case PARM_DECL:
  case INTEGER_CST:
  case ADDR_EXPR:
    return kd_eval(d, cur, x);
  default: {
    /* Other operations of invariant operands: an invariant symbol. */
    if (get_gimple_rhs_class(code) != GIMPLE_BINARY_RHS
        || !INTEGRAL_TYPE_P(type))
      return kd_a_unknown();
    tree y = gimple_assign_rhs2(s);
    for (int k = 0; k < 2; k++) {
      tree o = k ? y : x;
      if (TREE_CODE(o) != INTEGER_CST
          && (!kd_scalar_p(o) || d->vidx->get(o) || o == d->index))
        return kd_a_unknown();
    }
    return kd_a_of(kd_p_sym(inv_sym(d, build2(code, type, x, y))));
  }
  }
  if (narrow_unsigned(type))
    r.wrap = true;
  r.unknown |= r.p.bad;
  return r;
}

/* ---- walking the body ---- */


/* Flattens statements FIRST .. before STOP (into binds and trys),
   recording inner loops and variables declared. */
void kd_flatten(dctx *d, gimple *first, gimple *stop)
{
  for (gimple *s = first; s && s != stop; s = s->next) {
    if (gimple_code(s) == GIMPLE_BIND) {
      for (tree v = gimple_bind_vars(as_a<gbind *>(s)); v; v = DECL_CHAIN(v))
        d->body_vars.safe_push(v);
      kd_flatten(d, gimple_seq_first_stmt(gimple_bind_body(as_a<gbind *>(s))),
              NULL);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      kd_flatten(d, gimple_seq_first_stmt(gimple_try_eval(s)), NULL);
      kd_flatten(d, gimple_seq_first_stmt(gimple_try_cleanup(s)), NULL);
      continue;
    }
    if (gimple_code(s) == GIMPLE_OMP_FOR && d->omp_inner) {
      kd_flatten_omp(d, as_a<gomp_for *>(s), 0);
      continue;
    }
    gimple_seq dummy;
    iloop il = {};
    if (kd_match_loop(accgpu_gsi_at(s, &dummy), &il.l, KD_MATCH_INNER))
      d->loops.safe_push(il);
    d->pos->put(s, d->st.length());
    d->st.safe_push(s);
    if (gimple_code(s) == GIMPLE_LABEL)
      d->lab->put(gimple_label_label(as_a<glabel *>(s)), d->st.length() - 1);
  }
}

/* kernel-deps-internal.h.  The statement F stands at each level's entry
   and, innermost first, at each level's exit; its pre-body runs before. */
void kd_flatten_omp(dctx *d, gomp_for *f, unsigned from)
{
  kd_flatten(d, gimple_seq_first_stmt(gimple_omp_for_pre_body(f)), NULL);
  unsigned c = gimple_omp_for_collapse(f), first = d->loops.length();
  for (unsigned k = from; k < c; k++) {
    iloop il = {};
    if (!kd_omp_level(f, k, &il.l))
      d->bad = true;
    il.omp = f;
    il.dim = k;
    il.p_init = d->st.length();
    il.p_body = il.p_incr = -1;
    d->loops.safe_push(il);
    d->st.safe_push(f);
  }
  kd_flatten(d, gimple_seq_first_stmt(gimple_omp_body(f)), NULL);
  for (unsigned k = c; k-- > from;) {
    d->loops[first + (k - from)].p_exit = d->st.length();
    d->st.safe_push(f);
  }
}

void kd_collect_vars(dctx *d)
{
  for (unsigned k = 0; k < d->loops.length(); k++) {
    tree i = d->loops[k].l.index;
    if (d->loops[k].omp && i && !d->vidx->get(i)) {
      d->vidx->put(i, d->vars.length());
      d->vars.safe_push(i);
    }
  }
  for (unsigned p = 0; p < d->st.length(); p++) {
    tree l = accgpu_lhs_of(d->st[p]);
    if (l && kd_scalar_p(l) && !d->vidx->get(l)
        && !gimple_clobber_p(d->st[p])) {
      d->vidx->put(l, d->vars.length());
      d->vars.safe_push(l);
    }
  }
}

/* Merges SRC into DST (DST_HAS: DST holds a state yet). */
static void merge(state *dst, bool *dst_has, const state &src)
{
  if (!*dst_has) {
    *dst = src.copy();
    *dst_has = true;
    return;
  }
  for (unsigned k = 0; k < src.length(); k++) {
    vstate *a = &(*dst)[k];
    const vstate *b = &src[k];
    if (a->kind == K_OUT && b->kind == K_OUT)
      continue;
    if (a->kind != K_VAL || b->kind != K_VAL)
      a->kind = K_MAYBE;
    else if (!kd_a_eq(&a->v, &b->v))
      a->v = kd_a_unknown();
  }
}

struct use_ctx {
  dctx *d;
  state *cur;
};

static tree use_cb(tree *tp, int *walk, void *data)
{
  use_ctx *u = (use_ctx *)data;
  if (TYPE_P(*tp)) {
    *walk = 0;
    return NULL_TREE;
  }
  int *k = kd_scalar_p(*tp) ? u->d->vidx->get(*tp) : NULL;
  if (k && (*u->cur)[*k].kind != K_VAL && !u->d->exposed.contains(*tp))
    u->d->exposed.safe_push(*tp);
  return NULL_TREE;
}

/* Records scalars S reads that may hold a value from outside the
   iteration. */
static void note_uses(dctx *d, state &cur, gimple *s)
{
  use_ctx u = {d, &cur};
  tree lhs = accgpu_lhs_of(s);
  unsigned first = gimple_code(s) == GIMPLE_ASSIGN ? 1
                   : gimple_code(s) == GIMPLE_CALL ? 3 : 0;
  for (unsigned i = first; i < gimple_num_ops(s); i++)
    if (gimple_op(s, i)) {
      tree op = gimple_op(s, i);
      walk_tree(&op, use_cb, &u, NULL);
    }
  if (lhs && !kd_scalar_p(lhs))
    walk_tree(&lhs, use_cb, &u, NULL);
}

struct derived_ctx {
  tree v;
  int depth;
  bool derived;
};

static bool derived_ptr_p(tree v, int depth);
static bool derived_local_p(tree b);

/* An assignment to C->v: a call's result is fresh memory (malloc); a copy
   of the gimplifier's temporary is what that holds; anything else (&a + 8,
   q, a parameter) may point into another array. */
static tree derived_cb(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *wi)
{
  derived_ctx *c = (derived_ctx *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) != GIMPLE_ASSIGN || gimple_assign_lhs(s) != c->v)
    return NULL_TREE;
  tree r = gimple_assign_rhs1(s);
  if (gimple_assign_single_p(s) && VAR_P(r) && DECL_ARTIFICIAL(r)
      && !is_global_var(r) && !derived_ptr_p(r, c->depth + 1))
    return NULL_TREE;
  c->derived = true;
  return NULL_TREE;
}

struct count_ctx {
  tree v;
  int n;
};

/* Counts the statements that assign C->v (calls and asm included). */
static tree count_cb(gimple_stmt_iterator *gsi, bool *handled,
                     walk_stmt_info *wi)
{
  count_ctx *c = (count_ctx *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (accgpu_lhs_of(s) == c->v)
    c->n++;
  else if (gimple_code(s) == GIMPLE_ASM)
    c->n += 2; /* an output may be anything: not one initialization */
  return NULL_TREE;
}

/* V, a restrict-qualified local pointer, is assigned once in the function
   (`double *restrict v = V->v;`, never reassigned): by C11 6.7.3.1 an
   object it modifies is reached only through it within its block, so it
   is a base distinct from every other one, whatever it was copied from. */
static bool restrict_once_p(tree v)
{
  if (!VAR_P(v) || is_global_var(v) || !POINTER_TYPE_P(TREE_TYPE(v))
      || !TYPE_RESTRICT(TREE_TYPE(v)) || TREE_ADDRESSABLE(v))
    return false;
  count_ctx c = {v, 0};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_body(current_function_decl), count_cb, NULL, &wi);
  return c.n == 1;
}

/* V, a local pointer of the function, is set outside calls from another
   pointer or address (`double *p = a + 1;` before the region): it may
   point into an array the loop also reaches some other way (but for a
   restrict pointer set once: restrict_once_p). */
static bool derived_ptr_p(tree v, int depth)
{
  if (depth > 4)
    return true;
  if (depth == 0 && restrict_once_p(v))
    return false;
  derived_ctx c = {v, depth, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_body(current_function_decl), derived_cb, NULL, &wi);
  return c.derived;
}

/* Accesses through different bases are assumed not to overlap when the
   bases are arrays or pointers the construct maps (different mapped
   pointers are assumed distinct, but, in the loop's test, for a local
   pointer the function sets from another pointer or address, mem_access's
   DERIVED, and two parameters or globals: kd_may_alias); a pointer set
   inside the region could point into another array. */
static bool distinct_base_p(dctx *d, tree base)
{
  if (!POINTER_TYPE_P(TREE_TYPE(base)))
    return DECL_P(base);
  for (tree c = d->clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
        && OMP_CLAUSE_CODE(c) != OMP_CLAUSE_FIRSTPRIVATE)
      continue;
    tree x = OMP_CLAUSE_DECL(c);
    /* A local VLA is mapped as `*c.1`, the gimplifier's pointer to it. */
    if (x == base || (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
                      && (TREE_CODE(x) == INDIRECT_REF
                          || TREE_CODE(x) == MEM_REF)
                      && TREE_OPERAND(x, 0) == base))
      return true;
  }
  return false;
}

/* A pointer whose target this function cannot know: a parameter or a
   global, not restrict-qualified (the caller may pass `a + 1` and `a`). */
static bool unknown_ptr_p(tree b)
{
  return POINTER_TYPE_P(TREE_TYPE(b)) && !TYPE_RESTRICT(TREE_TYPE(b))
         && (TREE_CODE(b) == PARM_DECL || (VAR_P(b) && is_global_var(b)));
}

/* A local pointer the function sets from another pointer or address. */
static bool derived_local_p(tree b)
{
  return VAR_P(b) && !is_global_var(b) && POINTER_TYPE_P(TREE_TYPE(b))
         && !TREE_ADDRESSABLE(b) && derived_ptr_p(b, 0);
}

bool kd_may_alias_rw(tree r, tree w)
{
  return kd_may_alias(r, w)
         || (r != w && r && w && POINTER_TYPE_P(TREE_TYPE(w))
             && (derived_local_p(r) || derived_local_p(w)));
}

bool kd_may_alias(tree b1, tree b2)
{
  if (b1 == b2 || !b1 || !b2 || !DECL_P(b1) || !DECL_P(b2))
    return false;
  if (POINTER_TYPE_P(TREE_TYPE(b1)) && TYPE_RESTRICT(TREE_TYPE(b1)))
    return false; /* nothing else reaches a restrict pointer's target */
  if (POINTER_TYPE_P(TREE_TYPE(b2)) && TYPE_RESTRICT(TREE_TYPE(b2)))
    return false;
  /* Either is an unknown pointer; the other one too, or a global array
     it may point into (a local array's address never reached it). */
  for (int k = 0; k < 2; k++, std::swap(b1, b2))
    if (unknown_ptr_p(b1)
        && (unknown_ptr_p(b2)
            || (VAR_P(b2) && is_global_var(b2)
                && TREE_CODE(TREE_TYPE(b2)) == ARRAY_TYPE)))
      return true;
  return false;
}

/* The array REF is an element of (its base only, the offset unknown). */
static aff root_of(dctx *d, state &cur, tree ref)
{
  tree t = ref;
  while (handled_component_p(t))
    t = TREE_OPERAND(t, 0);
  aff a = kd_a_unknown();
  if (DECL_P(t))
    a = eval_addr(d, cur, t);
  else if (TREE_CODE(t) == MEM_REF)
    a = kd_eval(d, cur, TREE_OPERAND(t, 0));
  a.unknown = true; /* the base alone, if known */
  return a;
}

static void note_access(dctx *d, state &cur, tree ref, bool store)
{
  if (kd_scalar_p(ref) || CONSTANT_CLASS_P(ref) || TREE_CODE(ref) == ADDR_EXPR)
    return;
  if (DECL_P(ref) && !store)
    return; /* an aggregate read as a whole */
  mem_access a;
  a.a = eval_addr(d, cur, ref);
  a.store = store;
  a.wild = false;
  a.derived = false;
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(ref));
  a.size = sz && tree_fits_shwi_p(sz) ? tree_to_shwi(sz) : 0;
  if (a.a.unknown || !a.a.base || a.a.wrap || !a.size) {
    /* An unknown offset into a known array only matters against stores
       to that array (indirect writes stay sequential). */
    a.a = root_of(d, cur, ref);
    a.wild = true;
    if (!a.a.base) {
      d->bad = true;
      return;
    }
  }
  if (DECL_P(a.a.base) && d->body_vars.contains(a.a.base))
    return; /* declared in the body: private to the iteration */
  if (!distinct_base_p(d, a.a.base)) {
    d->bad = true;
    return;
  }
  a.derived = derived_local_p(a.a.base);
  a.nd = 0;
  tree t = ref, subs[MAXDIM + 1];
  unsigned nd = 0;
  while (TREE_CODE(t) == ARRAY_REF && nd <= MAXDIM) {
    subs[nd++] = TREE_OPERAND(t, 1);
    t = TREE_OPERAND(t, 0);
  }
  if (nd >= 2 && nd <= MAXDIM && TREE_CODE(t) != ARRAY_REF) {
    a.array = eval_addr(d, cur, t);
    a.atype = TREE_TYPE(t);
    bool ok = !a.array.unknown;
    for (unsigned k = 0; k < nd && ok; k++) {
      aff v = kd_eval(d, cur, subs[nd - 1 - k]);
      ok = !v.unknown && !v.base && !v.wrap;
      a.sub[k] = v.p;
    }
    if (ok)
      a.nd = nd;
  }
  d->acc.safe_push(a);
}

void kd_set_var(dctx *d, state &cur, tree v, aff a)
{
  int *k = d->vidx->get(v);
  if (k) {
    cur[*k].kind = K_VAL;
    cur[*k].v = a;
  }
}

/* A and B compute the same expression of the same operands. */
bool kd_same_rhs(gimple *a, gimple *b)
{
  if (gimple_code(a) != GIMPLE_ASSIGN || gimple_code(b) != GIMPLE_ASSIGN
      || gimple_assign_rhs_code(a) != gimple_assign_rhs_code(b)
      || gimple_num_ops(a) != gimple_num_ops(b))
    return false;
  for (unsigned o = 1; o < gimple_num_ops(a); o++)
    if (!operand_equal_p(gimple_op(a, o), gimple_op(b, o), 0))
      return false;
  return true;
}

/* Every assignment at positions [B, E) to what DEF assigns computes the
   same as DEF. */
static bool same_defs(dctx *d, int b, int e, gimple *def)
{
  for (int p = b; p < e; p++)
    if (accgpu_lhs_of(d->st[p]) == gimple_assign_lhs(def)
        && !kd_same_rhs(d->st[p], def))
      return false;
  return true;
}

/* Scalars assigned at positions [B, E). */
static void assigned_in(dctx *d, int b, int e, vec<tree> *out)
{
  for (int p = b; p < e; p++) {
    tree l = accgpu_lhs_of(d->st[p]);
    if (l && kd_scalar_p(l) && !out->contains(l))
      out->safe_push(l);
  }
}


/* Replaces the loop's index in P by the end of its range that makes P
   largest (MAX) or smallest; false when that cannot be decided. */
static bool widen(dctx *d, poly *p, bool max)
{
  if (p->bad)
    return false;
  if (!kd_p_has(p, d->isym))
    return true;
  poly c, r;
  bool pos;
  if (!d->irange || !kd_p_split(p, d->isym, &c, &r)
      || !kd_prove_index_free(d, &c, &pos))
    return false;
  const poly *e = max == pos ? &d->ihi : &d->ilo;
  poly ce = kd_p_mul(&c, e);
  *p = kd_p_add(&r, &ce, 1);
  return !p->bad;
}

/* A as a GENERIC expression of invariants and the loop's index (for the
   analysis of an inner loop), or NULL. */
static tree aff_to_tree(dctx *d, const aff *a)
{
  if (a->unknown || a->wrap || a->p.bad)
    return NULL_TREE;
  tree ty = long_long_integer_type_node, sum = build_int_cst(ty, 0);
  for (unsigned k = 0; k < a->p.n; k++) {
    tree t = build_int_cst(ty, a->p.t[k].c);
    for (unsigned j = 0; j < a->p.t[k].m.n; j++) {
      sym *s = &d->syms[a->p.t[k].m.s[j]];
      if ((s->loop != -1 && s->loop != -2) || !DECL_P(s->t))
        return NULL_TREE;
      t = build2(MULT_EXPR, ty, t, s->t);
    }
    sum = build2(PLUS_EXPR, ty, sum, t);
  }
  if (a->base) {
    tree b = POINTER_TYPE_P(TREE_TYPE(a->base)) ? a->base
             : build_fold_addr_expr(a->base);
    return build2(POINTER_PLUS_EXPR, TREE_TYPE(b), b,
                  build1(NOP_EXPR, sizetype, sum));
  }
  return sum;
}

/* Records the values scalars hold at inner loop K's initialization that
   the inner loop does not change (IN: what it assigns). */
static void record_entry(dctx *d, state &cur, int k, vec<tree> &in)
{
  for (unsigned v = 0; v < d->vars.length(); v++) {
    if (cur[v].kind != K_VAL || in.contains(d->vars[v])
        || !(INTEGRAL_TYPE_P(TREE_TYPE(d->vars[v]))
             || POINTER_TYPE_P(TREE_TYPE(d->vars[v]))))
      continue;
    tree e = aff_to_tree(d, &cur[v].v);
    if (!e)
      continue;
    d->ent_at.safe_push(d->loops[k].l.init);
    d->ent_var.safe_push(d->vars[v]);
    d->ent_val.safe_push(e);
  }
}

/* At inner loop K's initialization (CUR: after it): its index range and
   the state at the start of its body (values changed in the loop are
   unknown there). */
static void enter_loop(dctx *d, state &cur, int k)
{
  iloop *il = &d->loops[k];
  kg_plain_loop *l = &il->l;
  vec<tree> in = vNULL, body = vNULL;
  int b = il->omp ? il->p_init + 1 : il->p_body;
  assigned_in(d, b, il->p_exit, &in);
  assigned_in(d, b, il->omp ? il->p_exit : il->p_incr, &body);
  record_entry(d, cur, k, in);
  /* The bound, computed after the test label from values the body does
     not change. */
  aff n2 = kd_a_unknown();
  bool inv = !body.contains(l->n2);
  state scratch = cur.copy();
  if (l->test_first) {
    int b = *d->pos->get(l->test_first), e = *d->pos->get(l->cond_stmt);
    /* A temporary of the test that deeper loops reuse for the same
       computation (D.1 = m - 1) keeps its value. */
    if (!inv)
      for (int p = b; p < e; p++)
        if (accgpu_lhs_of(d->st[p]) == l->n2)
          inv = same_defs(d, il->p_body, il->p_incr, d->st[p]);
    for (int p = b; p < e && inv; p++) {
      gimple *s = d->st[p];
      for (unsigned o = 1; o < gimple_num_ops(s); o++)
        if (gimple_op(s, o) && body.contains(gimple_op(s, o)))
          inv = false;
      if (inv && gimple_code(s) == GIMPLE_ASSIGN)
        kd_set_var(d, scratch, gimple_assign_lhs(s),
                   kd_eval_rhs(d, scratch, s));
    }
  }
  if (inv)
    n2 = kd_eval(d, scratch, l->n2);
  scratch.release();
  aff n1 = kd_eval(d, cur, l->n1);
  bool own = body.contains(l->index); /* the body moves its index */
  body.release();
  sym s;
  s.t = l->index;
  s.loop = k;
  s.inst = 0;
  s.twin = -1;
  s.ranged = false;
  HOST_WIDE_INT step = tree_to_shwi(l->step);
  if (!n1.unknown && !n2.unknown && !n1.base && !n2.base && !n1.wrap
      && !n2.wrap && !own) {
    poly one = kd_p_const(1);
    s.ranged = true;
    if (step > 0) {
      s.lo = n1.p;
      s.hi = l->cond == LT_EXPR ? kd_p_add(&n2.p, &one, -1) : n2.p;
    } else {
      s.hi = n1.p;
      s.lo = l->cond == GT_EXPR ? kd_p_add(&n2.p, &one, 1) : n2.p;
    }
    /* Triangular: bounds in the loop's index, widened over its range. */
    s.ranged = widen(d, &s.lo, false) && widen(d, &s.hi, true);
  }
  d->syms.safe_push(s);
  il->symid = (int)d->syms.length() - 1;
  state h = cur.copy();
  for (unsigned i = 0; i < in.length(); i++) {
    int *v = d->vidx->get(in[i]);
    if (!v)
      continue;
    if (h[*v].kind == K_VAL)
      h[*v].v = kd_a_unknown();
    else
      h[*v].kind = K_MAYBE;
  }
  aff j = s.ranged ? kd_a_of(kd_p_sym(il->symid)) : kd_a_unknown();
  kd_set_var(d, h, l->index, j);
  d->head[k] = h;
  in.release();
}

/* Records a jump from P to LABEL with state CUR. */
static void jump(dctx *d, state &cur, int p, tree label, vec<state> &pend,
                 vec<bool> &has)
{
  int *q = d->lab->get(label);
  if (!q) {
    d->bad = true; /* leaves the body */
    return;
  }
  if (*q > p) {
    merge(&pend[*q], &has[*q], cur);
    return;
  }
  /* Backward: only an inner loop's condition to its body. */
  for (unsigned k = 0; k < d->loops.length(); k++)
    if (d->loops[k].l.cond_stmt == d->st[p] && d->loops[k].p_body == *q)
      return;
  d->bad = true;
}

static int loop_at(dctx *d, int p, bool incr)
{
  for (unsigned k = 0; k < d->loops.length(); k++)
    if ((incr ? d->loops[k].p_incr : d->loops[k].p_init) == p)
      return (int)k;
  return -1;
}

/* The acc loop statement at P: a level's entry (the state with no
   iteration goes to its exit; the body starts from the loop's head) or
   its exit (the states after the body and with no iteration merge). */
static void omp_at(dctx *d, state &cur, int p, vec<state> &pend,
                   vec<bool> &has)
{
  for (unsigned k = 0; k < d->loops.length(); k++) {
    iloop *il = &d->loops[k];
    if (il->omp && il->p_init == p) {
      merge(&pend[il->p_exit], &has[il->p_exit], cur);
      enter_loop(d, cur, (int)k);
      cur.release();
      cur = d->head[k].copy();
      return;
    }
    if (il->omp && il->p_exit == p && has[p]) {
      bool h = true;
      merge(&cur, &h, pend[p]);
      return;
    }
  }
  d->bad = true; /* an acc loop in a plain loop's body */
}

static void walk_stmt(dctx *d, state &cur, int p, vec<state> &pend,
                      vec<bool> &has, bool *dead)
{
  gimple *s = d->st[p];
  switch (gimple_code(s)) {
  case GIMPLE_ASSIGN: {
    if (gimple_clobber_p(s) || loop_at(d, p, true) >= 0)
      return; /* an inner index's increment: its value stays symbolic */
    note_uses(d, cur, s);
    tree lhs = gimple_assign_lhs(s);
    if (get_gimple_rhs_class(gimple_assign_rhs_code(s)) == GIMPLE_SINGLE_RHS)
      note_access(d, cur, gimple_assign_rhs1(s), false);
    if (!kd_scalar_p(lhs)) {
      note_access(d, cur, lhs, true);
      return;
    }
    if (lhs == d->index) {
      d->bad = true;
      return;
    }
    kd_set_var(d, cur, lhs, kd_eval_rhs(d, cur, s));
    int k = loop_at(d, p, false);
    if (k >= 0)
      enter_loop(d, cur, k);
    return;
  }
  case GIMPLE_CALL: {
    tree fn = gimple_call_fndecl(s), lhs = gimple_call_lhs(s);
    if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL) || !lhs
        || !kd_scalar_p(lhs) || lhs == d->index) {
      d->bad = true;
      return;
    }
    for (unsigned i = 0; i < gimple_call_num_args(s); i++)
      if (!is_gimple_val(gimple_call_arg(s, i))
          || POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(s, i))))
        d->bad = true;
    note_uses(d, cur, s);
    kd_set_var(d, cur, lhs, kd_a_unknown());
    return;
  }
  case GIMPLE_COND: {
    gcond *c = as_a<gcond *>(s);
    note_uses(d, cur, s);
    jump(d, cur, p, gimple_cond_true_label(c), pend, has);
    jump(d, cur, p, gimple_cond_false_label(c), pend, has);
    *dead = true;
    return;
  }
  case GIMPLE_GOTO:
    if (TREE_CODE(gimple_goto_dest(s)) != LABEL_DECL)
      d->bad = true;
    else
      jump(d, cur, p, gimple_goto_dest(s), pend, has);
    *dead = true;
    return;
  case GIMPLE_OMP_FOR:
    omp_at(d, cur, p, pend, has);
    return;
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
  case GIMPLE_DEBUG:
  case GIMPLE_LABEL:
    return;
  default:
    d->bad = true; /* switches, returns, asm, OMP, ... */
  }
}

/* Walks the flattened body once, in order. */
void kd_walk_body(dctx *d)
{
  unsigned n = d->st.length();
  vec<state> pend = vNULL;
  vec<bool> has = vNULL;
  pend.safe_grow_cleared(n + 1);
  has.safe_grow_cleared(n + 1);
  d->head.safe_grow_cleared(d->loops.length());
  state cur = vNULL;
  vstate out = {K_OUT, kd_a_unknown()};
  for (unsigned k = 0; k < d->vars.length(); k++)
    cur.safe_push(out);
  bool dead = false;
  for (unsigned p = 0; p < n && !d->bad; p++) {
    if (gimple_code(d->st[p]) == GIMPLE_LABEL) {
      int body = -1;
      for (unsigned k = 0; k < d->loops.length(); k++)
        if (d->loops[k].p_body == (int)p)
          body = (int)k;
      if (body >= 0 && d->head[body].exists()) {
        cur.release();
        cur = d->head[body].copy();
        dead = false;
      } else if (has[p]) {
        if (dead) {
          cur.release();
          cur = pend[p].copy();
        } else {
          bool h = true;
          merge(&cur, &h, pend[p]);
        }
        dead = false;
      }
      continue;
    }
    if (dead && gimple_code(d->st[p]) == GIMPLE_OMP_FOR && has[p]) {
      cur.release(); /* an acc loop's exit after a body ending in a jump */
      cur = pend[p].copy();
      dead = false;
    } else if (!dead)
      walk_stmt(d, cur, p, pend, has, &dead);
  }
  cur.release();
  for (unsigned k = 0; k <= n; k++)
    pend[k].release();
  pend.release();
  has.release();
}

