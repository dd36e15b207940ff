/* create(tmp) of a pointer maps only the pointer, and the device copy of
 * the pointer starts as the emulator's poison (0xff bytes): the kernel
 * then writes through 0xffffffffffffffff.  Memcheck used to let that
 * through (the address plus the access size wrapped into the module's
 * constants) and the kernel died on a bare fault; it now stops the write
 * and names the construct. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_poisoned_pointer\.c:20 */
/* accgpu-expect-stderr: memcheck: invalid write of 8 bytes at 0xffffffffffffffff .* \(parallel at .*memcheck_poisoned_pointer\.c:20 in main\) */
/* accgpu-expect-stderr: 0xffffffffffffffff is not an address: uninitialized device memory reads as 0xff bytes */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100;
  double *tmp = malloc(n * sizeof *tmp), *out = malloc(n * sizeof *out);
  for (int i = 0; i < n; i++)
    out[i] = 0;
#pragma acc data create(tmp) copyout(out[0:n])
  {
#pragma acc parallel loop present(tmp)
    for (int i = 0; i < n; i++) {
      tmp[i] = i;
      out[i] = tmp[i];
    }
  }
  printf("%g\n", out[n - 1]);
  free(tmp);
  free(out);
  return 0;
}
/* accgpu-test: emulator-only */
