/* implicit_reduction_parallel.c — scalars a `parallel` construct updates
 * only by a reduction pattern in its loops, with no reduction clause, as
 * NVIDIA's OpenACC labs write laplace2d (modules 2-5: `error = fmax(error,
 * fabs(...))` in `parallel loop` + `loop`, "the compiler has been
 * automatically applying the reduction clause"): NVHPC makes them
 * reductions; by OpenACC they are firstprivate and the host's value never
 * changed (the solver stopped after one sweep).  Also `+`, `*`, fmin,
 * `|`, `^`, global scalars (updated through temporaries), and what stays
 * firstprivate: an update outside any loop (gang-redundant
 * code) and a scalar also read elsewhere in the region.  Locals whose
 * address the function takes (&err for MPI_Allreduce) too.
 * Against serial computations. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

#define OFFSET(x, y, m) (((x) * (m)) + (y))

static double calc_next(double *restrict A, double *restrict Anew, int m,
                        int n)
{
  double error = 0.0;
#pragma acc parallel loop copyin(A[0:n*m]) copy(Anew[0:n*m]) /* accgpu-expect-note: implicit reduction\(max:error\) */
  for (int j = 1; j < n - 1; j++) {
#pragma acc loop
    for (int i = 1; i < m - 1; i++) {
      Anew[OFFSET(j, i, m)] =
          0.25 * (A[OFFSET(j, i + 1, m)] + A[OFFSET(j, i - 1, m)] +
                  A[OFFSET(j - 1, i, m)] + A[OFFSET(j + 1, i, m)]);
      error = fmax(error, fabs(Anew[OFFSET(j, i, m)] - A[OFFSET(j, i, m)]));
    }
  }
  return error;
}

static double serial_next(const double *A, double *Anew, int m, int n)
{
  double error = 0.0;
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++) {
      Anew[OFFSET(j, i, m)] =
          0.25 * (A[OFFSET(j, i + 1, m)] + A[OFFSET(j, i - 1, m)] +
                  A[OFFSET(j - 1, i, m)] + A[OFFSET(j + 1, i, m)]);
      error = fmax(error, fabs(Anew[OFFSET(j, i, m)] - A[OFFSET(j, i, m)]));
    }
  return error;
}

static void test_laplace(void)
{
  enum { M = 37, N = 29, ITERS = 12 };
  double *A = calloc(M * N, sizeof *A), *Anew = calloc(M * N, sizeof *A);
  double *rA = calloc(M * N, sizeof *A), *rAnew = calloc(M * N, sizeof *A);
  for (int i = 0; i < M; i++)
    A[i] = Anew[i] = rA[i] = rAnew[i] = 1.0;
  for (int it = 0; it < ITERS; it++) {
    double e = calc_next(A, Anew, M, N), want = serial_next(rA, rAnew, M, N);
    CHECK_REAL("laplace error", e, want, 1e-13);
    double *t = A; A = Anew; Anew = t;
    t = rA; rA = rAnew; rAnew = t;
  }
  for (int k = 0; k < M * N; k++)
    CHECK_REAL("laplace A", A[k], rA[k], 1e-13);
  free(A); free(Anew); free(rA); free(rAnew);
}

static void test_operators(const int *a, int n)
{
  long sum = 7, want_sum = 7;
  double prod = 1.5, want_prod = 1.5, lo = 1e9, want_lo = 1e9;
  unsigned bits = 0x100, want_bits = 0x100, x = 5, want_x = 5;
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\+:sum\) */
  for (int i = 0; i < n; i++)
    sum += a[i];
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\*:prod\) */
  for (int i = 0; i < n; i++)
    prod *= 1.0 + (a[i] % 3) * 0.01;
#pragma acc parallel loop gang vector_length(32) copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(min:lo\) */
  for (int i = 0; i < n; i++)
    lo = fmin(lo, a[i] * 0.5 - 3.0);
