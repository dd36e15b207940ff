/* kernel-gen-reduce.cc — where a loop's reductions keep their partials and
 * where they are combined (docs/reductions.md); the text of the combining
 * helpers comes from reduction/.
 *
 * A reduction's partial lives in a register of each thread.  When every
 * use of the variable inside the loop lies in inner partitioned loops at
 * the same levels (the seed's Table 5.2 nests, and OpenUH's placement of
 * the clause on the outer loop only), the inner loops add into that
 * partial directly (they "gather" into it) and the loop combines once,
 * across its own levels and theirs.  Otherwise each loop combines at its
 * end and folds into the enclosing variable.                            */
#include "passes/kernel-gen-internal.h"
#include "passes/flow.h"

/* ---- which levels the uses of a variable lie at ---- */

struct span_walk {
  kg *g;
  tree var;
  enum tree_code op;
  int part;  /* levels partitioned at this point, inside the loop */
  int span;  /* those of the first use */
  bool any, ok;
};

static tree ref_cb(tree *tp, int *walk_sub, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  if (*tp == (tree)wi->info)
    return *tp;
  *walk_sub = !TYPE_P(*tp);
  return NULL_TREE;
}

/* S names VAR among its operands. */
static bool stmt_refs(gimple *s, tree var)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = var;
  return walk_gimple_op(s, ref_cb, &wi) != NULL_TREE;
}

/* The clause of F on VAR (NULL: none). */
static tree clause_on(gimple *f, tree var)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_REDUCTION: case OMP_CLAUSE_PRIVATE:
    case OMP_CLAUSE_FIRSTPRIVATE: case OMP_CLAUSE_LASTPRIVATE:
      if (accgpu_red_var(OMP_CLAUSE_DECL(c)) == var)
        return c;
      break;
    default:
      break;
    }
  return NULL_TREE;
}

static void span_seq(struct span_walk *w, gimple_seq seq);

/* An inner loop: its own clause on the variable must be the same
   reduction, and a partitioned loop that uses the variable must update
   it (a loop that only reads it wants the combined value). */
static void span_loop(struct span_walk *w, gimple *f)
{
  tree c = clause_on(f, w->var);
  int d = loop_dims_of(w->g, f);
  if (c && (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION
            || accgpu_red_code(strip_array_types(TREE_TYPE(w->var)),
                               OMP_CLAUSE_REDUCTION_CODE(c)) != w->op))
    w->ok = false;
  if (d && !c && !accgpu_seq_assigns(gimple_omp_body(f), w->var,
                                      ACCGPU_ASSIGN_PART)) {
    struct span_walk r = *w;
    r.any = false;
    r.part |= d;
    span_seq(&r, gimple_omp_body(f));
    if (r.any)
      w->ok = false;
  }
  span_seq(w, gimple_omp_for_pre_body(f));
  int save = w->part;
  w->part |= d;
  span_seq(w, gimple_omp_body(f));
  w->part = save;
}

static void span_seq(struct span_walk *w, gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    switch (gimple_code(s)) {
    case GIMPLE_BIND:
      span_seq(w, gimple_bind_body(as_a<gbind *>(s)));
      continue;
    case GIMPLE_TRY:
      span_seq(w, gimple_try_eval(s));
      span_seq(w, gimple_try_cleanup(s));
      continue;
    case GIMPLE_OMP_FOR:
      span_loop(w, s);
      continue;
    default:
      break;
    }
    if (gimple_has_substatements(s))
      w->ok = false;
    else if (stmt_refs(s, w->var)) {
      if (!w->any)
        w->span = w->part;
      w->ok &= w->span == w->part;
      w->any = true;
    }
  }
}

/* The levels of inner partitioned loops that R's loop F can gather into
   its partial (0: none; combine level by level). */
static int gather_span(kg *g, gomp_for *f, loop_red *r)
{
  struct span_walk w = {};
  w.g = g;
  w.var = r->decl;
  w.op = r->op;
  w.ok = true;
  span_seq(&w, gimple_omp_body(f));
  return w.ok && w.any ? w.span : 0;
}

/* ---- partials ---- */

/* The open reduction whose partial VAR names now (NULL: none). */
static loop_red *current_owner(kg *g, tree var)
{
  const char *now = lookup_name(g, var);
  for (int i = (int)g->lreds.length() - 1; i >= 0; i--) {
    loop_red *r = g->lreds[i];
    if (r->decl == var && r->priv)
      return now && !strcmp(now, r->bound) ? r : NULL;
  }
  return NULL;
}

