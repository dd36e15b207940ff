/* laplacian3d.c — 7-point Laplacian of an n^3 double field (kernelGen
 * suite): out = sum of 6 neighbours - 6*centre, interior points.  Bandwidth
 * counts one read and one write of 8 bytes per point. */
#include "bench.h"

#define IDX(k, j, i) (((long)(k) * n + (j)) * n + (i))

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, "large") ? 384 : 48;
  int reps = 5;
  long n3 = (long)n * n * n;
  double *in = bench_alloc(n3, sizeof *in), *out = bench_alloc(n3, sizeof *in);
  double *ref = bench_alloc(n3, sizeof *in);
  for (long p = 0; p < n3; p++)
    in[p] = sin(p * 0.001);
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(in[0:n3]) copy(out[0:n3])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop gang num_workers(4) vector_length(64) \
    present(in[0:n3], out[0:n3])
    BENCH_OMP(omp parallel for)
    for (int k = 1; k < n - 1; k++) {
#pragma acc loop worker
      for (int j = 1; j < n - 1; j++) {
#pragma acc loop vector
        for (int i = 1; i < n - 1; i++)
          out[IDX(k, j, i)] = in[IDX(k, j, i - 1)] + in[IDX(k, j, i + 1)] +
                              in[IDX(k, j - 1, i)] + in[IDX(k, j + 1, i)] +
                              in[IDX(k - 1, j, i)] + in[IDX(k + 1, j, i)] -
                              6.0 * in[IDX(k, j, i)];
      }
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int k = 1; k < n - 1; k++)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        ref[IDX(k, j, i)] = in[IDX(k, j, i - 1)] + in[IDX(k, j, i + 1)] +
                            in[IDX(k, j - 1, i)] + in[IDX(k, j + 1, i)] +
                            in[IDX(k - 1, j, i)] + in[IDX(k + 1, j, i)] -
                            6.0 * in[IDX(k, j, i)];
  char size[32];
  snprintf(size, sizeof size, "%d^3", n);
  double pts = (double)(n - 2) * (n - 2) * (n - 2);
  return bench_report("laplacian3d", size, t, 16.0 * pts / t / 1e9, "GB/s",
                      bench_maxrel(out, ref, n3, 1e-3) < 1e-12);
}