#pragma acc parallel copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\|:bits\) */
  {
#pragma acc loop gang
    for (int i = 0; i < n / 4; i++)
#pragma acc loop vector
      for (int k = 4 * i; k < 4 * i + 4; k++)
        bits |= 1u << (a[k] % 8);
  }
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\^:x\) */
  for (int i = 0; i < n; i++)
    x ^= (unsigned)a[i] * 2654435761u;
  for (int i = 0; i < n; i++) {
    want_sum += a[i];
    want_prod *= 1.0 + (a[i] % 3) * 0.01;
    want_lo = fmin(want_lo, a[i] * 0.5 - 3.0);
    want_bits |= 1u << (a[i] % 8);
    want_x ^= (unsigned)a[i] * 2654435761u;
  }
  CHECK_INT("sum", sum, want_sum);
  CHECK_REAL("prod", prod, want_prod, 1e-12);
  CHECK_REAL("min", lo, want_lo, 0);
  CHECK_INT("or", bits, want_bits);
  CHECK_INT("xor", x, want_x);
}

/* Globals: updated through the gimplifier's temporaries (t1 = g; t2 =
   fmax(t1, e); g = t2). */
static double g_err;
static long g_sum;

static void test_globals(const int *a, int n)
{
  g_err = -1.0;
  g_sum = 3;
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:g_err\) */
  for (int i = 0; i < n; i++)
    g_err = fmax(g_err, a[i] * 0.25);
#pragma acc parallel loop gang vector_length(64) copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\+:g_sum\) */
  for (int i = 0; i < n; i++)
    g_sum += a[i] * 2;
  double want_err = -1.0;
  long want_sum = 3;
  for (int i = 0; i < n; i++) {
    want_err = fmax(want_err, a[i] * 0.25);
    want_sum += a[i] * 2;
  }
  CHECK_REAL("global max", g_err, want_err, 0);
  CHECK_INT("global sum", g_sum, want_sum);
}

/* A local whose address the function takes (MPI codes pass &err to
   MPI_Allreduce after the loop) lives in memory and is updated through
   temporaries, as a global is: it was left firstprivate (error 0). */
static void combine_ranks(double *err, long *sum)
{
  *err = *err * 1.0; /* stands for MPI_Allreduce(MPI_IN_PLACE, err, ...) */
  *sum = *sum + 0;
}

static void test_addressable(const int *a, int n)
{
  double err = 0.0, want_err = 0.0;
  long sum = 1, want_sum = 1;
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(max:err\) */
  for (int i = 0; i < n; i++)
    err = fmax(err, fabs(a[i] * 0.5));
#pragma acc parallel loop copyin(a[0:n]) /* accgpu-expect-note: implicit reduction\(\+:sum\) */
  for (int i = 0; i < n; i++)
    sum += a[i];
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++) /* accgpu-expect-note: reduction\(\+:.sum.\) */
    sum += 2 * a[i];
  combine_ranks(&err, &sum);
  for (int i = 0; i < n; i++) {
    want_err = fmax(want_err, fabs(a[i] * 0.5));
    want_sum += 3 * a[i];
  }
  CHECK_REAL("addressable max", err, want_err, 0);
  CHECK_INT("addressable sum", sum, want_sum);
}

/* Not a reduction: the host's value stays (OpenACC's firstprivate). */
static void test_stays_firstprivate(const int *a, int n)
{
  int redundant = 3, both = 10;
  int out[4] = {0};
#pragma acc parallel num_gangs(1) copyout(out[0:1])
  {
    redundant = redundant + 2; /* gang-redundant code, not a loop */
    out[0] = redundant;
  }
  CHECK_INT("redundant update keeps the host's value", redundant, 3);
  CHECK_INT("the region saw its own copy", out[0], 5);
#pragma acc parallel num_gangs(1) vector_length(1) copyin(a[0:n]) copyout(out[1:1])
  {
#pragma acc loop seq
    for (int i = 0; i < n; i++)
      both = both + a[i];
    out[1] = both; /* read outside the update */
  }
  long want = 10;
  for (int i = 0; i < n; i++)
    want += a[i];
  CHECK_INT("read elsewhere keeps the host's value", both, 10);
  CHECK_INT("the region's own sum", out[1], want);
}

int main(void)
{
  enum { N = 1000 }; /* a multiple of 4 */
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 + 11) % 101 - 20;
  test_laplace();
  test_operators(a, N);
  test_globals(a, N);
  test_addressable(a, N);
  test_stays_firstprivate(a, N);
  return e2e_done();
}
