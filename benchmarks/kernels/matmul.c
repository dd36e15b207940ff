/* matmul.c — C = A*B, n x n doubles, with an explicit schedule: rows over
 * gangs and workers, columns over vector lanes, the dot product sequential
 * in each lane (2 n^3 flops). */
#include "bench.h"

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, "large") ? 1024 : 96;
  int reps = 3;
  long nn = (long)n * n;
  double *a = bench_alloc(nn, sizeof *a), *b = bench_alloc(nn, sizeof *b);
  double *c = bench_alloc(nn, sizeof *c), *ref = bench_alloc(nn, sizeof *ref);
  for (long i = 0; i < nn; i++) {
    a[i] = (i % 17) * 0.125 - 1.0;
    b[i] = (i % 13) * 0.25 - 1.5;
  }
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(a[0:nn], b[0:nn]) copyout(c[0:nn])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop gang worker num_workers(4) vector_length(128) \
    present(a[0:nn], b[0:nn], c[0:nn])
    BENCH_OMP(omp parallel for)
    for (int i = 0; i < n; i++) {
#pragma acc loop vector
      for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int k = 0; k < n; k++)
          s += a[(long)i * n + k] * b[(long)k * n + j];
        c[(long)i * n + j] = s;
      }
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += a[(long)i * n + k] * b[(long)k * n + j];
      ref[(long)i * n + j] = s;
    }
  char size[32];
  snprintf(size, sizeof size, "n=%d", n);
  return bench_report("matmul", size, t, 2.0 * n * n * (double)n / t / 1e9,
                      "GFLOP/s", bench_maxrel(c, ref, nn, 1.0) < 1e-12);
}
