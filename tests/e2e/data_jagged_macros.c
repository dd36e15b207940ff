/* data_jagged_macros.c — 2-D sections of a pointer array whose bounds are
 * macros (a function-like one and one of several tokens), on data and
 * compute constructs. The rewrite of such a section (jagged.cc) takes the
 * line's tokens off the stream; the macros expanded as they were taken,
 * which took their expansion in place of the tokens after them ("expected
 * '#pragma acc' clause before '('"). Against serial sums. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

#define ROWS(k) ((k) * 2)
#define M (4 * 2)

int main(void)
{
  int n = 3;
  double **a = malloc(ROWS(n) * sizeof *a);
  double want = 0;
  for (int i = 0; i < ROWS(n); i++) {
    a[i] = malloc(M * sizeof **a);
    for (int j = 0; j < M; j++) {
      a[i][j] = i + j;
      want += 2.0 * (i + j) + 1;
    }
  }
#pragma acc data copy(a[0:ROWS(n)][0:M])
  {
#pragma acc parallel loop collapse(2) present(a[0:ROWS(n)][0:M])
    for (int i = 0; i < ROWS(n); i++)
      for (int j = 0; j < M; j++)
        a[i][j] = 2 * a[i][j] + 1;
  }
  double s = 0;
  for (int i = 0; i < ROWS(n); i++)
    for (int j = 0; j < M; j++)
      s += a[i][j];
  CHECK_REAL("sum", s, want, 0);
  for (int i = 0; i < ROWS(n); i++)
    free(a[i]);
  free(a);
  return e2e_done();
}
