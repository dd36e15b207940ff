/* One object built in two directories with -ffile-prefix-map (check 14 of
   tests/cli/run.sh): a unit that exports a routine names its kernels with
   a hash of its path, now of the path as the prefix map rewrites it, so
   the two objects are identical (reproducible builds, ccache's base_dir).
   Prints "ok". */
#include <stdio.h>

#pragma acc routine seq
double twice(double x) { return 2 * x; }

int main(void)
{
  double y[64];
#pragma acc parallel loop copyout(y)
  for (int i = 0; i < 64; i++)
    y[i] = twice(i);
  for (int i = 0; i < 64; i++)
    if (y[i] != 2.0 * i)
      return 1;
  printf("ok\n");
  return 0;
}
