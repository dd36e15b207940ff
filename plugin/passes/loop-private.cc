/* loop-private.cc — `private(v)` on an acc loop: a copy of v for the
 * loop, distinct from the v of the code around it (OpenACC 3.3 §2.9.10:
 * "a copy of each item ... is created for each iteration of the
 * associated loop"; the original is not changed).  Variables of a compute
 * region are thread-local in the kernel, so without its own copy a loop
 * would update the enclosing code's variable:
 *
 *   for (i...) { double u = a[i];            <- gang loop
 *     #pragma acc loop seq private(u)
 *     for (j...) u = u + 1;                  <- must not change this u
 *     a[i] = u; }
 *
 * The loop's body (nested loops' clauses included) is rewritten to use a
 * fresh variable of the same name and type, and the clause names it, so
 * the kernel generator declares it like any local (or as gang-private
 * shared memory for an aggregate on a gang loop) and the host fallback
 * runs the same rewritten body.  The loop's index is one of those
 * variables (GCC names it in a private clause), its header rewritten too;
 * a pointer index becomes an integer byte offset (pointer_index).       */
#include "passes/loop-private.h"

static tree remap_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  hash_map<tree, tree> *m = (hash_map<tree, tree> *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  tree *n = m->get(*tp);
  if (n)
    *tp = *n;
  return NULL_TREE;
}

void accgpu_remap_seq(gimple_seq seq, hash_map<tree, tree> *m)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = m;
  walk_gimple_seq(seq, NULL, remap_op, &wi);
}

bool accgpu_privatizable(tree d)
{
  /* A parameter is a local of the function like any other (private(t)
     of `void f(double t, ...)` gets its copy too). */
  if (TREE_CODE(d) == PARM_DECL)
    return TREE_CONSTANT(TYPE_SIZE_UNIT(TREE_TYPE(d)));
  return VAR_P(d) && !TREE_STATIC(d) && !DECL_EXTERNAL(d)
         && TREE_CONSTANT(TYPE_SIZE_UNIT(TREE_TYPE(d)));
}

bool accgpu_privatizable_global(tree d)
{
  if (accgpu_privatizable(d))
    return true;
  return VAR_P(d) && (TREE_STATIC(d) || DECL_EXTERNAL(d))
         && TYPE_SIZE_UNIT(TREE_TYPE(d))
         && TREE_CONSTANT(TYPE_SIZE_UNIT(TREE_TYPE(d)));
}

tree accgpu_private_copy(tree d)
{
  tree c = build_decl(DECL_SOURCE_LOCATION(d), VAR_DECL, DECL_NAME(d),
                      TREE_TYPE(d));
  DECL_ARTIFICIAL(c) = DECL_ARTIFICIAL(d);
  DECL_IGNORED_P(c) = 1;
  TREE_ADDRESSABLE(c) = TREE_ADDRESSABLE(d);
  TREE_USED(c) = 1;
  SET_DECL_ALIGN(c, DECL_ALIGN(d));
  DECL_USER_ALIGN(c) = DECL_USER_ALIGN(d);
  DECL_CONTEXT(c) = current_function_decl;
  gimple_add_tmp_var(c);
  return c;
}

/* Gives each variable of a private clause of CLAUSES that TAKE (d, CTX)
   accepts a fresh copy, named in the clause and recorded in M. */
static void copy_clauses(tree clauses, bool (*take)(tree d, gimple *ctx),
                         gimple *ctx, hash_map<tree, tree> *m)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_PRIVATE
        || !take(OMP_CLAUSE_DECL(c), ctx))
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    tree *p = m->get(d);
    tree copy = p ? *p : accgpu_private_copy(d);
    m->put(d, copy);
    OMP_CLAUSE_DECL(c) = copy;
  }
}

void accgpu_private_clauses(tree clauses, gimple_seq body,
                            bool (*take)(tree d, gimple *ctx), gimple *ctx)
{
  hash_map<tree, tree> m;
  copy_clauses(clauses, take, ctx, &m);
  if (m.elements())
    accgpu_remap_seq(body, &m);
}

/* A loop's private variable that gets a copy (its index included). */
static bool loop_copy_p(tree d, gimple *)
{
  return accgpu_privatizable_global(d);
}

