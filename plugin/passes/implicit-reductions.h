/* implicit-reductions.h — scalars a `parallel` construct updates only by a
 * reduction pattern in its loops (implicit-reductions.cc).               */
#ifndef ACCGPU_IMPLICIT_REDUCTIONS_H
#define ACCGPU_IMPLICIT_REDUCTIONS_H 1

#include "accgpu-plugin.h"

/* In function body BODY (not yet lowered): on each `parallel` construct, a
   scalar of GCC's implicit firstprivate whose every use in the region is an
   update `s = s OP e` / `s = fmax(s, e)` inside partitioned loops becomes
   `reduction(OP:s)` on those loops and `copy(s)` on the construct. */
void accgpu_implicit_reductions(gimple_seq body);

/* firstprivate-atomics.cc: warns at each atomic in T (parallel or serial)
   that writes a scalar of GCC's implicit firstprivate. */
void accgpu_firstprivate_atomics(gomp_target *t);

#endif
