/* launch.c — the cost of a launch: many launches of a tiny gang loop (one
 * increment per iteration), then the same with a sum reduction.  Time per
 * launch, microseconds, is the rate column; on the multicore device it is
 * the fork/join of the team plus the runtime's launch path, beside an empty
 * `omp parallel for` in the OpenMP build. */
#include "bench.h"

int main(int argc, char **argv) {
  int n = 64, launches = bench_arg(argc, argv, "large") ? 100000 : 5000;
  int *a = bench_alloc(n, sizeof *a);
  long sum = 0, total = 0;
  double t0 = bench_now();
#pragma acc data copy(a[0:n])
  {
    for (int r = 0; r < launches; r++) {
#pragma acc parallel loop present(a[0:n])
      BENCH_OMP(omp parallel for)
      for (int i = 0; i < n; i++)
        a[i] += 1;
    }
    for (int r = 0; r < launches; r++) {
      sum = 0;
#pragma acc parallel loop present(a[0:n]) reduction(+:sum)
      BENCH_OMP(omp parallel for reduction(+:sum))
      for (int i = 0; i < n; i++)
        sum += a[i] - launches + i;
      total += sum;
    }
  }
  double t = bench_now() - t0;
  /* Each a[i] is LAUNCHES after the first loop; each sum is n(n-1)/2. */
  int ok = total == (long)launches * n * (n - 1) / 2;
  for (int i = 0; i < n; i++)
    ok = ok && a[i] == launches;
  char size[48];
  snprintf(size, sizeof size, "n=%d,launches=2x%d", n, launches);
  return bench_report("launch", size, t, t / (2.0 * launches) * 1e6,
                      "us/launch", ok);
}
