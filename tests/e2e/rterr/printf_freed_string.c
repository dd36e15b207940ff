/* A %s argument of a device printf that points into device memory the
 * program already freed (exit data): memcheck reports the read of the
 * string's first byte as a use after free. */
/* accgpu-expect-stderr: accgpu: error: .*printf_freed_string\.c:18 */
/* accgpu-expect-stderr: memcheck: invalid read of 1 bytes .* freed device memory; it was the device copy of 'msg\[0:8\]' */
/* accgpu-test: emulator-only */
#include <openacc.h>
#include <stdio.h>

int main(void) {
  static char msg[8] = "gone";
  int n = 2;
#pragma acc enter data copyin(msg[0:8])
  char *d = acc_deviceptr(msg);
#pragma acc exit data delete(msg[0:8])
  if (!d)
    return 2;
#pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < n; i++)
    printf("%d %s\n", i, d);
  return 0;
}
