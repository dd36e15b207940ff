/* real_epcc_style.c — the operations the EPCC OpenACC benchmarks time,
 * each checked against a serial computation instead: a `kernels` region
 * with an if clause deciding host or device, `update` round trips of a
 * whole array and of a part, nested `data` regions with `present_or_copy`
 * spelled `pcopy`/`pcopyin` (the 1.0 names GCC still takes), `parallel
 * num_gangs(g) vector_length(v)` with explicit `gang` and `vector`
 * loops, the 2-D stencil of its application kernels with a `kernels loop
 * independent` collapse and the residual computed on the host after
 * `update self`, plus PolyBench's adi with its column and row sweeps. */
#include "e2e.h"
#include <math.h>
#include <string.h>

#define N 64
#define M 48

static double a[N][M], b[N][M], ra[N][M], rb[N][M];

static void stencil(int iters, int on_device)
{
#pragma acc data pcopy(a) pcreate(b) if(on_device)
  for (int it = 0; it < iters; it++) {
#pragma acc kernels loop independent collapse(2) if(on_device)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                          a[i][j + 1]);
#pragma acc parallel num_gangs(8) vector_length(32) present(a, b) \
    if(on_device)
    {
#pragma acc loop gang
      for (int i = 1; i < N - 1; i++)
#pragma acc loop vector
        for (int j = 1; j < M - 1; j++)
          a[i][j] = b[i][j];
    }
  }
}

