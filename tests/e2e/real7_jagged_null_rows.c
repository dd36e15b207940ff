/* real7_jagged_null_rows.c — a pointer array put on the device before its
 * rows exist, as the OpenACC book's jagged-array example does: `enter data
 * create(t[0:n][0:1])` while every t[i] is still NULL, then each row
 * malloc'd and `enter data create(t[i:1][0:len_i])`, rows of different
 * lengths.  accgpu mapped a one-element "row" at address 0 for each NULL
 * pointer and attached the device pointers to it; the later create found
 * the pointers already attached and left them there, so the kernel wrote
 * past an 8-byte block (emulator: memcheck's "past the end"; host and
 * multicore shared memory hid it).  A NULL row now maps nothing and the
 * device's pointer array starts as the host's (a row never allocated
 * reads NULL in a kernel).  Checked against the same loops run serially. */
#include <stdlib.h>

#include "e2e.h"

enum { NR = 23, SKIP = 5 }; /* row SKIP is never allocated */

static int row_len(int i) { return 7 + (i * 5) % 11; }

int main(void) {
  double **t = calloc(NR, sizeof *t), **ref = calloc(NR, sizeof *ref);
  int lens[NR], seen_null = 0;
  for (int i = 0; i < NR; i++)
    lens[i] = i == SKIP ? 0 : row_len(i);
#pragma acc enter data copyin(lens[0:NR])
#pragma acc enter data create(t[0:NR][0:1])
  for (int i = 0; i < NR; i++) {
    if (i == SKIP)
      continue;
    t[i] = malloc(lens[i] * sizeof **t);
    ref[i] = malloc(lens[i] * sizeof **ref);
    for (int j = 0; j < lens[i]; j++)
      t[i][j] = ref[i][j] = 0.5 * i - j;
#pragma acc enter data create(t[i:1][0:lens[i]])
#pragma acc update device(t[i:1][0:lens[i]])
  }
#pragma acc parallel loop gang present(t, lens) copy(seen_null)
  for (int i = 0; i < NR; i++) {
    if (!t[i]) { /* the unallocated row: NULL on the device too */
#pragma acc atomic update
      seen_null++;
      continue;
    }
    int len = lens[i];
#pragma acc loop vector
    for (int j = 0; j < len; j++)
      t[i][j] = t[i][j] * 3 + i * len + j;
  }
  for (int i = 0; i < NR; i++)
    if (ref[i])
      for (int j = 0; j < lens[i]; j++)
        ref[i][j] = ref[i][j] * 3 + i * lens[i] + j;
  for (int i = 0; i < NR; i++) {
    if (!t[i])
      continue;
#pragma acc update self(t[i:1][0:lens[i]])
    for (int j = 0; j < lens[i]; j++)
      CHECK_REAL("t[i][j]", t[i][j], ref[i][j], 0);
  }
  CHECK_INT("NULL rows seen on the device", seen_null, 1);
  for (int i = 0; i < NR; i++) {
#pragma acc exit data delete(t[i:1])
  }
#pragma acc exit data delete(t, lens)
  for (int i = 0; i < NR; i++) {
    free(t[i]);
    free(ref[i]);
  }
  free(t);
  free(ref);
  return e2e_done();
}
