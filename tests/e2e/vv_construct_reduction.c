/* vv_construct_reduction.c — reduction(+:r) on the parallel construct only,
 * its loop carrying no reduction clause: the loop's iterations (spread over
 * gangs and vector lanes) all add into r, and r's value before the
 * construct takes part.  Checked against a serial sum. */
#include <stdlib.h>

#include "e2e.h"

#define N 1000

int main(void)
{
  double *a = malloc(N * sizeof *a);
  double want = 10;
  for (int i = 0; i < N; i++) {
    a[i] = i % 17;
    want += a[i];
  }
  double r = 10;
#pragma acc parallel copyin(a[0:N]) reduction(+:r)
  {
#pragma acc loop
    for (int i = 0; i < N; i++)
      r = r + a[i];
  }
  CHECK_REAL("r", r, want, 0);
  free(a);
  return e2e_done();
}
