/* profile-values.cc — what ACCGPU_PROFILE records per launch of a compute
 * construct's kernels (docs/tuning.md, "Trip counts for the runtime's
 * profile"): the trip count of each loop of the kernel's parallel nest and
 * the values of the integer scalars it reads, evaluated by the host code
 * just before the launch and passed to __accgpu_launch_trips, so that
 * acc-tune -p binds the kernel model to the sizes the program really ran.
 *
 * The nest and its names are tune-dump's (tune-dump.cc, walk_stmt): the walk
 * below mirrors its choice of loops and its naming of loop variables.  A
 * bound is traced on the host through the assignments seen before the loop
 * in statement order (as tune-dump does); at a label (a join) they are
 * forgotten, since an earlier assignment may not reach.                  */
#include "accgpu-plugin.h"
#include "passes/kernel-gen.h"
#include "passes/profile-values.h"

#define PV_MAXV 8    /* loop variables of a model (tune-dump's TD_MAXV) */
#define PV_MAXP 3    /* parallel levels (tune-dump's TD_MAXP) */
#define PV_MAXSYMS 32 /* parameters acc-tune reads (TUNE_MAX_PARAMS) */
#define PV_NAME 64   /* acc-tune's TUNE_NAME */
#define PV_DEPTH 16  /* assignments traced back from a bound */

struct pv_nest {
  struct kg_region *r;
  gimple_seq body;             /* the construct's whole body */
  hash_map<tree, gimple *> *defs; /* last assignment seen (straight line) */
  char name[PV_MAXV][PV_NAME]; /* loop variables in walk order */
  int nvars, npar, seq_depth;
  bool closed;
  int par[PV_MAXP];            /* the nest's levels: indices into NAME */
  tree trip[PV_MAXP];          /* host expression of each, or NULL_TREE */
};

/* Walk state: is VAR assigned (or its address taken)? */
struct pv_ref {
  tree var;
  bool found;
};

/* A fresh addressable local of TYPE. */
static tree addr_tmp(tree type, const char *name)
{
  tree v = create_tmp_var_raw(type, name);
  TREE_ADDRESSABLE(v) = 1;
  gimple_add_tmp_var(v);
  return v;
}

/* tune-dump's add_var: the model's name of loop variable DECL ("i", or
   "i_2" when an earlier loop of the kernel has an "i"); its index or -1. */
static int pv_add_var(struct pv_nest *n, tree decl)
{
  if (n->nvars == PV_MAXV || !DECL_P(decl) || !DECL_NAME(decl))
    return -1;
  int v = n->nvars++;
  const char *base = IDENTIFIER_POINTER(DECL_NAME(decl));
  snprintf(n->name[v], PV_NAME, "%s", base);
  for (int k = 2, clash = 1; clash; k++) {
    clash = 0;
    for (int i = 0; i < v; i++)
      if (!strcmp(n->name[i], n->name[v]))
        clash = 1;
    if (clash)
      snprintf(n->name[v], PV_NAME, "%s_%d", base, k);
  }
  return v;
}

static tree pv_assigned_stmt(gimple_stmt_iterator *gsi, bool *handled,
                             walk_stmt_info *wi)
{
  struct pv_ref *v = (struct pv_ref *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR)
    for (unsigned l = 0; l < gimple_omp_for_collapse(s); l++)
      v->found |= gimple_omp_for_index(s, l) == v->var;
  if (gimple_has_lhs(s) && gimple_get_lhs(s) == v->var)
    v->found = true;
  return NULL_TREE;
}

