/* real5_vla_grids.c — C99 grid codes (MG-style smoothers, SNU NPB's
 * `double (*u)[n2][n1] = (double (*)[n2][n1])ou;` casts) with data clauses
 * on sections of arrays whose rows have a variable size: whole grids
 * (`copyin(r[0:n3][0:n2][0:n1])`), one plane (`copy(u[k][0:n2][0:n1])`,
 * `u[k:1][0:n2][0:n1]`), part of a plane (`copyin(r[2:1][1:2][0:n1])`:
 * contiguous, the range before it has length 1), part of a row
 * (`copyout(t[k][j][1:n1-2])`), a VLA parameter `double a[n][m]` and a
 * local VLA. These sections are contiguous and map as one block (the
 * run-time check of plugin/section-shapes.cc lets them through). The VLA
 * pointer casts are made inside the compute region too. Against the same
 * code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

static void psinv(void *or_, void *ou, int n1, int n2, int n3, double c0,
                  double c1)
{
  double (*r)[n2][n1] = (double (*)[n2][n1])or_;
  double (*u)[n2][n1] = (double (*)[n2][n1])ou;
#pragma acc parallel loop collapse(2) copyin(r[0:n3][0:n2][0:n1]) \
    copy(u[0:n3][0:n2][0:n1])
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++) {
      double r1[32];
#pragma acc loop vector
      for (int i1 = 0; i1 < n1; i1++)
        r1[i1] = r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1] + r[i3 - 1][i2][i1] +
                 r[i3 + 1][i2][i1];
#pragma acc loop vector
      for (int i1 = 1; i1 < n1 - 1; i1++)
        u[i3][i2][i1] += c0 * r[i3][i2][i1] +
                         c1 * (r[i3][i2][i1 - 1] + r[i3][i2][i1 + 1] + r1[i1]);
    }
}

static void psinv_ref(const double *r, double *u, int n1, int n2, int n3,
                      double c0, double c1)
{
#define A3(a, k, j, i) (a)[((k) * n2 + (j)) * n1 + (i)]
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++)
      for (int i1 = 1; i1 < n1 - 1; i1++) {
        double r1 = A3(r, i3, i2 - 1, i1) + A3(r, i3, i2 + 1, i1) +
                    A3(r, i3 - 1, i2, i1) + A3(r, i3 + 1, i2, i1);
        A3(u, i3, i2, i1) += c0 * A3(r, i3, i2, i1) +
                             c1 * (A3(r, i3, i2, i1 - 1) +
                                   A3(r, i3, i2, i1 + 1) + r1);
      }
}

/* one plane k of u, and part of plane 2 of r, then a row part of t */
static void planes(int n1, int n2, int n3, double (*u)[n2][n1],
                   double (*r)[n2][n1], double (*t)[n2][n1], int k)
{
#pragma acc parallel loop copy(u[k][0:n2][0:n1]) copyin(r[2:1][1:2][0:n1])
  for (int i1 = 0; i1 < n1; i1++) {
    u[k][0][i1] = r[2][1][i1] + r[2][2][i1];
    u[k][n2 - 1][i1] *= 2;
  }
#pragma acc parallel loop copy(u[k + 1:1][0:n2][0:n1])
  for (int i2 = 0; i2 < n2; i2++)
    u[k + 1][i2][0] = -i2;
#pragma acc parallel loop copyout(t[k][1][1:n1 - 2])
  for (int i1 = 1; i1 < n1 - 1; i1++)
    t[k][1][i1] = 10 * i1;
}

static void param_vla(int n, int m, double a[n][m], double s)
{
#pragma acc data copy(a[0:n][0:m])
  {
#pragma acc parallel loop collapse(2) present(a[0:n][0:m])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        a[i][j] = a[i][j] * s + i - j;
  }
}

int main(void)
{
  int n1 = 12, n2 = 9, n3 = 7, n = n1 * n2 * n3;
  double *r = malloc(n * sizeof *r), *u = malloc(n * sizeof *u);
  double *ur = malloc(n * sizeof *u), *t = malloc(n * sizeof *t);
  for (int q = 0; q < n; q++) {
    r[q] = (q % 13) * 0.25 - 1;
    u[q] = ur[q] = (q % 7) * 0.5;
    t[q] = -1;
  }
  psinv(r, u, n1, n2, n3, -0.375, 0.03125);
  psinv_ref(r, ur, n1, n2, n3, -0.375, 0.03125);
  for (int q = 0; q < n; q++)
    CHECK_REAL("psinv", u[q], ur[q], 1e-14);

  int k = 3;
  planes(n1, n2, n3, (double (*)[n2][n1])u, (double (*)[n2][n1])r,
         (double (*)[n2][n1])t, k);
  for (int i1 = 0; i1 < n1; i1++) {
    ur[(k * n2 + 0) * n1 + i1] = r[(2 * n2 + 1) * n1 + i1] + r[(2 * n2 + 2) * n1 + i1];
    ur[(k * n2 + n2 - 1) * n1 + i1] *= 2;
  }
  for (int i2 = 0; i2 < n2; i2++)
    ur[((k + 1) * n2 + i2) * n1] = -i2;
  for (int q = 0; q < n; q++) {
    CHECK_REAL("planes", u[q], ur[q], 0);
    int i1 = q % n1, i2 = q / n1 % n2, i3 = q / (n1 * n2);
    int in = i3 == k && i2 == 1 && i1 >= 1 && i1 < n1 - 1;
    CHECK_REAL("row part", t[q], in ? 10 * i1 : -1, 0);
  }

  int rows = 5, cols = 6;
  double a[rows][cols], ref[rows][cols];
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      a[i][j] = ref[i][j] = i * cols + j;
  param_vla(rows, cols, a, 0.5);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      ref[i][j] = ref[i][j] * 0.5 + i - j;
      CHECK_REAL("param vla", a[i][j], ref[i][j], 0);
    }
  free(r);
  free(u);
  free(ur);
  free(t);
  return e2e_done();
}
