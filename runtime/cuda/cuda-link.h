/* cuda-link.h — device linking on an NVIDIA GPU (cuda-link.c). */
#ifndef ACCGPU_CUDA_LINK_H
#define ACCGPU_CUDA_LINK_H 1

#include "cuda-api.h"
#include "device.h"

/* Links the PTX of MOD, whose kernels call routines of other units, with
   the PTX of the units that define them (theirs in turn) and loads the
   result into *OUT, in the current context (device ORDINAL, for errors).
   Returns 0, or -1 with an error naming the routine, or the driver's
   linker log. */
int accgpu_cuda_link(const __accgpu_module *mod, int ordinal, CUmodule *out);

#endif /* ACCGPU_CUDA_LINK_H */