loop_red *kgr_owner(kg *g, tree var)
{
  return current_owner(g, var);
}

/* Opens a reduction of F on DECL with OP: a partial (identity) of its
   own, or none when the enclosing loop's partial gathers it.  VTYPE and
   LO: see red_item. */
static void open_red(kg *g, gomp_for *f, int dims, int id, tree decl,
                     enum tree_code op, vec<loop_red *> *reds, tree vtype,
                     unsigned long lo)
{
  loop_red *r = XCNEW(loop_red);
  r->decl = decl;
  r->loop = f;
  r->vtype = vtype;
  r->lo = lo;
  r->section = vtype != TREE_TYPE(decl);
  r->type = kgr_value_type(vtype, &r->len);
  r->op = accgpu_red_code(r->type, op);
  r->dims = dims;
  loop_red *own = current_owner(g, decl);
  if (own && own->gather && own->op == r->op) {
    r->into = own;
    reds->safe_push(r);
    g->lreds.safe_push(r);
    return;
  }
  char nb[64];
  snprintf(nb, sizeof nb, "__red%d_%u", id, reds->length());
  r->priv = xstrdup(nb);
  r->bound = kgr_bound_text(g, r);
  int s = gather_span(g, f, r);
  r->gather = s != 0;
  r->span = dims | s;
  ind(g);
  if (r->len) {
    decl_str(g, g->out, vtype, nb);
    kb_add(g->out, ";\n");
    kgr_elem_open(g, r);
    kgr_elem_text(g, r, nb, g->out);
  } else {
    type_str(g, g->out, r->type);
    kb_printf(g->out, " %s", nb);
  }
  kb_add(g->out, " = ");
  red_identity(g, g->out, r->op, r->type);
  kb_add(g->out, ";\n");
  kgr_elem_close(g, r);
  reds->safe_push(r);
  g->lreds.safe_push(r);
}

/* DECL (a reduction of values of type T with OP) is one the device can
   do: not long double (ldouble-reduction.cc made the variables double
   before), complex only with + and *.  False after saying so, naming
   DECL. */
static bool red_type_ok(kg *g, tree decl, tree t, enum tree_code op)
{
  tree part = TREE_CODE(t) == COMPLEX_TYPE ? TREE_TYPE(t) : t;
  if (SCALAR_FLOAT_TYPE_P(part) && TYPE_PRECISION(part) > 64) {
    fail(g, decl, "reduction on a long double array, section or element, "
         "or in a routine (long double variables are reduced in double on "
         "compute constructs and their loops)");
    return false;
  }
  if (!accgpu_red_complex(t) || op == PLUS_EXPR || op == MINUS_EXPR
      || op == MULT_EXPR)
    return true;
  fail(g, decl, "reduction on a complex variable with an operator other "
       "than + or *");
  return false;
}

/* Opens F's reduction on DECL, an array of ET that kgr_big_item took:
   atomics on its elements (kernel-gen-red-big.cc). */
static bool open_big(kg *g, gimple *f, tree decl, enum tree_code op,
                     tree et, vec<loop_red *> *reds)
{
  loop_red *r = XCNEW(loop_red);
  r->decl = decl;
  r->loop = f;
  r->type = et;
  r->op = accgpu_red_code(et, op);
  bool ok = kgr_big_open(g, r);
  reds->safe_push(r);
  g->lreds.safe_push(r);
  return ok;
}

/* Why reduction item V (its variable) is refused, for the message. */
static const char *red_refusal(tree v)
{
  tree t = v ? TREE_TYPE(v) : NULL_TREE;
  if (t && POINTER_TYPE_P(t))
    return "reduction on a pointer: reduce a section of what it points to "
           "(p[0:n])";
  if (t && RECORD_OR_UNION_TYPE_P(t))
    return "reduction on a whole struct: name its members (s.x, s.y)";
  if (t && variably_modified_type_p(t, NULL_TREE))
    return "reduction on a variable-length array: reduce a pointer's "
           "section p[0:n]";
  if (t && TREE_CODE(t) == ARRAY_TYPE && TREE_CODE(TREE_TYPE(t)) == ARRAY_TYPE)
    return "reduction on an element, row or section of a multi-dimensional "
           "array: reduce the whole array, or a one-dimensional one";
  return "reduction on this item (an element or section of this type)";
}

/* The reductions of loop F (partitioned over DIMS): its clauses, and,
   for a partitioned loop that updates the partial of an enclosing
   reduction that does not gather, that reduction implicitly (the seed's
   placement of the clause on the outer loop only).  False after an
   error. */
