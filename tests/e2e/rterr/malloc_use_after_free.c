/* A kernel reads a block that an earlier kernel freed (its pointer kept
 * in device memory), after another block was malloc'd: the heap does not
 * hand the freed range out again at once, so the emulator's memcheck
 * stops the read and says which malloc the freed block came from. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*malloc_use_after_free\.c:28 */
/* accgpu-expect-stderr: memcheck: invalid read of 4 bytes .* freed device memory; it was 'malloc at .*malloc_use_after_free\.c:18 in kernel [^']*' \(64 bytes, device \[[^)]*\)\), at byte 12, since freed */
#include <stdio.h>
#include <stdlib.h>

static int *keep[2];
#pragma acc declare create(keep)

int main(void) {
  int v = 0;
#pragma acc serial
  {
    int *b = (int *)malloc(16 * sizeof(int));
    for (int j = 0; j < 16; j++)
      b[j] = j;
    keep[0] = b;
  }
#pragma acc serial
  {
    free(keep[0]);
    keep[1] = (int *)malloc(16 * sizeof(int));
  }
#pragma acc serial copyout(v)
  v = keep[0][3];
  printf("%d\n", v);
  return 0;
}
