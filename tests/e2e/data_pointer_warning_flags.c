/* data_pointer_warning_flags.c — the warning for a pointer in a data clause
 * without a range is on without -Wall when -fplugin-arg-accgpu-Wpointer-clause
 * is given (data_pointer_warning_off.c: -Wno-pointer-clause turns it off
 * under -Wall).  The sum is compared with the serial one. */
/* accgpu-test: cflags -fplugin-arg-accgpu-Wpointer-clause */
#include <stdlib.h>

#include "e2e.h"

#define N 300

int main(void) {
  int *v = malloc(N * sizeof *v);
  long sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    v[i] = i * 7 % 13, want += v[i];
#pragma acc data copyin(v[0:N])
#pragma acc parallel loop present(v) reduction(+:sum) /* accgpu-expect-warning: .present\(v\). names the pointer .v. without a range */
  for (int i = 0; i < N; i++)
    sum += v[i];
  CHECK_INT("sum", sum, want);
  free(v);
  return e2e_done();
}