bool kgr_open(kg *g, gomp_for *f, int dims, int id, vec<loop_red *> *reds)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION)
      continue;
    tree vt, et;
    unsigned long lo, len;
    enum tree_code op = OMP_CLAUSE_REDUCTION_CODE(c);
    tree d = kgr_red_item(OMP_CLAUSE_DECL(c), &vt, &lo);
    if (d) {
      if (!red_type_ok(g, d, kgr_value_type(vt, &len), op))
        return false;
      open_red(g, f, dims, id, d, op, reds, vt, lo);
    } else if ((d = kgr_big_item(OMP_CLAUSE_DECL(c), &et))) {
      if (!red_type_ok(g, d, et, op) || !open_big(g, f, d, op, et, reds))
        return false;
    } else {
      tree v = accgpu_red_var(OMP_CLAUSE_DECL(c));
      fail(g, v, red_refusal(v));
      return false;
    }
  }
  if (!dims)
    return true;
  unsigned n = g->lreds.length() - reds->length();
  for (unsigned i = 0; i < n; i++) {
    loop_red *o = g->lreds[i];
    if (o->priv && !o->gather && !clause_on(f, o->decl)
        && current_owner(g, o->decl) == o
        && accgpu_seq_assigns(gimple_omp_body(f), o->decl,
                              ACCGPU_ASSIGN_PART))
      open_red(g, f, dims, id, o->decl, o->op, reds, o->vtype, o->lo);
  }
  return true;
}

/* Names the partials in the loop's body. */
void kgr_bind(kg *g, vec<loop_red *> *reds)
{
  for (unsigned i = 0; i < reds->length(); i++)
    if ((*reds)[i]->priv)
      push_name(g, (*reds)[i]->decl, (*reds)[i]->bound);
}

/* Drops the partials' names (locals may have been named after them). */
void kgr_unbind(kg *g, vec<loop_red *> *reds)
{
  for (unsigned i = 0; i < reds->length(); i++) {
    loop_red *r = (*reds)[i];
    for (int k = (int)g->names.length() - 1; r->priv && k >= 0; k--)
      if (g->names[k].decl == r->decl && !strcmp(g->names[k].text, r->bound)) {
        free(g->names[k].text);
        g->names.ordered_remove(k);
        break;
      }
  }
}

/* ---- combining ---- */

/* Combines R's partial across the threads of the levels it spans (each
   element of an array by itself: the helpers' barriers order one
   element's combine before the next one's). */
static void combine_threads(kg *g, loop_red *r, const char *sfx)
{
  int t = r->span & (KG_WORKER | KG_VECTOR);
  if (!t)
    return;
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(r->type));
  if (size > g->red_scratch)
    g->red_scratch = size;
  struct kbuf v = {};
  kgr_elem_text(g, r, r->priv, &v);
  const char *p = kb_str(&v);
  kgr_elem_open(g, r);
  if (!r->len)
    ind(g);
  const char *one = kgr_leader_only(g, r) ? "1" : "";
  if (t == KG_VECTOR)
    kb_printf(g->out, "%s = __accgpu_redr%s_%s(%s, __accgpu_rs, "
              "__accgpu_rs_st);\n", p, one, sfx, p);
  else {
    kb_printf(g->out, "%s = __accgpu_redb%s_%s(", p, one, sfx);
    if (t == KG_WORKER) { /* the vector lanes hold copies: lane 0's counts */
      kb_printf(g->out, "threadIdx.x == 0 ? %s : ", p);
      red_identity(g, g->out, r->op, r->type);
    } else
      kb_add(g->out, p);
    kb_add(g->out, ", __accgpu_rs, __accgpu_rs_st);\n");
  }
  kgr_elem_close(g, r);
  kb_free(&v);
}

/* One statement that folds partial P into the variable O: X = X OP P. */
static void fold_stmt(kg *g, loop_red *r, const char *o, const char *p)
{
  struct kbuf cb = {};
  accgpu_red_combine(&cb, r->op, r->type, o, p);
  kb_printf(g->out, "%s = ", o);
  if (TREE_CODE(r->type) != BOOLEAN_TYPE && !accgpu_red_complex(r->type)) {
    kb_add(g->out, "(");
    type_str(g, g->out, r->type);
    kb_add(g->out, ")");
  }
  kb_printf(g->out, "(%s);\n", kb_str(&cb));
  kb_free(&cb);
}

/* The member D stands for when the kernel names D by it (a member
   reduction's variable that is not a kernel parameter), else NULL. */