static tree pv_addressed_op(tree *tp, int *walk_subtrees, void *data)
{
  struct pv_ref *v = (struct pv_ref *)((walk_stmt_info *)data)->info;
  if (TREE_CODE(*tp) == ADDR_EXPR && TREE_OPERAND(*tp, 0) == v->var)
    v->found = true;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Does the construct's body assign DECL or take its address?  Then its
   host value is not the one the kernel sees. */
static bool pv_assigned(struct pv_nest *n, tree decl)
{
  struct pv_ref v = {decl, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  walk_gimple_seq(n->body, pv_assigned_stmt, pv_addressed_op, &wi);
  return v.found;
}

/* A kernel parameter the host can read at the launch: an integer scalar
   of the host the construct does not assign. */
static bool pv_host_scalar(struct pv_nest *n, tree d)
{
  if (!VAR_P(d) && TREE_CODE(d) != PARM_DECL)
    return false;
  if (!INTEGRAL_TYPE_P(TREE_TYPE(d)))
    return false;
  for (unsigned i = 0; i < n->r->params.length(); i++)
    if (n->r->params[i].decl == d)
      return !pv_assigned(n, d);
  return false;
}

static tree pv_host_expr(struct pv_nest *n, tree t, int depth);

/* The right-hand side of assignment G on the host, or NULL_TREE.  Division
   only by a nonzero constant: the host must not trap where the kernel
   would not have evaluated the bound. */
static tree pv_host_rhs(struct pv_nest *n, gassign *g, int depth)
{
  enum tree_code code = gimple_assign_rhs_code(g);
  tree type = TREE_TYPE(gimple_assign_lhs(g));
  if (!INTEGRAL_TYPE_P(type))
    return NULL_TREE;
  tree a = pv_host_expr(n, gimple_assign_rhs1(g), depth + 1), b;
  if (!a)
    return NULL_TREE;
  switch (get_gimple_rhs_class(code)) {
  case GIMPLE_SINGLE_RHS:
    return fold_convert(type, a);
  case GIMPLE_UNARY_RHS:
    if (CONVERT_EXPR_CODE_P(code) || code == NEGATE_EXPR
        || code == BIT_NOT_EXPR || code == ABS_EXPR)
      return fold_build1(code, type, a);
    return NULL_TREE;
  case GIMPLE_BINARY_RHS:
    b = pv_host_expr(n, gimple_assign_rhs2(g), depth + 1);
    if (!b)
      return NULL_TREE;
    switch (code) {
    case TRUNC_DIV_EXPR: case TRUNC_MOD_EXPR: case EXACT_DIV_EXPR:
      if (TREE_CODE(b) != INTEGER_CST || integer_zerop(b))
        return NULL_TREE;
      /* fall through */
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case MIN_EXPR:
    case MAX_EXPR: case BIT_AND_EXPR: case BIT_IOR_EXPR: case BIT_XOR_EXPR:
    case LSHIFT_EXPR: case RSHIFT_EXPR:
      if (code != LSHIFT_EXPR && code != RSHIFT_EXPR)
        b = fold_convert(type, b);
      return fold_build2(code, type, fold_convert(type, a), b);
    default:
      return NULL_TREE;
    }
  default:
    return NULL_TREE;
  }
}

/* T, an operand in the construct's body at the point of the walk, as an
   expression the host evaluates before the launch: constants, parameters
   the host can read, and temporaries computed from them (traced through
   their last assignment).  NULL_TREE when the host cannot. */
static tree pv_host_expr(struct pv_nest *n, tree t, int depth)
{
  if (depth > PV_DEPTH || !INTEGRAL_TYPE_P(TREE_TYPE(t)))
    return NULL_TREE;
  if (TREE_CODE(t) == INTEGER_CST)
    return t;
  if (!VAR_P(t) && TREE_CODE(t) != PARM_DECL && TREE_CODE(t) != SSA_NAME)
    return NULL_TREE;
  gimple **def = n->defs->get(t);
  if (!def)
    return pv_host_scalar(n, t) ? t : NULL_TREE;
  if (!is_gimple_assign(*def))
    return NULL_TREE;
  return pv_host_rhs(n, as_a<gassign *>(*def), depth);
}

/* profile-values.h */
tree accgpu_trip_count(tree a, tree c, tree s, enum tree_code incr,
                       enum tree_code cond)
{
  tree ty = long_long_integer_type_node;
  a = fold_convert(ty, a);
  c = fold_convert(ty, c);
  s = fold_convert(ty, s);
  if (incr == MINUS_EXPR)
    s = fold_build1(NEGATE_EXPR, ty, s);
  if (cond == NE_EXPR && TREE_CODE(s) == INTEGER_CST && !integer_zerop(s))
    cond = tree_int_cst_sgn(s) > 0 ? LT_EXPR : GT_EXPR;
  tree one = build_one_cst(ty), span, step;
  switch (cond) {
  case LT_EXPR: case LE_EXPR: /* (c - a + s - 1) / s, <= adds one */
    span = fold_build2(MINUS_EXPR, ty, c, a);
    step = s;
    break;
  case GT_EXPR: case GE_EXPR: /* (a - c - s - 1) / -s, >= adds one */
    span = fold_build2(MINUS_EXPR, ty, a, c);
    step = fold_build1(NEGATE_EXPR, ty, s);
    break;
  default:
    return NULL_TREE;
  }
  if (cond == LT_EXPR || cond == GT_EXPR)
    span = fold_build2(MINUS_EXPR, ty, span, one);
  step = fold_build2(MAX_EXPR, ty, step, one); /* never divide by zero */
  span = fold_build2(PLUS_EXPR, ty, span, step);
  return fold_build2(MAX_EXPR, ty, fold_build2(TRUNC_DIV_EXPR, ty, span, step),
                     build_zero_cst(ty));
}

/* Trip count of level L of loop F as a long long host expression (the
   kernel's __tc, kernel-gen.cc emit_trip), or NULL_TREE. */
static tree pv_trip(struct pv_nest *n, gomp_for *f, unsigned l)
{
  tree incr = gimple_omp_for_incr(f, l);
  if (TREE_CODE(incr) == MODIFY_EXPR) /* "i = i + s", or just "i + s" */
    incr = TREE_OPERAND(incr, 1);
  if (POINTER_TYPE_P(TREE_TYPE(gimple_omp_for_index(f, l)))
      || (TREE_CODE(incr) != PLUS_EXPR && TREE_CODE(incr) != MINUS_EXPR))
    return NULL_TREE;
  tree a = pv_host_expr(n, gimple_omp_for_initial(f, l), 0);
  tree c = pv_host_expr(n, gimple_omp_for_final(f, l), 0);
  tree s = pv_host_expr(n, TREE_OPERAND(incr, 1), 0);
  if (!a || !c || !s)
    return NULL_TREE;
  return accgpu_trip_count(a, c, s, TREE_CODE(incr),
                           gimple_omp_for_cond(f, l));
}

static void pv_walk_stmt(struct pv_nest *n, gimple_stmt_iterator *gsi);

static void pv_walk_seq(struct pv_nest *n, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi))
    pv_walk_stmt(n, &gsi);
}

