/* A routine called from a compute region, built with -fsanitize=thread
   (tests/cli/run.sh, check 13): ThreadSanitizer's entry and access reports
   in the routine's body are dropped from the kernel (they were an
   "indirect or internal call" refused).  Prints "ok". */
#include <stdio.h>

#pragma acc routine seq
static double sq(double x) { return x * x + 1.0; }

int main(void)
{
  double y[100];
#pragma acc parallel loop copyout(y)
  for (int i = 0; i < 100; i++)
    y[i] = sq(i);
  for (int i = 0; i < 100; i++)
    if (y[i] != (double)i * i + 1.0) {
      printf("y[%d] = %g\n", i, y[i]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
