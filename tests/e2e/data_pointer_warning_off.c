/* data_pointer_warning_off.c — -fplugin-arg-accgpu-Wno-pointer-clause turns
 * the warning for a pointer in a data clause without a range off under
 * -Wall (data_pointer_warning_flags.c: -Wpointer-clause turns it on without
 * -Wall).  The pointer variables mapped here are only mapped, never used on
 * the device; the maximum is compared with the serial one. */
/* accgpu-test: cflags -Wall -fplugin-arg-accgpu-Wno-pointer-clause */
/* accgpu-test: no-warnings */
#include <stdlib.h>

#include "e2e.h"

#define N 400

int main(void) {
  float *x = malloc(N * sizeof *x), *spare = x;
  float best = -1.0f, want = -1.0f;
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i * 37) % 101);
    want = x[i] > want ? x[i] : want;
  }
#pragma acc enter data copyin(x[0:N]) create(spare)
#pragma acc update device(spare)
#pragma acc parallel loop present(x) reduction(max:best)
  for (int i = 0; i < N; i++)
    best = x[i] > best ? x[i] : best;
#pragma acc exit data delete(x[0:N]) copyout(spare)
  CHECK_REAL("max", best, want, 0.0);
  CHECK_TRUE("spare", spare == x);
  free(x);
  return e2e_done();
}
