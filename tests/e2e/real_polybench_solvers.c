/* real_polybench_solvers.c — PolyBench-style factorizations and
 * triangular kernels as OpenACC ports write them: the outer k loop on the
 * host inside a `data` region, inner loops with bounds that depend on k
 * (`j <= i`, `i = k + 1`), `present` on each `parallel loop`; syrk, syr2k
 * and trmm with triangular inner loops; lu, cholesky (with sqrt on the
 * device in a `serial` region), and covariance/correlation (column means,
 * reductions, sqrt). Each against the same code run serially. */
#include "e2e.h"
#include <math.h>

#define N 40
#define M 32

static double A[N][N], B[N][N], C[N][N], RC[N][N];

static void syrk_syr2k(int n, int m, double alpha, double beta,
                       double c[N][N], double a[N][N], double b[N][N])
{
#pragma acc data copyin(a[0:n][0:N], b[0:n][0:N]) copy(c[0:n][0:n])
  {
#pragma acc parallel loop present(a, c)
    for (int i = 0; i < n; i++) {
#pragma acc loop
      for (int j = 0; j <= i; j++)
        c[i][j] *= beta;
#pragma acc loop
      for (int j = 0; j <= i; j++)
        for (int k = 0; k < m; k++)
          c[i][j] += alpha * a[i][k] * a[j][k];
    }
#pragma acc kernels present(a, b, c)
    for (int i = 0; i < n; i++)
      for (int j = 0; j <= i; j++)
        for (int k = 0; k < m; k++)
          c[i][j] += a[j][k] * alpha * b[i][k] + b[j][k] * alpha * a[i][k];
  }
}

/* trmm: B = alpha * A' B with A unit lower triangular; k runs above i. */
static void trmm(int m, int n, double alpha, double a[N][N], double b[N][N])
{
#pragma acc parallel loop copyin(a[0:m][0:m]) copy(b[0:m][0:n])
  for (int j = 0; j < n; j++)
#pragma acc loop seq
    for (int i = 0; i < m; i++) {
      double s = b[i][j];
      for (int k = i + 1; k < m; k++)
        s += a[k][i] * b[k][j];
      b[i][j] = alpha * s;
    }
}

static void lu(int n, double a[N][N])
{
#pragma acc data copy(a[0:n][0:n])
  for (int k = 0; k < n; k++) {
#pragma acc parallel loop present(a)
    for (int j = k + 1; j < n; j++)
      a[k][j] = a[k][j] / a[k][k];
#pragma acc parallel loop collapse(2) present(a)
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        a[i][j] = a[i][j] - a[i][k] * a[k][j];
  }
}

static void cholesky(int n, double a[N][N])
{
#pragma acc enter data copyin(a[0:n][0:n])
  for (int j = 0; j < n; j++) {
#pragma acc serial present(a)
    {
      double x = a[j][j];
      for (int k = 0; k < j; k++)
        x = x - a[j][k] * a[j][k];
      a[j][j] = sqrt(x);
    }
#pragma acc parallel loop present(a)
    for (int i = j + 1; i < n; i++) {
      double x = a[i][j];
      for (int k = 0; k < j; k++)
        x = x - a[i][k] * a[j][k];
      a[i][j] = x / a[j][j];
    }
  }
#pragma acc exit data copyout(a[0:n][0:n])
}

static void covariance(int m, int n, double fn, double data[N][M],
                       double symmat[M][M], double *mean)
{
#pragma acc data copy(data[0:n][0:m]) copyout(symmat[0:m][0:m], mean[0:m])
  {
#pragma acc parallel loop present(data, mean)
    for (int j = 0; j < m; j++) {
      double s = 0.0;
#pragma acc loop reduction(+:s)
      for (int i = 0; i < n; i++)
        s += data[i][j];
      mean[j] = s / fn;
    }
#pragma acc parallel loop collapse(2) present(data, mean)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        data[i][j] -= mean[j];
#pragma acc parallel loop present(data, symmat)
    for (int j1 = 0; j1 < m; j1++)
#pragma acc loop
      for (int j2 = j1; j2 < m; j2++) {
        double s = 0.0;
        for (int i = 0; i < n; i++)
          s += data[i][j1] * data[i][j2];
        symmat[j1][j2] = s / (fn - 1.0);
        symmat[j2][j1] = symmat[j1][j2];
      }
  }
}

