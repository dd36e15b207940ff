/* A compute construct on a device that does not exist (deviceid(1) with one
 * emulated GPU): the error names the construct's line and function, as
 * other run-time errors do (issue 11, item 9). */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: device_missing_deviceid.c:13 \(parallel[a-z ]* in main\): .*emulator device 1 does not exist \(1 available\) */
#include <stdio.h>

int main(void)
{
  int a[64], dev = 1;
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma acc parallel loop deviceid(dev) copy(a)
  for (int i = 0; i < 64; i++)
    a[i] *= 2;
  printf("not reached %d\n", a[3]);
  return 0;
}
