/* data_multi_gpu_stencil.c — Xu's multi-GPU pattern (§6.3): a 1-D
 * three-point stencil split over two devices.  Each device holds its half
 * plus one halo element, computes with `parallel loop deviceid(d)`, and the
 * halos travel device to device with `update peer` (ordered after the
 * kernels queued on both devices); `wait device` drains each device at the
 * end.  Checked against the
 * same stencil computed serially. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include <stdlib.h>

#include "e2e.h"

#define N 300   /* elements per device */
#define STEPS 5

static void serial(double *a, int total, int steps)
{
  double *b = malloc(total * sizeof *b);
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < total - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
    for (int i = 1; i < total - 1; i++)
      a[i] = b[i];
  }
  free(b);
}

int main(void)
{
  int n = N, total = 2 * N;
  double *a = malloc(total * sizeof *a), *b = malloc(total * sizeof *b);
  double *ref = malloc(total * sizeof *ref);
  for (int i = 0; i < total; i++)
    a[i] = ref[i] = (i * 37) % 101;
  serial(ref, total, STEPS);

  /* Device 0: a[0:n+1] (halo a[n]); device 1: a[n-1:n+1] (halo a[n-1]). */
#pragma acc enter data copyin(a[0:n+1]) create(b[0:n]) deviceid(0)
#pragma acc enter data copyin(a[n-1:n+1]) create(b[n:n]) deviceid(1)
  for (int s = 0; s < STEPS; s++) {
#pragma acc parallel loop deviceid(0) present(a[0:n+1], b[0:n])
    for (int i = 1; i < n; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma acc parallel loop deviceid(1) present(a[n-1:n+1], b[n:n])
    for (int i = n; i < total - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma acc parallel loop deviceid(0) present(a[0:n+1], b[0:n])
    for (int i = 1; i < n; i++)
      a[i] = b[i];
#pragma acc parallel loop deviceid(1) present(a[n-1:n+1], b[n:n])
    for (int i = n; i < total - 1; i++)
      a[i] = b[i];
#pragma acc update peer to(a[n:1]) to_device(0) from(a[n:1]) from_device(1)
#pragma acc update peer to(a[n-1:1]) to_device(1) from(a[n-1:1]) from_device(0)
  }
#pragma acc update self(a[0:n]) deviceid(0)
#pragma acc update self(a[n:n]) deviceid(1)
#pragma acc exit data delete(a[0:n+1], b[0:n]) deviceid(0)
#pragma acc exit data delete(a[n-1:n+1], b[n:n]) deviceid(1)
#pragma acc wait device(0)
#pragma acc wait device(1)
  for (int i = 0; i < total; i++)
    CHECK_REAL("a", a[i], ref[i], 1e-12);
  free(a), free(b), free(ref);
  return e2e_done();
}
