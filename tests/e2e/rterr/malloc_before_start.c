/* A kernel writes one element before a block it malloc'd: the report names
 * that block's malloc and says the address is 4 bytes before its start
 * (in the redzone of the block malloc'd before it, named after), as for
 * mapped data (memcheck_before_start.c). */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*malloc_before_start\.c:13 */
/* accgpu-expect-stderr: memcheck: invalid write of 4 bytes .*: 0x[0-9a-f]+ is 4 bytes before the start of a device allocation: 'malloc at .*malloc_before_start\.c:16 in kernel [^']*' \(40 bytes, device \[[^)]*\)\); also [0-9]+ bytes past the end of 'malloc at .*malloc_before_start\.c:15 in kernel [^']*' */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int out = 0;
#pragma acc serial copyout(out)
  {
    int *p = (int *)malloc(10 * sizeof(int));
    int *q = (int *)malloc(10 * sizeof(int));
    if (p && q) {
      q[-1] = 1; /* an index below 0 */
      out = q[0];
    }
    free(p);
    free(q);
  }
  printf("%d\n", out);
  return 0;
}
