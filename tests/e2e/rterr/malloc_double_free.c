/* A block malloc'd in one kernel and freed in a second is freed again in
 * a third: the emulator stops the third kernel, naming the block's malloc
 * and its first free. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*malloc_double_free\.c:27 */
/* accgpu-expect-stderr: memcheck: invalid free\(0x[0-9a-f]+\) by kernel .*, free at .*malloc_double_free\.c:28 in kernel [^:]*: double free of the 24-byte block of malloc at .*malloc_double_free\.c:17 in kernel .*, already freed by free at .*malloc_double_free\.c:24 in kernel */
#include <stdio.h>
#include <stdlib.h>

static double *keep[1]; /* device memory holding the pointer */
#pragma acc declare create(keep)

int main(void) {
  double s = 0;
#pragma acc serial copy(s)
  {
    double *b = (double *)malloc(3 * sizeof(double));
    for (int j = 0; j < 3; j++)
      b[j] = j + 0.5;
    s = b[0] + b[1] + b[2];
    keep[0] = b;
  }
#pragma acc serial
  free(keep[0]);
  printf("%g\n", s);
  /* keep still holds the freed block */
#pragma acc serial
  free(keep[0]);
  return 0;
}
