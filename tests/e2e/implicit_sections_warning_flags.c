/* implicit_sections_warning_flags.c — the warning for a pointer whose
 * section cannot be inferred is on without -Wall when
 * -fplugin-arg-accgpu-Wimplicit-section is given (implicit_sections_warning.c:
 * with -Wall).  The gather reads x through idx, present by enter data, and
 * is checked against a serial loop. */
/* accgpu-test: cflags -fplugin-arg-accgpu-Wimplicit-section */
#include <stdlib.h>

#include "e2e.h"

int main(void)
{
  int n = 100;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  int *idx = malloc(n * sizeof *idx);
  for (int i = 0; i < n; i++) {
    x[i] = 0.5 * i;
    idx[i] = (7 * i) % n;
  }
#pragma acc enter data copyin(x[0:n])
#pragma acc parallel loop copyin(idx[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]]; /* accgpu-expect-warning: cannot tell which elements of .x. */
#pragma acc exit data delete(x[0:n])
  for (int i = 0; i < n; i++)
    CHECK_REAL("y", y[i], x[(7 * i) % n], 0);
  free(x);
  free(y);
  free(idx);
  return e2e_done();
}
