/* acc_map_data given a host buffer as the "device" address: the call is an
 * error naming both addresses.  Before, nothing was said until a kernel
 * read the data, as "host memory, not device memory" with a hint about data
 * clauses the program did not use. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: acc_map_data: the device address 0x[0-9a-f]+ \(8000 bytes, for host data 0x[0-9a-f]+\) is not device memory of device 0 \(emulator\) */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof *a), *shadow = malloc(n * sizeof *a), s = 0;
  for (int i = 0; i < n; i++)
    a[i] = shadow[i] = i;
  acc_map_data(a, shadow, n * sizeof *a);
#pragma acc parallel loop present(a[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i];
  acc_unmap_data(a);
  printf("%g\n", s);
  free(a);
  free(shadow);
  return 0;
}
