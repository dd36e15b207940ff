/* ep.c — embarrassingly parallel, after NAS EP: Gaussian pairs by the
 * Marsaglia polar method from uniform pairs, counted and summed.  Pair k's
 * uniforms come from a counter-based generator (splitmix64 of k), so the
 * result does not depend on how the pairs are split: each rank takes a
 * block of pairs on its device (parallel loop with reductions), then
 * MPI_Allreduce adds the ranks' sums.  Rank 0 recomputes all pairs
 * serially (the one-rank computation): the count must match exactly, the
 * sums to rounding.
 *
 * Usage: mpirun -np P ep [LOG2_PAIRS]                                    */
#include "mpi_bench.h"

#include <math.h>
#include <stdint.h>

/* splitmix64's finalizer of counter K, as a double in [-1, 1). */
#define EP_UNIFORM(k, out)                                                   \
  do {                                                                       \
    uint64_t z_ = (uint64_t)(k) * 0x9E3779B97F4A7C15ull;                     \
    z_ = (z_ ^ (z_ >> 30)) * 0xBF58476D1CE4E5B9ull;                          \
    z_ = (z_ ^ (z_ >> 27)) * 0x94D049BB133111EBull;                          \
    z_ ^= z_ >> 31;                                                          \
    (out) = (double)(z_ >> 11) * 0x1p-52 - 1.0;                              \
  } while (0)

/* Pair K: when accepted, adds its Gaussian pair to SX, SY and counts it in
   CNT.  Serial and device code below run this same arithmetic. */
#define EP_PAIR(k, sx, sy, cnt)                                              \
  do {                                                                       \
    double x_, y_;                                                           \
    EP_UNIFORM(2 * (k) + 1, x_);                                             \
    EP_UNIFORM(2 * (k) + 2, y_);                                             \
    double t_ = x_ * x_ + y_ * y_;                                           \
    if (t_ > 0.0 && t_ <= 1.0) {                                             \
      double f_ = sqrt(-2.0 * log(t_) / t_);                                 \
      (sx) += x_ * f_;                                                       \
      (sy) += y_ * f_;                                                       \
      (cnt)++;                                                               \
    }                                                                        \
  } while (0)

/* Pairs [lo, hi) serially: count of accepted pairs, sums of X and Y. */
static long ep_serial(long lo, long hi, double *sx, double *sy) {
  long cnt = 0;
  *sx = *sy = 0.0;
  for (long k = lo; k < hi; k++)
    EP_PAIR(k, *sx, *sy, cnt);
  return cnt;
}

/* The same on the device. */
static long ep_device(long lo, long hi, double *sx_out, double *sy_out) {
  long cnt = 0;
  double sx = 0.0, sy = 0.0;
#pragma acc parallel loop reduction(+:cnt, sx, sy)
  for (long k = lo; k < hi; k++)
    EP_PAIR(k, sx, sy, cnt);
  *sx_out = sx;
  *sy_out = sy;
  return cnt;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int lg = (int)mb_arg(argc, argv, 1, 18);
  long n = 1L << (lg < 40 ? lg : 40);
  long lo = rank * n / np, hi = (rank + 1) * n / np;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), s[2];
  long cnt = ep_device(lo, hi, &s[0], &s[1]), gcnt;
  double gs[2];
  MPI_Allreduce(&cnt, &gcnt, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(s, gs, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double t = mb_elapsed(t0);
  int ok = 1;
  if (rank == 0) {
    double rx, ry;
    long rcnt = ep_serial(0, n, &rx, &ry);
    /* The terms are below 16 in magnitude; added in another order their
       sums differ by about sqrt(n) * |partial sum| * eps, far below this. */
    double tol = 16.0 * n * 0x1p-52;
    ok = gcnt == rcnt && fabs(gs[0] - rx) <= tol && fabs(gs[1] - ry) <= tol;
    if (!ok)
      fprintf(stderr, "ep: got %ld %.17g %.17g, serial %ld %.17g %.17g\n",
              gcnt, gs[0], gs[1], rcnt, rx, ry);
  }
  char size[32];
  snprintf(size, sizeof size, "pairs=2^%d", lg);
  int rc = mb_report("ep", size, t, ok);
  MPI_Finalize();
  return rc;
}