static void stencil_ref(int iters)
{
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        rb[i][j] = 0.25 * (ra[i - 1][j] + ra[i + 1][j] + ra[i][j - 1] +
                           ra[i][j + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        ra[i][j] = rb[i][j];
  }
}

static void test_stencil(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = ra[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
  stencil(5, 1);
  stencil(3, 0);
  stencil_ref(8);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK_REAL("stencil", a[i][j], ra[i][j], 1e-14);
}

/* update round trips inside a data region; a nested data region whose
   pcopyin finds the data present */
static void test_updates(void)
{
  static double v[N * M];
  for (int i = 0; i < N * M; i++)
    v[i] = i;
#pragma acc data copy(v)
  {
    for (int rep = 0; rep < 3; rep++) {
#pragma acc parallel loop present(v)
      for (int i = 0; i < N * M; i++)
        v[i] += 1;
#pragma acc update self(v)
      for (int i = 0; i < N * M; i += 2)
        v[i] *= 2;
#pragma acc update device(v[0:N*M/2])
    }
#pragma acc data pcopyin(v)
    {
#pragma acc parallel loop
      for (int i = 0; i < N * M; i++)
        v[i] -= 0.5;
    }
  }
  for (int i = 0; i < N * M; i++) {
    double w = i;
    for (int rep = 0; rep < 3; rep++) {
      w += 1;
      if (i % 2 == 0)
        w *= 2;
      /* the second half of the host's doubling never reaches the device */
      if (i % 2 == 0 && i >= N * M / 2 && e2e_separate_memory())
        w /= 2;
    }
    CHECK_REAL("update round trips", v[i], w - 0.5, 0);
  }
}

/* PolyBench adi: column sweeps then row sweeps, each a parallel loop over
   independent lines with sequential recurrences inside. */
#define AN 40
static double u[AN][AN], v2[AN][AN], p[AN][AN], q[AN][AN];

static void adi(int tsteps, int n, double uu[AN][AN], double vv[AN][AN],
                double pp[AN][AN], double qq[AN][AN])
{
  double DX = 1.0 / n, DY = 1.0 / n, DT = 1.0 / tsteps;
  double B1 = 2.0, B2 = 1.0;
  double mul1 = B1 * DT / (DX * DX), mul2 = B2 * DT / (DY * DY);
  double a1 = -mul1 / 2.0, b1 = 1.0 + mul1, c1 = a1;
  double d1 = -mul2 / 2.0, e1 = 1.0 + mul2, f1 = d1;
#pragma acc data copy(uu[0:n][0:n]) create(vv[0:n][0:n], pp[0:n][0:n], \
                                           qq[0:n][0:n])
  for (int t = 1; t <= tsteps; t++) {
#pragma acc parallel loop present(uu, vv, pp, qq)
    for (int i = 1; i < n - 1; i++) {
      vv[0][i] = 1.0;
      pp[i][0] = 0.0;
      qq[i][0] = vv[0][i];
      for (int j = 1; j < n - 1; j++) {
        pp[i][j] = -c1 / (a1 * pp[i][j - 1] + b1);
        qq[i][j] = (-d1 * uu[j][i - 1] + (1.0 + 2.0 * d1) * uu[j][i] -
                    f1 * uu[j][i + 1] - a1 * qq[i][j - 1]) /
                   (a1 * pp[i][j - 1] + b1);
      }
      vv[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        vv[j][i] = pp[i][j] * vv[j + 1][i] + qq[i][j];
    }
#pragma acc parallel loop present(uu, vv, pp, qq)
    for (int i = 1; i < n - 1; i++) {
      uu[i][0] = 1.0;
      pp[i][0] = 0.0;
      qq[i][0] = uu[i][0];
      for (int j = 1; j < n - 1; j++) {
        pp[i][j] = -f1 / (d1 * pp[i][j - 1] + e1);
        qq[i][j] = (-a1 * vv[i - 1][j] + (1.0 + 2.0 * a1) * vv[i][j] -
                    c1 * vv[i + 1][j] - d1 * qq[i][j - 1]) /
                   (d1 * pp[i][j - 1] + e1);
      }
      uu[i][n - 1] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        uu[i][j] = pp[i][j] * uu[i][j + 1] + qq[i][j];
    }
  }
}

static void test_adi(void)
{
  static double ru[AN][AN], rv[AN][AN], rp[AN][AN], rq[AN][AN];
  for (int i = 0; i < AN; i++)
    for (int j = 0; j < AN; j++)
      u[i][j] = ru[i][j] = (double)(i + AN - j) / AN;
  memset(v2, 0, sizeof v2);
  adi(4, AN, u, v2, p, q);
  /* the reference: the same sweeps, serially (pp/qq rows are per line) */
  double DX = 1.0 / AN, DY = 1.0 / AN, DT = 1.0 / 4;
  double mul1 = 2.0 * DT / (DX * DX), mul2 = 1.0 * DT / (DY * DY);
  double a1 = -mul1 / 2.0, b1 = 1.0 + mul1, c1 = a1;
  double d1 = -mul2 / 2.0, e1 = 1.0 + mul2, f1 = d1;
  for (int t = 1; t <= 4; t++) {
    for (int i = 1; i < AN - 1; i++) {
      rv[0][i] = 1.0;
      rp[i][0] = 0.0;
      rq[i][0] = rv[0][i];
      for (int j = 1; j < AN - 1; j++) {
        rp[i][j] = -c1 / (a1 * rp[i][j - 1] + b1);
        rq[i][j] = (-d1 * ru[j][i - 1] + (1.0 + 2.0 * d1) * ru[j][i] -
                    f1 * ru[j][i + 1] - a1 * rq[i][j - 1]) /
                   (a1 * rp[i][j - 1] + b1);
      }
      rv[AN - 1][i] = 1.0;
      for (int j = AN - 2; j >= 1; j--)
        rv[j][i] = rp[i][j] * rv[j + 1][i] + rq[i][j];
    }
    for (int i = 1; i < AN - 1; i++) {
      ru[i][0] = 1.0;
      rp[i][0] = 0.0;
      rq[i][0] = ru[i][0];
      for (int j = 1; j < AN - 1; j++) {
        rp[i][j] = -f1 / (d1 * rp[i][j - 1] + e1);
        rq[i][j] = (-a1 * rv[i - 1][j] + (1.0 + 2.0 * a1) * rv[i][j] -
                    c1 * rv[i + 1][j] - d1 * rq[i][j - 1]) /
                   (d1 * rp[i][j - 1] + e1);
      }
      ru[i][AN - 1] = 1.0;
      for (int j = AN - 2; j >= 1; j--)
        ru[i][j] = rp[i][j] * ru[i][j + 1] + rq[i][j];
    }
  }
  for (int i = 0; i < AN; i++)
    for (int j = 0; j < AN; j++)
      CHECK_REAL("adi", u[i][j], ru[i][j], 1e-12);
}

int main(void)
{
  test_stencil();
  test_updates();
  test_adi();
  return e2e_done();
}
