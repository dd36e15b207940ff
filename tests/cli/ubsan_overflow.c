/* tests/cli/run.sh: a signed overflow in a compute region built with
   -fsanitize=undefined is reported by the host fallback (the checks stay
   there; the kernel leaves them out). */
#include <limits.h>
#include <stdio.h>

int main(void)
{
  int a[4] = {INT_MAX - 1, INT_MAX, 1, 2};
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 4; i++)
    a[i] = a[i] + 1;
  puts("ok");
  return 0;
}
