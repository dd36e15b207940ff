/* compute_routines.c — routine vector and worker bodies are partitioned
 * across the calling gang's threads: vector loops with a reduction, a
 * store outside the loops done once per call, a worker routine calling a
 * vector routine; a routine seq calling another routine. */
#include "e2e.h"

#define R 50
#define C 300

#pragma acc routine seq
static int sq(int x) { return x * x; }

#pragma acc routine seq
static int sumsq3(int a, int b, int c) { return sq(a) + sq(b) + sq(c); }

#pragma acc routine vector
static double scale_row(double *row, int n, int *calls) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int j = 0; j < n; j++) {
    row[j] = row[j] * 2 + sumsq3(j, 1, -1);
    s += row[j];
  }
  calls[0] += 1; /* once per call, not once per vector lane */
  return s;
}

#pragma acc routine worker
static void rows(double *m, int nrows, double *sums, int *calls) {
#pragma acc loop worker
  for (int r = 0; r < nrows; r++)
    sums[r] = scale_row(&m[r * C], C, &calls[r]);
}

static double m[R * C], rm[R * C], sums[R], rsums[R];
static int calls[R], rcalls[R];

static double ref_row(double *row, int n, int *c) {
  double s = 0;
  for (int j = 0; j < n; j++) {
    row[j] = row[j] * 2 + (j * j + 2);
    s += row[j];
  }
  c[0] += 1;
  return s;
}

int main(void) {
  for (int i = 0; i < R * C; i++)
    m[i] = rm[i] = (i % 17) * 0.5;
#pragma acc parallel loop gang vector_length(64) copy(m, calls) copyout(sums)
  for (int r = 0; r < R; r++)
    sums[r] = scale_row(&m[r * C], C, &calls[r]);
  for (int r = 0; r < R; r++)
    rsums[r] = ref_row(&rm[r * C], C, &rcalls[r]);
  for (int r = 0; r < R; r++) {
    CHECK_REAL("vector routine sum", sums[r], rsums[r], 1e-12);
    CHECK_INT("vector routine calls", calls[r], rcalls[r]);
  }

#pragma acc parallel num_gangs(5) num_workers(4) copy(m, calls) copyout(sums)
  {
#pragma acc loop gang
    for (int blk = 0; blk < 5; blk++)
      rows(&m[blk * 10 * C], 10, &sums[blk * 10], &calls[blk * 10]);
  }
  for (int r = 0; r < R; r++)
    rsums[r] = ref_row(&rm[r * C], C, &rcalls[r]);
  for (int i = 0; i < R * C; i++)
    CHECK_REAL("worker routine data", m[i], rm[i], 1e-12);
  for (int r = 0; r < R; r++) {
    CHECK_REAL("worker routine sum", sums[r], rsums[r], 1e-9);
    CHECK_INT("worker routine calls", calls[r], rcalls[r]);
  }
  return e2e_done();
}
