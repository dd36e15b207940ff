/* real_loop_forms.c — the loop shapes application codes write inside
 * compute regions: `int`, `unsigned`, `size_t` and `long` induction
 * variables, negative steps with `>=` and `>` bounds, `<=` bounds, steps
 * of 2 and 3, a loop index declared outside the region, `kernels`
 * regions with several nests and scalar code between them, `while` loops
 * inside kernels, `loop seq` inside a gang loop carrying a recurrence,
 * `default(present)` under a data region, `firstprivate` arrays. Each
 * against the same code run serially. */
#include "e2e.h"
#include <stddef.h>

#define N 301

static double a[N], b[N], c[N], r[N];

static void reset(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = i * 0.5;
    b[i] = (i % 7) - 3;
    c[i] = r[i] = 0;
  }
}

static void index_types(void)
{
  size_t n = N;
  long ln = N;
  unsigned un = N;
  reset();
#pragma acc parallel loop copyin(a, b) copy(c)
  for (size_t i = 0; i < n; i++)
    c[i] = a[i] + b[i];
#pragma acc parallel loop copyin(a) copy(c)
  for (long i = ln - 1; i >= 0; i--)
    c[i] += a[i] * 2;
#pragma acc parallel loop copyin(b) copy(c)
  for (unsigned i = 0; i < un; i += 2)
    c[i] -= b[i];
#pragma acc parallel loop copy(c)
  for (int i = N - 1; i > 0; i -= 3)
    c[i] += 100;
#pragma acc parallel loop copy(c)
  for (int i = 1; i <= N - 2; i++)
    c[i] += 0.25;
  for (int i = 0; i < N; i++) {
    r[i] = a[i] + b[i] + a[i] * 2;
    if (i % 2 == 0)
      r[i] -= b[i];
    if (i > 0 && (N - 1 - i) % 3 == 0)
      r[i] += 100;
    if (i >= 1 && i <= N - 2)
      r[i] += 0.25;
    CHECK_REAL("index types and steps", c[i], r[i], 0);
  }
}

static void outer_index(void)
{
  int i, j;
  static double m[40][50];
#pragma acc parallel loop private(j) copyout(m)
  for (i = 0; i < 40; i++)
    for (j = 49; j >= 0; j--)
      m[i][j] = i * 100 + j;
  for (i = 0; i < 40; i++)
    for (j = 0; j < 50; j++)
      CHECK_REAL("index declared outside", m[i][j], i * 100 + j, 0);
}

/* A kernels region with scalar code between its nests. */
static double kernels_sequence(int n, double *x, double *y)
{
  double s = 0;
#pragma acc kernels copy(x[0:n], y[0:n])
  {
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 2;
    double half = x[n / 2];
    for (int i = 0; i < n; i++)
      y[i] = x[i] - half;
    int k = 0;
    while (k < n) {
      y[k] += 1;
      k += 10;
    }
    for (int i = 0; i < n; i++)
      s += y[i];
  }
  return s;
}

static void test_kernels_sequence(void)
{
  reset();
  double s = kernels_sequence(N, a, b);
  double rs = 0, ra[N], rb[N];
  for (int i = 0; i < N; i++)
    ra[i] = i * 0.5 * 2;
  for (int i = 0; i < N; i++)
    rb[i] = ra[i] - ra[N / 2] + (i % 10 == 0);
  for (int i = 0; i < N; i++)
    rs += rb[i];
  CHECK_REAL("kernels: sum", s, rs, 1e-12);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("kernels: x", a[i], ra[i], 0);
    CHECK_REAL("kernels: y", b[i], rb[i], 0);
  }
}

/* A recurrence along each row: loop seq inside a gang loop, with a while
   loop counting down inside a vector loop. */
static void recurrences(int rows, int cols, double *g, int *cnt)
{
#pragma acc data copy(g[0:rows*cols]) copyout(cnt[0:rows*cols])
  {
#pragma acc parallel loop gang default(present)
    for (int i = 0; i < rows; i++) {
#pragma acc loop seq
      for (int j = 1; j < cols; j++)
        g[i * cols + j] += 0.5 * g[i * cols + j - 1];
    }
#pragma acc parallel loop gang vector collapse(2) default(present)
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        int v = i * cols + j, n = 0;
        while (v > 1) {
          v = v % 2 ? 3 * v + 1 : v / 2;
          n++;
        }
        cnt[i * cols + j] = n;
      }
  }
}

static void test_recurrences(void)
{
  enum { R = 20, C = 30 };
  static double g[R * C], rg[R * C];
  static int cnt[R * C];
  for (int i = 0; i < R * C; i++)
    g[i] = rg[i] = (i % 5) * 0.5;
  recurrences(R, C, g, cnt);
  for (int i = 0; i < R; i++)
    for (int j = 1; j < C; j++)
      rg[i * C + j] += 0.5 * rg[i * C + j - 1];
  for (int i = 0; i < R * C; i++) {
    CHECK_REAL("loop seq recurrence", g[i], rg[i], 0);
    int v = i, n = 0;
    while (v > 1) {
      v = v % 2 ? 3 * v + 1 : v / 2;
      n++;
    }
    CHECK_INT("while loop in kernel", cnt[i], n);
  }
}

/* firstprivate arrays: each gang starts from the host's values. */
static void test_firstprivate_array(void)
{
  double coef[4] = {1, -2, 3, -4};
  int offs[3] = {0, 1, 2};
  reset();
#pragma acc parallel loop firstprivate(coef, offs) copyin(a) copyout(c)
  for (int i = 0; i < N - 2; i++) {
    c[i] = coef[1] * a[i + offs[0]] + coef[2] * a[i + offs[1]] +
           coef[3] * a[i + offs[2]];
  }
  for (int i = 0; i < N - 2; i++)
    CHECK_REAL("firstprivate array", c[i],
               -2 * a[i] + 3 * a[i + 1] - 4 * a[i + 2], 0);
}

int main(void)
{
  index_types();
  outer_index();
  test_kernels_sequence();
  test_recurrences();
  test_firstprivate_array();
  return e2e_done();
}
