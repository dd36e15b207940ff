/* compute_math_nobuiltin.c — built with -fno-builtin (as -ffreestanding
 * builds are): sqrt, exp, powf &c. are then no GCC builtins but plain
 * declarations of the C library's functions, and accgpu refused them in
 * compute regions ("has no '#pragma acc routine' and no body").  A known
 * math function without a body or routine directive is the device's own
 * by the same name (kernel-gen-stmt.cc).  Against the host's libm. */
/* accgpu-test: cflags -fno-builtin */
#include <math.h>

#include "e2e.h"

enum { N = 200 };

int main(void)
{
  static double y[N][5];
  static float yf[N][2];
#pragma acc parallel loop copyout(y, yf)
  for (int i = 0; i < N; i++) {
    double x = i * 0.05;
    y[i][0] = sqrt(x);
    y[i][1] = exp(-x) + log1p(x);
    y[i][2] = fmax(sin(x), cos(x));
    y[i][3] = pow(x, 1.5) + fabs(x - 3.0);
    y[i][4] = atan2(x, 1.0 + x);
    yf[i][0] = powf((float)x, 0.5f);
    yf[i][1] = sinf((float)x) * expf(-(float)x);
  }
  for (int i = 0; i < N; i++) {
    double x = i * 0.05;
    CHECK_REAL("sqrt", y[i][0], sqrt(x), 1e-15);
    CHECK_REAL("exp + log1p", y[i][1], exp(-x) + log1p(x), 1e-15);
    CHECK_REAL("fmax(sin, cos)", y[i][2], fmax(sin(x), cos(x)), 1e-15);
    CHECK_REAL("pow + fabs", y[i][3], pow(x, 1.5) + fabs(x - 3.0), 1e-15);
    CHECK_REAL("atan2", y[i][4], atan2(x, 1.0 + x), 1e-15);
    CHECK_REAL("powf", yf[i][0], powf((float)x, 0.5f), 1e-6);
    CHECK_REAL("sinf * expf", yf[i][1], sinf((float)x) * expf(-(float)x),
               1e-6);
  }
  return e2e_done();
}
