/* kernels_pointer_copies.c — `kernels` loops through local pointers copied
 * from another pointer (`double *x = a;`) or loaded from a struct member
 * (`double *restrict v = V->v;`).  The dependence test had kept all of them
 * sequential (a copy may point into any other array the loop reaches),
 * where NVHPC parallelizes them.  Now: a loop storing through no pointer
 * copy, or through one base only, is independent however its read-only
 * copies overlap (sums, max, a copy updated in place); a restrict local
 * set once is a distinct base (C11 6.7.3.1); two plain copies of one
 * array, one written and the other read, stay sequential
 * (plugin/passes/kernel-deps-walk.cc, kernel-deps-test.cc).  Against
 * serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

enum { N = 3000 };

typedef struct {
  int n;
  double *v;
} vec_t;

static void scale(vec_t *V)
{
  int n = V->n;
  double *restrict v = V->v;
#pragma acc kernels copy(v[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: loop parallelized across */
    v[i] *= 2.0;
}

static double sum(vec_t *V)
{
  int n = V->n;
  double *restrict v = V->v;
  double s = 0.0;
#pragma acc kernels copyin(v[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: loop parallelized across */
    s += v[i];
  return s;
}

/* A restrict copy written, another pointer read: distinct by restrict. */
static void axpy(vec_t *Y, const double *x, double a)
{
  int n = Y->n;
  double *restrict y = Y->v;
#pragma acc kernels copy(y[0:n]) copyin(x[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: loop parallelized across */
    y[i] = a * x[i] + y[i];
}

int main(void)
{
  double *a = malloc(N * sizeof *a), *r = malloc(N * sizeof *r);
  double *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = r[i] = (i % 17) * 0.5;
    b[i] = (i % 5) * 0.25;
  }

  /* A read-only copy: a sum (implicit reduction). */
  double total = 0.0, want = 0.0;
  double *x = a;
#pragma acc data copy(a[0:N])
  {
#pragma acc kernels present(x[0:N])
    for (int i = 0; i < N; i++) /* accgpu-expect-note: loop parallelized across */
      total += x[i];
  }
  for (int i = 0; i < N; i++)
    want += a[i];
  CHECK_REAL("sum through x = a", total, want, 1e-12);

  /* Two read-only copies into one array (overlapping): a max. */
  double m = -1.0, wm = -1.0;
  double *p0 = a, *p1 = a + 1;
#pragma acc data copyin(a[0:N])
  {
#pragma acc kernels present(p0[0:N - 1], p1[0:N - 1])
    for (int i = 0; i < N - 1; i++) { /* accgpu-expect-note: loop parallelized across */
      double t = p0[i] * p1[i];
      if (t > m)
        m = t;
    }
  }
  for (int i = 0; i < N - 1; i++)
    if (a[i] * a[i + 1] > wm)
      wm = a[i] * a[i + 1];
  CHECK_REAL("max through a, a + 1", m, wm, 0);

  /* One copy, stored through and read at the same element only. */
  double *w = b;
#pragma acc data copy(b[0:N])
  {
#pragma acc kernels present(w[0:N])
    for (int i = 0; i < N; i++) /* accgpu-expect-note: loop parallelized across */
      w[i] = w[i] * 2.0 + 1.0;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("w = b updated", b[i], (i % 5) * 0.25 * 2.0 + 1.0, 0);

  /* Struct members through restrict locals. */
  vec_t V = {N, malloc(N * sizeof(double))};
  for (int i = 0; i < N; i++)
    V.v[i] = i % 11;
  scale(&V);
  double s = sum(&V), ws = 0.0;
  for (int i = 0; i < N; i++) {
    CHECK_REAL("scale", V.v[i], (i % 11) * 2.0, 0);
    ws += V.v[i];
  }
  CHECK_REAL("sum of V->v", s, ws, 1e-12);
  axpy(&V, b, 3.0);
  for (int i = 0; i < N; i++)
    CHECK_REAL("axpy", V.v[i], 3.0 * b[i] + (i % 11) * 2.0, 1e-12);

  /* Unsafe: two plain copies of one array, one written at i and the
     other read at i + 1 (and a recurrence: written at i + 1, read at i):
     sequential, in order. */
  double *q = a, *u = a;
  for (int i = 0; i < N; i++)
    a[i] = r[i] = (i % 7) * 1.0;
#pragma acc data copy(a[0:N])
  {
#pragma acc kernels present(q[0:N], u[0:N])
    for (int i = 0; i < N - 1; i++) /* accgpu-expect-note: .q. and .u. may point to the same memory \(a local pointer */
      q[i] = u[i + 1] + 0.5;
#pragma acc kernels present(q[0:N], u[0:N])
    for (int i = 0; i < N - 1; i++) /* accgpu-expect-note: not parallelized */
      q[i + 1] = u[i] * 0.5 + 1.0;
  }
  for (int i = 0; i < N - 1; i++)
    r[i] = r[i + 1] + 0.5;
  for (int i = 0; i < N - 1; i++)
    r[i + 1] = r[i] * 0.5 + 1.0;
  for (int i = 0; i < N; i++)
    CHECK_REAL("q, u = a", a[i], r[i], 1e-12);

  free(V.v);
  free(a);
  free(r);
  free(b);
  return e2e_done();
}
