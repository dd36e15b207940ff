/* implicit_reduction_cond.c — min and max written with a comparison:
 * `if (x > m) m = x;` and `err = MAX(err, fabs(...))` with MAX a `?:`
 * macro, as older C codes write them.  For doubles GCC cannot fold these
 * to MAX_EXPR (NaNs, signed zeros) and leaves control flow; NVHPC
 * recognizes them as max/min reductions.  accgpu did not: in `parallel`
 * the scalar stayed firstprivate (the host's value never changed: a
 * Jacobi error of 0, every device), and `kernels` ran the loop on one
 * thread.  Also: the operand order reversed (MIN(a[i], lo)), `>=`/`<=`,
 * an int MAX (folded to MAX_EXPR by GCC), a global, a gang loop around a
 * vector loop, and two that are not reductions (the value stored is not
 * the value compared; a scalar read elsewhere).  Against serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double g_hi;

static void test_parallel(const double *a, const int *b, int n)
{
  double m = -1e30, e = 0, lo = 1e30, lo2 = 1e30, ge = -1e30;
  int im = -5;
  g_hi = -1e30;
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:m\) */
  for (int i = 0; i < n; i++)
    if (a[i] > m)
      m = a[i];
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:e\) */
  for (int i = 0; i < n; i++)
    e = MAX(e, fabs(a[i]));
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(min:lo\) */
  for (int i = 0; i < n; i++)
    lo = MIN(a[i] * 2.0, lo);
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(min:lo2\) */
  for (int i = 0; i < n; i++) {
    double d = a[i] - 1.0;
    if (lo2 >= d)
      lo2 = d;
  }
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:ge\) */
  for (int i = 0; i < n; i++)
    if (a[i] + 3.0 >= ge)
      ge = a[i] + 3.0;
#pragma acc parallel loop copyin(b[0:n]) /* accgpu-expect-note: implicit reduction\(max:im\) */
  for (int i = 0; i < n; i++)
    im = MAX(im, b[i]);
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:g_hi\) */
  for (int i = 0; i < n; i++)
    g_hi = MAX(g_hi, a[i]);
  double wm = -1e30, we = 0, wlo = 1e30, wlo2 = 1e30, wge = -1e30, wg = -1e30;
  int wim = -5;
  for (int i = 0; i < n; i++) {
    wm = a[i] > wm ? a[i] : wm;
    we = MAX(we, fabs(a[i]));
    wlo = MIN(a[i] * 2.0, wlo);
    wlo2 = MIN(wlo2, a[i] - 1.0);
    wge = MAX(wge, a[i] + 3.0);
    wim = MAX(wim, b[i]);
    wg = MAX(wg, a[i]);
  }
  CHECK_REAL("if max", m, wm, 0);
  CHECK_REAL("MAX fabs", e, we, 0);
  CHECK_REAL("MIN reversed", lo, wlo, 0);
  CHECK_REAL("if >= min", lo2, wlo2, 0);
  CHECK_REAL("if >= max", ge, wge, 0);
  CHECK_INT("int MAX", im, wim);
  CHECK_REAL("global MAX", g_hi, wg, 0);
}

/* Jacobi sweep with the error in a gang loop around a vector loop. */
static void test_jacobi(int n)
{
  double *A = malloc(n * n * sizeof *A), *B = malloc(n * n * sizeof *B);
  for (int k = 0; k < n * n; k++)
    A[k] = B[k] = (k % 7 == 0) ? 1.0 : 0.0;
  double err = 0;
#pragma acc parallel loop copyin(A[0:n*n]) copy(B[0:n*n]) /* accgpu-expect-note: implicit reduction\(max:err\) */
  for (int j = 1; j < n - 1; j++) {
#pragma acc loop
    for (int i = 1; i < n - 1; i++) {
      B[j * n + i] = 0.25 * (A[j * n + i - 1] + A[j * n + i + 1] +
                             A[(j - 1) * n + i] + A[(j + 1) * n + i]);
      err = MAX(err, fabs(B[j * n + i] - A[j * n + i]));
    }
  }
  double want = 0;
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < n - 1; i++) {
      double v = 0.25 * (A[j * n + i - 1] + A[j * n + i + 1] +
                         A[(j - 1) * n + i] + A[(j + 1) * n + i]);
      want = MAX(want, fabs(v - A[j * n + i]));
    }
  CHECK_REAL("jacobi error", err, want, 0);
  free(A);
  free(B);
}

/* kernels: the dependence test takes the same forms as reductions. */
static void test_kernels(const double *a, int n)
{
  double m = -1e30, e = 0, lo = 1e30;
#pragma acc kernels copyin(a[0:n])
  {
    for (int i = 0; i < n; i++) /* accgpu-expect-note: reduction\(max:.m.\) */
      if (a[i] > m)
        m = a[i];
    for (int i = 0; i < n; i++) /* accgpu-expect-note: reduction\(max:.e.\) */
      e = MAX(e, fabs(a[i]));
    for (int i = 0; i < n; i++) /* accgpu-expect-note: reduction\(min:.lo.\) */
      lo = MIN(lo, a[i]);
  }
  double wm = -1e30, we = 0, wlo = 1e30;
  for (int i = 0; i < n; i++) {
    wm = MAX(wm, a[i]);
    we = MAX(we, fabs(a[i]));
    wlo = MIN(wlo, a[i]);
  }
  CHECK_REAL("kernels if max", m, wm, 0);
  CHECK_REAL("kernels MAX fabs", e, we, 0);
  CHECK_REAL("kernels MIN", lo, wlo, 0);
}

/* Not reductions: stored value differs from the compared one; a scalar
   also read elsewhere. kernels keeps them sequential (the serial answer),
   parallel keeps them firstprivate (the host's value). */
static void test_not_reductions(const double *a, const double *c, int n)
{
  double m = -1e30, k = -1e30, seen = -1e30;
  double out[1] = {0};
#pragma acc kernels copyin(a[0:n], c[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: loop not parallelized */
    if (a[i] > m)
      m = c[i];
#pragma acc parallel loop copyin(a[0:n], c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > k)
      k = c[i];
#pragma acc parallel num_gangs(1) vector_length(1) copyin(a[0:n]) copyout(out[0:1])
  {
#pragma acc loop seq
    for (int i = 0; i < n; i++)
      if (a[i] > seen)
        seen = a[i];
    out[0] = seen;
  }
  double wm = -1e30, ws = -1e30;
  for (int i = 0; i < n; i++) {
    if (a[i] > wm)
      wm = c[i];
    ws = MAX(ws, a[i]);
  }
  CHECK_REAL("kernels stored value differs", m, wm, 0);
  CHECK_REAL("parallel stored value differs: firstprivate", k, -1e30, 0);
  CHECK_REAL("read elsewhere: firstprivate", seen, -1e30, 0);
  CHECK_REAL("the region's own max", out[0], ws, 0);
}

int main(void)
{
  enum { N = 1000 };
  static double a[N], c[N];
  static int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = ((i * 37 + 11) % 101 - 50) * 0.75;
    c[i] = (i % 13) * 1.5;
    b[i] = (i * 53) % 97 - 40;
  }
  test_parallel(a, b, N);
  test_jacobi(40);
  test_kernels(a, N);
  test_not_reductions(a, c, N);
  return e2e_done();
}
