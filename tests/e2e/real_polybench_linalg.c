/* real_polybench_linalg.c — PolyBench-style linear algebra kernels as
 * their OpenACC ports write them: 2-D arrays passed as `double A[NI][NK]`
 * parameters, `#pragma acc data` around `kernels` or `parallel loop`
 * nests with `present`, scalars alpha/beta as parameters. 2mm, 3mm, atax,
 * bicg, mvt, gemver, gesummv; each against the same code run serially. */
#include "e2e.h"
#include <string.h>

#define NI 40
#define NJ 44
#define NK 48
#define NL 36
#define NM 52

static double A[NI][NK], B[NK][NJ], C[NJ][NM], D[NI][NL], E[NI][NJ];
static double F[NJ][NL], G[NI][NL], T[NI][NJ], Dref[NI][NL], Gref[NI][NL];

static void init(void)
{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)(k * (j + 1) % NJ) / NJ;
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NM; l++)
      C[j][l] = (double)((j * (l + 3) + 1) % NL) / NL;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      D[i][l] = Dref[i][l] = (double)(i * (l + 2) % NK) / NK;
}

/* 2mm: D = alpha*A*B*C + beta*D, with tmp = alpha*A*B (kernels). */
static void k2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                 double tmp[NI][NJ], double a[NI][NK], double b[NK][NJ],
                 double c[NJ][NM], double d[NI][NL])
{
#pragma acc data copyin(a[0:ni][0:nk], b[0:nk][0:nj], c[0:nj][0:NM]) \
    create(tmp[0:ni][0:nj]) copy(d[0:ni][0:nl])
  {
#pragma acc kernels present(tmp, a, b)
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nj; j++) {
        tmp[i][j] = 0.0;
        for (int k = 0; k < nk; ++k)
          tmp[i][j] += alpha * a[i][k] * b[k][j];
      }
#pragma acc kernels present(tmp, c, d)
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nl; j++) {
        d[i][j] *= beta;
        for (int k = 0; k < nj; ++k)
          d[i][j] += tmp[i][k] * c[k][j];
      }
  }
}

static void k2mm_ref(double alpha, double beta)
{
  static double tmp[NI][NJ];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      Dref[i][j] *= beta;
      for (int k = 0; k < NJ; ++k)
        Dref[i][j] += tmp[i][k] * C[k][j];
    }
}

/* 3mm: E = A*B; F = C*D'; G = E*F (parallel loop collapse(2), seq k). */
static void k3mm(double e[NI][NJ], double f[NJ][NL], double g[NI][NL])
{
#pragma acc data copyin(A, B, C, D) create(e[0:NI], f[0:NJ]) copyout(g[0:NI])
  {
#pragma acc parallel loop collapse(2) present(A, B, e)
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++) {
        double s = 0;
#pragma acc loop seq
        for (int k = 0; k < NK; k++)
          s += A[i][k] * B[k][j];
        e[i][j] = s;
      }
#pragma acc parallel loop collapse(2) present(C, D, f)
    for (int i = 0; i < NJ; i++)
      for (int j = 0; j < NL; j++) {
        f[i][j] = 0;
        for (int k = 0; k < NI; k++)
          f[i][j] += C[i][k] * D[k][j];
      }
#pragma acc parallel loop gang present(e, f, g)
    for (int i = 0; i < NI; i++)
#pragma acc loop vector
      for (int j = 0; j < NL; j++) {
        double s = 0;
        for (int k = 0; k < NJ; k++)
          s += e[i][k] * f[k][j];
        g[i][j] = s;
      }
  }
}

