/* kernel-deps.h — which plain loops of a kernels region may run in
 * parallel (a dependence test on symbolic affine subscripts), and their
 * conversion into partitioned acc loops (kernel-deps.cc).              */
#ifndef ACCGPU_KERNEL_DEPS_H
#define ACCGPU_KERNEL_DEPS_H 1

#include "accgpu-plugin.h"

struct kg_region;

/* i = N1; goto test; body: FIRST_BODY ... ; INCR (i = i + STEP);
   test: if (i COND N2) goto body; else goto exit; EXIT (the label). */
struct kg_plain_loop {
  gimple *init, *first_body, *incr, *exit;
  tree index, n1, n2, step;
  enum tree_code cond;
  gimple *test_first; /* statements after the test label computing N2,
                         up to the condition (or NULL): run once before */
  gimple *cond_stmt;
};

/* Plain loops left in SEQ (not nested in other loops) after
   kg_kernels_parallelize, which run sequentially: their locations go to
   REJECTED (for the -info notes). */
void kg_find_sequential_plain_loops(gimple_seq seq,
                                    vec<location_t> *rejected);

/* True when the iterations of the acc loop F are independent by the same
   test as plain loops, the acc loops inside it taken as inner loops, its
   collapsed levels one by one, its reduction clauses declaring the
   reductions found (kernel-deps-omp.cc): used to decide `loop auto`. */
bool kg_omp_loop_independent(gomp_for *f);

/* Kernels region R: turns the plain loops whose iterations are independent
   into acc loops with explicit gang / vector / seq clauses (outermost
   parallel loop on gangs, innermost parallel loop on vector lanes),
   their scalars privatized and recognized scalar reductions given a
   reduction clause.  Loops with a possible carried dependence stay.
   HOST_LOOPS: the region's top-level sequential loops will run on the host
   (lower-compute.cc, hostloop_plan), so the loops in them are mapped as
   top-level ones (gangs). */
void kg_kernels_parallelize(struct kg_region *r, bool host_loops);

/* kernel-deps-walk.cc: the pointer R, read, and W, written through, may
   reach the same memory: parameters and globals whose targets the
   function cannot see (kd_may_alias), or a local pointer set from another
   pointer.  kernel-deps-distinct.cc: the construct at LOC had BASE taken
   as distinct by its loops, checked when it starts. */
bool kd_may_alias_rw(tree r, tree w);
bool kd_assumed_distinct_p(location_t loc, tree base);

#endif