/* A sequential loop over DECL: its BODY, then the statements from FROM up
   to TO (a gimplified C loop). */
static void pv_seq_loop(struct pv_nest *n, tree decl, gimple_seq body,
                        gimple_stmt_iterator from, gimple *to)
{
  int v = pv_add_var(n, decl);
  n->seq_depth += v >= 0;
  pv_walk_seq(n, body);
  for (; !gsi_end_p(from) && gsi_stmt(from) != to; gsi_next(&from))
    pv_walk_stmt(n, &from);
  n->seq_depth -= v >= 0;
}

/* An acc loop: the first that fits opens the nest (tune-dump's par_loop);
   others are sequential. */
static void pv_omp_for(struct pv_nest *n, gomp_for *f)
{
  unsigned nl = gimple_omp_for_collapse(f);
  pv_walk_seq(n, gimple_omp_for_pre_body(f));
  if (n->closed || n->seq_depth || n->npar + (int)nl > PV_MAXP) {
    pv_seq_loop(n, gimple_omp_for_index(f, 0), gimple_omp_body(f),
                gsi_none(), NULL);
    return;
  }
  for (unsigned l = 0; l < nl; l++) {
    int v = pv_add_var(n, gimple_omp_for_index(f, l));
    if (v < 0)
      continue;
    n->par[n->npar] = v;
    n->trip[n->npar++] = pv_trip(n, f, l);
  }
  pv_walk_seq(n, gimple_omp_body(f));
  n->closed = true;
}

/* At a label: a gimplified C loop when a later "if (V op B) goto LABEL"
   closes it (GSI is left there); always a join point. */
static void pv_label(struct pv_nest *n, gimple_stmt_iterator *gsi)
{
  tree label = gimple_label_label(as_a<glabel *>(gsi_stmt(*gsi)));
  n->defs->empty(); /* earlier assignments may not reach past a join */
  gimple_stmt_iterator c = *gsi;
  for (gsi_next(&c); !gsi_end_p(c); gsi_next(&c)) {
    gimple *s = gsi_stmt(c);
    if (gimple_code(s) == GIMPLE_COND
        && gimple_cond_true_label(as_a<gcond *>(s)) == label
        && VAR_P(gimple_cond_lhs(s)))
      break;
  }
  if (gsi_end_p(c))
    return;
  gimple_stmt_iterator from = *gsi;
  gsi_next(&from);
  pv_seq_loop(n, gimple_cond_lhs(gsi_stmt(c)), NULL, from, gsi_stmt(c));
  *gsi = c;
}

