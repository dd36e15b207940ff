/* data_async_region_exit.c — a data construct whose body queues a kernel on
 * async queue 1 that writes a copyout array: the synchronous copyout at the
 * end of the region must come after the queued kernel (as with CUDA's
 * legacy default stream), so the host sees the kernel's result.  Checked
 * against a serial loop. */
#include <stdlib.h>

#include "e2e.h"

#define N 4000

int main(void)
{
  double *a = malloc(N * sizeof *a), *e = malloc(N * sizeof *e);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    e[i] = 0;
  }
#pragma acc data copyin(a[0:N]) copyout(e[0:N])
  {
#pragma acc parallel loop present(a[0:N], e[0:N]) async(1)
    for (int i = 0; i < N; i++)
      e[i] = a[i] * 3;
  }
#pragma acc wait
  for (int i = 0; i < N; i++)
    CHECK_REAL("e", e[i], 3.0 * i, 0);
  free(a);
  free(e);
  return e2e_done();
}
