/* default_none.c — default(none) with every variable listed in a clause
 * (arrays in data clauses, scalars firstprivate). */
#include <stdlib.h>

#include "e2e.h"

int main(void) {
  int n = 3333;
  double scale = 0.25;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc parallel loop default(none) copyin(a[0:n]) copyout(b[0:n]) \
    firstprivate(n, scale)
  for (int i = 0; i < n; i++)
    b[i] = a[i] * scale + 1.0;
  for (int i = 0; i < n; i++)
    CHECK_REAL("b", b[i], i * 0.25 + 1.0, 0);

#pragma acc kernels default(none) copy(b[0:n]) copyin(n)
  for (int i = 0; i < n; i++)
    b[i] = b[i] * 2.0;
  for (int i = 0; i < n; i++)
    CHECK_REAL("b (kernels)", b[i], (i * 0.25 + 1.0) * 2.0, 0);
  free(a);
  free(b);
  return e2e_done();
}
