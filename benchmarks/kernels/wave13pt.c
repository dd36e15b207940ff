/* wave13pt.c — one time step of a 3-D wave equation with a 13-point
 * stencil (4th order in space: 6 neighbours at distance 1 and 6 at
 * distance 2; kernelGen suite): w2 = m0*w1 + m1*(dist-1 sum) + m2*(dist-2
 * sum) - w0.  Bandwidth counts 3 x 8 bytes per point. */
#include "bench.h"

#define IDX(k, j, i) (((long)(k) * n + (j)) * n + (i))
#define STENCIL(w0, w1, k, j, i)                                              \
  (m0 * w1[IDX(k, j, i)] +                                                    \
   m1 * (w1[IDX(k, j, i - 1)] + w1[IDX(k, j, i + 1)] + w1[IDX(k, j - 1, i)] + \
         w1[IDX(k, j + 1, i)] + w1[IDX(k - 1, j, i)] + w1[IDX(k + 1, j, i)]) + \
   m2 * (w1[IDX(k, j, i - 2)] + w1[IDX(k, j, i + 2)] + w1[IDX(k, j - 2, i)] + \
         w1[IDX(k, j + 2, i)] + w1[IDX(k - 2, j, i)] + w1[IDX(k + 2, j, i)]) - \
   w0[IDX(k, j, i)])

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, "large") ? 320 : 40;
  int reps = 5;
  long n3 = (long)n * n * n;
  double m0 = 1.5, m1 = 0.125, m2 = -0.0625;
  double *w0 = bench_alloc(n3, sizeof *w0), *w1 = bench_alloc(n3, sizeof *w0);
  double *w2 = bench_alloc(n3, sizeof *w0), *ref = bench_alloc(n3, sizeof *w0);
  for (long p = 0; p < n3; p++) {
    w0[p] = cos(p * 0.0007);
    w1[p] = sin(p * 0.0011);
  }
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(w0[0:n3], w1[0:n3]) copy(w2[0:n3])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop gang num_workers(4) vector_length(64) \
    present(w0[0:n3], w1[0:n3], w2[0:n3])
    BENCH_OMP(omp parallel for)
    for (int k = 2; k < n - 2; k++) {
#pragma acc loop worker
      for (int j = 2; j < n - 2; j++) {
#pragma acc loop vector
        for (int i = 2; i < n - 2; i++)
          w2[IDX(k, j, i)] = STENCIL(w0, w1, k, j, i);
      }
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int k = 2; k < n - 2; k++)
    for (int j = 2; j < n - 2; j++)
      for (int i = 2; i < n - 2; i++)
        ref[IDX(k, j, i)] = STENCIL(w0, w1, k, j, i);
  char size[32];
  snprintf(size, sizeof size, "%d^3", n);
  double pts = (double)(n - 4) * (n - 4) * (n - 4);
  return bench_report("wave13pt", size, t, 24.0 * pts / t / 1e9, "GB/s",
                      bench_maxrel(w2, ref, n3, 1e-3) < 1e-12);
}
