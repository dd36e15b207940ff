/* vv_long_double.c — long double in a compute region: a + reduction and
 * an element-wise update.  Checked against serial loops (exact: small
 * integers). */
#include <stdlib.h>

#include "e2e.h"

#define N 300

int main(void)
{
  long double *x = malloc(N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = i;
  long double sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    want += 2 * x[i];
#pragma acc parallel loop reduction(+:sum) copy(x[0:N])
  for (int i = 0; i < N; i++) {
    x[i] = 2 * x[i];
    sum += x[i];
  }
  CHECK_REAL("sum", (double)sum, (double)want, 0);
  for (int i = 0; i < N; i++)
    CHECK_REAL("x", (double)x[i], 2.0 * i, 0);
  free(x);
  return e2e_done();
}
