/* reduction_rows_racecheck.c — the smallest shapes behind compute-sanitizer
 * racecheck's reports on an H200 (sessions 8 and 16: hazards in the row and
 * block combines of reduction_shapes_double's `pos_wv` and reduction_array's
 * `nested`, all with right results), one kernel each, so that a GPU run
 * (tests/gpu/run.sh's sanitizer section) tells which one racecheck flags:
 *   rows     a vector reduction per worker row two warps wide (the row's
 *            warps combine through shared memory between row barriers);
 *   rows3    three such reductions after one loop (three row combines in a
 *            row, as an array reduction's elements);
 *   uneven   rows that pass their row barriers different numbers of times
 *            (3 worker iterations on 2 rows), then a worker vector
 *            reduction's two block combines back to back.
 * Each is checked against the same sums computed serially. */
#include "e2e.h"

#define G 6
#define W 3
#define M 200

static int a[G * W * M];

/* rows: res[g][w] = sum over k of a[g][w][k]. */
static void rows(long long *res)
{
#pragma acc parallel loop gang num_gangs(G) num_workers(2) vector_length(64) \
    copyin(a) copyout(res[0:G * W])
  for (int g = 0; g < G; g++) {
#pragma acc loop worker
    for (int w = 0; w < W; w++) {
      long long s = 0;
#pragma acc loop vector reduction(+:s)
      for (int k = 0; k < M; k++)
        s += a[(g * W + w) * M + k];
      res[g * W + w] = s;
    }
  }
}

/* rows3: three sums of one row at once. */
static void rows3(int *r0, int *r1, int *r2)
{
#pragma acc parallel loop gang num_gangs(G) num_workers(2) vector_length(64) \
    copyin(a) copyout(r0[0:G * W], r1[0:G * W], r2[0:G * W])
  for (int g = 0; g < G; g++) {
#pragma acc loop worker
    for (int w = 0; w < W; w++) {
      int s0 = 0, s1 = 0, s2 = 0;
#pragma acc loop vector reduction(+:s0, s1, s2)
      for (int k = 0; k < M; k++) {
        int x = a[(g * W + w) * M + k];
        s0 += x;
        s1 += x % 7;
        s2 += x & 3;
      }
      r0[g * W + w] = s0;
      r1[g * W + w] = s1;
      r2[g * W + w] = s2;
    }
  }
}

/* uneven: per gang the sum and the sum of squares over its workers' rows,
   the workers' vector loops reduced across the block. */
static void uneven(double *sum, double *sq)
{
#pragma acc parallel loop gang num_gangs(G) num_workers(2) vector_length(96) \
    copyin(a) copyout(sum[0:G], sq[0:G])
  for (int g = 0; g < G; g++) {
    double s = 0, q = 0;
#pragma acc loop worker reduction(+:s, q)
    for (int w = 0; w < W; w++) {
#pragma acc loop vector reduction(+:s)
      for (int k = 0; k < M; k++)
        s += a[(g * W + w) * M + k];
#pragma acc loop vector reduction(+:q)
      for (int k = 0; k < M; k++)
        q += (double)a[(g * W + w) * M + k] * a[(g * W + w) * M + k];
    }
    sum[g] = s;
    sq[g] = q;
  }
}

int main(void)
{
  static long long res[G * W];
  static int r0[G * W], r1[G * W], r2[G * W];
  static double sum[G], sq[G];
  for (int i = 0; i < G * W * M; i++)
    a[i] = (i * 37) % 101 - 20;
  rows(res);
  rows3(r0, r1, r2);
  uneven(sum, sq);
  for (int g = 0; g < G; g++) {
    double ws = 0, wq = 0;
    for (int w = 0; w < W; w++) {
      long long s = 0;
      int s0 = 0, s1 = 0, s2 = 0;
      for (int k = 0; k < M; k++) {
        int x = a[(g * W + w) * M + k];
        s += x, s0 += x, s1 += x % 7, s2 += x & 3;
        ws += x, wq += (double)x * x;
      }
      CHECK_INT("rows", res[g * W + w], s);
      CHECK_INT("rows3 sum", r0[g * W + w], s0);
      CHECK_INT("rows3 mod", r1[g * W + w], s1);
      CHECK_INT("rows3 bits", r2[g * W + w], s2);
    }
    CHECK_REAL("uneven sum", sum[g], ws, 0);
    CHECK_REAL("uneven squares", sq[g], wq, 0);
  }
  return e2e_done();
}
