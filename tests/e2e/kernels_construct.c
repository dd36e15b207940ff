/* kernels_construct.c — a kernels region holding two plain loops (no loop
 * directive) that depend on each other, a kernels loop with explicit
 * clauses, and a scalar assigned in kernels (implicitly copied back). */
#include <stdlib.h>

#include "e2e.h"

int main(void) {
  int n = 4099, flag = 0;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;

#pragma acc kernels copy(a[0:n]) create(b[0:n])
  {
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2.0;
    for (int i = 0; i < n; i++)
      a[i] = b[n - 1 - i] + 1.0;
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("a (two loops)", a[i], 2.0 * (n - 1 - i) + 1.0, 0);

#pragma acc kernels loop independent copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 0.5;
  for (int i = 0; i < n; i++)
    CHECK_REAL("a (kernels loop)", a[i], (2.0 * (n - 1 - i) + 1.0) * 0.5, 0);

#pragma acc kernels
  flag = 42;
  CHECK_INT("scalar set in kernels", flag, 42);
  free(a);
  free(b);
  return e2e_done();
}
