/* clause-conflicts.cc — a variable in both a `private` (or `firstprivate`)
 * and a `reduction` clause of one construct is an error, as flang's
 * OpenACC checks have it: GCC 12 takes `parallel loop private(s)
 * reduction(+:s)` silently, and its host fallback then reduces while
 * accgpu's kernels kept each iteration's private copy (the result was 0
 * on the devices, the sum on GCC's fallback).  Checked on each function's
 * GENERIC (PLUGIN_PRE_GENERICIZE), where a combined construct's clauses
 * already sit on its loop.                                              */
#include "gcc-common.h"
#include "accgpu-plugin.h"

static bool acc_construct_p(tree t)
{
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL:
  case OACC_KERNELS:
  case OACC_SERIAL:
  case OACC_LOOP:
    return true;
  default:
    return false;
  }
}

static tree check_construct(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (!acc_construct_p(t))
    return NULL_TREE;
  for (tree r = OMP_CLAUSES(t); r; r = OMP_CLAUSE_CHAIN(r)) {
    if (OMP_CLAUSE_CODE(r) != OMP_CLAUSE_REDUCTION)
      continue;
    for (tree p = OMP_CLAUSES(t); p; p = OMP_CLAUSE_CHAIN(p))
      if ((OMP_CLAUSE_CODE(p) == OMP_CLAUSE_PRIVATE
           || OMP_CLAUSE_CODE(p) == OMP_CLAUSE_FIRSTPRIVATE)
          && OMP_CLAUSE_DECL(p) == OMP_CLAUSE_DECL(r)
          && DECL_P(OMP_CLAUSE_DECL(r))) {
        error_at(OMP_CLAUSE_LOCATION(p), "%qD appears in both %qs and "
                 "%<reduction%> clauses of one construct",
                 OMP_CLAUSE_DECL(r), omp_clause_code_name[OMP_CLAUSE_CODE(p)]);
        inform(OMP_CLAUSE_LOCATION(r), "the %<reduction%> clause");
      }
  }
  return NULL_TREE;
}

static const accgpu_generic_walk walk = {check_construct};

void accgpu_clause_conflicts_init(const char *plugin_name)
{
  accgpu_walk_each_generic(plugin_name, &walk);
}
