/* implicit-maps.cc — the maps GCC's implicit data rules put on compute
 * constructs, and maps of read-only objects.
 *
 * GCC 12 does not flag the maps its implicit data rules make for OpenACC
 * (OMP_CLAUSE_MAP_IMPLICIT is for OpenMP), but gives them the construct's
 * location; a clause written in the source has its variable's.
 *
 * A `static const` table, a const global or GCC's copy of a large
 * initializer (`tab = *.LC0`) used in a region is mapped `tofrom` by GCC:
 * copying it back wrote read-only memory (a crash).  Such an object with
 * a constant initializer is not mapped at all (kernel-gen defines it in
 * the module); other maps of read-only variables copy in only. */
#include "passes/implicit-maps.h"
#include "passes/const-init.h"

bool accgpu_implicit_map_p(gomp_target *t, tree c)
{
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
         && (OMP_CLAUSE_MAP_IMPLICIT(c)
             || OMP_CLAUSE_LOCATION(c) == gimple_location(t));
}

/* KIND without its copy back to the host. */
static enum gomp_map_kind copy_in_only(enum gomp_map_kind kind)
{
  switch (kind) {
  case GOMP_MAP_TOFROM:
  case GOMP_MAP_ALWAYS_TOFROM:
    return GOMP_MAP_TO;
  case GOMP_MAP_FORCE_TOFROM:
    return GOMP_MAP_FORCE_TO;
  case GOMP_MAP_FROM:
  case GOMP_MAP_ALWAYS_FROM:
    return GOMP_MAP_ALLOC;
  case GOMP_MAP_FORCE_FROM:
    return GOMP_MAP_FORCE_ALLOC;
  default:
    return kind;
  }
}

void accgpu_readonly_maps(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  tree *pc = &clauses;
  while (*pc) {
    tree c = *pc;
    tree d = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP ? OMP_CLAUSE_DECL(c) : NULL;
    if (!d || !VAR_P(d) || !TREE_READONLY(d)) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    if (accgpu_implicit_map_p(t, c) && kg_module_const_p(d)) {
      *pc = OMP_CLAUSE_CHAIN(c);
      continue;
    }
    OMP_CLAUSE_SET_MAP_KIND(c, copy_in_only(OMP_CLAUSE_MAP_KIND(c)));
    pc = &OMP_CLAUSE_CHAIN(c);
  }
  gimple_omp_target_set_clauses(t, clauses);
}
