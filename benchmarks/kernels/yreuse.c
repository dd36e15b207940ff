/* yreuse.c — schedule probe "y-reuse" (Xu, §7.4, Table 7.3): in a double
 * loop nest (y outer, x inner) the iterations of the outer loop share data
 * lying in one column, not contiguous: out[y][x] = sum of in[y .. y+R-1][x].
 * Bandwidth counts one read and one write of 8 bytes per point. */
#include "bench.h"

#define R 16

int main(int argc, char **argv) {
  int ny = bench_arg(argc, argv, "large") ? 4096 : 256, nx = ny;
  int reps = 5;
  long nin = (long)(ny + R) * nx, nout = (long)ny * nx;
  double *in = bench_alloc(nin, sizeof *in), *out = bench_alloc(nout, 8);
  double *ref = bench_alloc(nout, sizeof *ref);
  for (long p = 0; p < nin; p++)
    in[p] = (p % 103) * 0.5;
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(in[0:nin]) copyout(out[0:nout])
  for (int r = 0; r <= reps; r++) {
    double t0 = bench_now();
#pragma acc parallel loop gang present(in[0:nin], out[0:nout])
    BENCH_OMP(omp parallel for)
    for (int y = 0; y < ny; y++) {
#pragma acc loop vector
      for (int x = 0; x < nx; x++) {
        double s = 0.0;
        for (int k = 0; k < R; k++)
          s += in[(long)(y + k) * nx + x];
        out[(long)y * nx + x] = s;
      }
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      double s = 0.0;
      for (int k = 0; k < R; k++)
        s += in[(long)(y + k) * nx + x];
      ref[(long)y * nx + x] = s;
    }
  char size[32];
  snprintf(size, sizeof size, "%dx%d,R=%d", ny, nx, R);
  return bench_report("yreuse", size, t, 16.0 * nout / t / 1e9, "GB/s",
                      bench_maxrel(out, ref, nout, 1.0) == 0);
}
