/* data_pointer_warning_off.c — the warning for a pointer in a data clause
 * without a range is off under -Wall with
 * -fplugin-arg-accgpu-Wno-pointer-clause (data_pointer_warning_flags.c: on
 * without -Wall).  The sum is compared with the serial one. */
/* accgpu-test: cflags -Wall -fplugin-arg-accgpu-Wno-pointer-clause */
/* accgpu-test: no-warnings */
#include <stdlib.h>

#include "e2e.h"

#define N 300

int main(void) {
  int *v = malloc(N * sizeof *v);
  long sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    v[i] = i * 7 % 13, want += v[i];
#pragma acc data copyin(v[0:N])
#pragma acc parallel loop present(v) reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += v[i];
  CHECK_INT("sum", sum, want);
  free(v);
  return e2e_done();
}
