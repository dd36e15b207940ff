/* A routine of another file (device linking: docs/compiler.md) may be
 * called on the device only as `routine seq`: a `routine vector` declared
 * here but defined elsewhere is one error at its declaration naming the
 * function and its level, with a note at the call.  (A `routine seq` of
 * another file compiles and links: tests/e2e/routine_xfile.c.) */
/* accgpu-expect: error: 9: .vsum. is a .routine vector. defined in another file: only .routine seq. may be called across files */
#include <stddef.h>
#pragma acc routine vector
extern double vsum(const double *x, int n);

double total(const double *a, size_t n)
{
  double s = 0;
#pragma acc parallel loop gang copyin(a[0:n * 32]) reduction(+:s)
  for (size_t i = 0; i < n; i++)
    s += vsum(a + 32 * i, 32);
  return s;
}
