/* real_nas_style.c — kernels in the shape of the NAS Parallel Benchmarks'
 * OpenACC C ports: CG's conjugate-gradient iteration (CSR mat-vec with a
 * gang loop and a vector reduction per row, dot products as reductions,
 * all under one data region with `present`), EP's pseudo-random pairs
 * (a `routine seq` generator updating a seed through a pointer, counts
 * per annulus with `atomic`, sums as reductions), IS's key histogram with
 * atomics and a prefix sum in a `serial` region, and a BT/LU-style
 * right-hand side on a global 4-D array `u[N][N][N][5]` with a private
 * 5-element array per point and `collapse(3)`. Each against a serial
 * computation. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

/* ---- CG ---- */
#define NR 300
#define NNZ_ROW 7

static void cg(int n, const int *rowstr, const int *colidx, const double *a,
               const double *b, double *x, int iters, double *rnorm)
{
  int nnz = rowstr[n];
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *q = malloc(n * sizeof *q);
#pragma acc data copyin(rowstr[0:n+1], colidx[0:nnz], a[0:nnz], b[0:n]) \
    copyout(x[0:n]) create(r[0:n], p[0:n], q[0:n])
  {
    double rho = 0;
#pragma acc parallel loop present(x, r, p, b) reduction(+:rho)
    for (int j = 0; j < n; j++) {
      x[j] = 0;
      r[j] = b[j];
      p[j] = b[j];
      rho += b[j] * b[j];
    }
    for (int it = 0; it < iters; it++) {
#pragma acc parallel loop gang present(rowstr, colidx, a, p, q)
      for (int j = 0; j < n; j++) {
        double sum = 0;
#pragma acc loop vector reduction(+:sum)
        for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
          sum += a[k] * p[colidx[k]];
        q[j] = sum;
      }
      double d = 0;
#pragma acc parallel loop present(p, q) reduction(+:d)
      for (int j = 0; j < n; j++)
        d += p[j] * q[j];
      double alpha = rho / d, rho0 = rho;
      rho = 0;
#pragma acc parallel loop present(x, r, p, q) reduction(+:rho)
      for (int j = 0; j < n; j++) {
        x[j] += alpha * p[j];
        r[j] -= alpha * q[j];
        rho += r[j] * r[j];
      }
      double beta = rho / rho0;
#pragma acc parallel loop present(p, r)
      for (int j = 0; j < n; j++)
        p[j] = r[j] + beta * p[j];
    }
    *rnorm = sqrt(rho);
  }
  free(r);
  free(p);
  free(q);
}

static void cg_ref(int n, const int *rowstr, const int *colidx,
                   const double *a, const double *b, double *x, int iters,
                   double *rnorm)
{
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *q = malloc(n * sizeof *q), rho = 0;
  for (int j = 0; j < n; j++) {
    x[j] = 0;
    r[j] = p[j] = b[j];
    rho += b[j] * b[j];
  }
  for (int it = 0; it < iters; it++) {
    for (int j = 0; j < n; j++) {
      q[j] = 0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
        q[j] += a[k] * p[colidx[k]];
    }
    double d = 0;
    for (int j = 0; j < n; j++)
      d += p[j] * q[j];
    double alpha = rho / d, rho0 = rho;
    rho = 0;
    for (int j = 0; j < n; j++) {
      x[j] += alpha * p[j];
      r[j] -= alpha * q[j];
      rho += r[j] * r[j];
    }
    for (int j = 0; j < n; j++)
      p[j] = r[j] + rho / rho0 * p[j];
  }
  *rnorm = sqrt(rho);
  free(r);
  free(p);
  free(q);
}

static void test_cg(void)
{
  static int rowstr[NR + 1], colidx[NR * NNZ_ROW];
  static double a[NR * NNZ_ROW], b[NR], x[NR], rx[NR];
  int k = 0;
  for (int j = 0; j < NR; j++) {
    rowstr[j] = k;
    for (int d = -3; d <= 3; d++) { /* a symmetric band, diagonally dominant */
      int c = j + d * 5;
      if (c < 0 || c >= NR)
        continue;
      colidx[k] = c;
      a[k++] = d == 0 ? 10.0 : -1.0 / (1 + abs(d));
    }
    b[j] = 1 + (j % 3);
  }
  rowstr[NR] = k;
  double rn, rrn;
  cg(NR, rowstr, colidx, a, b, x, 12, &rn);
  cg_ref(NR, rowstr, colidx, a, b, rx, 12, &rrn);
  CHECK_ABS("cg residual", rn, rrn, 1e-9);
  for (int j = 0; j < NR; j++)
    CHECK_REAL("cg x", x[j], rx[j], 1e-9);
}

/* ---- EP ---- */
#pragma acc routine seq
static double lcg(unsigned long *seed)
{
  *seed = (*seed * 6364136223846793005UL + 1442695040888963407UL);
  return (double)(*seed >> 11) / 9007199254740992.0;
}

#define NPAIRS 20000
#define NQ 10