/* The loop's header (indices, increments, pre-body) uses the copies M
   made of its indices: OpenACC 3.3 §2.6.1 makes the index of a loop
   directive private to each iteration's thread, so the code after the loop
   (a region's own variable, the host's after a combined construct) sees
   the value it had before (GCC's kernels-decompose-1).  The other private
   variables keep their originals in the bounds, evaluated before the
   loop. */
static void remap_loop_header(gomp_for *f, hash_map<tree, tree> *m)
{
  hash_map<tree, tree> idx;
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++) {
    tree *n = m->get(gimple_omp_for_index(f, l));
    if (n)
      idx.put(gimple_omp_for_index(f, l), *n);
  }
  if (!idx.elements())
    return;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &idx;
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++) {
    tree *n = idx.get(gimple_omp_for_index(f, l));
    if (n)
      gimple_omp_for_set_index(f, l, *n);
    tree incr = gimple_omp_for_incr(f, l);
    walk_tree(&incr, remap_op, &wi, NULL);
    gimple_omp_for_set_incr(f, l, incr);
  }
  accgpu_remap_seq(gimple_omp_for_pre_body(f), &idx);
}

/* Level L of F has a pointer index P (`for (p = a; p < a + n; p++)`,
   OpenACC 3.3 §2.9 allows it): the loop runs over a byte offset K instead,
   from 0 while K COND (final - initial), by the pointer's step in bytes,
   and its body starts with P = initial + K, so the kernel generator and
   the host fallback see an integer loop (GCC's parallel-loop-1). */
static void pointer_index(gomp_for *f, unsigned l)
{
  tree p = gimple_omp_for_index(f, l), incr = gimple_omp_for_incr(f, l);
  if (TREE_CODE(incr) == MODIFY_EXPR)
    incr = TREE_OPERAND(incr, 1);
  if (!POINTER_TYPE_P(TREE_TYPE(p)) || TREE_CODE(incr) != POINTER_PLUS_EXPR)
    return;
  tree t = ptrdiff_type_node;
  tree n1 = gimple_omp_for_initial(f, l), n2 = gimple_omp_for_final(f, l);
  tree k = create_tmp_var(t, "accpk"), span = create_tmp_var(t, "accps");
  tree step = create_tmp_var(t, "accpst");
  gimple_seq pre = gimple_omp_for_pre_body(f);
  gimple_seq_add_stmt(&pre, gimple_build_assign(span, POINTER_DIFF_EXPR,
                                                n2, n1));
  gimple_seq_add_stmt(&pre, gimple_build_assign(
                                step, fold_convert(t, TREE_OPERAND(incr, 1))));
  gimple_omp_for_set_pre_body(f, pre);
  gimple_omp_for_set_index(f, l, k);
  gimple_omp_for_set_initial(f, l, build_zero_cst(t));
  gimple_omp_for_set_final(f, l, span);
  gimple_omp_for_set_incr(f, l, build2(MODIFY_EXPR, t, k,
                                       build2(PLUS_EXPR, t, k, step)));
  gimple_seq body = gimple_omp_body(f);
  gimple_seq first = NULL;
  tree off = create_tmp_var(sizetype, "accpo");
  gimple_seq_add_stmt(&first, gimple_build_assign(off, NOP_EXPR, k));
  gimple_seq_add_stmt(&first, gimple_build_assign(p, POINTER_PLUS_EXPR,
                                                  n1, off));
  gimple_seq_add_seq(&first, body);
  gimple_omp_set_body(f, first);
  tree c = build_omp_clause(gimple_location(f), OMP_CLAUSE_PRIVATE);
  OMP_CLAUSE_DECL(c) = k;
  OMP_CLAUSE_CHAIN(c) = gimple_omp_for_clauses(f);
  gimple_omp_for_set_clauses(f, c);
}

/* walk_gimple_seq callback: gives the acc loop at GSI its copies, before
   the walk goes on into its body (nested loops get copies of the copies). */
static tree private_loop(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) != GIMPLE_OMP_FOR)
    return NULL_TREE;
  gomp_for *f = as_a<gomp_for *>(s);
  hash_map<tree, tree> m;
  copy_clauses(gimple_omp_for_clauses(s), loop_copy_p, s, &m);
  if (m.elements()) {
    accgpu_remap_seq(gimple_omp_body(s), &m);
    remap_loop_header(f, &m);
  }
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++)
    pointer_index(f, l);
  return NULL_TREE;
}

void accgpu_privatize_loops(gimple_seq seq)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq(seq, private_loop, NULL, &wi);
}
