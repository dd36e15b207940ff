/* vv_async_copyin_snapshot.c — acc_copyin_async(a, bytes, q), then the host
 * overwrites a before waiting: the V&V suite expects the device copy to
 * hold the values a had at the call (what CUDA's staging of pageable
 * memory gives), so a kernel after `wait` sees the old values.  Checked
 * against the saved values; only where device memory is separate (on the
 * host the overwrite is the data). */
#include <stdlib.h>

#include "e2e.h"

#define N 5000

int main(void)
{
#ifdef _OPENACC
  if (!e2e_separate_memory())
    return e2e_done();
  double *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    a[i] = i + 1;
  acc_copyin_async(a, N * sizeof *a, 1);
  for (int i = 0; i < N; i++)
    a[i] = 0;
#pragma acc data present(a[0:N]) copyout(c[0:N])
  {
#pragma acc wait
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      c[i] = a[i] * 2;
  }
  acc_delete(a, N * sizeof *a);
  for (int i = 0; i < N; i++)
    CHECK_REAL("c", c[i], 2.0 * (i + 1), 0);
  free(a);
  free(c);
#endif
  return e2e_done();
}
