/* A CSR product in `kernels` with no loop directives: the inner loop's
 * bounds are loads (for (k = rp[i]; k < rp[i + 1]; k++)).  The plain-loop
 * matcher took only values as bounds, so the inner loop was no loop to
 * the dependence test, its back jump made the body unanalysable and the
 * row loop ran sequentially (the same nest with bare `loop` directives was
 * parallel).  Inner loops may have loads as bounds now (KD_MATCH_INNER):
 * the row loop goes on gangs, once, where a row loop storing through a
 * row's column (y[col[k]]) stays sequential. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#include <stdlib.h>

#define N 500

static void spmv(int n, const int *restrict rp, const int *restrict col,
                 const double *restrict val, const double *restrict x,
                 double *restrict y, int nnz)
{
#pragma acc kernels copyin(rp[0:n+1], col[0:nnz], val[0:nnz], x[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++) { /* accgpu-expect-note: parallelized across gangs */
    double s = 0;
    for (int k = rp[i]; k < rp[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

/* The transpose product scatters into y: rows share columns. */
static void spmv_t(int n, const int *restrict rp, const int *restrict col,
                   const double *restrict val, const double *restrict x,
                   double *restrict y, int nnz)
{
#pragma acc kernels copyin(rp[0:n+1], col[0:nnz], val[0:nnz], x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: runs sequentially */
    for (int k = rp[i]; k < rp[i + 1]; k++)
      y[col[k]] += val[k] * x[i];
}

int main(void) {
  int nnz = 0;
  int *rp = malloc((N + 1) * sizeof *rp), *col = malloc(N * 5 * sizeof *col);
  double *val = malloc(N * 5 * sizeof *val), *x = malloc(N * sizeof *x);
  double *y = malloc(N * sizeof *y), *yt = calloc(N, sizeof *yt);
  double *want = calloc(N, sizeof *want);
  for (int i = 0; i < N; i++) {
    rp[i] = nnz;
    for (int j = 0; j < i % 5 + 1; j++, nnz++) {
      col[nnz] = (i * 7 + j * 13) % N;
      val[nnz] = 1 + nnz % 3;
    }
    x[i] = i % 11;
  }
  rp[N] = nnz;
  spmv(N, rp, col, val, x, y, nnz);
  spmv_t(N, rp, col, val, x, yt, nnz);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = rp[i]; k < rp[i + 1]; k++) {
      s += val[k] * x[col[k]];
      want[col[k]] += val[k] * x[i];
    }
    CHECK_REAL("y", y[i], s, 0);
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("yt", yt[i], want[i], 0);
  free(rp), free(col), free(val), free(x), free(y), free(yt), free(want);
  return e2e_done();
}
