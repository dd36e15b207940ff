/* real_polybench_stencils.c — PolyBench-style stencils as OpenACC ports
 * write them: a time loop on the host around `parallel loop` nests under
 * one `data` region (jacobi-1d, jacobi-2d with `double (*A)[N]`, heat-3d
 * with `collapse(3)`, fdtd-2d with three nests and a row update), and
 * seidel-2d in a `kernels` region (a carried dependence: it must stay
 * sequential). Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define N1 200
#define N2 34
#define N3 14
#define TSTEPS 6

static void jacobi1d(int tsteps, int n, double *A, double *B)
{
#pragma acc data copy(A[0:n]) copyin(B[0:n])
  for (int t = 0; t < tsteps; t++) {
#pragma acc parallel loop present(A, B)
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc parallel loop present(A, B)
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void jacobi2d(int tsteps, int n, double (*A)[N2], double (*B)[N2])
{
#pragma acc data copy(A[0:n][0:n], B[0:n][0:n])
  {
    for (int t = 0; t < tsteps; t++) {
#pragma acc parallel loop collapse(2) present(A, B)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                           A[i - 1][j]);
#pragma acc kernels present(A, B)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                           B[i - 1][j]);
    }
  }
}

static void heat3d(int tsteps, int n, double A[N3][N3][N3],
                   double B[N3][N3][N3])
{
#pragma acc data copy(A[0:n][0:n][0:n]) create(B[0:n][0:n][0:n])
  {
#pragma acc parallel loop collapse(3) present(A, B)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++)
          B[i][j][k] = A[i][j][k];
    for (int t = 1; t <= tsteps; t++) {
#pragma acc parallel loop collapse(3) present(A, B)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          for (int k = 1; k < n - 1; k++)
            B[i][j][k] =
                0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                A[i][j][k];
#pragma acc parallel loop gang collapse(2) present(A, B)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
#pragma acc loop vector
          for (int k = 1; k < n - 1; k++)
            A[i][j][k] =
                0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                B[i][j][k];
    }
  }
}

static void fdtd2d(int tmax, int nx, int ny, double ex[N2][N2],
                   double ey[N2][N2], double hz[N2][N2], double *fict)
{
#pragma acc data copyin(fict[0:tmax]) copy(ex[0:nx][0:ny], ey[0:nx][0:ny], \
                                           hz[0:nx][0:ny])
  for (int t = 0; t < tmax; t++) {
#pragma acc parallel loop present(ey, fict)
    for (int j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma acc parallel loop collapse(2) present(ey, hz)
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma acc parallel loop collapse(2) present(ex, hz)
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma acc parallel loop collapse(2) present(ex, ey, hz)
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] -
                                     ey[i][j]);
  }
}

static void seidel2d(int tsteps, int n, double A[N2][N2])
{
#pragma acc kernels copy(A[0:n][0:n])
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

static void test_jacobi(void)
{
  static double A[N1], B[N1], R[N1], S[N1];
  for (int i = 0; i < N1; i++) {
    A[i] = R[i] = ((double)i + 2) / N1;
    B[i] = S[i] = ((double)i + 3) / N1;
  }
  jacobi1d(TSTEPS, N1, A, B);
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N1 - 1; i++)
      S[i] = 0.33333 * (R[i - 1] + R[i] + R[i + 1]);
    for (int i = 1; i < N1 - 1; i++)
      R[i] = 0.33333 * (S[i - 1] + S[i] + S[i + 1]);
  }
  for (int i = 0; i < N1; i++)
    CHECK_REAL("jacobi-1d", A[i], R[i], 1e-14);

  double (*a)[N2] = malloc(sizeof(double[N2][N2]));
  double (*b)[N2] = malloc(sizeof(double[N2][N2]));
  static double ra[N2][N2], rb[N2][N2];
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) {
      a[i][j] = ra[i][j] = ((double)i * (j + 2) + 2) / N2;
      b[i][j] = rb[i][j] = ((double)i * (j + 3) + 3) / N2;
    }
  jacobi2d(TSTEPS, N2, a, b);
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N2 - 1; i++)
      for (int j = 1; j < N2 - 1; j++)
        rb[i][j] = 0.2 * (ra[i][j] + ra[i][j - 1] + ra[i][1 + j] +
                          ra[1 + i][j] + ra[i - 1][j]);
    for (int i = 1; i < N2 - 1; i++)
      for (int j = 1; j < N2 - 1; j++)
        ra[i][j] = 0.2 * (rb[i][j] + rb[i][j - 1] + rb[i][1 + j] +
                          rb[1 + i][j] + rb[i - 1][j]);
  }
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) {
      CHECK_REAL("jacobi-2d A", a[i][j], ra[i][j], 1e-13);
      CHECK_REAL("jacobi-2d B", b[i][j], rb[i][j], 1e-13);
    }
  free(a);
  free(b);
}

static void test_heat(void)
{
  static double A[N3][N3][N3], B[N3][N3][N3], RA[N3][N3][N3], RB[N3][N3][N3];
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      for (int k = 0; k < N3; k++)
        A[i][j][k] = RA[i][j][k] = (double)(i + j + (N3 - k)) * 10 / N3;
  heat3d(TSTEPS, N3, A, B);
  memcpy(RB, RA, sizeof RB);
  for (int t = 1; t <= TSTEPS; t++) {
    for (int i = 1; i < N3 - 1; i++)
      for (int j = 1; j < N3 - 1; j++)
        for (int k = 1; k < N3 - 1; k++)
          RB[i][j][k] =
              0.125 * (RA[i + 1][j][k] - 2.0 * RA[i][j][k] + RA[i - 1][j][k]) +
              0.125 * (RA[i][j + 1][k] - 2.0 * RA[i][j][k] + RA[i][j - 1][k]) +
              0.125 * (RA[i][j][k + 1] - 2.0 * RA[i][j][k] + RA[i][j][k - 1]) +
              RA[i][j][k];
    for (int i = 1; i < N3 - 1; i++)
      for (int j = 1; j < N3 - 1; j++)
        for (int k = 1; k < N3 - 1; k++)
          RA[i][j][k] =
              0.125 * (RB[i + 1][j][k] - 2.0 * RB[i][j][k] + RB[i - 1][j][k]) +
              0.125 * (RB[i][j + 1][k] - 2.0 * RB[i][j][k] + RB[i][j - 1][k]) +
              0.125 * (RB[i][j][k + 1] - 2.0 * RB[i][j][k] + RB[i][j][k - 1]) +
              RB[i][j][k];
  }
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      for (int k = 0; k < N3; k++)
        CHECK_REAL("heat-3d", A[i][j][k], RA[i][j][k], 1e-13);
}

static void test_fdtd_seidel(void)
{
  static double ex[N2][N2], ey[N2][N2], hz[N2][N2], fict[TSTEPS];
  static double rx[N2][N2], ry[N2][N2], rh[N2][N2];
  for (int t = 0; t < TSTEPS; t++)
    fict[t] = t;
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) {
      ex[i][j] = rx[i][j] = ((double)i * (j + 1)) / N2;
      ey[i][j] = ry[i][j] = ((double)i * (j + 2)) / N2;
      hz[i][j] = rh[i][j] = ((double)i * (j + 3)) / N2;
    }
  fdtd2d(TSTEPS, N2, N2, ex, ey, hz, fict);
  for (int t = 0; t < TSTEPS; t++) {
    for (int j = 0; j < N2; j++)
      ry[0][j] = fict[t];
    for (int i = 1; i < N2; i++)
      for (int j = 0; j < N2; j++)
        ry[i][j] = ry[i][j] - 0.5 * (rh[i][j] - rh[i - 1][j]);
    for (int i = 0; i < N2; i++)
      for (int j = 1; j < N2; j++)
        rx[i][j] = rx[i][j] - 0.5 * (rh[i][j] - rh[i][j - 1]);
    for (int i = 0; i < N2 - 1; i++)
      for (int j = 0; j < N2 - 1; j++)
        rh[i][j] = rh[i][j] - 0.7 * (rx[i][j + 1] - rx[i][j] + ry[i + 1][j] -
                                     ry[i][j]);
  }
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) {
      CHECK_ABS("fdtd ex", ex[i][j], rx[i][j], 1e-12);
      CHECK_ABS("fdtd ey", ey[i][j], ry[i][j], 1e-12);
      CHECK_ABS("fdtd hz", hz[i][j], rh[i][j], 1e-12);
    }
  /* seidel-2d reuses ex as its grid */
  seidel2d(TSTEPS, N2, ex);
  for (int t = 0; t <= TSTEPS - 1; t++)
    for (int i = 1; i <= N2 - 2; i++)
      for (int j = 1; j <= N2 - 2; j++)
        rx[i][j] = (rx[i - 1][j - 1] + rx[i - 1][j] + rx[i - 1][j + 1] +
                    rx[i][j - 1] + rx[i][j] + rx[i][j + 1] + rx[i + 1][j - 1] +
                    rx[i + 1][j] + rx[i + 1][j + 1]) / 9.0;
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++)
      CHECK_ABS("seidel-2d", ex[i][j], rx[i][j], 1e-12);
}

int main(void)
{
  test_jacobi();
  test_heat();
  test_fdtd_seidel();
  return e2e_done();
}
