/* privatize.h — scalars private to the iterations of acc loops
 * (privatize.cc).                                                        */
#ifndef ACCGPU_PRIVATIZE_H
#define ACCGPU_PRIVATIZE_H 1

#include "accgpu-plugin.h"

/* For every OpenACC compute construct of the function body BODY (not yet
   lowered): a scalar the construct maps only implicitly, which each
   iteration of the acc loops referring to it assigns before reading, and
   which is not read after the construct, gets a private clause on those
   loops instead of the map (notes under -fplugin-arg-accgpu-info). */
void accgpu_privatize_loop_scalars(gimple_seq body);

/* The acc loop F has its own copy of V: V is its index, or private; F
   has a reduction clause on V. */
bool accgpu_loop_private_p(gimple *f, tree v);
bool accgpu_loop_reduces_p(gimple *f, tree v);

/* The acc loop F, as one statement, may read the value V had before it:
   its bounds or clauses refer to V, or an iteration may read V before
   assigning it.  (It may also run no iteration: it kills nothing.) */
bool accgpu_loop_reads_incoming(gimple *f, tree v);

/* reduction-nesting.cc: warns at each acc loop of BODY's compute
   constructs whose reduction variable an enclosing partitioned loop
   shares (GCC's omp-low warning, which accgpu's pass preempts). */
void accgpu_check_reduction_nesting(gimple_seq body);

#endif
