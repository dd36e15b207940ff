/* real6_dup_items.c — one array in two data clauses of a directive whose
 * other items differ, as a sparse matrix-vector code built with pgcc
 * writes it: `data copyin(m[0:1], m->val[0:nnz], ..., x[0:n], y[0:n])
 * copyout(y[0:n])`.  PGI and NVHPC take it (y is copied in and out); GCC
 * 12 said "'y' appears more than once in data clauses" and accgpu merged
 * only clauses with the same whole list.  Now an item also named by a later
 * clause moves there, and that clause does both: here y gets copy, the
 * rest of each list stays as written (an array in three clauses, an item
 * between others, a clause left with no item, a compute construct's
 * clauses).  The same code's kernel says `present(m, m->n, m->row, ...)`:
 * GCC said "'m' appears more than once" for each member; with m's struct
 * present its members are, and they leave the list.  Every result is
 * checked against the same loops run serially. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n, nnz;
  int *row;
  int *col;
  double *val;
} csr;

static csr *make(int n) {
  csr *m = malloc(sizeof *m);
  m->n = n;
  m->row = malloc((n + 1) * sizeof(int));
  m->col = malloc(3 * n * sizeof(int));
  m->val = malloc(3 * n * sizeof(double));
  int k = 0;
  for (int i = 0; i < n; i++) {
    m->row[i] = k;
    for (int d = -1; d <= 1; d++)
      if (i + d >= 0 && i + d < n) {
        m->col[k] = i + d;
        m->val[k++] = d == 0 ? 2.5 : -1.0 + 0.01 * i;
      }
  }
  m->row[n] = k;
  m->nnz = k;
  return m;
}

static void spmv_serial(const csr *m, const double *x, double *y) {
  for (int i = 0; i < m->n; i++) {
    double s = 0;
    for (int k = m->row[i]; k < m->row[i + 1]; k++)
      s += m->val[k] * x[m->col[k]];
    y[i] = s + y[i] * 0.5;
  }
}

int main(void) {
  enum { N = 200, IT = 3 };
  csr *m = make(N);
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  double *wx = malloc(N * sizeof *wx), *wy = malloc(N * sizeof *wy);
  for (int i = 0; i < N; i++) {
    x[i] = wx[i] = 1.0 + i % 7;
    y[i] = wy[i] = 0.25 * i;
  }
  for (int t = 0; t < IT; t++)
    spmv_serial(m, wx, wy);

  /* y between other items in the first clause, alone in the second */
#pragma acc data copyin(m[0:1], m->row[0:N + 1], y[0:N], m->col[0:m->nnz], m->val[0:m->nnz], x[0:N]) copyout(y[0:N])
  for (int t = 0; t < IT; t++) {
#pragma acc parallel loop present(m, m->n, m->row, m->col, m->val, x[0:N], y[0:N])
    for (int i = 0; i < m->n; i++) {
      double s = 0;
      for (int k = m->row[i]; k < m->row[i + 1]; k++)
        s += m->val[k] * x[m->col[k]];
      y[i] = s + y[i] * 0.5;
    }
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("y", y[i], wy[i], 1e-12);

  /* on a compute construct: x in three clauses, z's create and copyout */
  double z[N], wz[N];
  for (int i = 0; i < N; i++) {
    wz[i] = wx[i] * 2 + 1;
    wx[i] = wx[i] + 1;
  }
#pragma acc parallel loop copyin(x[0:N]) create(z[0:N], x[0:N]) copyout(x[0:N], z[0:N])
  for (int i = 0; i < N; i++) {
    z[i] = x[i] * 2 + 1;
    x[i] = x[i] + 1;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("x", x[i], wx[i], 0);
    CHECK_REAL("z", z[i], wz[i], 0);
  }
  return e2e_done();
}
