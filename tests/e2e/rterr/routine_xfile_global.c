/* A routine of another file that uses a `declare`d global of its file
 * (tests/e2e/units/xfile_global.c) cannot be called from this file: the
 * global's device address reaches routines only through the kernels of
 * their own unit.  The launch stops with an error naming the routine, its
 * file and the global. */
/* accgpu-test: units xfile_global.c */
/* accgpu-expect-stderr: accgpu: error: .*routine 'xf_weighted' \(defined in .*xfile_global\.c\) cannot be called on the device from .*routine_xfile_global\.c: it uses 'xf_coef', a global with a 'declare' directive */
#include <stdio.h>

#pragma acc routine seq
double xf_weighted(double x);

int main(void)
{
  double a[16];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 16; i++)
    a[i] = xf_weighted(i);
  printf("%g\n", a[3]);
  return 0;
}
