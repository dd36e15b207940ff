/* Unit of routine_xfile.c: routines with external linkage (exported for
 * the device) and a static helper named like one in the main unit. */
#include "xfile_math.h"

/* Same name as routine_xfile.c's own static helper: each unit's device
   code keeps its own. */
#pragma acc routine seq
static double helper(double x) { return x + 1000.0; }

#pragma acc routine seq
double xf_poly(double x)
{
  return helper(xf_scale(x, 3)) - 1000.0 + 0.5 * x * x;
}

#pragma acc routine seq
int xf_digits(long v)
{
  int n = 1;
  if (v < 0)
    v = -v;
  while (v >= 10) {
    v /= 10;
    n++;
  }
  return n;
}

#pragma acc routine seq
void xf_axpy(double *y, const double *x, double a, int n)
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}
