/* kernels-private.h — private(list) on a kernels construct
 * (kernels-private.cc).                                                  */
#ifndef ACCGPU_KERNELS_PRIVATE_H
#define ACCGPU_KERNELS_PRIVATE_H 1

#include "accgpu-plugin.h"

/* The kernels construct T's maps that were private clauses
   (clause-mods.cc) become private clauses of the construct and of each
   of its outermost acc loops. */
void accgpu_kernels_private(gomp_target *t);

#endif
