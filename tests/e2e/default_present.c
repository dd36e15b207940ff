/* default_present.c — default(present): arrays used in the region without a
 * clause must already be present (here from an enclosing data region). */
#include <stdlib.h>

#include "e2e.h"

int main(void) {
  int n = 5001;
  int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
#pragma acc parallel loop default(present)
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2;
#pragma acc parallel loop default(present)
    for (int i = 0; i < n; i++)
      b[i] += a[n - 1 - i];
  }
  for (int i = 0; i < n; i++)
    CHECK_INT("b", b[i], 2 * i + (n - 1 - i));
  free(a);
  free(b);
  return e2e_done();
}
