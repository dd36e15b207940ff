/* A `routine worker` defined in another file (units/xfile_levels.c) but
 * declared `routine vector` here: separate compilation cannot see the
 * mismatch; the routine is linked under its level, so the first launch
 * stops with an error naming the routine and the level the call asks for
 * (a worker routine run as a vector one would partition its worker loop
 * over nothing). */
/* accgpu-test: units xfile_levels.c */
/* accgpu-expect-stderr: accgpu: error: .*routine_xfile_level_other\.c:[0-9]+ .*routine 'xl_wfill', called on the device in .*routine_xfile_level_other\.c, is not defined for the device as a 'routine vector' by any object of the program \(its definition needs '#pragma acc routine vector', and a shared library must export.*\) */
#include <stdio.h>

#pragma acc routine vector
extern void xl_wfill(double *x, int n);

int main(void)
{
  static double a[8][64];
#pragma acc parallel loop gang copyout(a)
  for (int i = 0; i < 8; i++)
    xl_wfill(a[i], 64);
  printf("%g\n", a[7][63]);
  return 0;
}
