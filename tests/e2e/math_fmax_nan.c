/* math_fmax_nan.c — fmax, fmin, fmaxf, fminf inside compute regions follow
 * C's rule on every device (a NaN loses to a number, both NaN give NaN,
 * infinities order): the multicore image has its own inline versions
 * (include/accgpu_mc.h), checked here against the host's libm, also as a
 * max/min reduction's combining function. */
#include <stdlib.h>

#include "e2e.h"

#define N 64
static double x[N], y[N], mx[N], mn[N];
static float xf[N], yf[N], mxf[N], mnf[N];

/* Equal values, or both NaN (-0 and +0 compare equal: C leaves the sign of
   an equal pair's result to the library). */
static void same(const char *what, int line, double got, double want) {
  if (!(got == want || (isnan(got) && isnan(want))))
    e2e_check_real(what, line, got, want, 0);
}

int main(void) {
  const double special[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.5,
                            -2.25, 1e300, -1e-300};
  unsigned seed = 3;
  for (int i = 0; i < N; i++) {
    x[i] = special[i % 10];
    y[i] = special[rand_r(&seed) % 10];
    xf[i] = (float)x[i], yf[i] = (float)y[i];
  }
  double hi = -INFINITY, lo = INFINITY;
#pragma acc parallel loop copyin(x, y, xf, yf) copyout(mx, mn, mxf, mnf) \
    reduction(max:hi) reduction(min:lo)
  for (int i = 0; i < N; i++) {
    mx[i] = fmax(x[i], y[i]);
    mn[i] = fmin(x[i], y[i]);
    mxf[i] = fmaxf(xf[i], yf[i]);
    mnf[i] = fminf(xf[i], yf[i]);
    hi = fmax(hi, x[i]);
    lo = fmin(lo, y[i]);
  }
  double whi = -INFINITY, wlo = INFINITY;
  for (int i = 0; i < N; i++) {
    same("fmax", __LINE__, mx[i], fmax(x[i], y[i]));
    same("fmin", __LINE__, mn[i], fmin(x[i], y[i]));
    same("fmaxf", __LINE__, mxf[i], fmaxf(xf[i], yf[i]));
    same("fminf", __LINE__, mnf[i], fminf(xf[i], yf[i]));
    whi = fmax(whi, x[i]);
    wlo = fmin(wlo, y[i]);
  }
  same("max reduction with NaNs", __LINE__, hi, whi);
  same("min reduction with NaNs", __LINE__, lo, wlo);
  return e2e_done();
}
