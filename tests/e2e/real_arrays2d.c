/* real_arrays2d.c — the three ways C codes hold a matrix, as textbook
 * OpenACC programs map them: a pointer to rows `double (*a)[N]` from one
 * malloc, a jagged `double **` of separately allocated rows with
 * `copyin(a[0:n][0:m])` on the compute construct itself (parallel loop,
 * kernels, serial; several jagged sections in one clause and in two
 * clauses; NVHPC maps the pointer array and each row and attaches them)
 * and under a data region with `present`, and an array of row pointers
 * `double *rows[N]`. Each against a serial computation. */
#include "e2e.h"
#include <stdlib.h>

#define N 24
#define M 37

static double **alloc2d(int n, int m, double seed)
{
  double **a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++) {
    a[i] = malloc(m * sizeof **a);
    for (int j = 0; j < m; j++)
      a[i][j] = seed + i * 0.5 + j * 0.25;
  }
  return a;
}

static void free2d(double **a, int n)
{
  for (int i = 0; i < n; i++)
    free(a[i]);
  free(a);
}

static void pointer_to_rows(void)
{
  double (*a)[M] = malloc(N * sizeof *a), (*b)[M] = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i - j;
#pragma acc parallel loop collapse(2) copyin(a[0:N]) copyout(b[0:N][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = a[i][j] * a[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK_REAL("double (*)[M]", b[i][j], (double)(i - j) * (i - j), 0);
  free(a);
  free(b);
}

/* Jagged sections on the compute constructs themselves. */
static void jagged_compute(int n, int m)
{
  double **a = alloc2d(n, m, 1), **b = alloc2d(n, m, 0), **c = alloc2d(n, m, 0);
#pragma acc parallel loop copyin(a[0:n][0:m]) copyout(b[0:n][0:m], c[0:n][0:m])
  for (int i = 0; i < n; i++)
#pragma acc loop vector
    for (int j = 0; j < m; j++) {
      b[i][j] = 2 * a[i][j];
      c[i][j] = a[i][j] + i;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      CHECK_REAL("jagged parallel loop", b[i][j], 2 * a[i][j], 0);
      CHECK_REAL("jagged, second in clause", c[i][j], a[i][j] + i, 0);
    }
  double s = 0;
#pragma acc kernels copyin(a[0:n][0:m]) copy(b[0:n][0:m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      b[i][j] += a[i][j];
      s += a[i][j];
    }
  double rs = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      rs += a[i][j];
      CHECK_REAL("jagged kernels", b[i][j], 3 * a[i][j], 0);
    }
  CHECK_REAL("jagged kernels sum", s, rs, 1e-12);
  /* a section of each row: columns 1..m-2 */
#pragma acc serial copyin(a[0:n][1:m-2]) copy(c[0:n][1:m-2])
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      c[i][j] = a[i][j - 1 + 1] * -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("jagged row sections", c[i][j],
                 j == 0 || j == m - 1 ? a[i][j] + i : -a[i][j], 0);
  /* one row, a[i:1][0:m] (the pointer array's section starts at i) */
  int r = n / 2;
  double rs2 = 0;
#pragma acc parallel loop copyin(a[r:1][0:m]) reduction(+:rs2)
  for (int j = 0; j < m; j++)
    rs2 += a[r][j];
  double want = 0;
  for (int j = 0; j < m; j++)
    want += a[r][j];
  CHECK_REAL("one row a[i:1][0:m]", rs2, want, 1e-12);
  free2d(a, n);
  free2d(b, n);
  free2d(c, n);
}

/* Jagged sections on a data region, present on the constructs. */
static void jagged_data(int n, int m)
{
  double **a = alloc2d(n, m, 2), **b = alloc2d(n, m, 0);
#pragma acc data copyin(a[0:n][0:m]) copyout(b[0:n][0:m])
  {
#pragma acc parallel loop collapse(2) present(a, b)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        b[i][j] = a[i][j] * 3;
#pragma acc parallel loop present(a[0:n][0:m], b[0:n][0:m])
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        b[i][j] += a[i - 1][j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      CHECK_REAL("jagged data + present", b[i][j],
                 a[i][j] * 3 + (i ? a[i - 1][j] : 0), 0);
  free2d(a, n);
  free2d(b, n);
}

static void row_pointers(void)
{
  static double store[N * M];
  double *rows[N];
  for (int i = 0; i < N; i++)
    rows[i] = &store[i * M];
#pragma acc parallel loop copyout(rows[0:N][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rows[i][j] = i * 1000 + j;
  for (int i = 0; i < N * M; i++)
    CHECK_REAL("double *rows[N]", store[i], (i / M) * 1000 + i % M, 0);
}

int main(void)
{
  pointer_to_rows();
  jagged_compute(N, M);
  jagged_data(N, M);
  row_pointers();
  return e2e_done();
}
