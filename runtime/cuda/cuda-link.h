/* cuda-link.h — device linking on an NVIDIA GPU (cuda-link.c). */
#ifndef ACCGPU_CUDA_LINK_H
#define ACCGPU_CUDA_LINK_H 1

#include "cuda-api.h"
#include "device.h"

/* Links MOD, a unit that shares routines with others (relocatable code),
   with the units that define the routines it calls (theirs in turn) and
   loads the result into *OUT, in the current context of device ORDINAL of
   compute capability MAJOR.MINOR.  CUBINS: each unit's relocatable cubin
   for the device when it has one (no JIT), else its PTX; 0: PTX only.
   *JIT: whether some unit went in as PTX.  Returns 0, or -1 with an error
   naming the routine, or the driver's linker log. */
int accgpu_cuda_link(const __accgpu_module *mod, int ordinal, int major,
                     int minor, int cubins, CUmodule *out, int *jit);

/* Whether cubin C is relocatable (ELF ET_REL: `ptxas -c`), which only the
   linker loads. */
int accgpu_cuda_cubin_relocatable(const __accgpu_cubin *c);

#endif /* ACCGPU_CUDA_LINK_H */
