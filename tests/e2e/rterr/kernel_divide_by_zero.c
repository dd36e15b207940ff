/* An integer division by zero in a kernel: the emulator names the kernel,
   its construct's line, the block and thread (a GPU would give an
   unspecified value; x86 traps), instead of a bare "Floating point
   exception" (runtime/emulator/fiber.c). */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu emulator: kernel __accgpu_k_main_[0-9]+_0 \(parallel at .*kernel_divide_by_zero.c:16 in main\), block \(0,0,0\), thread \([0-9]+,0,0\): integer division \(or remainder\) by zero */
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
