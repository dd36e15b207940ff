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
 * runs the same rewritten body.                                          */
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

static bool loop_index_p(gimple *f, tree d)
{
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++)
    if (gimple_omp_for_index(f, l) == d)
      return true;
  return false;
}

void accgpu_private_clauses(tree clauses, gimple_seq body,
                            bool (*take)(tree d, gimple *ctx), gimple *ctx)
{
  hash_map<tree, tree> m;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_PRIVATE
        || !take(OMP_CLAUSE_DECL(c), ctx))
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    tree *p = m.get(d);
    tree copy = p ? *p : accgpu_private_copy(d);
    m.put(d, copy);
    OMP_CLAUSE_DECL(c) = copy;
  }
  if (m.elements())
    accgpu_remap_seq(body, &m);
}

/* A loop's private variable that gets a copy: not its index. */
static bool loop_copy_p(tree d, gimple *loop)
{
  return !loop_index_p(loop, d) && accgpu_privatizable_global(d);
}

/* walk_gimple_seq callback: gives the acc loop at GSI its copies, before
   the walk goes on into its body (nested loops get copies of the copies). */
static tree private_loop(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR)
    accgpu_private_clauses(gimple_omp_for_clauses(s), gimple_omp_body(s),
                           loop_copy_p, s);
  return NULL_TREE;
}

void accgpu_privatize_loops(gimple_seq seq)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq(seq, private_loop, NULL, &wi);
}