static tree member_named(kg *g, tree d)
{
  tree ref = accgpu_member_ref(d);
  for (unsigned i = 0; ref && g->region && i < g->region->params.length();
       i++)
    if (g->region->params[i].decl == d)
      return NULL_TREE;
  return ref;
}

bool kgr_member_copy_p(kg *g, gimple *s)
{
  if (!is_gimple_assign(s) || !gimple_assign_single_p(s))
    return false;
  tree l = gimple_assign_lhs(s), r = gimple_assign_rhs1(s);
  tree m = accgpu_member_ref(l) ? l : r, ref = member_named(g, m);
  return ref && operand_equal_p(m == l ? r : l, ref, 0);
}

/* The variable R folds into (text OUTER) is device memory that other
   gangs see: a mapped variable, a pointer's section, a member of one. */
static bool outer_in_memory(kg *g, loop_red *r, const char *outer)
{
  if (tree ref = member_named(g, r->decl))
    return shared_store_p(g, ref);
  return outer[0] == '(' || POINTER_TYPE_P(TREE_TYPE(r->decl));
}

/* Folds R's combined value into the variable outside the loop: into
   device memory with one atomic per gang when gangs took part or an
   enclosing reduction on it uses atomics (kgr_big_on), else into
   the enclosing variable, by one thread when the threads share it. */
static void fold_outer(kg *g, loop_red *r, const char *sfx)
{
  const char *outer = decl_name(g, r->decl);
  bool mem = outer_in_memory(g, r, outer);
  bool shared = g->shared.contains(r->decl);
  bool atom = ((r->span & KG_GANGS) && mem)
              || (kgr_big_on(g, r->decl) && (mem || shared));
  bool gd = atom ? (g->dims & ~g->part & (KG_WORKER | KG_VECTOR)) != 0
                 : need_guard(g) && (mem || shared);
  /* kernels: a gang loop's reduction into a variable of the kernel's own
     leaves each gang its part; the code after the loop reads the whole
     (sequential semantics), so the kernel runs as one gang. */
  if ((r->span & KG_GANGS) && !mem && g->region
      && g->region->kind == GF_OMP_TARGET_KIND_OACC_KERNELS)
    g->gang_redundant_store = true;
  struct kbuf o = {}, p = {};
  kgr_outer_text(g, r, outer, &o);
  kgr_elem_text(g, r, r->priv, &p);
  if (gd)
    open_guard(g);
  kgr_elem_open(g, r);
  if (!r->len)
    ind(g);
  if (atom)
    kb_printf(g->out, "__accgpu_atom_%s(&%s, %s);\n", sfx, kb_str(&o),
              kb_str(&p));
  else
    fold_stmt(g, r, kb_str(&o), kb_str(&p));
  kgr_elem_close(g, r);
  if (gd)
    close_guard(g);
  if (gd && shared) /* the others read it after the loop */
    redundant_barrier(g);
  kb_free(&o);
  kb_free(&p);
}

/* After the loop: combines the reductions that own a partial, once. */
void kgr_close(kg *g, vec<loop_red *> *reds)
{
  for (unsigned i = 0; i < reds->length(); i++) {
    loop_red *r = (*reds)[i];
    g->lreds.pop();
    if (r->priv) {
      char *sfx = red_helpers(g, r->op, r->type);
      combine_threads(g, r, sfx);
      fold_outer(g, r, sfx);
      free(sfx);
      free(r->priv);
      free(r->bound);
    }
    free(r);
  }
  reds->release();
}

/* The reduction scratch of the function just translated, if any. */
void kgr_scratch_decl(kg *g)
{
  accgpu_red_scratch_decl(&g->decls, g->red_scratch);
}

/* ---- construct-level reductions ---- */

/* The construct's reductions on sections (accgpu_red_construct_section):
   atomics on their elements, as a loop's large ones. */
static void construct_sections(kg *g, struct kg_region *r)
{
  enum tree_code op;
  tree v;
  location_t loc = gimple_location(r->stmt);
  for (unsigned i = 0; (v = accgpu_red_construct_section(loc, i, &op)); i++) {
    tree t = TREE_TYPE(v);
    tree et = POINTER_TYPE_P(t) ? TREE_TYPE(t) : strip_array_types(t);
    if (!accgpu_red_scalar_p(et))
      fail(g, v, "reduction on a section of a struct array");
    else if (red_type_ok(g, v, et, op))
      open_big(g, NULL, v, op, et, &g->creds);
  }
}

/* Walks for an acc loop in the region that stores into VAR (DATA)
   without a clause on it. */
