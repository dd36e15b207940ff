/* Unit of routine_xfile.c: a routine that xfile_math.c's xf_poly calls
 * (a call between two units, neither the main one). */
#include "xfile_math.h"

#pragma acc routine seq
double xf_scale(double x, int k)
{
  double s = 0;
  for (int i = 0; i < k; i++)
    s += x;
  return s;
}
