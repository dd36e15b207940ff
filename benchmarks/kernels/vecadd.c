/* vecadd.c — c = a + b on doubles (3 streams of 8 bytes per element). */
#include "bench.h"

int main(int argc, char **argv) {
  long n = bench_arg(argc, argv, "large") ? 1L << 26 : 1L << 18;
  int reps = 10;
  double *a = bench_alloc(n, sizeof *a), *b = bench_alloc(n, sizeof *b);
  double *c = bench_alloc(n, sizeof *c), *ref = bench_alloc(n, sizeof *ref);
  for (long i = 0; i < n; i++) {
    a[i] = i * 0.5;
    b[i] = (n - i) * 0.25;
  }
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(a[0:n], b[0:n]) copyout(c[0:n])
  for (int r = 0; r <= reps; r++) { /* r == 0: warm-up, not timed */
    double t0 = bench_now();
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n])
    BENCH_OMP(omp parallel for)
    for (long i = 0; i < n; i++)
      c[i] = a[i] + b[i];
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (long i = 0; i < n; i++)
    ref[i] = a[i] + b[i];
  char size[32];
  snprintf(size, sizeof size, "n=%ld", n);
  return bench_report("vecadd", size, t, 3.0 * n * sizeof(double) / t / 1e9,
                      "GB/s", bench_maxrel(c, ref, n, 1e-300) == 0);
}
