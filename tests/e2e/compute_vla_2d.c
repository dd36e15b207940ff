/* compute_vla_2d.c — multi-dimensional variable-length arrays in compute
 * regions: local `double a[n][m]` and `a[n][m][k]` (implicit and explicit
 * clauses), malloc'ed pointers to VLA rows `double (*p)[m]` (sections,
 * data region with present), VLA function parameters `a[n][m]` (also of
 * device routines) and sizeof of a VLA in a region.  The
 * row strides are run-time values; results are checked against serial
 * loops on the host. */
#include <stdlib.h>

#include "e2e.h"

#pragma acc routine seq
static double f(int i, int j) { return i * 1000.0 + j; }

static void params(int n, int m, double a[n][m], const double b[n][m])
{
#pragma acc parallel loop collapse(2) copy(a[0:n][0:m]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += 2 * b[i][j];
}

/* parameters present from the caller's data region */
static void transpose(int n, int m, const double a[n][m], double t[m][n])
{
#pragma acc parallel loop present(a[0:n], t[0:m])
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      t[j][i] = a[i][j];
}

static void local2d(int n, int m)
{
  double a[n][m], b[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i][j] = f(i, j);
      b[i][j] = -1;
    }
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[i][j] + (j > 0 ? a[i][j - 1] : 0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("local2d implicit", b[i][j], f(i, j) + (j ? f(i, j - 1) : 0),
                 0);

#pragma acc parallel loop collapse(2) copyin(a) copy(b[1:n - 2])
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[i + 1][j] - a[i - 1][j];
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("local2d section", b[i][j], 2000, 0);

  params(n, m, b, a);
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("params", b[i][j], 2000 + 2 * f(i, j), 0);
}

#pragma acc routine seq
static double rowsum(int m, const double r[m])
{
  double s = 0;
  for (int j = 0; j < m; j++)
    s += r[j];
  return s;
}

#pragma acc routine seq
static void scale_row(int n, int m, double a[n][m], int i)
{
  for (int j = 0; j < m; j++)
    a[i][j] *= j;
}

/* a pointer-to-VLA-row local of a routine (its size temporaries are
   computed on the device) */
#pragma acc routine seq
static double corner(int n, int m, const double *x)
{
  const double (*r)[m] = (const double (*)[m])x;
  return r[n - 1][m - 1] + sizeof(*r);
}

/* VLA rows passed to device routines; sizeof of a VLA on the device */
static void routines(int n, int m)
{
  double a[n][m], s[n], c[n];
  long sz[n];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = f(i, j);
#pragma acc parallel loop copy(a) copyout(s, sz, c)
  for (int i = 0; i < n; i++) {
    c[i] = corner(i + 1, m, &a[0][0]);
    scale_row(n, m, a, i);
    s[i] = rowsum(m, a[i]);
    sz[i] = sizeof(a[i]) + sizeof a;
  }
  for (int i = 0; i < n; i++) {
    double want = 0;
    for (int j = 0; j < m; j++) {
      CHECK_REAL("routine scale_row", a[i][j], f(i, j) * j, 0);
      want += f(i, j) * j;
    }
    CHECK_REAL("routine rowsum", s[i], want, 0);
    CHECK_REAL("routine corner", c[i], f(i, m - 1) + sizeof(double) * m, 0);
    CHECK_INT("sizeof", sz[i], (long)sizeof(double) * m * (n + 1));
  }
}

static void local3d(int n, int m, int k)
{
  double a[n][m][k];
#pragma acc parallel loop collapse(2) copyout(a)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        a[i][j][l] = i * 10000 + j * 100 + l;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        CHECK_REAL("local3d", a[i][j][l], i * 10000 + j * 100 + l, 0);

  double s = 0;
#pragma acc kernels loop reduction(+ : s) copyin(a)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j][k - 1] - a[i][j][0];
  CHECK_REAL("local3d sum", s, (double)n * m * (k - 1), 0);
}

static void rows(int n, int m)
{
  double (*p)[m] = malloc(sizeof(double[n][m]));
  double (*t)[n] = malloc(sizeof(double[m][n]));
  if (!p || !t)
    abort();
#pragma acc parallel loop copyout(p[0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      p[i][j] = f(i, j);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("rows copyout", p[i][j], f(i, j), 0);

#pragma acc data copyin(p[0:n]) copyout(t[0:m])
  {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        p[i][j] *= 2;
    transpose(n, m, p, t);
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      CHECK_REAL("rows transpose", t[j][i], 2 * f(i, j), 0);
      CHECK_REAL("rows host copy", p[i][j],
                 e2e_separate_memory() ? f(i, j) : 2 * f(i, j), 0);
    }
  free(p);
  free(t);
}

int main(void)
{
  local2d(3, 4);
  local2d(37, 61);
  local3d(2, 3, 5);
  local3d(9, 17, 33);
  routines(1, 3);
  routines(23, 45);
  rows(1, 1);
  rows(41, 129);
  return e2e_done();
}
