/* data_array_params.c — PolyBench-ACC writes its kernels with array
 * parameters named in data clauses without a range:
 *   static void kernel_gemm(int ni, ..., double C[NI][NJ], double A[NI][NK], ...)
 *   #pragma acc data copyin(A,B) copy(C)
 * C adjusts `double A[NI][NK]` to `double (*A)[NK]`; as with NVHPC,
 * copyin(A) maps the declared array, A[0:NI] (a note under
 * -fplugin-arg-accgpu-info, no warning under -Wall).  Constant bounds in 2-D
 * and 1-D, variable bounds (`int n, double A[n][n]`), C99 `static` in the
 * brackets; data, compute constructs' clauses (also from a _Pragma),
 * enter/exit data, update host/device, present inside the caller's data
 * region; each result checked against serial loops in this program. */
/* accgpu-test: cflags -Wall -fplugin-arg-accgpu-info */
/* accgpu-test: no-warnings */
#include <stdlib.h>

#include "e2e.h"

#define NI 24
#define NJ 20
#define NK 16
#define N 30

/* gemm, as PolyBench-ACC: C := beta*C + alpha*A*B */
static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
{
#pragma acc data copyin(A,B) copy(C) /* accgpu-expect-note: .copyin\(A\). of the array parameter .A. maps .A\[0:24\]., its declared bound */
  {
#pragma acc parallel
    {
#pragma acc loop
      for (int i = 0; i < ni; i++)
#pragma acc loop
        for (int j = 0; j < nj; j++) {
          C[i][j] *= beta;
          for (int k = 0; k < nk; k++)
            C[i][j] += alpha * A[i][k] * B[k][j];
        }
    }
  }
}

/* mvt: 1-D parameters in a compute construct's own clauses */
static void kernel_mvt(int n, double xv[N], double yv[N], double A[N][N])
{
#pragma acc parallel loop copyin(A, yv) copy(xv) /* accgpu-expect-note: .copy\(xv\). of the array parameter .xv. maps .xv\[0:30\]. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      xv[i] += A[i][j] * yv[j];
}

