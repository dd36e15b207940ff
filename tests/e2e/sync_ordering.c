/* sync_ordering.c — a compute construct without async completes before the
 * host goes on: dependent kernels back to back, each result read at once
 * through update self, acc_memcpy_from_device and exit data copyout, with
 * enough work per kernel that a launch returning early would be seen. */
#include <stdlib.h>

#include "e2e.h"

#define N (1 << 16)
#define STEPS 12

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = 0.0;
#pragma acc enter data copyin(a[0:N], b[0:N])
  for (int s = 1; s <= STEPS; s++) {
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++) {
      double x = b[i];
      for (int k = 0; k < 20; k++) /* some work per element */
        x = x * 0.5 + 0.5 * b[i];
      a[i] = x + 1.0;
    }
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = a[(i + 1) % N];
#pragma acc update self(b[0:N / 2])
    for (int i = 0; i < N / 2; i += 997)
      CHECK_REAL("b after update self", b[i], s, 0);
#ifdef _OPENACC
    acc_memcpy_from_device(b + N / 2, (double *)acc_deviceptr(b) + N / 2,
                           N / 2 * sizeof *b);
    for (int i = N / 2; i < N; i += 997)
      CHECK_REAL("b after acc_memcpy_from_device", b[i], s, 0);
#endif
  }
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] *= 2.0;
#pragma acc exit data copyout(a[0:N]) delete(b[0:N])
  for (int i = 0; i < N; i++)
    CHECK_REAL("a after exit data", a[i], 2.0 * STEPS, 0);
  free(a);
  free(b);
  return e2e_done();
}
