/* compute_kernels_carried.c — kernels loops the dependence test must keep
 * sequential (carried dependences, indirect writes, conditional scalars,
 * values used after the loop) next to ones it may run in parallel
 * (implicit reductions, also through fmax/fmin as in the Jacobi tutorial,
 * strided and triangular writes, inner loops of a
 * sequential time loop).  Every result equals the serial computation; the
 * accgpu-expect-note comments check which loops were parallelized. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <math.h>

#define N 1000
#define T 4

int main(void) {
  static double a[N], ra[N], b[N], c[N + 1], rc[N + 1], l[64 * 64], rl[64 * 64];
  static int idx[N], h[64], rh[64];
  int n = N, m = 64;
  double sum = 0.0, rsum = 0.0, prod = 1.0, rprod = 1.0, last = 0.0;
  long isum = 0, risum = 0;
  for (int i = 0; i < N; i++) {
    a[i] = ra[i] = (i % 9) * 0.5;
    b[i] = ((i * 7) % 11) - 5.0;
    idx[i] = (i * 13) % 64;
  }
  for (int k = 0; k < 64; k++)
    h[k] = rh[k] = 0;
  for (int k = 0; k <= N; k++)
    c[k] = rc[k] = -1.0;

#pragma acc kernels copy(a, c, h, sum, prod, isum, last) copyin(b, idx)
  {
    for (int i = 1; i < n; i++)   /* accgpu-expect-note: not parallelized */
      a[i] = a[i - 1] * 0.5 + b[i];
    for (int i = 0; i < n; i++)   /* accgpu-expect-note: reduction\(\+:.+sum */
      sum += a[i] * b[i];
    for (int i = 0; i < 20; i++)  /* accgpu-expect-note: reduction\(\*:.+prod */
      prod *= 1.0 + b[i] * 0.01;
    for (int i = 0; i < n; i++)   /* accgpu-expect-note: reduction\(\+:.+isum */
      isum += idx[i];
    for (int i = 0; i < n; i++)   /* accgpu-expect-note: not parallelized */
      h[idx[i]] += 1;
    for (int i = 0; i < n; i++) { /* accgpu-expect-note: not parallelized */
      int t;
      if (b[i] > 0.0)
        t = i;
      else
        t = i + 1;
      c[t] = b[i];
    }
    for (int i = 0; i < n; i++)   /* accgpu-expect-note: not parallelized */
      last = a[i];
  }
  for (int i = 1; i < N; i++)
    ra[i] = ra[i - 1] * 0.5 + b[i];
  for (int i = 0; i < N; i++)
    rsum += ra[i] * b[i];
  for (int i = 0; i < 20; i++)
    rprod *= 1.0 + b[i] * 0.01;
  for (int i = 0; i < N; i++)
    risum += idx[i];
  for (int i = 0; i < N; i++)
    rh[idx[i]] += 1;
  for (int i = 0; i < N; i++)
    rc[b[i] > 0.0 ? i : i + 1] = b[i];
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], ra[i], 1e-12);
  for (int i = 0; i <= N; i++)
    CHECK_REAL("c", c[i], rc[i], 0);
  for (int k = 0; k < 64; k++)
    CHECK_INT("h", h[k], rh[k]);
  CHECK_REAL("sum", sum, rsum, 1e-9);
  CHECK_REAL("prod", prod, rprod, 1e-12);
  CHECK_INT("isum", isum, risum);
  CHECK_REAL("last", last, ra[N - 1], 0);

  /* The Jacobi step of NVIDIA's OpenACC tutorial: the error is a max
     reduction through fmax, over both loops of the nest. */
  static double A[64 * 64], An[64 * 64];
  double err = 0.0, rerr = 0.0, mn = 1e30, rmn = 1e30;
  for (int k = 0; k < 64 * 64; k++)
    A[k] = (k * 37 % 101) * 0.01;
#pragma acc kernels copyin(A) copyout(An) copy(err, mn)
  {
    for (int j = 1; j < m - 1; j++)   /* accgpu-expect-note: reduction\(max:.+err */
      for (int i = 1; i < m - 1; i++) {
        An[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] +
                                A[(j - 1) * m + i] + A[(j + 1) * m + i]);
        err = fmax(err, fabs(An[j * m + i] - A[j * m + i]));
      }
    for (int i = 0; i < m * m; i++)  /* accgpu-expect-note: reduction\(min:.+mn */
      mn = fmin(mn, A[i]);
  }
  for (int j = 1; j < 63; j++)
    for (int i = 1; i < 63; i++) {
      double v = 0.25 * (A[j * 64 + i + 1] + A[j * 64 + i - 1] +
                         A[(j - 1) * 64 + i] + A[(j + 1) * 64 + i]);
      CHECK_REAL("An", An[j * 64 + i], v, 0);
      rerr = fmax(rerr, fabs(v - A[j * 64 + i]));
    }
  for (int i = 0; i < 64 * 64; i++)
    rmn = fmin(rmn, A[i]);
  CHECK_REAL("err", err, rerr, 0);
  CHECK_REAL("mn", mn, rmn, 0);

  /* Strided and triangular writes: parallel.  A sequential time loop: its
     inner loops run on one gang's vector lanes. */
  for (int k = 0; k < 64 * 64; k++)
    l[k] = rl[k] = 0.0;
#pragma acc kernels copy(l, c)
  {
    for (int i = 0; i < n / 2; i++) /* accgpu-expect-note: across gangs and vector */
      c[2 * i] = c[2 * i + 1] + 1.0;
    for (int i = 0; i < m; i++)   /* accgpu-expect-note: across gangs */
      for (int j = 0; j <= i; j++)
        l[i * m + j] = i - j;
    for (int t = 0; t < T; t++) { /* accgpu-expect-note: runs on the host */
      for (int i = 1; i < m - 1; i++) /* accgpu-expect-note: across gangs */
        l[i] = 0.5 * (l[i * m] + l[(i + 1) * m - 1]) + t;
      for (int i = 1; i < m - 1; i++) /* accgpu-expect-note: across gangs */
        l[i * m] = l[i] * 0.25;
    }
  }
  for (int i = 0; i < N / 2; i++)
    rc[2 * i] = rc[2 * i + 1] + 1.0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j <= i; j++)
      rl[i * 64 + j] = i - j;
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < 63; i++)
      rl[i] = 0.5 * (rl[i * 64] + rl[(i + 1) * 64 - 1]) + t;
    for (int i = 1; i < 63; i++)
      rl[i * 64] = rl[i] * 0.25;
  }
  for (int i = 0; i <= N; i++)
    CHECK_REAL("c2", c[i], rc[i], 0);
  for (int k = 0; k < 64 * 64; k++)
    CHECK_REAL("l", l[k], rl[k], 1e-12);
  return e2e_done();
}
