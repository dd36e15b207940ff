/* The last blocks of the training materials' pipelined image filter
 * (rows per block rounded up, so a block past the image has upper < lower)
 * update `out[lower*step:(upper-lower)*step]` with a negative length.  The
 * error said "(18446744073709550452 bytes ...) runs past the end of the
 * address space" and named the item 'out[lower * step:step * upper -
 * lower]' (the parentheses lost); now the length is given as negative and
 * the name keeps the parentheses. */
/* accgpu-expect-stderr: accgpu: error: .*update_negative_length\.c:27 \(update in main\): 'out\[lower \* step:step \* \(upper - lower\)\]' \(at 0x[0-9a-f]+\) has a negative length: -12 bytes */
/* accgpu-test: emulator-only */
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

int main(void) {
  long w = 4, ch = 3, h = 13, step = w * ch, blocks = 8;
  long rows = (h + blocks - 1) / blocks; /* 2: the last block starts at 14 */
  unsigned char *out = calloc(h * step, 1);
#pragma acc enter data create(out[0:h*step])
  for (long b = 0; b < blocks; b++) {
    long lower = b * rows, upper = MIN(h, lower + rows);
#pragma acc parallel loop present(out)
    for (long y = lower; y < upper; y++)
      for (long x = 0; x < step; x++)
        out[y * step + x] = (unsigned char)(y + x);
    if (b < blocks - 1) continue;
#pragma acc update self(out[lower*step:(upper-lower)*step])
  }
  printf("%d\n", out[step + 1]);
  free(out);
  return 0;
}
