/* data_declare_array_params.c — `declare` of parameters declared as arrays
 * (`double A[n]`, `double C[NI][NJ]`, `double T[n][m]`) maps the declared
 * array, A[0:n], as the data clauses do (NVHPC's reading; array-params.cc):
 * copy, copyin, copyout, create and present, without an enclosing data
 * region, each array present while the function runs (acc_is_present of
 * all of it) and gone after the return.  Until session 14 the declare
 * kept the pointer: copy(A) stopped at run time ("map kind 3 is not
 * valid on enter data") and the others mapped the 8 bytes of A.  Results
 * against serial loops. */
/* accgpu-test: accgpu-only */ /* (GCC 12 maps the pointer; its libgomp
                                  asserts on copy of a parameter) */
#include "e2e.h"

#define NI 12
#define NJ 10
#define NK 8

static int sep; /* e2e_separate_memory() */

static void check_mapped(const char *what, void *p, size_t bytes, int want)
{
  if (sep)
    CHECK_INT(what, e2e_present(p, bytes, 0), want);
}

static void scale(int n, double A[n], double s)
{
#pragma acc declare copy(A)
  check_mapped("copy(A): all of A[0:n] present", A, n * sizeof *A, 1);
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    A[i] *= s;
}

/* C = A * B (PolyBench's gemm without alpha and beta). */
static void gemm(double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
{
#pragma acc declare copyin(A, B) copyout(C)
  check_mapped("copyin(A): all of A present", A, sizeof(double[NI][NK]), 1);
  check_mapped("copyout(C): all of C present", C, sizeof(double[NI][NJ]), 1);
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double t = 0;
      for (int k = 0; k < NK; k++)
        t += A[i][k] * B[k][j];
      C[i][j] = t;
    }
}

/* Row sums of X through a device scratch array T (create). */
static void rowsum(int n, int m, double X[n][m], double T[n][m], double *out)
{
#pragma acc declare create(T) copyin(X) copyout(out[0:n])
  check_mapped("create(T): all of T present", T, n * m * sizeof **T, 1);
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      T[i][j] = 2 * X[i][j];
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += T[i][j];
    out[i] = s;
  }
}

/* The caller's data region holds all of A. */
static void shift(int n, double A[n])
{
#pragma acc declare present(A)
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    A[i] += 1;
}

int main(void)
{
  static double A[NI][NK], B[NK][NJ], C[NI][NJ], v[NI * NK], T[NI][NK];
  double rs[NI];
  sep = e2e_separate_memory();
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = v[i * NK + k] = 0.5 * i - 0.25 * k;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = 1.0 / (1 + k + j);
  for (int rep = 0; rep < 2; rep++) {
    scale(NI * NK, v, 3);
    check_mapped("copy(A): gone after the return", v, sizeof v, 0);
  }
  for (int i = 0; i < NI * NK; i++)
    CHECK_REAL("copy(A) twice", v[i], 9 * (0.5 * (i / NK) - 0.25 * (i % NK)),
               1e-15);
  gemm(C, A, B);
  check_mapped("copyin(A): gone after the return", A, sizeof A, 0);
  check_mapped("copyout(C): gone after the return", C, sizeof C, 0);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double t = 0;
      for (int k = 0; k < NK; k++)
        t += A[i][k] * B[k][j];
      CHECK_REAL("gemm", C[i][j], t, 1e-13);
    }
  rowsum(NI, NK, A, T, rs);
  check_mapped("create(T): gone after the return", T, sizeof T, 0);
  for (int i = 0; i < NI; i++) {
    double s = 0;
    for (int k = 0; k < NK; k++)
      s += 2 * A[i][k];
    CHECK_REAL("row sums through create(T)", rs[i], s, 1e-13);
  }
#pragma acc data copy(v)
  shift(NI * NK, v);
  for (int i = 0; i < NI * NK; i++)
    CHECK_REAL("e2e_present(A, 0)", v[i],
               9 * (0.5 * (i / NK) - 0.25 * (i % NK)) + 1, 1e-15);
  return e2e_done();
}
