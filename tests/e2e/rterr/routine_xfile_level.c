/* A `routine worker` defined in another file (units/xfile_levels.c) but
 * declared `routine seq` here: separate compilation cannot see the mismatch,
 * the weak import links, and the first launch stops with an error naming the
 * routine, its level and both files (not "not defined for the device"). */
/* accgpu-test: units xfile_levels.c */
/* accgpu-expect-stderr: accgpu: error: .*routine_xfile_level\.c:[0-9]+ .*routine 'xl_wfill' \(defined in .*xfile_levels\.c\) cannot be called on the device from .*routine_xfile_level\.c: it is a 'routine worker', declared 'routine seq' in the calling file: declare it 'routine worker' there */
#include <stdio.h>

#pragma acc routine seq
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
