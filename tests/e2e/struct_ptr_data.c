/* struct_ptr_data.c — structs holding pointers under a data construct, as
 * mesh/CSR codes map them: `data copyin(s) copy(s.a[0:s.n])`, the struct and
 * its member in one clause, create/copyout members, present(s) with
 * present(s.b[0:n]) on a compute construct, a struct pointer
 * `copyin(p[0:1]) copyin(p->a[0:n])`, and `present(s)` in a compute construct
 * of the region reading the member through the struct (the device copy of
 * s.a is attached to the device array). Against serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
  double *b;
  double w;
} field;

typedef struct {
  int nrows;
  int *rowptr;
  int *col;
  double *val;
} csr;

int main(void)
{
  enum { N = 400 };
  field s = {N, malloc(N * sizeof(double)), malloc(N * sizeof(double)), 2.5};
  for (int i = 0; i < N; i++)
    s.a[i] = i, s.b[i] = 1;

  /* struct and member in separate clauses, member copied back */
#pragma acc data copyin(s) copy(s.a[0:s.n])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.n; i++)
      s.a[i] = s.w * s.a[i] + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyin(s) copy(s.a)", s.a[i], 2.5 * i + 1, 0);

  /* struct and member in one clause, create; present(s) with a member */
#pragma acc data copyin(s, s.b[0:N]) create(s.a[0:N])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.n; i++)
      s.a[i] = s.b[i] * i;
#pragma acc parallel loop present(s) present(s.b[0:N])
    for (int i = 0; i < s.n; i++)
      s.b[i] = s.a[i] + s.w;
#pragma acc update self(s.b[0:N])
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("create(s.a), present(s) present(s.b)", s.b[i], i + 2.5, 0);

  /* struct pointer */
  field *p = &s;
#pragma acc data copyin(p[0:1]) copyin(p->b[0:p->n]) copyout(p->a[0:p->n])
  {
#pragma acc parallel loop present(p[0:1])
    for (int i = 0; i < p->n; i++)
      p->a[i] = p->b[i] * p->w;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyin(p[0:1]) copyout(p->a)", s.a[i], (i + 2.5) * 2.5, 0);

  /* members on both sides of the struct in the clauses, s already present
     (GCC 12 sizes s one byte too many there) */
#pragma acc data copyin(s)
#pragma acc data copy(s.a[0:N], s) copyin(s.b[0:N])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < p->n; i++)
      s.a[i] += s.b[i];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("copy(s.a, s) copyin(s.b)", s.a[i], (i + 2.5) * 3.5, 0);

  /* CSR matrix-vector product */
  csr m = {N, malloc((N + 1) * sizeof(int)), malloc(3 * N * sizeof(int)),
           malloc(3 * N * sizeof(double))};
  int nnz = 0;
  for (int r = 0; r < N; r++) {
    m.rowptr[r] = nnz;
    for (int c = r - 1; c <= r + 1; c++)
      if (c >= 0 && c < N) {
        m.col[nnz] = c;
        m.val[nnz++] = r == c ? 4.0 : -1.0;
      }
  }
  m.rowptr[N] = nnz;
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = i % 7;
#pragma acc data copyin(m, m.rowptr[0:m.nrows+1], m.col[0:nnz], m.val[0:nnz]) \
    copyin(x[0:N]) copyout(y[0:N])
  {
#pragma acc parallel loop present(m)
    for (int r = 0; r < m.nrows; r++) {
      double t = 0;
      for (int k = m.rowptr[r]; k < m.rowptr[r + 1]; k++)
        t += m.val[k] * x[m.col[k]];
      y[r] = t;
    }
  }
  for (int r = 0; r < N; r++) {
    double t = 0;
    for (int k = m.rowptr[r]; k < m.rowptr[r + 1]; k++)
      t += m.val[k] * x[m.col[k]];
    CHECK_REAL("csr spmv", y[r], t, 0);
  }
  free(m.rowptr), free(m.col), free(m.val), free(x), free(y);
  free(s.a), free(s.b);
  return e2e_done();
}
