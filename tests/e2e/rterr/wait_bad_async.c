/* `wait(q)` with a negative queue that is none of acc_async_sync,
 * acc_async_noval, acc_async_default: an error naming the directive and its
 * line, not a silent no-op (issue 11, item 9). */
/* accgpu-expect-stderr: wait_bad_async.c:15 \(wait in main\): wait: invalid async argument -99 */
#include <stdio.h>

int main(void)
{
  int a[64], q = -99;
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma acc parallel loop copy(a) async(1)
  for (int i = 0; i < 64; i++)
    a[i] *= 2;
#pragma acc wait(q)
  printf("not reached %d\n", a[3]);
  return 0;
}
