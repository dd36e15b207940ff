/* cuda-nvrtc.h — run-time compilation of a module's CUDA source to PTX
 * with NVRTC, for modules built on a machine without the CUDA toolkit
 * (__accgpu_module.ptx NULL).  NVRTC is loaded with dlopen on first need. */
#ifndef ACCGPU_CUDA_NVRTC_H
#define ACCGPU_CUDA_NVRTC_H 1

#include "accgpu_abi.h"

/* PTX of MOD for a device of compute capability CC_MAJOR.CC_MINOR, compiled
   once per process per (module, architecture) and cached: *PTX stays valid
   until accgpu_nvrtc_reset.  Returns 0, or -1 with the error left
   (ACCGPU_ERR_UNSUPPORTED when NVRTC is absent: the text says the module
   has no PTX and how to get it).  Thread-safe; compiles serialize. */
int accgpu_nvrtc_ptx(const __accgpu_module *mod, int cc_major, int cc_minor,
                     const char **ptx);

/* Tests only: forgets the cache and the loaded library; later compiles
   load PATH only (NULL: the normal search, see cuda-nvrtc.c). */
void accgpu_nvrtc_reset(const char *path);

/* include/accgpu_cuda.h, NUL-terminated, embedded at build time
   (cuda-header.c): given to NVRTC when a module's source includes it. */
extern const char accgpu_cuda_header_text[];

#endif
