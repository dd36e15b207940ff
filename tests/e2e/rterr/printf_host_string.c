/* A %s argument of a device printf that is a host string (malloc'd, never
 * mapped): a GPU reads an address it does not have (garbage or a fault).
 * Memcheck checks the string's bytes as loads and stops the kernel before
 * printing, naming the kernel's construct, the thread and the address as
 * host memory. */
/* accgpu-expect-stderr: accgpu: error: .*printf_host_string\.c:20 */
/* accgpu-expect-stderr: memcheck: invalid read of 1 bytes .* \(parallel at .*printf_host_string\.c:20 in main\), block \([0-9]+,0,0\), thread \([0-9]+,0,0\) */
/* accgpu-expect-stderr: is host memory, not device memory */
/* accgpu-test: emulator-only */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int n = 4, a[4] = {1, 2, 3, 4};
  char *label = malloc(16);
  if (!label)
    return 2;
  strcpy(label, "value");
#pragma acc parallel loop copyin(a)
  for (int i = 0; i < n; i++)
    printf("%s %d\n", label, a[i]);
  free(label);
  return 0;
}
