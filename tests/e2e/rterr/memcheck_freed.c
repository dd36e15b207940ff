/* A device address kept after its data left the device (exit data):
 * reading it through deviceptr is a use after free. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_freed\.c:17 */
/* accgpu-expect-stderr: memcheck: invalid read .* freed device memory; it was the device copy of 'a\[0:n\]' */
#include <openacc.h>
#include <stdio.h>

int main(void) {
  int n = 256;
  static float a[256];
  float s = 0;
  for (int i = 0; i < n; i++)
    a[i] = 1;
#pragma acc enter data copyin(a[0:n])
  float *d = acc_deviceptr(a);
#pragma acc exit data delete(a[0:n])
#pragma acc parallel loop reduction(+:s) deviceptr(d)
  for (int i = 0; i < n; i++)
    s += d[i];
  printf("%g\n", s);
  return 0;
}
/* accgpu-test: emulator-only */
