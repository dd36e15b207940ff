/* saxpy.c — y = a*x + y on floats, applied repeatedly (3 streams). */
#include "bench.h"

int main(int argc, char **argv) {
  long n = bench_arg(argc, argv, "large") ? 1L << 26 : 1L << 18;
  int reps = 10;
  float alpha = 0.5f;
  float *x = bench_alloc(n, sizeof *x), *y = bench_alloc(n, sizeof *y);
  float *ref = bench_alloc(n, sizeof *ref);
  for (long i = 0; i < n; i++) {
    x[i] = (i % 1000) * 0.001f;
    y[i] = ref[i] = 1.0f;
  }
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(x[0:n]) copy(y[0:n])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop present(x[0:n], y[0:n])
    BENCH_OMP(omp parallel for)
    for (long i = 0; i < n; i++)
      y[i] = alpha * x[i] + y[i];
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int r = 0; r <= reps; r++)
    for (long i = 0; i < n; i++)
      ref[i] = alpha * x[i] + ref[i];
  char size[32];
  snprintf(size, sizeof size, "n=%ld", n);
  /* A GPU may fuse the multiply-add: allow float rounding differences. */
  return bench_report("saxpy", size, t, 3.0 * n * sizeof(float) / t / 1e9,
                      "GB/s", bench_maxrelf(y, ref, n, 1e-30) < 1e-5);
}
