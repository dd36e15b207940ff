/* acc_free of device memory that a data construct still maps: an error
 * naming the host data, instead of freeing it under the mapping (the
 * construct's end then freed the block a second time, and a use inside
 * the construct would have read freed or reused memory). */
/* accgpu-expect-stderr: accgpu: error: acc_free: device memory 0x[0-9a-f]+ is still mapped to host data \[0x[0-9a-f]+, \+400\) on device 0 \(emulator\) */
/* accgpu-test: emulator-only */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int *h = malloc(100 * sizeof *h);
#pragma acc data create(h[0:100])
  {
    acc_free(acc_deviceptr(h));
#pragma acc parallel loop present(h[0:100])
    for (int i = 0; i < 100; i++)
      h[i] = i;
  }
  printf("%d\n", h[1]);
  free(h);
  return 0;
}
