/* kernel-deps-distinct.cc — `kernels` loops parallelized on the assumption
 * that two pointers the function cannot see the targets of (parameters,
 * globals; not restrict-qualified) do not overlap, and the check of that
 * assumption when the construct starts.
 *
 * NVHPC keeps such loops sequential ("loop carried dependence ... prevents
 * parallelization") and asks for `restrict`; accgpu parallelized them and
 * gave wrong answers when the caller passed `a + 1` and `a`.  Now, when
 * both pointers are mapped by the construct with sections (the usual
 * `copyin(b[0:n]) copy(a[0:n])`), the loop stays parallel and their map
 * items carry ACCGPU_MAPF_DISTINCT: the runtime stops, naming both, if
 * their host ranges overlap (runtime/region.c).  Otherwise the loop runs
 * sequentially (kernel-deps-test.cc) with a note naming the pointers.  */
#include "passes/kernel-deps-internal.h"
#include "passes/data-internal.h"

struct assumed {
  location_t loc; /* the construct's */
  tree base;
};
static vec<assumed> assumed_bases;

/* D is the base of map clause C: the array itself or `*p` of a section. */
static tree clause_base(tree c)
{
  tree d = OMP_CLAUSE_DECL(c);
  if (TREE_CODE(d) == MEM_REF || TREE_CODE(d) == INDIRECT_REF)
    d = TREE_OPERAND(d, 0);
  if (TREE_CODE(d) == ADDR_EXPR)
    d = TREE_OPERAND(d, 0);
  return DECL_P(d) ? d : NULL_TREE;
}

bool kd_checkable_base_p(tree clauses, tree base)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && clause_base(c) == base
        && (TREE_CODE(TREE_TYPE(base)) == ARRAY_TYPE
            || TREE_CODE(OMP_CLAUSE_DECL(c)) != VAR_DECL))
      return true;
  return false;
}

void kd_note_distinct(gimple *region, tree base)
{
  location_t loc = gimple_location(region);
  for (unsigned i = 0; i < assumed_bases.length(); i++)
    if (assumed_bases[i].loc == loc && assumed_bases[i].base == base)
      return;
  accgpu_keep(base);
  assumed d = {loc, base};
  assumed_bases.safe_push(d);
}

bool kd_assumed_distinct_p(location_t loc, tree base)
{
  for (unsigned i = 0; i < assumed_bases.length(); i++)
    if (assumed_bases[i].loc == loc && assumed_bases[i].base == base)
      return true;
  return false;
}

bool accgpu_distinct_item_p(tree c, location_t loc)
{
  tree b = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP ? clause_base(c) : NULL_TREE;
  return b && kd_assumed_distinct_p(loc, b);
}
