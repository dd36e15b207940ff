/* Unbounded recursion in a routine on the multicore device overflows a
   thread's stack: the message names the kernel, its construct's line and
   the block, and says how to grow the workers' stacks (OMP_STACKSIZE;
   runtime/multicore/team-trap.c), not a bare segmentation fault. */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACC_DEVICE_TYPE=multicore ACC_NUM_CORES=2 */
/* accgpu-expect-stderr: accgpu multicore: kernel __accgpu_k_main_[0-9]+_0 \(parallel at .*multicore_stack_overflow.c:24 in main\), block \([0-3],0,0\): stack overflow \(this thread's stack is [0-9]+ KiB; OMP_STACKSIZE sets the worker threads'\) */
#include <stdio.h>
#include <stdlib.h>

#pragma acc routine seq
static long depth(long k)
{
  volatile char pad[256];
  pad[k & 255] = 1;
  if (k == 0)
    return 0;
  return depth(k - 1) + pad[k & 255];
}

int main(int argc, char **argv)
{
  long d = argc > 1 ? atol(argv[1]) : 1000000, out[4];
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < 4; i++)
    out[i] = depth(d + i);
  printf("%ld\n", out[0]);
  return 0;
}
