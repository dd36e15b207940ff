/* math_functions.c — C math library calls in device code (sqrt, fabs,
 * floor, fmin, fmax, exp, log, sin, cos, pow, and float versions).  Exact
 * where IEEE rounding is exact (sqrt, fabs, floor, fmin, fmax), within a few
 * ulps for the others (device libraries differ from glibc). */
#include <math.h>

#include "e2e.h"

#define N 2000
static double x[N], r[N][10];
static float xf[N], rf[N][3];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (i - 1000) * 0.013;
    xf[i] = (float)x[i];
  }
#pragma acc parallel loop copyin(x, xf) copyout(r, rf)
  for (int i = 0; i < N; i++) {
    double v = x[i];
    r[i][0] = sqrt(fabs(v));
    r[i][1] = fabs(v);
    r[i][2] = floor(v);
    r[i][3] = fmin(v, 0.5);
    r[i][4] = fmax(v, -0.5);
    r[i][5] = exp(v * 0.1);
    r[i][6] = log(fabs(v) + 1.0);
    r[i][7] = sin(v);
    r[i][8] = cos(v);
    r[i][9] = pow(fabs(v), 1.5);
    rf[i][0] = sqrtf(fabsf(xf[i]));
    rf[i][1] = expf(xf[i] * 0.1f);
    rf[i][2] = sinf(xf[i]);
  }
  for (int i = 0; i < N; i++) {
    double v = x[i];
    CHECK_REAL("sqrt", r[i][0], sqrt(fabs(v)), 0);
    CHECK_REAL("fabs", r[i][1], fabs(v), 0);
    CHECK_REAL("floor", r[i][2], floor(v), 0);
    CHECK_REAL("fmin", r[i][3], fmin(v, 0.5), 0);
    CHECK_REAL("fmax", r[i][4], fmax(v, -0.5), 0);
    CHECK_REAL("exp", r[i][5], exp(v * 0.1), 1e-14);
    CHECK_REAL("log", r[i][6], log(fabs(v) + 1.0), 1e-14);
    CHECK_REAL("sin", r[i][7], sin(v), 1e-14);
    CHECK_REAL("cos", r[i][8], cos(v), 1e-14);
    CHECK_REAL("pow", r[i][9], pow(fabs(v), 1.5), 1e-14);
    CHECK_REAL("sqrtf", rf[i][0], sqrtf(fabsf(xf[i])), 0);
    CHECK_REAL("expf", rf[i][1], expf(xf[i] * 0.1f), 1e-6);
    CHECK_REAL("sinf", rf[i][2], sinf(xf[i]), 1e-6);
  }
  return e2e_done();
}
