/* accgpu-test: cflags -O3 -DNDEBUG -fno-inline */
/* Unit of the multi-file tests compiled with other flags than the rest:
 * a routine with external linkage and a construct of its own. */
#include <assert.h>

#pragma acc routine seq
double o3_cube(double x) { return x * x * x; }

/* out[i] = cube(a[i]) + k; an assert the -DNDEBUG build drops. */
void o3_cubes(const double *a, double *out, int n, double k)
{
  assert(n < 0);
#pragma acc parallel loop copyin(a[0:n]) copyout(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = o3_cube(a[i]) + k;
}
