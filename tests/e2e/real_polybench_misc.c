/* real_polybench_misc.c — more PolyBench/Rodinia shapes: doitgen (a
 * `private(sum[0:NP])`-style scratch array per (r,q) pair, declared in the
 * loop body), gramschmidt (a norm reduction and sqrt per column, then two
 * dependent nests per k, triangular), floyd-warshall (the k loop on the
 * host, `parallel loop collapse(2)` with a min per cell), and a cfd-like
 * flux over a struct-of-values `float3` passed by value to a `routine
 * seq` and returned. Each against a serial computation. */
#include "e2e.h"
#include <math.h>

#define NR 10
#define NQ 12
#define NP 14

static double A[NR][NQ][NP], C4[NP][NP], RA[NR][NQ][NP];

static void doitgen(void)
{
#pragma acc parallel loop collapse(2) copy(A) copyin(C4)
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      double sum[NP];
      for (int p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
}

static void test_doitgen(void)
{
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = RA[r][q][p] = (double)((r * q + p) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = (double)(i * j % NP) / NP;
  doitgen();
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      double sum[NP];
      for (int p = 0; p < NP; p++) {
        sum[p] = 0;
        for (int s = 0; s < NP; s++)
          sum[p] += RA[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        CHECK_REAL("doitgen", A[r][q][p], sum[p], 1e-13);
    }
}

#define GM 30
#define GN 20
static double QA[GM][GN], QQ[GM][GN], QR[GN][GN];

static void gramschmidt(int m, int n, double a[GM][GN], double r[GN][GN],
                        double q[GM][GN])
{
#pragma acc data copy(a[0:m][0:n]) copyout(r[0:n][0:n], q[0:m][0:n])
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
#pragma acc parallel loop present(a) reduction(+:nrm)
    for (int i = 0; i < m; i++)
      nrm += a[i][k] * a[i][k];
    double rkk = sqrt(nrm);
#pragma acc parallel loop present(a, q)
    for (int i = 0; i < m; i++)
      q[i][k] = a[i][k] / rkk;
#pragma acc serial present(r)
    r[k][k] = rkk;
#pragma acc parallel loop present(a, q, r)
    for (int j = k + 1; j < n; j++) {
      double s = 0.0;
      for (int i = 0; i < m; i++)
        s += q[i][k] * a[i][j];
      r[k][j] = s;
      for (int i = 0; i < m; i++)
        a[i][j] = a[i][j] - q[i][k] * s;
    }
  }
}

static void test_gramschmidt(void)
{
  static double a[GM][GN], r[GN][GN], q[GM][GN];
  for (int i = 0; i < GM; i++)
    for (int j = 0; j < GN; j++)
      QA[i][j] = a[i][j] = (double)((i * j) % GM) / GM * 100 + 10 + (i == j);
  for (int i = 0; i < GN; i++)
    for (int j = 0; j < GN; j++)
      QR[i][j] = r[i][j] = 0;
  gramschmidt(GM, GN, QA, QR, QQ);
  for (int k = 0; k < GN; k++) {
    double nrm = 0;
    for (int i = 0; i < GM; i++)
      nrm += a[i][k] * a[i][k];
    r[k][k] = sqrt(nrm);
    for (int i = 0; i < GM; i++)
      q[i][k] = a[i][k] / r[k][k];
    for (int j = k + 1; j < GN; j++) {
      r[k][j] = 0;
      for (int i = 0; i < GM; i++)
        r[k][j] += q[i][k] * a[i][j];
      for (int i = 0; i < GM; i++)
        a[i][j] = a[i][j] - q[i][k] * r[k][j];
    }
  }
  for (int i = 0; i < GN; i++)
    for (int j = i; j < GN; j++)
      CHECK_ABS("gramschmidt R", QR[i][j], r[i][j], 1e-9);
  for (int i = 0; i < GM; i++)
    for (int j = 0; j < GN; j++)
      CHECK_ABS("gramschmidt Q", QQ[i][j], q[i][j], 1e-9);
}

#define FN 50
static void floyd(int n, int path[FN][FN])
{
#pragma acc data copy(path[0:n][0:n])
  for (int k = 0; k < n; k++) {
#pragma acc parallel loop collapse(2) present(path)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        /* stores only where the path shortens: row and column k never
           change in step k (no cell is written while another reads it) */
        if (path[i][k] + path[k][j] < path[i][j])
          path[i][j] = path[i][k] + path[k][j];
  }
}

static void test_floyd(void)
{
  static int p[FN][FN], rp[FN][FN];
  for (int i = 0; i < FN; i++)
    for (int j = 0; j < FN; j++) {
      p[i][j] = rp[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        p[i][j] = rp[i][j] = 999;
    }
  floyd(FN, p);
  for (int k = 0; k < FN; k++)
    for (int i = 0; i < FN; i++)
      for (int j = 0; j < FN; j++)
        if (rp[i][k] + rp[k][j] < rp[i][j])
          rp[i][j] = rp[i][k] + rp[k][j];
  for (int i = 0; i < FN; i++)
    for (int j = 0; j < FN; j++)
      CHECK_INT("floyd-warshall", p[i][j], rp[i][j]);
}

typedef struct {
  float x, y, z;
} float3;

#pragma acc routine seq
static float3 flux(float3 m, float rho, float p)
{
  float3 f;
  float inv = 1.0f / rho;
  f.x = m.x * m.x * inv + p;
  f.y = m.x * m.y * inv;
  f.z = m.x * m.z * inv;
  return f;
}

static void test_cfd(void)
{
  enum { NEL = 500 };
  static float3 mom[NEL], out[NEL];
  static float rho[NEL], pr[NEL];
  for (int i = 0; i < NEL; i++) {
    mom[i].x = 1 + i % 5;
    mom[i].y = 0.5f * (i % 3);
    mom[i].z = -0.25f * (i % 4);
    rho[i] = 1.0f + 0.01f * i;
    pr[i] = 0.1f * (i % 9);
  }
#pragma acc parallel loop copyin(mom, rho, pr) copyout(out)
  for (int i = 0; i < NEL; i++) {
    float3 f = flux(mom[i], rho[i], pr[i]);
    float3 g = flux(mom[(i + 1) % NEL], rho[(i + 1) % NEL], pr[(i + 1) % NEL]);
    out[i].x = f.x - g.x;
    out[i].y = f.y - g.y;
    out[i].z = f.z - g.z;
  }
  for (int i = 0; i < NEL; i++) {
    float3 f = flux(mom[i], rho[i], pr[i]);
    float3 g = flux(mom[(i + 1) % NEL], rho[(i + 1) % NEL], pr[(i + 1) % NEL]);
    CHECK_REAL("cfd flux x", out[i].x, f.x - g.x, 1e-6);
    CHECK_REAL("cfd flux y", out[i].y, f.y - g.y, 1e-6);
    CHECK_REAL("cfd flux z", out[i].z, f.z - g.z, 1e-6);
  }
}

int main(void)
{
  test_doitgen();
  test_gramschmidt();
  test_floyd();
  test_cfd();
  return e2e_done();
}
