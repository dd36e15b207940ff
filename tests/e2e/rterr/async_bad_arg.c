/* async(q) on a compute construct with a negative queue that is none of the
 * special values: an error naming the construct and its line (issue 11,
 * item 9). */
/* accgpu-expect-stderr: async_bad_arg.c:12 \(parallel[a-z ]* in main\): async: invalid async argument -7 */
#include <stdio.h>

int main(void)
{
  int a[64], q = -7;
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma acc parallel loop copy(a) async(q)
  for (int i = 0; i < 64; i++)
    a[i] *= 2;
#pragma acc wait
  printf("not reached %d\n", a[3]);
  return 0;
}
