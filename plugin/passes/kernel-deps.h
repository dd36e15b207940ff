/* kernel-deps.h — plain loops of a kernels region that may run in
 * parallel (a dependence test on affine subscripts, kernel-deps.cc).    */
#ifndef ACCGPU_KERNEL_DEPS_H
#define ACCGPU_KERNEL_DEPS_H 1

#include "accgpu-plugin.h"

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

/* Pushes onto OUT the loops found in SEQ (not nested in other loops) whose
   iterations are independent, and onto REJECTED (when not NULL) the
   locations of those that must stay sequential. */
void kg_find_parallel_plain_loops(gimple_seq seq, vec<kg_plain_loop> *out,
                                  vec<location_t> *rejected);

/* True when the iterations of the acc loop F (not collapsed, without a
   reduction clause) are independent by the same test as plain loops:
   used to decide `loop auto`. */
bool kg_omp_loop_independent(gomp_for *f);

#endif
