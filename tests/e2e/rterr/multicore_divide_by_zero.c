/* An integer division by zero in a kernel on the multicore device: the
   message names the kernel, its construct's line and the block
   (runtime/multicore/team-trap.c), not a bare "Floating point
   exception". */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACC_DEVICE_TYPE=multicore ACC_NUM_CORES=2 */
/* accgpu-expect-stderr: accgpu multicore: kernel __accgpu_k_main_[0-9]+_0 \(parallel at .*multicore_divide_by_zero.c:17 in main\), block \([01],0,0\): integer division \(or remainder\) by zero */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 100, z = argc - 1; /* 0 without arguments */
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] / z;
  (void)argv;
  printf("%d\n", a[1]);
  return 0;
}