static void pv_walk_stmt(struct pv_nest *n, gimple_stmt_iterator *gsi)
{
  gimple *g = gsi_stmt(*gsi);
  switch (gimple_code(g)) {
  case GIMPLE_BIND:
    pv_walk_seq(n, gimple_bind_body(as_a<gbind *>(g)));
    break;
  case GIMPLE_TRY:
    pv_walk_seq(n, gimple_try_eval(g));
    pv_walk_seq(n, gimple_try_cleanup(g));
    break;
  case GIMPLE_OMP_FOR:
    pv_omp_for(n, as_a<gomp_for *>(g));
    break;
  case GIMPLE_LABEL:
    pv_label(n, gsi);
    break;
  case GIMPLE_OMP_ATOMIC_LOAD:
    break;
  default:
    if (gimple_has_substatements(g) && is_gimple_omp(g))
      pv_walk_seq(n, gimple_omp_body(g));
    else if (gimple_has_lhs(g) && gimple_get_lhs(g)
             && (DECL_P(gimple_get_lhs(g))
                 || TREE_CODE(gimple_get_lhs(g)) == SSA_NAME))
      n->defs->put(gimple_get_lhs(g), g);
  }
}

/* Walks BODY of R for its parallel nest (N->npar levels; none when BODY
   has no acc loop that tune-dump would model). */
static void pv_find(struct pv_nest *n, struct kg_region *r, gimple_seq body,
                    hash_map<tree, gimple *> *defs)
{
  memset(n, 0, sizeof *n);
  n->r = r;
  n->body = body;
  n->defs = defs;
  pv_walk_seq(n, body);
}

/* The parameters whose values the profile records: R's named integer
   scalars the host can read (the model's symbolic parameters are among
   them), at most PV_MAXSYMS; their decls into SYMS. */
static unsigned pv_syms(struct pv_nest *n, struct kg_region *r, tree *syms)
{
  unsigned ns = 0;
  for (unsigned i = 0; i < r->params.length() && ns < PV_MAXSYMS; i++) {
    tree d = r->params[i].decl;
    const char *s = DECL_NAME(d) ? IDENTIFIER_POINTER(DECL_NAME(d)) : NULL;
    bool dup = false;
    for (unsigned j = 0; s && j < ns; j++)
      dup |= !strcmp(IDENTIFIER_POINTER(DECL_NAME(syms[j])), s);
    if (s && !dup && !DECL_ARTIFICIAL(d) && !strchr(s, '.')
        && strlen(s) < PV_NAME && pv_host_scalar(n, d))
      syms[ns++] = d;
  }
  return ns;
}

/* profile-values.h */
tree accgpu_profile_values(gimple_stmt_iterator *gsi, struct kg_region *r,
                           const unsigned *kidx, unsigned nk)
{
  hash_map<tree, gimple *> defs;
  struct pv_nest n;
  pv_find(&n, r, gimple_omp_body(r->stmt), &defs);
  if (!n.npar) /* no model either */
    return NULL_TREE;
  tree syms[PV_MAXSYMS];
  unsigned ns = pv_syms(&n, r, syms);
  const char *names[PV_MAXP + PV_MAXSYMS];
  tree vals[PV_MAXP + PV_MAXSYMS];
  tree ty = long_long_integer_type_node;
  unsigned nv = 0;
  for (int l = 0; l < n.npar; l++, nv++) {
    names[nv] = n.name[n.par[l]];
    vals[nv] = n.trip[l] ? n.trip[l] : build_minus_one_cst(ty);
  }
  for (unsigned i = 0; i < ns; i++, nv++) {
    names[nv] = IDENTIFIER_POINTER(DECL_NAME(syms[i]));
    vals[nv] = fold_convert(ty, syms[i]);
  }
  for (unsigned k = 0; k < nk; k++)
    accgpu_module_set_values(kidx[k], n.npar, names, ns, names + n.npar);
  tree arr = addr_tmp(build_array_type_nelts(ty, nv), "accvals");
  for (unsigned i = 0; i < nv; i++) {
    tree v = force_gimple_operand_gsi(gsi, vals[i], true, NULL_TREE, true,
                                      GSI_SAME_STMT);
    gsi_insert_before(gsi, gimple_build_assign(build4(ARRAY_REF, ty, arr,
                                                      size_int(i), NULL_TREE,
                                                      NULL_TREE), v),
                      GSI_SAME_STMT);
  }
  return build_fold_addr_expr(arr);
}

/* profile-values.h */
tree accgpu_launch_trips_decl(tree fn_launch)
{
  static tree fn;
  if (fn)
    return fn;
  tree types[16];
  unsigned n = 0;
  for (tree a = TYPE_ARG_TYPES(TREE_TYPE(fn_launch));
       a && a != void_list_node && n < 15; a = TREE_CHAIN(a))
    types[n++] = TREE_VALUE(a);
  types[n++] = build_pointer_type(
      build_qualified_type(long_long_integer_type_node, TYPE_QUAL_CONST));
  fn = accgpu_runtime_fn("__accgpu_launch_trips",
                         build_function_type_array(void_type_node, n, types));
  accgpu_keep(fn);
  return fn;
}
