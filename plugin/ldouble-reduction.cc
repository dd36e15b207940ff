/* ldouble-reduction.cc — reductions on `long double` (and `long double
 * _Complex`) variables.  The device computes long double in double
 * (docs/compiler.md, "long double"), so such a reduction is one on a
 * double: on the function's GENERIC (element-reduction-guard.cc calls us
 * for each compute construct X), when X or a loop in it reduces long double
 * variable V declared outside X, X becomes
 *     { double m; long double t; void *d;
 *       t = V (the device's copy when present); m = t;
 *       X';  t = m; V = t (or the device's copy) }
 * with every V of X' (clauses and body) replaced by m: read as
 * (long double) m, assigned as m = (double) (...).  The double reduction
 * is then an ordinary one.  An async X is refused (the store after it
 * would come before it ends), and so is X taking V's address. */
#include "accgpu-plugin.h"

/* What stands for V: the double M. */
struct subst {
  tree v, m;
  bool addr;  /* X takes V's address */
};

/* Clause C names V: it names M (a map's size becomes M's). */
static void clause_subst(tree c, struct subst *s)
{
  switch (OMP_CLAUSE_CODE(c)) {
  case OMP_CLAUSE_REDUCTION: case OMP_CLAUSE_FIRSTPRIVATE:
  case OMP_CLAUSE_PRIVATE: case OMP_CLAUSE_MAP:
    break;
  default:
    return;
  }
  if (OMP_CLAUSE_DECL(c) != s->v)
    return;
  OMP_CLAUSE_DECL(c) = s->m;
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_SIZE(c))
    OMP_CLAUSE_SIZE(c) = TYPE_SIZE_UNIT(TREE_TYPE(s->m));
}

static tree subst_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct subst *s = (struct subst *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OMP_CLAUSE:
    clause_subst(t, s);
    return NULL_TREE;
  case ADDR_EXPR:
    s->addr |= TREE_OPERAND(t, 0) == s->v;
    return NULL_TREE;
  case MODIFY_EXPR: case INIT_EXPR: case PREINCREMENT_EXPR:
  case PREDECREMENT_EXPR: case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
    if (TREE_OPERAND(t, 0) != s->v)
      return NULL_TREE;
    /* an assignment of V: of M, the value converted */
    walk_tree(&TREE_OPERAND(t, 1), subst_cb, s, NULL);
    TREE_OPERAND(t, 0) = s->m;
    TREE_OPERAND(t, 1) = fold_convert(TREE_TYPE(s->m), TREE_OPERAND(t, 1));
    TREE_TYPE(t) = TREE_TYPE(s->m);
    *walk_subtrees = 0;
    return NULL_TREE;
  default:
    if (t == s->v) /* a read */
      *tp = fold_convert(TREE_TYPE(s->v), s->m);
    return NULL_TREE;
  }
}

/* X declares V (a variable of the region, not one it reduces for the
   host). */
static tree declares_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE(*tp) == BIND_EXPR)
    for (tree d = BIND_EXPR_VARS(*tp); d; d = DECL_CHAIN(d))
      if (d == (tree)data)
        return d;
  return NULL_TREE;
}

/* The long double variables that construct X and its loops reduce,
   declared outside X (at most 8). */
struct items {
  tree x;
  tree v[8];
  unsigned n;
};

static void add_items(struct items *it, tree clauses)
{
  for (tree c = clauses; c && it->n < 8; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION)
      continue;
    tree v = OMP_CLAUSE_DECL(c);
    bool had = false;
    for (unsigned i = 0; i < it->n; i++)
      had |= it->v[i] == v;
    if (!had && (VAR_P(v) || TREE_CODE(v) == PARM_DECL)
        && kg_ld_type_p(TREE_TYPE(v))
        && !walk_tree_without_duplicates(&OMP_BODY(it->x), declares_cb, v))
      it->v[it->n++] = v;
  }
}

static tree loops_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE(*tp) == OACC_LOOP)
    add_items((struct items *)data, OMP_CLAUSES(*tp));
  return NULL_TREE;
}

