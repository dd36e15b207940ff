/* Unit of routine_xfile.c: a second unit whose compute region calls a
 * routine of another unit. */
#include "xfile_math.h"

void xf_use_fill(double *out, int n)
{
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = xf_poly(i * 0.25);
}
