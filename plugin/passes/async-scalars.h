/* async-scalars.h — scalars an async compute construct only reads go to
 * its kernel by value (async-scalars.cc).                                */
#ifndef ACCGPU_ASYNC_SCALARS_H
#define ACCGPU_ASYNC_SCALARS_H 1

#include "accgpu-plugin.h"

/* On a construct with `async`: each scalar local GCC mapped implicitly
   `tofrom` (a loop bound of a combined construct, a `kernels` scalar) that
   the region never assigns becomes `firstprivate`, its value taken when
   the construct is reached. */
void accgpu_async_scalar_maps(gomp_target *t);

#endif