/* V in X: the double M, with the copies around *TP. */
static bool wrap_one(tree *tp, tree x, tree v)
{
  tree mt = TREE_CODE(TREE_TYPE(v)) == COMPLEX_TYPE
                ? build_complex_type(double_type_node) : double_type_node;
  tree vars = NULL_TREE;
  tree m = accgpu_new_var(v, mt, UNKNOWN_LOCATION, &vars);
  tree t = accgpu_new_var(v, TREE_TYPE(v), UNKNOWN_LOCATION, &vars);
  tree d = accgpu_new_var(v, ptr_type_node, UNKNOWN_LOCATION, &vars);
  TREE_ADDRESSABLE(m) = 1; /* mapped by its address, as V was */
  TREE_ADDRESSABLE(v) |= TREE_CODE(x) != OACC_LOOP; /* acc_deviceptr(&V) */
  struct subst s = {v, m, false};
  walk_tree(&OMP_CLAUSES(x), subst_cb, &s, NULL);
  walk_tree(&OMP_BODY(x), subst_cb, &s, NULL);
  if (s.addr) {
    sorry_at(EXPR_LOCATION(x), "accgpu: the address of %<long double%> "
             "variable %qD taken in a construct that reduces it", v);
    return false;
  }
  tree body = alloc_stmt_list(), after = alloc_stmt_list();
  append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(t), t,
                                  fold_convert(TREE_TYPE(t), m)), &after);
  if (TREE_CODE(x) == OACC_LOOP) { /* V is the region's own */
    append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(t), t, v), &body);
    append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(v), v, t),
                             &after);
  } else
    accgpu_red_construct_copies(v, t, d, &body, &after);
  append_to_statement_list(build2(MODIFY_EXPR, mt, m,
                                  fold_convert(mt, t)), &body);
  append_to_statement_list(*tp, &body);
  append_to_statement_list(after, &body);
  *tp = build3_loc(EXPR_LOCATION(x), BIND_EXPR, void_type_node, vars, body,
                   NULL_TREE);
  TREE_SIDE_EFFECTS(*tp) = 1;
  return true;
}

/* Loops in the region reducing a long double variable of the region:
   each such loop is wrapped the same way, inside the region. */
static tree region_loops_cb(tree *tp, int *walk_subtrees, void *data)
{
  tree x = *tp;
  if (TYPE_P(x)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(x) != OACC_LOOP)
    return NULL_TREE;
  struct items it = {x, {}, 0};
  for (tree c = OMP_CLAUSES(x); c && it.n < 8; c = OMP_CLAUSE_CHAIN(c)) {
    tree v = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION ? OMP_CLAUSE_DECL(c)
                                                       : NULL_TREE;
    if (v && VAR_P(v) && kg_ld_type_p(TREE_TYPE(v))
        && walk_tree_without_duplicates((tree *)data, declares_cb, v))
      it.v[it.n++] = v;
  }
  walk_tree(&OMP_BODY(x), region_loops_cb, data, NULL);
  *walk_subtrees = 0;
  for (unsigned i = 0; i < it.n; i++)
    if (!wrap_one(tp, x, it.v[i]))
      break;
  return NULL_TREE;
}

void accgpu_ld_reduction_wrap(tree *tp, tree x)
{
  walk_tree(&OMP_BODY(x), region_loops_cb, &OMP_BODY(x), NULL);
  struct items it = {x, {}, 0};
  add_items(&it, OMP_CLAUSES(x));
  walk_tree(&OMP_BODY(x), loops_cb, &it, NULL);
  if (!it.n)
    return;
  /* (wrapped all the same, so that nothing else reports it) */
  if (tree c = omp_find_clause(OMP_CLAUSES(x), OMP_CLAUSE_ASYNC))
    sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: reduction on %<long double%> "
             "variable %qD with %<async%>: reduce into a %<double%> and "
             "wait before storing it", it.v[0]);
  for (unsigned i = 0; i < it.n; i++)
    if (!wrap_one(tp, x, it.v[i]))
      return;
}
