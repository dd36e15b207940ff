/* jacobi2d.c — Jacobi relaxation of the 2-D Laplace equation on an n x n
 * grid (fixed boundary: 1 on the top edge, 0 elsewhere): each sweep writes
 * the 4-point average into anew with a max-change reduction, then copies
 * back.  Bandwidth counts 4 x 8 bytes per interior point and sweep.
 * With "demo" it also prints a short human-readable account. */
#include "bench.h"

/* One sweep on host arrays, serially; returns the largest change. */
static double sweep_serial(int n, double *a, double *anew) {
  double err = 0.0;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      long p = (long)i * n + j;
      anew[p] = 0.25 * (a[p - n] + a[p + n] + a[p - 1] + a[p + 1]);
      err = fmax(err, fabs(anew[p] - a[p]));
    }
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[(long)i * n + j] = anew[(long)i * n + j];
  return err;
}

static void init(int n, double *a, double *anew) {
  for (long p = 0; p < (long)n * n; p++)
    a[p] = anew[p] = p < n ? 1.0 : 0.0;
}

int main(int argc, char **argv) {
  int large = bench_arg(argc, argv, "large");
  int demo = bench_arg(argc, argv, "demo");
  int n = large ? 4096 : 256, iters = large ? 100 : 50;
  long nn = (long)n * n;
  double *a = bench_alloc(nn, sizeof *a), *anew = bench_alloc(nn, sizeof *a);
  double *ra = bench_alloc(nn, sizeof *a), *ranew = bench_alloc(nn, sizeof *a);
  init(n, a, anew);
  init(n, ra, ranew);
  double err = 0.0, t0 = bench_now();
#pragma acc data copy(a[0:nn]) copyin(anew[0:nn])
  for (int it = 0; it < iters; it++) {
    err = 0.0;
#pragma acc parallel loop gang reduction(max:err) present(a[0:nn], anew[0:nn])
    BENCH_OMP(omp parallel for reduction(max:err))
    for (int i = 1; i < n - 1; i++) {
#pragma acc loop vector reduction(max:err)
      for (int j = 1; j < n - 1; j++) {
        long p = (long)i * n + j;
        anew[p] = 0.25 * (a[p - n] + a[p + n] + a[p - 1] + a[p + 1]);
        err = fmax(err, fabs(anew[p] - a[p]));
      }
    }
#pragma acc parallel loop gang present(a[0:nn], anew[0:nn])
    BENCH_OMP(omp parallel for)
    for (int i = 1; i < n - 1; i++) {
#pragma acc loop vector
      for (int j = 1; j < n - 1; j++)
        a[(long)i * n + j] = anew[(long)i * n + j];
    }
  }
#pragma acc wait
  double t = bench_now() - t0; /* includes the two copies, as a user sees */
  double rerr = 0.0;
  for (int it = 0; it < iters; it++)
    rerr = sweep_serial(n, ra, ranew);
  double diff = bench_maxrel(a, ra, nn, 1e-12);
  int ok = diff < 1e-12 && fabs(err - rerr) <= 1e-12 * rerr;
  char size[48];
  snprintf(size, sizeof size, "%dx%d,iters=%d", n, n, iters);
  if (demo) {
    double mean = 0.0;
    for (long q = 0; q < nn; q++)
      mean += a[q];
    printf("Jacobi relaxation of the Laplace equation on a %d x %d grid,\n"
           "%d sweeps on device '%s' in %.3f s.\n"
           "Largest change in the last sweep: %.6e (serial recomputation: "
           "%.6e).\nMean of the grid: %.6f.  Result %s the serial run "
           "(max relative difference %.1e).\n",
           n, n, iters, bench_device(), t, err, rerr,
           mean / nn, ok ? "matches" : "DOES NOT MATCH",
           diff);
  }
  return bench_report("jacobi2d", size, t,
                      32.0 * (n - 2) * (double)(n - 2) * iters / t / 1e9,
                      "GB/s", ok);
}
