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

/* How a launch of block BX x BY x BZ fits a kernel that takes at most
   MAX_THREADS threads per block (cuFuncGetAttribute; 0: unknown).  The
   generated kernels are correct for any number of workers (blockDim.y):
   worker loops are stride loops and worker reductions read blockDim.y,
   and OpenACC lets an implementation use fewer workers than num_workers
   asks for when the target limits it.  Returns 0 (fits as it is), 1 (fits
   with *NEW_BY workers, the most that do) or -1 (one worker row alone is
   too big); *NEW_BY is BY unless 1 is returned. */
int accgpu_cuda_fit_block(unsigned bx, unsigned by, unsigned bz,
                          unsigned max_threads, unsigned *new_by);

#endif /* ACCGPU_CUDA_POLICY_H */
