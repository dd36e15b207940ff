/* async_memcpy_order.c — acc_memcpy_{to,from}_device_async on queue q come
 * after the kernels queued on q before them and before those queued after
 * them, also where device memory is the host's (the multicore device runs
 * async kernels on queue threads).  Compared with serial code. */
#include <stdlib.h>
#include "e2e.h"

#ifndef _OPENACC /* serial build: the device is host memory, no queues */
#include <string.h>
#define acc_copyin(h, n) (h)
#define acc_delete(h, n) ((void)0)
#define acc_memcpy_from_device memcpy
#define acc_memcpy_from_device_async(d, s, n, q) memcpy(d, s, n)
#define acc_memcpy_to_device_async(d, s, n, q) memcpy(d, s, n)
#define acc_wait_all() ((void)0)
#endif

#define N (1 << 16)
#define Q 4

int main(void) {
  double *h = malloc(Q * N * sizeof *h), *got = malloc(Q * N * sizeof *h);
  double *fresh = malloc(N * sizeof *h), *want = malloc(Q * N * sizeof *h);
  for (int i = 0; i < Q * N; i++)
    h[i] = (double)(i % 1000) * 0.5 + 1.0;
  for (int i = 0; i < N; i++)
    fresh[i] = (double)(i % 7) - 3.0;
  double *d = acc_copyin(h, Q * N * sizeof *h);
  for (int q = 0; q < Q; q++) {
    double *s = d + (size_t)q * N;
    /* Squares, then copies out: the copy must see the squares. */
#pragma acc parallel loop deviceptr(s) async(q + 1)
    for (int i = 0; i < N; i++)
      s[i] = s[i] * s[i];
    acc_memcpy_from_device_async(got + (size_t)q * N, s, N * sizeof *h, q + 1);
    /* Overwrites, then adds 1: the kernel must see FRESH. */
    acc_memcpy_to_device_async(s, fresh, N * sizeof *h, q + 1);
#pragma acc parallel loop deviceptr(s) async(q + 1)
    for (int i = 0; i < N; i++)
      s[i] += 1.0;
  }
  acc_wait_all();
  double *after = malloc(Q * N * sizeof *h);
  acc_memcpy_from_device(after, d, Q * N * sizeof *h);
  for (int i = 0; i < Q * N; i++) {
    double x = (double)(i % 1000) * 0.5 + 1.0;
    want[i] = x * x;
  }
  for (int i = 0; i < Q * N; i++) {
    CHECK_REAL("copied out after the kernel", got[i], want[i], 0);
    CHECK_REAL("kernel after the copy in", after[i], fresh[i % N] + 1.0, 0);
  }
  acc_delete(h, Q * N * sizeof *h);
  free(h), free(got), free(fresh), free(want), free(after);
  return e2e_done();
}
