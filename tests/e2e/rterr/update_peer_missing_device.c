/* `update peer` naming a device that does not exist (to_device(1) with one
 * emulated GPU): the error names the update peer construct, its line and
 * function.  Before session 23 it named "wait device" (the wait the
 * directive starts with), and on the host fallback, where every deviceid
 * is the host, update peer alone failed, with no location. */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: update_peer_missing_device.c:17 \(update peer in main\): update peer: emulator device 1 does not exist \(1 available\) */
#include <stdio.h>

int main(void)
{
  double a[64];
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma acc enter data copyin(a) deviceid(0)
  int to = 1;
#pragma acc update peer to(a[0:8]) to_device(to) from(a[0:8]) from_device(0)
  printf("not reached %g\n", a[3]);
  return 0;
}
