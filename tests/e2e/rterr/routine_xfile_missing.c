/* A routine declared `routine seq` here and defined in another file
 * without the directive (tests/e2e/units/xfile_nodevice.c): the program
 * links (the host has twice()), and the first launch that needs it on a
 * device stops with an error naming the routine and this file, not a
 * loader crash. */
/* accgpu-test: units xfile_nodevice.c */
/* accgpu-expect-stderr: accgpu: error: .*routine_xfile_missing\.c:[0-9]+ .*routine 'twice', called on the device in .*routine_xfile_missing\.c, is not defined for the device by any object of the program \(its definition needs '#pragma acc routine seq', and a shared library must export its __accgpu_xdef_twice symbol.*\) */
#include <stdio.h>

#pragma acc routine seq
double twice(double x);

int main(void)
{
  double a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = twice(i);
  printf("%g\n", a[63]);
  return 0;
}
