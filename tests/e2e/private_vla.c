/* private_vla.c — `private(A)` of a variable-length array declared in the
 * function (`double A[m]`, `double B[r][c]`, `int I[m]`): each copy is an
 * array of sizeof A bytes of its own (OpenACC 3.3 §2.5.13: one per gang on
 * a compute construct; §2.9.10: one per iteration of a loop, i.e. per
 * gang, worker or vector lane of its level), as for `private(tmp[0:m])`
 * of a pointer.  Until session 14 a sorry ("private copy of a
 * variable-length array").  Every construct and loop level, 2-D indexing,
 * a routine reading the copy, `firstprivate(A)` (each copy starts with the
 * host's values), the host's array unchanged, and copies that
 * are not shared (each iteration fills its copy, then reads it back with
 * no barrier: a shared copy mixes iterations on the emulator and the
 * multicore device, and racecheck reports it).  Against serial loops. */
/* accgpu-test: private-copies */
/* accgpu-test: accgpu-only */ /* (GCC 12's own host fallback faults on
                                  the private VLA's first store) */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"

#pragma acc routine seq
static double weighted(int m, const double *t)
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += t[k] * (k + 1);
  return s;
}

static double ref_weighted(int i, int m)
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += (i * 0.5 + k) * (k + 1);
  return s;
}

/* parallel loop (gang vector), a routine reading the copy, 2-D, int. */
static void loops(int n, int m, double *a)
{
  double A[m];
  double B[3][m];
  int I[m];
  for (int k = 0; k < m; k++)
    A[k] = -1, I[k] = -7;
#pragma acc parallel loop copyout(a[0:n]) private(A)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      A[k] = i * 0.5 + k;
    a[i] = weighted(m, A);
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel loop private(A)", a[i], ref_weighted(i, m), 1e-12);
#pragma acc parallel loop gang vector copyout(a[0:n]) private(B, I)
  for (int i = 0; i < n; i++) {
    for (int r = 0; r < 3; r++)
      for (int k = 0; k < m; k++)
        B[r][k] = i + r * k;
    for (int k = 0; k < m; k++)
      I[k] = i - k;
    double s = 0;
    for (int k = 0; k < m; k++)
      s += B[2][k] * B[1][m - 1 - k] + I[k];
    a[i] = s;
  }
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = 0; k < m; k++)
      s += (double)(i + 2 * k) * (i + (m - 1 - k)) + (i - k);
    CHECK_REAL("private(B) of double B[3][m], private(I)", a[i], s, 1e-12);
  }
  for (int k = 0; k < m; k++) {
    CHECK_REAL("host A unchanged", A[k], -1, 0);
    CHECK_INT("host I unchanged", I[k], -7);
  }
}

/* Levels: the gang's copy filled by a vector loop and read reversed by
   another; a worker's; a vector lane's with a seq loop inside. */
static void levels(int n, int m, double *out)
{
  double T[m];
#pragma acc parallel loop gang copyout(out[0:n * m]) private(T) \
    vector_length(32)
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      T[k] = i * 100 + k;
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      out[i * m + k] = T[m - 1 - k];
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("gang copy", out[i * m + k], i * 100 + (m - 1 - k), 0);
#pragma acc parallel copyout(out[0:n * m]) num_workers(4) vector_length(32)
#pragma acc loop gang worker private(T)
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      T[k] = i * 10 - k;
#pragma acc loop vector
    for (int k = 0; k < m; k++)
      out[i * m + k] = T[(k + 1) % m];
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("worker copy", out[i * m + k], i * 10 - (k + 1) % m, 0);
#pragma acc parallel loop gang copyout(out[0:n * m])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector private(T)
    for (int k = 0; k < m; k++) {
      for (int j = 0; j < m; j++)
        T[j] = i + k + j;
      double s = 0;
      for (int j = 0; j < m; j++)
        s += T[j];
      out[i * m + k] = s;
    }
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      CHECK_REAL("vector copy", out[i * m + k],
                 (double)m * (i + k) + m * (m - 1) / 2.0, 0);
}

/* Constructs: parallel private (a copy per gang across its gang loop),
   serial private, kernels loop private. */
static void constructs(int n, int m, double *a)
{
  double A[m];
#pragma acc parallel copyout(a[0:n]) private(A) num_gangs(7)
  {
#pragma acc loop gang
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        A[k] = i * k;
      double s = 0;
      for (int k = 0; k < m; k++)
        s += A[k];
      a[i] = s;
    }
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel private", a[i], i * (m * (m - 1) / 2.0), 1e-12);
#pragma acc serial copyout(a[0:4]) private(A)
  {
    for (int k = 0; k < m; k++)
      A[k] = k;
    for (int j = 0; j < 4; j++)
      a[j] = A[m - 1 - j];
  }
  for (int j = 0; j < 4; j++)
    CHECK_REAL("serial private", a[j], m - 1 - j, 0);
#pragma acc kernels loop copyout(a[0:n]) private(A)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      A[k] = i - k;
    a[i] = A[0] + A[m - 1];
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("kernels loop private", a[i], 2.0 * i - (m - 1), 0);
}

/* firstprivate(A): each gang's copy starts with the host's values; the
   host's A is not changed. */
static void firsts(int n, int m, double *a)
{
  double A[m];
  for (int k = 0; k < m; k++)
    A[k] = 3.0 * k - 1;
#pragma acc parallel loop copyout(a[0:n]) firstprivate(A)
  for (int i = 0; i < n; i++)
    a[i] = A[i % m] * i;
  for (int i = 0; i < n; i++)
    CHECK_REAL("parallel loop firstprivate(A)", a[i], (3.0 * (i % m) - 1) * i,
               0);
#pragma acc serial copyout(a[0:m]) firstprivate(A)
  {
    for (int k = 0; k < m; k++)
      A[k] += k;
    for (int k = 0; k < m; k++)
      a[k] = A[m - 1 - k];
  }
  for (int k = 0; k < m; k++) {
    CHECK_REAL("serial firstprivate(A)", a[k], 4.0 * (m - 1 - k) - 1, 0);
    CHECK_REAL("host A unchanged by firstprivate", A[k], 3.0 * k - 1, 0);
  }
}

int main(void)
{
  int n = 203, m = 29;
  static double a[203], out[203 * 29];
  loops(n, m, a);
  levels(n, m, out);
  constructs(n, m, a);
  firsts(n, m, a);
  return e2e_done();
}
