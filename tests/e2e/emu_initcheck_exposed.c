/* emu_initcheck_exposed.c — under ACCGPU_EMU_INITCHECK=1, device memory
 * whose address host code received (`host_data use_device(r)`,
 * `acc_deviceptr(q)`) counts as written: a CUDA-aware MPI or another
 * library fills it with no kernel or copy of ours (docs/mpi.md's
 * MPI_Sendrecv into a `create`d receive buffer).  Before session 23
 * initcheck reported the kernel that then read it ("nothing wrote these
 * bytes on the device since they were allocated").  The "library" here
 * writes the emulated device's memory directly, as only the emulator
 * allows (a GPU's library would use cudaMemcpy), hence emulator-only. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 64

/* Stands for MPI_Recv into a device buffer. */
static void library_receive(double *dst, const double *src, int n)
{
  memcpy(dst, src, n * sizeof *dst);
}

int main(void)
{
  double *r = malloc(N * sizeof *r), *q = malloc(N * sizeof *q);
  double msg[N], sum = 0, sumq = 0, want = 0;
  for (int i = 0; i < N; i++) {
    msg[i] = i * 0.5;
    want += msg[i];
  }
#pragma acc data create(r[0:N], q[0:N])
  {
#pragma acc host_data use_device(r)
    library_receive(r, msg, N);
    library_receive(acc_deviceptr(q), msg, N);
#pragma acc parallel loop reduction(+:sum, sumq) present(r[0:N], q[0:N])
    for (int i = 0; i < N; i++) {
      sum += r[i];
      sumq += q[i];
    }
  }
  CHECK_REAL("sum of the received buffer", sum, want, 0);
  CHECK_REAL("sum through acc_deviceptr", sumq, want, 0);
  free(r);
  free(q);
  return e2e_done();
}
