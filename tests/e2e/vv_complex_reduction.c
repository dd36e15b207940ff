/* vv_complex_reduction.c — _Complex double values in a compute region: a
 * + reduction of complex numbers, and element-wise complex multiply.
 * Checked against serial loops. */
#include <complex.h>
#include <stdlib.h>

#include "e2e.h"

#define N 200

int main(void)
{
  double complex *z = malloc(N * sizeof *z), *w = malloc(N * sizeof *w);
  for (int i = 0; i < N; i++)
    z[i] = i + (N - i) * I;
  double complex sum = 0, want = 0;
  for (int i = 0; i < N; i++)
    want += z[i];
#pragma acc parallel loop reduction(+:sum) copyin(z[0:N]) copyout(w[0:N])
  for (int i = 0; i < N; i++) {
    sum += z[i];
    w[i] = z[i] * I;
  }
  CHECK_REAL("creal(sum)", creal(sum), creal(want), 1e-12);
  CHECK_REAL("cimag(sum)", cimag(sum), cimag(want), 1e-12);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("creal(w)", creal(w[i]), -(double)(N - i), 0);
    CHECK_REAL("cimag(w)", cimag(w[i]), i, 0);
  }
  free(z);
  free(w);
  return e2e_done();
}
