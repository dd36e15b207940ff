/* real7_kernels_loop_reductions.c — NVIDIA's OpenACC labs (module 3, the
 * multicore `kernels` solution of laplace2d) put explicit loop directives
 * in a `kernels` region and leave the reduction to the compiler:
 *
 *     #pragma acc kernels loop independent
 *     for (j ...) { #pragma acc loop independent
 *       for (i ...) { ...; error = fmax(error, fabs(...)); } }
 *
 * NVHPC says "Generating implicit reduction(max:error)".  accgpu did that
 * for `parallel` and for the plain loops of `kernels`, not for explicit acc
 * loops in `kernels`: every gang and lane updated the one copied `error`
 * (racecheck: a read-after-write hazard; multicore: the solver stopped
 * early, or ran on, at random).  Here a Jacobi solve, a `+` sum and an
 * `fmin`, each against the same loops run serially, and the notes. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <math.h>
#include <stdlib.h>

#include "e2e.h"

enum { N = 48, M = 40, ITERS = 60 };

static double sweep(const double *restrict a, double *restrict anew, int n,
                    int m) {
  double error = 0.0;
#pragma acc kernels loop independent /* accgpu-expect-note: implicit reduction\(max:error\) */
  for (int j = 1; j < n - 1; j++) {
#pragma acc loop independent
    for (int i = 1; i < m - 1; i++) {
      anew[j * m + i] = 0.25 * (a[j * m + i + 1] + a[j * m + i - 1] +
                                a[(j - 1) * m + i] + a[(j + 1) * m + i]);
      error = fmax(error, fabs(anew[j * m + i] - a[j * m + i]));
    }
  }
#pragma acc kernels loop independent
  for (int j = 1; j < n - 1; j++) {
#pragma acc loop independent
    for (int i = 1; i < m - 1; i++)
      ((double *)a)[j * m + i] = anew[j * m + i];
  }
  return error;
}

static double sweep_serial(double *a, double *anew, int n, int m) {
  double error = 0.0;
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++) {
      anew[j * m + i] = 0.25 * (a[j * m + i + 1] + a[j * m + i - 1] +
                                a[(j - 1) * m + i] + a[(j + 1) * m + i]);
      error = fmax(error, fabs(anew[j * m + i] - a[j * m + i]));
    }
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++)
      a[j * m + i] = anew[j * m + i];
  return error;
}

int main(void) {
  double *a = calloc(N * M, sizeof *a), *anew = calloc(N * M, sizeof *a);
  double *ra = calloc(N * M, sizeof *a), *ranew = calloc(N * M, sizeof *a);
  for (int i = 0; i < M; i++)
    a[i] = anew[i] = ra[i] = ranew[i] = 1.0;
#pragma acc enter data copyin(a[0:N*M], anew[0:N*M])
  for (int it = 0; it < ITERS; it++) {
    double e = sweep(a, anew, N, M), re = sweep_serial(ra, ranew, N, M);
    CHECK_REAL("error of a sweep", e, re, 1e-12);
  }
#pragma acc exit data copyout(a[0:N*M]) delete(anew[0:N*M])
  for (int k = 0; k < N * M; k++)
    CHECK_REAL("a", a[k], ra[k], 1e-12);

  /* a sum over a gang loop and its vector loop, and a minimum */
  long sum = 0, rsum = 0;
  double lo = 1e30, rlo = 1e30;
  int n = 2000, m = 500;
#pragma acc kernels loop gang /* accgpu-expect-note: implicit reduction\(\+:sum\) */
  for (int j = 0; j < n; j++) {
#pragma acc loop vector
    for (int i = 0; i < m; i++)
      sum = sum + (long)((i * 7 + j * 3) % 11);
  }
#pragma acc kernels loop independent /* accgpu-expect-note: implicit reduction\(min:lo\) */
  for (int j = 0; j < n; j++)
    lo = fmin(lo, cos(0.001 * j) + 0.5 * j / n);
  for (int j = 0; j < n; j++) {
    for (int i = 0; i < m; i++)
      rsum += (i * 7 + j * 3) % 11;
    rlo = fmin(rlo, cos(0.001 * j) + 0.5 * j / n);
  }
  CHECK_INT("sum", sum, rsum);
  CHECK_REAL("lo", lo, rlo, 0);
  free(a);
  free(anew);
  free(ra);
  free(ranew);
  return e2e_done();
}