/* variable bounds: the C99 prototypes of PolyBench (POLYBENCH_USE_C99_PROTO) */
static void kernel_vla(int n, int m, double A[n][m], double x[m], double y[n])
{
#pragma acc parallel loop copyin(A, x) copyout(y) /* accgpu-expect-note: .copyout\(y\). of the array parameter .y. maps .y\[0:n\]. */
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

/* `static` in the brackets, and a bound expression */
static void kernel_static(int n, double a[static N], double b[n + 2])
{
#pragma acc parallel loop copyin(a) copy(b) /* accgpu-expect-note: .copy\(b\). of the array parameter .b. maps .b\[0:n \+ 2\]. */
  for (int i = 0; i < n + 2; i++)
    b[i] += a[i % N];
}

/* written through a macro (_Pragma), as NPB-style codes do */
#define PAR_COPYIN_COPYOUT _Pragma("acc parallel loop copyin(S) copyout(D)")
static void kernel_pragma(int n, double S[N][NK], double D[N][NK])
{
  PAR_COPYIN_COPYOUT
  for (int i = 0; i < n; i++)
    for (int k = 0; k < NK; k++)
      D[i][k] = S[i][k] * S[i][k] - k;
}

/* the caller maps M; present(M) finds the whole declared array */
static void kernel_present(int n, double M[n][n])
{
#pragma acc parallel loop present(M) /* accgpu-expect-note: .present\(M\). of the array parameter .M. maps .M\[0:n\]. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      M[i][j] = 2 * M[i][j] + 1;
}

/* enter data / update / exit data of array parameters */
static void kernel_update(int n, double U[n][NK], double h[NK])
{
#pragma acc enter data copyin(U) create(h) /* accgpu-expect-note: .create\(h\). of the array parameter .h. maps .h\[0:16\]. */
#pragma acc parallel loop present(U, h)
  for (int j = 0; j < NK; j++) {
    h[j] = 0;
    for (int i = 0; i < n; i++) {
      U[i][j] *= 3;
      h[j] += U[i][j];
    }
  }
#pragma acc update host(h) /* accgpu-expect-note: .self\(h\). of the array parameter .h. maps .h\[0:16\]. */
  for (int j = 0; j < NK; j++)
    h[j] = -h[j]; /* changed on the host, sent back with update device */
#pragma acc update device(h)
#pragma acc parallel loop present(U, h)
  for (int j = 0; j < NK; j++)
    U[0][j] += h[j];
#pragma acc exit data copyout(U) delete(h)
}

static double A[NI][NK], B[NK][NJ], C[NI][NJ], refC[NI][NJ];
static double M[N][N], xv[N], yv[N], refxv[N];

int main(void)
{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (i * k % 7) * 0.25;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = ((k + 2 * j) % 5) * 0.5;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = refC[i][j] = (i + j) % 3;
  kernel_gemm(NI, NJ, NK, 1.5, 1.25, C, A, B);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      refC[i][j] *= 1.25;
      for (int k = 0; k < NK; k++)
        refC[i][j] += 1.5 * A[i][k] * B[k][j];
      CHECK_REAL("gemm C", C[i][j], refC[i][j], 1e-12);
    }

  for (int i = 0; i < N; i++) {
    xv[i] = refxv[i] = i % 4;
    yv[i] = (i * 3) % 7;
    for (int j = 0; j < N; j++)
      M[i][j] = (i + 2 * j) % 9;
  }
  kernel_mvt(N, xv, yv, M);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      refxv[i] += M[i][j] * yv[j];
    CHECK_REAL("mvt xv", xv[i], refxv[i], 1e-12);
  }

  {
    int n = 13, m = 9;
    double (*V)[m] = malloc(sizeof(double[n][m]));
    double x[9], y[13];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        V[i][j] = (i * j) % 5 - 1.0;
    for (int j = 0; j < m; j++)
      x[j] = j * 0.5;
    kernel_vla(n, m, V, x, y);
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < m; j++)
        s += V[i][j] * x[j];
      CHECK_REAL("vla y", y[i], s, 1e-12);
    }
    free(V);
  }

  {
    double a[N], b[N + 2], refb[N + 2];
    for (int i = 0; i < N; i++)
      a[i] = i * 1.5;
    for (int i = 0; i < N + 2; i++)
      b[i] = refb[i] = i;
    kernel_static(N, a, b);
    for (int i = 0; i < N + 2; i++)
      CHECK_REAL("static b", b[i], refb[i] + a[i % N], 0);
  }

  {
    static double S[N][NK], D[N][NK];
    for (int i = 0; i < N; i++)
      for (int k = 0; k < NK; k++)
        S[i][k] = (i + k) % 6, D[i][k] = -1;
    kernel_pragma(N, S, D);
    for (int i = 0; i < N; i++)
      for (int k = 0; k < NK; k++)
        CHECK_REAL("_Pragma D", D[i][k], S[i][k] * S[i][k] - k, 0);
  }

  {
    static double P[N][N], refP[N][N];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        P[i][j] = refP[i][j] = (i * j) % 11;
#pragma acc data copy(P[0:N][0:N])
    {
      kernel_present(N, P);
      kernel_present(N, P);
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        CHECK_REAL("present P", P[i][j], 4 * refP[i][j] + 3, 0);
  }

  {
    int n = 11;
    static double U[11][NK], refU[11][NK];
    double h[NK], refh[NK];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < NK; j++)
        U[i][j] = refU[i][j] = (i + j) % 4;
    kernel_update(n, U, h);
    for (int j = 0; j < NK; j++) {
      refh[j] = 0;
      for (int i = 0; i < n; i++) {
        refU[i][j] *= 3;
        refh[j] += refU[i][j];
      }
      refU[0][j] -= refh[j];
      CHECK_REAL("update h", h[j], -refh[j], 0);
    }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < NK; j++)
        CHECK_REAL("update U", U[i][j], refU[i][j], 0);
  }
  return e2e_done();
}
