/* cuda-policy.h — the nvidia backend's pure decisions, kept apart so that
 * tests can check them without a driver: which image of a module a device
 * loads, and how a launch's block fits a kernel's thread limit. */
#ifndef ACCGPU_CUDA_POLICY_H
#define ACCGPU_CUDA_POLICY_H 1

#include "accgpu_abi.h"

/* Index in CUBINS[0..N) of the cubin a device of compute capability
   MAJOR.MINOR runs: the one for exactly its architecture, else the newest
   of the same major version below it (SASS runs on later minor revisions
   of its major version: sm_80 code on an sm_86 device); -1 when none fits
   (the PTX is JIT-compiled). */
int accgpu_cuda_pick_cubin(const __accgpu_cubin *cubins, unsigned n, int major,
                           int minor);

/* How the block *BX x *BY x BZ of a launch fits a kernel that takes at
   most MAX_THREADS threads per block (cuFuncGetAttribute: fewer when it
   uses many registers; 0: unknown).  OpenACC lets an implementation use
   fewer workers and vector lanes than num_workers and vector_length ask
   for when the target limits it, and the generated kernels are correct
   for any block: their worker and vector loops are stride loops over
   blockDim.y and blockDim.x, their reductions and barriers read blockDim,
   and worker rows stay whole warps.  So the workers are lowered first
   (*BY, the most that fit); when one row alone is too wide, the lanes
   (*BX, whole warps) with one worker.  Returns 0 (fits as it is), 1
   (fewer workers), 2 (fewer lanes) or -1 (not even 32 lanes fit; *BX and
   *BY are left as they were). */
int accgpu_cuda_fit_block(unsigned *bx, unsigned *by, unsigned bz,
                          unsigned max_threads);

#endif /* ACCGPU_CUDA_POLICY_H */
