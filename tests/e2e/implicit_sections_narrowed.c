/* implicit_sections_narrowed.c — a pointer used without a data clause,
 * subscripted by (int)(j - 2) over a long index j (accfuzz seed 101 of
 * session 15).  GCC folds the narrowing into (int)((unsigned) j +
 * 4294967294u); the section the plugin inferred started at element 2^32
 * (copy(out[4294967296:64])): a segmentation fault on the emulator, "only
 * partly present" when something was mapped near.  Also an unsigned index
 * minus a constant, a collapsed nest, and an unsigned index counting down
 * (64- and 32-bit; accfuzz too).  Checked against serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <stdlib.h>

#include "e2e.h"

#define N 64

int main(void)
{
  static unsigned tab[3][N];
  float *out = malloc(3 * N * sizeof(float));
  long *two = malloc(3 * N * sizeof(long));
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < N; j++)
      tab[i][j] = (i * N + j) % 17;
  for (int i = 0; i < 3 * N; i++)
    out[i] = -1, two[i] = -1;

#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(out\[0:64\]\) */
  for (long j = 2; j < N + 2; j++)
    out[(int)(j - 2)] = tab[1][N - 1 - (int)(j - 2)];

#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(out\[64:64\]\) */
  for (unsigned j = 5; j < N + 5; j++)
    out[N + j - 5] = tab[2][j - 5] * 2;

#pragma acc parallel loop collapse(2) /* accgpu-expect-note: implicit copy\(two\[0:192\]\) */
  for (long long i = -1; i < 2; i++)
    for (long j = 3; j < N + 3; j++)
      two[(int)(i + 1) * N + (int)(j - 3)] = tab[(int)(i + 1)][(int)(j - 3)] + i;

  for (int j = 0; j < N; j++) {
    CHECK_INT("out[j]", (long)out[j], tab[1][N - 1 - j]);
    CHECK_INT("out[N + j]", (long)out[N + j], tab[2][j] * 2);
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < N; j++)
      CHECK_INT("two[i][j]", two[i * N + j], (long)tab[i][j] + i - 1);

  /* An unsigned index counting down: its step, 2^64 - 1, read as positive
     left the loop's range unknown (no section: host memory on the device). */
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(two\[0:192\]\) */
  for (unsigned long long i = 3; i > 0; i--)
    for (int j = 0; j < N; j++)
      two[((int)(i - 1)) * N + j] = tab[(int)(i - 1)][j] * 3 + j;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < N; j++)
      CHECK_INT("two[i][j] (down)", two[i * N + j], (long)tab[i][j] * 3 + j);
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(out\[0:64\]\) */
  for (unsigned j = N; j > 0; j--)
    out[j - 1] = tab[0][j - 1] + 5;
  for (int j = 0; j < N; j++)
    CHECK_INT("out[j] (down)", (long)out[j], tab[0][j] + 5);
  free(out);
  free(two);
  return e2e_done();
}
