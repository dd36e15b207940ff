/* A failed assert() in a compute region (here in a routine) reports the
 * expression, the source line, the function, the block and thread and the
 * kernel, and the program fails, as CUDA's device assert makes the launch
 * fail.  Iterations 0..89 pass their assert; 90..99 fail. */
/* accgpu-expect-stderr: accgpu: error: kernel '__accgpu_k_main_[0-9]+_[0-9]+': .*compute_assert\.c:15: check: block \[[0-9]+,0,0\], thread \[[0-9]+,0,0\]: Assertion `v < 90' failed\. */
/* On a GPU, CUDA prints the failed assertion itself (device printf) and
 * the launch fails with CUDA_ERROR_ASSERT, which the runtime reports. */
/* accgpu-expect-stderr-nvidia: accgpu: error: .*device-side assert triggered */
#include <assert.h>
#include <stdio.h>

#pragma acc routine seq
static int check(int v)
{
  assert(v < 90);
  return v * 2;
}

int main(void)
{
  int a[100];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 100; i++)
    a[i] = check(i);
  printf("%d\n", a[5]);
  return 0;
}
