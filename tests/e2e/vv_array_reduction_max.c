/* vv_array_reduction_max.c — reduction(max:t) and reduction(min:u) on
 * small arrays (OpenACC 2.7) in a worker loop inside a gang loop.  Today
 * the compiler crashes on it (internal compiler error) instead of a
 * diagnostic.  Checked against serial loops. */
#include <math.h>
#include <stdlib.h>

#include "e2e.h"

#define G 4
#define M 300

int main(void)
{
  double *a = malloc(G * M * sizeof *a), *out = malloc(G * 8 * sizeof *out);
  for (int i = 0; i < G * M; i++)
    a[i] = (i * 37 % 101) - 50.0;
#pragma acc parallel loop gang copyin(a[0:G*M]) copyout(out[0:G*8])
  for (int g = 0; g < G; g++) {
    double t[4], u[4];
    for (int k = 0; k < 4; k++) {
      t[k] = -1e300;
      u[k] = 1e300;
    }
#pragma acc loop worker reduction(max:t) reduction(min:u)
    for (int j = 0; j < M; j++) {
      t[j % 4] = fmax(t[j % 4], a[g * M + j]);
      u[j % 4] = fmin(u[j % 4], a[g * M + j]);
    }
    for (int k = 0; k < 4; k++) {
      out[g * 8 + k] = t[k];
      out[g * 8 + 4 + k] = u[k];
    }
  }
  for (int g = 0; g < G; g++)
    for (int k = 0; k < 4; k++) {
      double mx = -1e300, mn = 1e300;
      for (int j = k; j < M; j += 4) {
        mx = fmax(mx, a[g * M + j]);
        mn = fmin(mn, a[g * M + j]);
      }
      CHECK_REAL("max", out[g * 8 + k], mx, 0);
      CHECK_REAL("min", out[g * 8 + 4 + k], mn, 0);
    }
  free(a);
  free(out);
  return e2e_done();
}
