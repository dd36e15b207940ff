/* real4_gpu_setup.c — the start-up code of programs written for NVIDIA
 * GPUs, run with ACC_DEVICE_TYPE naming the emulator, the host or the
 * multicore device: `acc_init(acc_device_nvidia)` at the top of main (to
 * keep start-up out of the timings), the MPI-style choice of a GPU per
 * rank (`int ngpus = acc_get_num_devices(acc_device_nvidia);
 * acc_set_device_num(rank % ngpus, acc_device_nvidia);`, here for rank 0
 * of a one-rank run), `acc_set_device_type(acc_device_nvidia)`,
 * `acc_get_device_num(acc_device_nvidia)`, all under `#ifdef _OPENACC`;
 * then a Jacobi solve under a `data` region whose result is checked
 * against the same loops run serially, and `acc_shutdown(acc_device_nvidia)`
 * at the end. Under ACC_DEVICE_TYPE=host or multicore without a GPU these
 * calls failed ("no nvidia device is available"): the chosen device now
 * stands in for nvidia, as the emulator did already (docs/runtime.md). */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define N 64
#define ITERS 40

static double A[N][N], Anew[N][N], R[N][N], Rnew[N][N];

static void setup(double (*a)[N])
{
  memset(a, 0, sizeof(double[N][N]));
  for (int i = 0; i < N; i++)
    a[0][i] = 1.0 + 0.01 * i;
}

int main(void)
{
  int rank = 0;
#ifdef _OPENACC
  acc_init(acc_device_nvidia);
  int ngpus = acc_get_num_devices(acc_device_nvidia);
  CHECK_TRUE("a device stands in for nvidia", ngpus > 0);
  if (ngpus > 0) {
    acc_set_device_num(rank % ngpus, acc_device_nvidia);
    CHECK_INT("device number", acc_get_device_num(acc_device_nvidia),
              rank % ngpus);
  }
  acc_set_device_type(acc_device_nvidia);
#endif
  setup(A);
  setup(R);
  double err = 0;
#pragma acc data copy(A) create(Anew)
  for (int it = 0; it < ITERS; it++) {
    err = 0;
#pragma acc parallel loop collapse(2) reduction(max:err) present(A, Anew)
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++) {
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] +
                             A[j + 1][i]);
        err = fmax(err, fabs(Anew[j][i] - A[j][i]));
      }
#pragma acc parallel loop collapse(2) present(A, Anew)
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++)
        A[j][i] = Anew[j][i];
  }
  double rerr = 0;
  for (int it = 0; it < ITERS; it++) {
    rerr = 0;
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++) {
        Rnew[j][i] = 0.25 * (R[j][i + 1] + R[j][i - 1] + R[j - 1][i] +
                             R[j + 1][i]);
        rerr = fmax(rerr, fabs(Rnew[j][i] - R[j][i]));
      }
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++)
        R[j][i] = Rnew[j][i];
  }
  CHECK_REAL("jacobi error", err, rerr, 1e-14);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      CHECK_REAL("jacobi A", A[j][i], R[j][i], 1e-14);
#ifdef _OPENACC
  acc_shutdown(acc_device_nvidia);
#endif
  return e2e_done();
}
