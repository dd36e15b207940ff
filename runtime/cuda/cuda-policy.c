/* cuda-policy.c — see cuda-policy.h. */
#include "cuda-policy.h"

int accgpu_cuda_pick_cubin(const __accgpu_cubin *cubins, unsigned n, int major,
                           int minor) {
  int best = -1;
  unsigned want = (unsigned)(major * 10 + minor), best_arch = 0;
  for (unsigned i = 0; cubins && i < n; i++) {
    unsigned a = cubins[i].arch;
    if (!cubins[i].image || !cubins[i].size || a / 10 != (unsigned)major ||
        a > want)
      continue;
    if (best < 0 || a > best_arch)
      best = (int)i, best_arch = a;
  }
  return best;
}

int accgpu_cuda_fit_block(unsigned *bx, unsigned *by, unsigned bz,
                          unsigned max_threads) {
  unsigned long long row = (unsigned long long)*bx * bz;
  if (!max_threads || row * *by <= max_threads)
    return 0;
  if (row <= max_threads) {
    *by = (unsigned)(max_threads / row);
    return 1;
  }
  unsigned lanes = max_threads / (bz ? bz : 1) / 32 * 32;
  if (!lanes)
    return -1;
  *bx = lanes, *by = 1;
  return 2;
}
