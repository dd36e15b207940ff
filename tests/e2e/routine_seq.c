/* routine_seq.c — routine seq functions called from device code: declared
 * with the directive before the definition, the named form
 * routine(name) seq, a routine calling another, pointer arguments. */
#include "e2e.h"

#define N 4000
static double x[N], y[N];

#pragma acc routine seq
static double poly(double t) { return (t * 0.5 + 2.0) * t - 1.0; }

#pragma acc routine seq
static double twice_poly(double t) { return 2.0 * poly(t); }

static int clampi(int v, int lo, int hi);
#pragma acc routine(clampi) seq

static int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

#pragma acc routine seq
static void store_sum(double *dst, const double *src, int k) {
  double s = 0;
  for (int j = 0; j <= k; j++)
    s += src[j];
  *dst = s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 64;
#pragma acc parallel loop copyin(x[0:N]) copyout(y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = twice_poly(x[i]) + clampi(i, 100, 200);
  for (int i = 0; i < N; i++)
    CHECK_REAL("y", y[i], 2.0 * poly(x[i]) + clampi(i, 100, 200), 0);

#pragma acc parallel loop copyin(x[0:N]) copyout(y[0:64])
  for (int k = 0; k < 64; k++)
    store_sum(&y[k], x, k);
  for (int k = 0; k < 64; k++)
    CHECK_REAL("prefix", y[k], k * (k + 1) / 2.0, 0);
  return e2e_done();
}
