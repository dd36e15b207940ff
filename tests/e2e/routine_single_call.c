/* routine_single_call.c — a `routine seq` that stores, called where the
 * lanes of a row (or the rows of a block) run the code redundantly: in a
 * gang loop's body beside a vector loop, in a worker loop's body beside a
 * vector loop, and outside any loop.  It must run once per iteration of
 * the loop that holds it (vector-single), not once per lane: it added its
 * increment 32 times on the emulator.  Its result reaches every lane; a
 * routine that only computes, or writes a thread's own variable through a
 * pointer, still works.  Checked against serial loops. */
#include "e2e.h"

enum { R = 6, C = 40, W = 4 };

#pragma acc routine seq
static void axpy(double *y, const double *x, double a, int n)
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

#pragma acc routine seq
static double bump(double *cell, double by)
{
  *cell += by;
  return *cell;
}

#pragma acc routine seq
static double twice_bump(double *cell)
{
  bump(cell, 1);
  return bump(cell, 1);
}

#pragma acc routine seq
static double square(double v)
{
  return v * v;
}

#pragma acc routine seq
static void split(double v, double *hi, double *lo)
{
  *hi = v * 2;
  *lo = v - 1;
}

int main(void)
{
  static double m[R][C], x[C], cnt[R], z[R][C], rows[R][W], wsum[R][W];
  static double ref_m[R][C], ref_z[R][C], ref_rows[R][W], ref_wsum[R][W];
  double total = 0;
  for (int j = 0; j < C; j++)
    x[j] = j % 5 + 1;

#pragma acc parallel loop gang vector_length(32) copy(m, cnt, z) copyin(x)
  for (int r = 0; r < R; r++) {
    axpy(m[r], x, r + 1.0, C);    /* vector-single: once per row r */
    double v = bump(&cnt[r], 2);  /* its result in every lane */
    double hi, lo;
    split(v, &hi, &lo);           /* writes the lanes' own hi, lo */
#pragma acc loop vector
    for (int j = 0; j < C; j++)
      z[r][j] = v + square(hi) + lo + m[r][j];
  }

#pragma acc parallel loop gang num_workers(W) vector_length(32) copy(rows, wsum)
  for (int r = 0; r < R; r++) {
#pragma acc loop worker
    for (int k = 0; k < W; k++) {
      double v = twice_bump(&rows[r][k]); /* once per (r, k) */
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int j = 0; j < C; j++)
        s += v;
      wsum[r][k] = s;
    }
  }

#pragma acc parallel num_gangs(1) num_workers(2) vector_length(32) copy(total)
  {
    bump(&total, 5);
  }

  for (int r = 0; r < R; r++) {
    for (int j = 0; j < C; j++)
      ref_m[r][j] = (r + 1.0) * x[j];
    double v = 2, hi = v * 2, lo = v - 1;
    for (int j = 0; j < C; j++)
      ref_z[r][j] = v + hi * hi + lo + ref_m[r][j];
    for (int k = 0; k < W; k++) {
      ref_rows[r][k] = 2;
      ref_wsum[r][k] = 2.0 * C;
    }
  }
  for (int r = 0; r < R; r++) {
    CHECK_REAL("counter", cnt[r], 2, 0);
    for (int j = 0; j < C; j++) {
      CHECK_REAL("axpy row", m[r][j], ref_m[r][j], 0);
      CHECK_REAL("lanes' values", z[r][j], ref_z[r][j], 0);
    }
    for (int k = 0; k < W; k++) {
      CHECK_REAL("worker counter", rows[r][k], ref_rows[r][k], 0);
      CHECK_REAL("worker result", wsum[r][k], ref_wsum[r][k], 0);
    }
  }
  CHECK_REAL("outside loops", total, 5, 0);
  return e2e_done();
}