static void k3mm_check(void)
{
  static double e[NI][NJ], f[NJ][NL];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      e[i][j] = 0;
      for (int k = 0; k < NK; k++)
        e[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++) {
      f[i][j] = 0;
      for (int k = 0; k < NI; k++)
        f[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      double s = 0;
      for (int k = 0; k < NJ; k++)
        s += e[i][k] * f[k][j];
      CHECK_REAL("3mm", G[i][j], s, 1e-12);
    }
}

/* atax: y = A' (A x), and bicg: s = r'A, q = A p, on 1-D arrays. */
static void atax_bicg(int m, int n, double *a, double *x, double *y,
                      double *tmp, double *s, double *q, double *r,
                      double *p)
{
#pragma acc data copyin(a[0:m*n], x[0:n], r[0:m], p[0:n]) \
    copyout(y[0:n], s[0:n], q[0:m]) create(tmp[0:m])
  {
#pragma acc parallel loop present(a, x, tmp)
    for (int i = 0; i < m; i++) {
      double t = 0.0;
#pragma acc loop reduction(+:t)
      for (int j = 0; j < n; j++)
        t += a[i * n + j] * x[j];
      tmp[i] = t;
    }
#pragma acc parallel loop present(a, tmp, y)
    for (int j = 0; j < n; j++) {
      y[j] = 0;
      for (int i = 0; i < m; i++)
        y[j] += a[i * n + j] * tmp[i];
    }
#pragma acc kernels present(s, q, a, r, p)
    {
      for (int j = 0; j < n; j++) {
        s[j] = 0;
        for (int i = 0; i < m; i++)
          s[j] = s[j] + r[i] * a[i * n + j];
      }
      for (int i = 0; i < m; i++) {
        q[i] = 0.0;
        for (int j = 0; j < n; j++)
          q[i] = q[i] + a[i * n + j] * p[j];
      }
    }
  }
}

static void atax_bicg_test(void)
{
  enum { M = 38, N = 42 };
  static double a[M * N], x[N], y[N], tmp[M], s[N], q[M], r[M], p[N];
  for (int i = 0; i < M; i++) {
    r[i] = i * 0.5 - 3;
    for (int j = 0; j < N; j++)
      a[i * N + j] = ((i + j) % 7) * 0.25 - 0.5;
  }
  for (int j = 0; j < N; j++) {
    x[j] = 1 + j / (double)N;
    p[j] = (j % 5) - 2.0;
  }
  atax_bicg(M, N, a, x, y, tmp, s, q, r, p);
  double rt[M];
  for (int i = 0; i < M; i++) {
    rt[i] = 0;
    for (int j = 0; j < N; j++)
      rt[i] += a[i * N + j] * x[j];
  }
  for (int j = 0; j < N; j++) {
    double yy = 0, ss = 0;
    for (int i = 0; i < M; i++) {
      yy += a[i * N + j] * rt[i];
      ss += r[i] * a[i * N + j];
    }
    CHECK_ABS("atax y", y[j], yy, 1e-12);
    CHECK_ABS("bicg s", s[j], ss, 1e-12);
  }
  for (int i = 0; i < M; i++) {
    double qq = 0;
    for (int j = 0; j < N; j++)
      qq += a[i * N + j] * p[j];
    CHECK_ABS("bicg q", q[i], qq, 1e-12);
  }
}

/* mvt, gemver and gesummv on square n x n matrices. */
#define NN 50
static void mvt_gemver(int n, double alpha, double beta, double a[NN][NN],
                       double x1[NN], double x2[NN], double y1[NN],
                       double y2[NN], double u1[NN], double v1[NN],
                       double w[NN], double z[NN])
{
#pragma acc data copy(a[0:n][0:n], x1[0:n], x2[0:n], w[0:n]) \
    copyin(y1[0:n], y2[0:n], u1[0:n], v1[0:n], z[0:n])
  {
#pragma acc kernels loop independent present(x1, a, y1)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x1[i] = x1[i] + a[i][j] * y1[j];
#pragma acc kernels loop independent present(x2, a, y2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x2[i] = x2[i] + a[j][i] * y2[j];
    /* gemver: A += u1 v1'; x = beta A' y1 + z; w = alpha A x */
#pragma acc parallel loop collapse(2) present(a, u1, v1)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        a[i][j] = a[i][j] + u1[i] * v1[j];
#pragma acc parallel loop present(a, x1, y1, z)
    for (int i = 0; i < n; i++) {
      double t = x1[i];
      for (int j = 0; j < n; j++)
        t = t + beta * a[j][i] * y1[j];
      x1[i] = t + z[i];
    }
#pragma acc parallel loop present(a, x1, w)
    for (int i = 0; i < n; i++) {
      double t = w[i];
#pragma acc loop vector reduction(+:t)
      for (int j = 0; j < n; j++)
        t += alpha * a[i][j] * x1[j];
      w[i] = t;
    }
  }
}

static void mvt_gemver_test(void)
{
  static double a[NN][NN], x1[NN], x2[NN], y1[NN], y2[NN], u1[NN], v1[NN],
      w[NN], z[NN];
  static double ra[NN][NN], rx1[NN], rx2[NN], rw[NN];
  for (int i = 0; i < NN; i++) {
    x1[i] = rx1[i] = i * 0.1;
    x2[i] = rx2[i] = 1 - i * 0.05;
    y1[i] = (i % 3) * 0.5;
    y2[i] = (i % 4) * 0.25;
    u1[i] = i / (double)NN;
    v1[i] = (NN - i) / (double)NN;
    w[i] = rw[i] = 0.5;
    z[i] = i % 2;
    for (int j = 0; j < NN; j++)
      a[i][j] = ra[i][j] = ((i * j) % NN) / (double)NN;
  }
  mvt_gemver(NN, 1.5, 1.2, a, x1, x2, y1, y2, u1, v1, w, z);
  for (int i = 0; i < NN; i++)
    for (int j = 0; j < NN; j++) {
      rx1[i] += ra[i][j] * y1[j];
      rx2[i] += ra[j][i] * y2[j];
    }
  for (int i = 0; i < NN; i++)
    for (int j = 0; j < NN; j++)
      ra[i][j] += u1[i] * v1[j];
  for (int i = 0; i < NN; i++) {
    for (int j = 0; j < NN; j++)
      rx1[i] += 1.2 * ra[j][i] * y1[j];
    rx1[i] += z[i];
  }
  for (int i = 0; i < NN; i++)
    for (int j = 0; j < NN; j++)
      rw[i] += 1.5 * ra[i][j] * rx1[j];
  for (int i = 0; i < NN; i++) {
    CHECK_REAL("mvt x2", x2[i], rx2[i], 1e-12);
    CHECK_REAL("gemver x", x1[i], rx1[i], 1e-12);
    CHECK_REAL("gemver w", w[i], rw[i], 1e-12);
    for (int j = 0; j < NN; j++)
      CHECK_REAL("gemver A", a[i][j], ra[i][j], 1e-14);
  }
}

/* gesummv: y = alpha A x + beta B x, scalars tmp and y[i] in the loop. */
static void gesummv(int n, double alpha, double beta, double *a, double *b,
                    double *x, double *y)
{
  double tmp;
#pragma acc parallel loop copyin(a[0:n*n], b[0:n*n], x[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++) {
    tmp = 0.0;
    y[i] = 0.0;
    for (int j = 0; j < n; j++) {
      tmp = a[i * n + j] * x[j] + tmp;
      y[i] = b[i * n + j] * x[j] + y[i];
    }
    y[i] = alpha * tmp + beta * y[i];
  }
}

static void gesummv_test(void)
{
  static double a[NN * NN], b[NN * NN], x[NN], y[NN];
  for (int i = 0; i < NN * NN; i++) {
    a[i] = (i % 11) * 0.1;
    b[i] = (i % 7) * -0.2;
  }
  for (int i = 0; i < NN; i++)
    x[i] = i % 5;
  gesummv(NN, 2.0, 3.0, a, b, x, y);
  for (int i = 0; i < NN; i++) {
    double t = 0, u = 0;
    for (int j = 0; j < NN; j++) {
      t += a[i * NN + j] * x[j];
      u += b[i * NN + j] * x[j];
    }
    CHECK_REAL("gesummv", y[i], 2.0 * t + 3.0 * u, 1e-12);
  }
}

int main(void)
{
  init();
  k2mm(NI, NJ, NK, NL, 1.5, 1.2, T, A, B, C, D);
  k2mm_ref(1.5, 1.2);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++)
      CHECK_REAL("2mm", D[i][j], Dref[i][j], 1e-12);
  memcpy(D, Dref, sizeof D);
  k3mm(E, F, G);
  k3mm_check();
  atax_bicg_test();
  mvt_gemver_test();
  gesummv_test();
  return e2e_done();
}
