/* transpose.c — out = in^T for an n x n double matrix (CUDA SDK's matrix
 * transpose): columns over gangs, rows over vector lanes, so writes are
 * contiguous and reads strided.  2 x 8 bytes per element. */
#include "bench.h"

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, "large") ? 8192 : 512;
  int reps = 5;
  long nn = (long)n * n;
  double *in = bench_alloc(nn, sizeof *in), *out = bench_alloc(nn, sizeof *in);
  for (long p = 0; p < nn; p++)
    in[p] = p;
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(in[0:nn]) copyout(out[0:nn])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop gang present(in[0:nn], out[0:nn])
    BENCH_OMP(omp parallel for)
    for (int j = 0; j < n; j++) {
#pragma acc loop vector
      for (int i = 0; i < n; i++)
        out[(long)j * n + i] = in[(long)i * n + j];
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  int ok = 1;
  for (int i = 0; i < n && ok; i++)
    for (int j = 0; j < n; j++)
      if (out[(long)j * n + i] != in[(long)i * n + j]) {
        ok = 0;
        break;
      }
  char size[32];
  snprintf(size, sizeof size, "%dx%d", n, n);
  return bench_report("transpose", size, t, 16.0 * nn / t / 1e9, "GB/s", ok);
}
