/* A routine declared here and defined in another file (multi-file
 * programs): accgpu compiles routines with the compute regions of their
 * own file, so this is one error at the declaration naming the function
 * (it used to be an internal error from the CUDA compiler). */
/* accgpu-expect: error: 8: .sq. is called in a compute region but not defined in this file */
#include <stddef.h>
#pragma acc routine seq
extern double sq(double x);

double sum_squares(const double *a, size_t n)
{
  double s = 0;
#pragma acc parallel loop copyin(a[0:n]) reduction(+:s)
  for (size_t i = 0; i < n; i++)
    s += sq(a[i]);
  return s;
}
