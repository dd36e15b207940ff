/* abort() in a compute region (here in a routine) when a check fails: the
 * program fails with the kernel, the source line, the block and thread.
 * Before accgpu ran abort() on the device, the plugin refused the call
 * ("this builtin cannot be called on the device"). */
/* accgpu-expect-stderr: accgpu: error: kernel '__accgpu_k_main_[0-9]+_[0-9]+': .*compute_abort\.c:15: block \[[0-9]+,0,0\], thread \[[0-9]+,0,0\]: abort\(\) called on the device */
/* accgpu-expect-stderr-nvidia: accgpu: error: */
#include <stdio.h>
#include <stdlib.h>

#pragma acc routine seq
static int halve(int v)
{
  /* Odd values are the caller's mistake. */
  if (v % 2)
    abort();
  return v / 2;
}

int main(void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = halve(i == 41 ? i : 2 * i);
  printf("%d\n", a[5]);
  return 0;
}
