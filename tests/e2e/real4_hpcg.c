/* real4_hpcg.c — miniFE/HPCG shapes as their OpenACC C ports write them: a
 * sparse matrix struct (`typedef struct { int nrows; int *row_ptr; int
 * *cols; double *vals; double *diag; } SparseMatrix;`) put on the device by
 * `enter data copyin(A)` then `copyin(A->vals[0:nnz])` (attach), a CSR
 * SpMV whose row loop is `parallel loop gang vector` with a `loop seq`
 * inner product, dot products as reductions into a local that the caller
 * reads, `waxpby` (w = alpha x + beta y) launched `async(1)` and
 * `async(2)` on two vectors at once and joined by `wait(1, 2) if(on)` (the
 * wait directive's `if` clause, which GCC 12's parser rejected), a
 * symmetric Gauss-Seidel smoother whose row loop is `loop seq` inside a
 * `parallel` (one gang, the sweep forward then backward, as ports that keep
 * it exact do), and a CG iteration using all of them under one `data`
 * region. Against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
  int nrows, nnz;
  int *row_ptr, *cols;
  double *vals, *diag;
} SparseMatrix;

#define NXG 12
#define NROWS (NXG * NXG * NXG)

static void generate(SparseMatrix *A)
{
  int n = NROWS;
  A->nrows = n;
  A->row_ptr = malloc((n + 1) * sizeof(int));
  A->cols = malloc(27 * n * sizeof(int));
  A->vals = malloc(27 * n * sizeof(double));
  A->diag = malloc(n * sizeof(double));
  int nnz = 0;
  A->row_ptr[0] = 0;
  for (int iz = 0; iz < NXG; iz++)
    for (int iy = 0; iy < NXG; iy++)
      for (int ix = 0; ix < NXG; ix++) {
        int row = (iz * NXG + iy) * NXG + ix;
        for (int dz = -1; dz <= 1; dz++)
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
              int x = ix + dx, y = iy + dy, z = iz + dz;
              if (x < 0 || y < 0 || z < 0 || x >= NXG || y >= NXG || z >= NXG)
                continue;
              int col = (z * NXG + y) * NXG + x;
              A->cols[nnz] = col;
              A->vals[nnz] = col == row ? 26.0 : -1.0;
              if (col == row)
                A->diag[row] = 26.0;
              nnz++;
            }
        A->row_ptr[row + 1] = nnz;
      }
  A->nnz = nnz;
}

static void spmv(const SparseMatrix *restrict A, const double *restrict x,
                 double *restrict y, int on)
{
  const int nrows = A->nrows;
  const int *restrict row_ptr = A->row_ptr, *restrict cols = A->cols;
  const double *restrict vals = A->vals;
#pragma acc parallel loop gang vector present(row_ptr, cols, vals, x, y) \
    if(on)
  for (int i = 0; i < nrows; i++) {
    double sum = 0.0;
#pragma acc loop seq
    for (int j = row_ptr[i]; j < row_ptr[i + 1]; j++)
      sum += vals[j] * x[cols[j]];
    y[i] = sum;
  }
}

static double dot(int n, const double *restrict x, const double *restrict y,
                  int on)
{
  double local = 0.0;
#pragma acc parallel loop present(x[0:n], y[0:n]) reduction(+:local) if(on)
  for (int i = 0; i < n; i++)
    local += x[i] * y[i];
  return local;
}

static void waxpby(int n, double alpha, const double *restrict x,
                   double beta, const double *restrict y,
                   double *restrict w, int q, int on)
{
  if (alpha == 1.0) {
#pragma acc parallel loop present(x[0:n], y[0:n], w[0:n]) async(q) if(on)
    for (int i = 0; i < n; i++)
      w[i] = x[i] + beta * y[i];
  } else {
#pragma acc parallel loop present(x[0:n], y[0:n], w[0:n]) async(q) if(on)
    for (int i = 0; i < n; i++)
      w[i] = alpha * x[i] + beta * y[i];
  }
}

static void symgs(const SparseMatrix *A, const double *r, double *x, int on)
{
  const int nrows = A->nrows;
  const int *row_ptr = A->row_ptr, *cols = A->cols;
  const double *vals = A->vals, *diag = A->diag;
#pragma acc parallel num_gangs(1) vector_length(1) \
    present(row_ptr, cols, vals, diag, r, x) if(on)
  {
#pragma acc loop seq
    for (int i = 0; i < nrows; i++) {
      double sum = r[i];
      for (int j = row_ptr[i]; j < row_ptr[i + 1]; j++)
        sum -= vals[j] * x[cols[j]];
      sum += x[i] * diag[i];
      x[i] = sum / diag[i];
    }
#pragma acc loop seq
    for (int i = nrows - 1; i >= 0; i--) {
      double sum = r[i];
      for (int j = row_ptr[i]; j < row_ptr[i + 1]; j++)
        sum -= vals[j] * x[cols[j]];
      sum += x[i] * diag[i];
      x[i] = sum / diag[i];
    }
  }
}

/* preconditioned CG; returns the final residual norm */
static double cg(SparseMatrix *A, const double *b, double *x, double *res,
                 int on)
{
  const int n = A->nrows;
  double *r = malloc(n * sizeof(double)), *z = malloc(n * sizeof(double));
  double *p = malloc(n * sizeof(double)), *Ap = malloc(n * sizeof(double));
  double rtz, rtz_old, alpha, normr = 0;
  const int nnz = A->nnz;
  if (on) {
#pragma acc enter data copyin(A[0:1])
#pragma acc enter data copyin(A->row_ptr[0:n+1], A->cols[0:nnz], \
    A->vals[0:nnz], A->diag[0:n])
  }
