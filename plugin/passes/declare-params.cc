/* declare-params.cc — `declare` of a function's parameters.
 *
 *   void f(int n, double *p, double A[n]) {
 *   #pragma acc declare copy(p) copyout(A)
 *
 * GCC 12 gives a declare in a function entry and exit kinds (copy:
 * copyin on entry, copyout at the scope's end) for its local variables
 * only (gimplify_oacc_declare_1 looks at VAR_DECLs): a parameter keeps
 * the clause's own kind and gets no exit, so `copy(p)` reached the
 * runtime as a copy on enter data ("map kind 3 is not valid"), and
 * copyout/create mapped the parameter for good (its stack slot stayed
 * present after the return).  Here each such clause gets the entry kind
 * and the exit clause GCC gives a local:
 *
 *   copy     to     + from        copyout  alloc + from
 *   create   alloc  + release     copyin   (lower-data.cc: release)
 *
 * A parameter declared as an array (`double A[n]`) reaches here as
 * `*A.1 [len]` (array-params.cc: the declared array; A.1 the gimplifier's
 * copy of A) followed by A's pointer assignment.                        */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"

/* The parameter clause C maps (itself, or what it points to: `*A.1 [len]`
   followed by A's pointer assignment), else NULL_TREE. */
static tree clause_parm(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return NULL_TREE;
  tree d = OMP_CLAUSE_DECL(c), next = OMP_CLAUSE_CHAIN(c);
  if ((TREE_CODE(d) == MEM_REF || TREE_CODE(d) == INDIRECT_REF) && next &&
      OMP_CLAUSE_CODE(next) == OMP_CLAUSE_MAP &&
      OMP_CLAUSE_MAP_KIND(next) == GOMP_MAP_FIRSTPRIVATE_POINTER)
    d = OMP_CLAUSE_DECL(next);
  return TREE_CODE(d) == PARM_DECL ? d : NULL_TREE;
}

/* The exit clause for C with kind EXIT_KIND, C getting ENTRY_KIND. */
static tree split_kinds(tree c, unsigned entry_kind, unsigned exit_kind)
{
  tree x = copy_node(c);
  OMP_CLAUSE_SET_MAP_KIND(c, (enum gomp_map_kind)entry_kind);
  OMP_CLAUSE_SET_MAP_KIND(x, (enum gomp_map_kind)exit_kind);
  OMP_CLAUSE_CHAIN(x) = NULL_TREE;
  return x;
}

tree accgpu_declare_param_exits(tree clauses)
{
  tree out = NULL_TREE;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (!clause_parm(c))
      continue;
    tree x;
    switch (OMP_CLAUSE_MAP_KIND(c)) {
    case GOMP_MAP_TOFROM:
      x = split_kinds(c, GOMP_MAP_TO, GOMP_MAP_FROM);
      break;
    case GOMP_MAP_FROM:
      x = split_kinds(c, GOMP_MAP_ALLOC, GOMP_MAP_FROM);
      break;
    case GOMP_MAP_ALLOC:
      x = split_kinds(c, GOMP_MAP_ALLOC, GOMP_MAP_RELEASE);
      break;
    default:
      continue;
    }
    out = chainon(out, x);
  }
  return out;
}
