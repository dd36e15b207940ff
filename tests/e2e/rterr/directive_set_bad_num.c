/* `#pragma acc set device_num(n)` for a device that does not exist: a run
 * time error naming the directive, its line and function, as for the API
 * call (acc_set_device_num), not a crash. */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: directive_set_bad_num.c:12 \(set in main\): emulator device 5 does not exist \(1 available\) */
#include <openacc.h>
#include <stdio.h>

int main(void)
{
  int dev = 5;
#pragma acc set device_type(emulator) device_num(dev)
  printf("not reached\n");
  return 0;
}
