/* create(tmp) of a pointer maps only the pointer, and the device copy of
 * the pointer starts as the emulator's poison (0xff bytes): the kernel
 * then writes through 0xffffffffffffffff plus 8 i (which wraps past 2^64
 * to a small address for i > 0, as in thread 24 of a random schedule).  Memcheck used to let that
 * through (the address plus the access size wrapped into the module's
 * constants) and the kernel died on a bare fault; it now stops the write
 * and names the construct. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_poisoned_pointer\.c:21 */
/* accgpu-expect-stderr: memcheck: invalid write of 8 bytes at 0x[0-9a-f]+ .* \(parallel at .*memcheck_poisoned_pointer\.c:21 in main\) */
/* accgpu-expect-stderr: 0x[0-9a-f]+ is not an address: a null pointer, or one read from device memory that was created but never written */
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