static tree unclaused_cb(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  tree var = (tree)wi->info;
  if (gimple_code(s) != GIMPLE_OMP_FOR)
    return NULL_TREE;
  *handled = true;
  if (clause_on(s, var))
    return NULL_TREE;
  if (accgpu_seq_assigns(gimple_omp_body(s), var, ACCGPU_ASSIGN_PART))
    return var;
  return walk_gimple_seq(gimple_omp_body(s), unclaused_cb, NULL, wi)
         ? var : NULL_TREE;
}

/* A loop of construct R updates array VAR without its own clause: its
   threads would update copies that the construct's fold (thread (0,0)'s)
   does not see, so the array is reduced with atomics instead. */
static bool unclaused_loop_update(struct kg_region *r, tree var)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = var;
  return walk_gimple_seq(gimple_omp_body(r->stmt), unclaused_cb, NULL, &wi)
         != NULL;
}

void kgr_construct_open(kg *g, struct kg_region *r)
{
  construct_sections(g, r);
  for (unsigned i = 0; i < r->reds.length(); i++) {
    loop_red lr = {};
    lr.decl = accgpu_red_var(r->reds[i].decl);
    tree et;
    lr.type = kgr_value_type(TREE_TYPE(lr.decl), &lr.len);
    if ((!lr.type || (lr.len && unclaused_loop_update(r, lr.decl)))
        && kgr_big_item(r->reds[i].decl, &et)) {
      if (red_type_ok(g, lr.decl, et, r->reds[i].op))
        open_big(g, NULL, lr.decl, r->reds[i].op, et, &g->creds);
      continue;
    }
    if (!lr.type) {
      fail(g, lr.decl, red_refusal(lr.decl));
      return;
    }
    if (!red_type_ok(g, lr.decl, lr.type, r->reds[i].op))
      return;
    lr.op = accgpu_red_code(lr.type, r->reds[i].op); /* _Bool elements */
    char nb[64];
    snprintf(nb, sizeof nb, "__gred%u", i);
    struct kbuf *save = g->out;
    g->out = &g->decls;
    ind(g);
    decl_str(g, g->out, TREE_TYPE(lr.decl), nb);
    kb_add(g->out, ";\n");
    kgr_elem_open(g, &lr);
    if (!lr.len)
      ind(g);
    kgr_elem_text(g, &lr, nb, g->out);
    kb_add(g->out, " = ");
    red_identity(g, g->out, lr.op, lr.type);
    kb_add(g->out, ";\n");
    kgr_elem_close(g, &lr);
    g->out = save;
    push_name(g, lr.decl, nb);
  }
}

void kgr_construct_close(kg *g, struct kg_region *r, struct kbuf *body)
{
  struct kbuf *save = g->out;
  g->out = body;
  for (unsigned i = 0; i < r->reds.length() && !g->failed; i++) {
    loop_red lr = {};
    lr.decl = accgpu_red_var(r->reds[i].decl);
    lr.type = kgr_value_type(TREE_TYPE(lr.decl), &lr.len);
    if (!lr.type || (lr.len && unclaused_loop_update(r, lr.decl)))
      continue; /* its atomics combined it */
    char *sfx = red_helpers(g, accgpu_red_code(lr.type, r->reds[i].op),
                            lr.type);
    const char *dev = NULL;
    for (unsigned k = 0; k < r->params.length(); k++)
      if (r->params[k].decl == lr.decl && r->params[k].by_ref)
        dev = r->params[k].name;
    if (!dev)
      fail(g, lr.decl, "reduction variable is not mapped");
    else {
      char nb[64], db[300];
      snprintf(nb, sizeof nb, "__gred%u", i);
      snprintf(db, sizeof db, "(*%s)", dev);
      struct kbuf o = {}, p = {};
      kgr_elem_text(g, &lr, db, &o);
      kgr_elem_text(g, &lr, nb, &p);
      ind(g);
      kb_add(body, "if (threadIdx.x == 0 && threadIdx.y == 0) {\n");
      g->indent++;
      kgr_elem_open(g, &lr);
      if (!lr.len)
        ind(g);
      kb_printf(body, "__accgpu_atom_%s(&%s, %s);\n", sfx, kb_str(&o),
                kb_str(&p));
      kgr_elem_close(g, &lr);
      g->indent--;
      ind(g);
      kb_add(body, "}\n");
      kb_free(&o);
      kb_free(&p);
    }
    free(sfx);
  }
  g->out = save;
  while (!g->creds.is_empty()) {
    g->lreds.pop();
    free(g->creds.pop());
  }
}