static void correlation_stddev(int m, int n, double fn, double data[N][M],
                               double *mean, double *stddev)
{
  double eps = 0.1;
#pragma acc parallel loop copyin(data[0:n][0:m], mean[0:m]) \
    copyout(stddev[0:m])
  for (int j = 0; j < m; j++) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
      s += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    s = sqrt(s / fn);
    stddev[j] = s <= eps ? 1.0 : s;
  }
}

static void init(int shift)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + shift) % N) / N;
      B[i][j] = (double)((i + j * shift) % 7) / 7;
      C[i][j] = RC[i][j] = (double)((i * (j + shift)) % 5) / 5;
    }
}

static void test_syrk_trmm(void)
{
  init(1);
  syrk_syr2k(N, M, 1.5, 1.2, C, A, B);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      RC[i][j] *= 1.2;
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < M; k++)
        RC[i][j] += 1.5 * A[i][k] * A[j][k];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < M; k++)
        RC[i][j] += A[j][k] * 1.5 * B[i][k] + B[j][k] * 1.5 * A[i][k];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("syrk/syr2k", C[i][j], RC[i][j], 1e-12);
  init(2);
  trmm(N, N, 0.5, A, C);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      for (int k = i + 1; k < N; k++)
        RC[i][j] += A[k][i] * RC[k][j];
      RC[i][j] = 0.5 * RC[i][j];
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("trmm", C[i][j], RC[i][j], 1e-12);
}

static void test_lu_cholesky(void)
{
  /* diagonally dominant, symmetric positive definite */
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] = C[j][i] = (double)(-j % N) / N + 1;
      if (i == j)
        C[i][j] = C[j][i] = N + 1.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      RC[i][j] = A[i][j] = C[i][j];
  lu(N, C);
  for (int k = 0; k < N; k++) {
    for (int j = k + 1; j < N; j++)
      RC[k][j] = RC[k][j] / RC[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        RC[i][j] = RC[i][j] - RC[i][k] * RC[k][j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("lu", C[i][j], RC[i][j], 1e-12);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      RC[i][j] = A[i][j];
  cholesky(N, A);
  for (int j = 0; j < N; j++) {
    double x = RC[j][j];
    for (int k = 0; k < j; k++)
      x = x - RC[j][k] * RC[j][k];
    RC[j][j] = sqrt(x);
    for (int i = j + 1; i < N; i++) {
      x = RC[i][j];
      for (int k = 0; k < j; k++)
        x = x - RC[i][k] * RC[j][k];
      RC[i][j] = x / RC[j][j];
    }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("cholesky", A[i][j], RC[i][j], 1e-12);
}

static void test_covariance(void)
{
  static double data[N][M], orig[N][M], sym[M][M], mean[M], sd[M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = orig[i][j] = (double)(i * j % 9) / M + (j == 3 ? 0 : i);
  correlation_stddev(M, N, (double)N, data, mean, sd); /* mean is 0 here */
  for (int j = 0; j < M; j++) {
    double s = 0;
    for (int i = 0; i < N; i++)
      s += orig[i][j] * orig[i][j];
    s = sqrt(s / N);
    CHECK_REAL("stddev", sd[j], s <= 0.1 ? 1.0 : s, 1e-13);
  }
  covariance(M, N, (double)N, data, sym, mean);
  double rmean[M];
  for (int j = 0; j < M; j++) {
    rmean[j] = 0;
    for (int i = 0; i < N; i++)
      rmean[j] += orig[i][j];
    rmean[j] /= N;
    CHECK_REAL("mean", mean[j], rmean[j], 1e-13);
  }
  for (int j1 = 0; j1 < M; j1++)
    for (int j2 = 0; j2 < M; j2++) {
      double s = 0;
      for (int i = 0; i < N; i++)
        s += (orig[i][j1] - rmean[j1]) * (orig[i][j2] - rmean[j2]);
      CHECK_ABS("covariance", sym[j1][j2], s / (N - 1.0), 1e-11);
    }
}

int main(void)
{
  test_syrk_trmm();
  test_lu_cholesky();
  test_covariance();
  return e2e_done();
}
