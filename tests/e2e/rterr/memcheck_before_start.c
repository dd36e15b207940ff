/* A stencil reads a[i - 1] for i = 0, 8 bytes before the section: the
 * report says how far before the start of 'a[0:n]' it is (an index below
 * 0), not "past the end of a device allocation" with 'a[0:n]' as the
 * nearest variable, as before, which sent the reader to the loop's upper
 * bound.  The redzone after 'b[0:n]' is as long as b (session 24), so the
 * address, 8 bytes before a, is too far past b's end to name b too. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_before_start\.c:18 */
/* accgpu-expect-stderr: memcheck: invalid read of 8 bytes .*thread \(0,0,0\): 0x[0-9a-f]+ is 8 bytes before the start of a device allocation: 'a\[0:n\]' \(8000 bytes, device \[[^)]*\), host 0x[0-9a-f]+\)$ */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = a[i] - a[i - 1]; /* a[-1] for i = 0 */
  printf("%g\n", b[1]);
  free(a);
  free(b);
  return 0;
}