static void ep(long npairs, double *sx, double *sy, long *q)
{
  double ssx = 0, ssy = 0;
#pragma acc parallel loop reduction(+:ssx, ssy) copy(q[0:NQ])
  for (long i = 0; i < npairs; i++) {
    unsigned long seed = 12345 + i * 2654435761UL;
    double x1 = 2 * lcg(&seed) - 1, x2 = 2 * lcg(&seed) - 1;
    double t = x1 * x1 + x2 * x2;
    if (t <= 1.0 && t > 0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = x1 * f, gy = x2 * f;
      int l = (int)fmax(fabs(gx), fabs(gy));
      if (l < NQ) {
#pragma acc atomic update
        q[l] += 1;
      }
      ssx += gx;
      ssy += gy;
    }
  }
  *sx = ssx;
  *sy = ssy;
}

static void test_ep(void)
{
  long q[NQ] = {0}, rq[NQ] = {0};
  double sx, sy, rsx = 0, rsy = 0;
  ep(NPAIRS, &sx, &sy, q);
  for (long i = 0; i < NPAIRS; i++) {
    unsigned long seed = 12345 + i * 2654435761UL;
    double x1 = 2 * lcg(&seed) - 1, x2 = 2 * lcg(&seed) - 1;
    double t = x1 * x1 + x2 * x2;
    if (t <= 1.0 && t > 0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = x1 * f, gy = x2 * f;
      int l = (int)fmax(fabs(gx), fabs(gy));
      if (l < NQ)
        rq[l]++;
      rsx += gx;
      rsy += gy;
    }
  }
  CHECK_ABS("ep sx", sx, rsx, 1e-9);
  CHECK_ABS("ep sy", sy, rsy, 1e-9);
  for (int l = 0; l < NQ; l++)
    CHECK_INT("ep counts", q[l], rq[l]);
}

/* ---- IS ---- */
#define NKEYS 5000
#define MAXKEY 256

static void test_is(void)
{
  static int keys[NKEYS], hist[MAXKEY], start[MAXKEY], rank[NKEYS];
  static int rhist[MAXKEY], rstart[MAXKEY];
  for (int i = 0; i < NKEYS; i++)
    keys[i] = (int)((i * 2654435761u) >> 8) % MAXKEY;
#pragma acc data copyin(keys) create(hist) copyout(start, rank)
  {
#pragma acc parallel loop present(hist)
    for (int k = 0; k < MAXKEY; k++)
      hist[k] = 0;
#pragma acc parallel loop present(keys, hist)
    for (int i = 0; i < NKEYS; i++) {
#pragma acc atomic
      hist[keys[i]]++;
    }
#pragma acc serial present(hist, start)
    {
      start[0] = 0;
      for (int k = 1; k < MAXKEY; k++)
        start[k] = start[k - 1] + hist[k - 1];
    }
    /* a key's rank: the keys below it (its bucket's start) */
#pragma acc parallel loop present(keys, start, rank)
    for (int i = 0; i < NKEYS; i++)
      rank[i] = start[keys[i]];
  }
  for (int i = 0; i < NKEYS; i++)
    rhist[keys[i]]++;
  rstart[0] = 0;
  for (int k = 1; k < MAXKEY; k++)
    rstart[k] = rstart[k - 1] + rhist[k - 1];
  for (int k = 0; k < MAXKEY; k++)
    CHECK_INT("is bucket starts", start[k], rstart[k]);
  for (int i = 0; i < NKEYS; i++)
    CHECK_INT("is ranks", rank[i], rstart[keys[i]]);
}

/* ---- BT/LU-style right-hand side on a global 4-D array ---- */
#define G 12
static double u[G][G][G][5], rhs[G][G][G][5];

static void compute_rhs(double dt)
{
#pragma acc parallel loop collapse(3) copyin(u) copyout(rhs)
  for (int i = 1; i < G - 1; i++)
    for (int j = 1; j < G - 1; j++)
      for (int k = 1; k < G - 1; k++) {
        double flux[5];
        for (int m = 0; m < 5; m++)
          flux[m] = u[i + 1][j][k][m] - 2 * u[i][j][k][m] + u[i - 1][j][k][m] +
                    u[i][j + 1][k][m] - u[i][j - 1][k][m];
        double rho_inv = 1.0 / u[i][j][k][0];
        for (int m = 0; m < 5; m++)
          rhs[i][j][k][m] = dt * flux[m] * rho_inv + u[i][j][k][m];
      }
}

static void test_rhs(void)
{
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int k = 0; k < G; k++)
        for (int m = 0; m < 5; m++)
          u[i][j][k][m] = 1.0 + 0.01 * (i + 2 * j + 3 * k) + 0.1 * m;
  compute_rhs(0.25);
  for (int i = 1; i < G - 1; i++)
    for (int j = 1; j < G - 1; j++)
      for (int k = 1; k < G - 1; k++)
        for (int m = 0; m < 5; m++) {
          double f = u[i + 1][j][k][m] - 2 * u[i][j][k][m] +
                     u[i - 1][j][k][m] + u[i][j + 1][k][m] - u[i][j - 1][k][m];
          CHECK_REAL("bt rhs", rhs[i][j][k][m],
                     0.25 * f * (1.0 / u[i][j][k][0]) + u[i][j][k][m], 1e-14);
        }
}

int main(void)
{
  test_cg();
  test_ep();
  test_is();
  test_rhs();
  return e2e_done();
}
