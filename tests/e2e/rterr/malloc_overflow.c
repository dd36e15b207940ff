/* A kernel writes one element past the end of a block it malloc'd: the
 * emulator's memcheck stops it and names the block's malloc (a GPU
 * would say nothing, and corrupt the heap). */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*malloc_overflow\.c:13 */
/* accgpu-expect-stderr: memcheck: invalid write of 4 bytes .* past the end of a device allocation: 'malloc at .*malloc_overflow\.c:15 in kernel [^']*' \(40 bytes, device \[[^)]*\)\), at byte 40 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 64;
  static int out[64];
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    int *t = (int *)malloc(10 * sizeof(int));
    int s = 0;
    if (!t)
      continue;
    for (int j = 0; j <= 10; j++) /* one too many */
      t[j] = i + j;
    for (int j = 0; j < 10; j++)
      s += t[j];
    free(t);
    out[i] = s;
  }
  printf("%d\n", out[1]);
  return 0;
}
