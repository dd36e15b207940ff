/* async-scalars.cc — scalars an async compute construct only reads.
 *
 * GCC 12 maps some scalars of a compute construct `tofrom`: a variable in
 * the bounds of a combined `parallel loop` (`for (i = s; i < s + bs; ...)`)
 * and every scalar of a `kernels` region.  With `async` such a map reads
 * the host variable when the queue gets to it, and writes it back then:
 * on a shared-memory device (multicore) the kernel reads the variable
 * itself, and in a pipeline over blocks the host has moved on to the next
 * block's value, or left the block the variable lived in, by then (every
 * block then computed the last block's range).  A scalar the region never
 * assigns loses nothing by going by value, which is what OpenACC says a
 * scalar of `parallel` is (firstprivate, §2.5.1), so that is what it gets:
 * its value when the construct is reached, as on a GPU.               */
#include "passes/async-scalars.h"
#include "passes/flow.h"
#include "passes/implicit-maps.h"

/* C maps, because GCC's implicit rules did, a scalar local that no other
   clause of T names and whose address is never taken. */
static bool implicit_scalar_p(gomp_target *t, tree c)
{
  if (!accgpu_implicit_map_p(t, c)
      || (OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_TOFROM
          && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FORCE_TOFROM))
    return false;
  tree v = OMP_CLAUSE_DECL(c);
  if (!(VAR_P(v) || TREE_CODE(v) == PARM_DECL) || is_global_var(v)
      || TREE_ADDRESSABLE(v) || TREE_THIS_VOLATILE(v)
      || !is_gimple_reg_type(TREE_TYPE(v)))
    return false;
  for (tree o = gimple_omp_target_clauses(t); o; o = OMP_CLAUSE_CHAIN(o)) {
    enum omp_clause_code k = OMP_CLAUSE_CODE(o);
    if (o != c && k >= OMP_CLAUSE_PRIVATE && k <= OMP_CLAUSE__SCANTEMP_
        && OMP_CLAUSE_DECL(o) == v)
      return false;
  }
  return true;
}

static bool async_p(gomp_target *t)
{
  return omp_find_clause(gimple_omp_target_clauses(t), OMP_CLAUSE_ASYNC);
}

void accgpu_async_scalar_maps(gomp_target *t)
{
  if (!async_p(t))
    return;
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc; pc = &OMP_CLAUSE_CHAIN(*pc)) {
    tree c = *pc;
    if (!implicit_scalar_p(t, c)
        || accgpu_seq_assigns(gimple_omp_body(t), OMP_CLAUSE_DECL(c),
                              ACCGPU_ASSIGN_LOOPS))
      continue;
    tree fp = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_FIRSTPRIVATE);
    OMP_CLAUSE_DECL(fp) = OMP_CLAUSE_DECL(c);
    OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(c);
    *pc = fp;
  }
  gimple_omp_target_set_clauses(t, clauses);
}