#pragma acc data copyin(b[0:n]) copy(x[0:n]) create(r[0:n], z[0:n], p[0:n], \
    Ap[0:n]) if(on)
  {
    spmv(A, x, Ap, on);
    waxpby(n, 1.0, b, -1.0, Ap, r, 1, on);
#pragma acc wait(1) if(on)
    normr = sqrt(dot(n, r, r, on));
    res[0] = normr;
    rtz = 0;
    for (int k = 1; k <= 6; k++) {
#pragma acc parallel loop present(z[0:n]) if(on)
      for (int i = 0; i < n; i++)
        z[i] = 0.0;
      symgs(A, r, z, on);
      if (k == 1) {
        waxpby(n, 1.0, z, 0.0, z, p, 1, on);
#pragma acc wait(1) if(on)
        rtz = dot(n, r, z, on);
      } else {
        rtz_old = rtz;
        rtz = dot(n, r, z, on);
        double beta = rtz / rtz_old;
        waxpby(n, 1.0, z, beta, p, p, 1, on);
#pragma acc wait(1) if(on)
      }
      spmv(A, p, Ap, on);
      double pAp = dot(n, p, Ap, on);
      alpha = rtz / pAp;
      waxpby(n, 1.0, x, alpha, p, x, 1, on);
      waxpby(n, 1.0, r, -alpha, Ap, r, 2, on);
#pragma acc wait(1, 2) if(on)
      normr = sqrt(dot(n, r, r, on));
      res[k] = normr;
    }
  }
  if (on) {
#pragma acc exit data delete(A->row_ptr[0:n+1], A->cols[0:nnz], \
    A->vals[0:nnz], A->diag[0:n])
#pragma acc exit data delete(A[0:1])
  }
  free(r); free(z); free(p); free(Ap);
  return normr;
}

int main(void)
{
  SparseMatrix A;
  generate(&A);
  int n = A.nrows;
  double *b = malloc(n * sizeof(double));
  double *x1 = calloc(n, sizeof(double)), *x2 = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++)
    b[i] = 26.0 - (A.row_ptr[i + 1] - A.row_ptr[i] - 1);
  double r1[7], r2[7];
  double f1 = cg(&A, b, x1, r1, 1);
  double f2 = cg(&A, b, x2, r2, 0);
  CHECK_REAL("hpcg final residual", f1, f2, 1e-9);
  for (int k = 0; k < 7; k++)
    CHECK_REAL("hpcg residual", r1[k], r2[k], 1e-9);
  for (int i = 0; i < n; i++)
    CHECK_REAL("hpcg x", x1[i], x2[i], 1e-9);
  CHECK_TRUE("hpcg converges", f2 < r2[0] * 1e-3);
  return e2e_done();
}
