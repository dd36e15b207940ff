/* compute_kernels_redundant.c — a kernels region that stays one kernel
 * because its sequential loop tests a value the device computes: every
 * thread of the gang evaluates the loop condition from memory, and one
 * thread then overwrites that memory (err = 0, a halving of x[0]).  All
 * threads must have read it first (a barrier before the single store),
 * or some leave the loop early.  Compared with the same loops run
 * serially. */
#include <math.h>

#include "e2e.h"

#define N 1000

static double a[N], x[N];

static int relax(double tol, double *err_out)
{
  double err = 1;
  int k = 0;
#pragma acc kernels copy(a, err, k)
  while (err > tol) {
    err = 0;
    for (int i = 0; i < N; i++) {
      double v = a[i] * 0.5;
      err += fabs(v - a[i]);
      a[i] = v;
    }
    k++;
  }
  *err_out = err;
  return k;
}

static int halve(double lim)
{
  int it = 0;
#pragma acc kernels copy(x, it)
  for (int t = 0; x[0] > lim; t++) {
    for (int i = 0; i < N; i++)
      x[i] *= 0.5;
    it = t + 1;
  }
  return it;
}

int main(void)
{
  double ra[N], rx0 = 1, rerr = 1, tol = 1e-6, lim = 1e-3, err;
  int rk = 0, rit = 0;
  for (int i = 0; i < N; i++) {
    a[i] = ra[i] = 1.0 + i % 7;
    x[i] = 1;
  }
  while (rerr > tol) {
    rerr = 0;
    for (int i = 0; i < N; i++) {
      double v = ra[i] * 0.5;
      rerr += fabs(v - ra[i]);
      ra[i] = v;
    }
    rk++;
  }
  while (rx0 > lim) {
    rx0 *= 0.5;
    rit++;
  }
  CHECK_INT("relax: iterations", relax(tol, &err), rk);
  CHECK_REAL("relax: err", err, rerr, 1e-12);
  for (int i = 0; i < N; i++)
    CHECK_REAL("relax: a", a[i], ra[i], 0);
  CHECK_INT("halve: iterations", halve(lim), rit);
  for (int i = 0; i < N; i++)
    CHECK_REAL("halve: x", x[i], rx0, 0);
  return e2e_done();
}
