/* parallel_loop_basic.c — the simplest offload: parallel loop with copyin of
 * two heap array sections and copyout of a third (c = a + 2b, exact). */
#include <stdlib.h>

#include "e2e.h"

int main(void) {
  int n = 10007;
  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  float *c = malloc(n * sizeof *c);
  for (int i = 0; i < n; i++) {
    a[i] = i * 0.5f;
    b[i] = (n - i) * 0.25f;
    c[i] = -1.0f;
  }
#pragma acc parallel loop copyin(a[0:n], b[0:n]) copyout(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = a[i] + 2.0f * b[i];
  for (int i = 0; i < n; i++)
    CHECK_REAL("c[i]", c[i], a[i] + 2.0f * b[i], 0);
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
