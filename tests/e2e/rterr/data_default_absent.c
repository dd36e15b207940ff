/* default(present) on a data construct (plugin/data-default.cc): an array
   that a compute construct inside it uses but nothing mapped is an error
   naming it and the construct's line, not a silent copy. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*data_default_absent.c:15 \(parallel in main\): .a. \(8000 bytes at 0x[0-9a-f]+\) is not present on device 0 \(emulator\) */
#include <stdio.h>

static double a[1000];

int main(void)
{
#pragma acc data default(present)
  {
    a[1] = 1;
#pragma acc parallel loop
    for (int i = 0; i < 1000; i++)
      a[i] += i;
  }
  printf("%g\n", a[1]);
  return 0;
}
