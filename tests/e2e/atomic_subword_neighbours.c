/* Atomics on 1- and 2-byte objects beside bytes other threads store
 * plainly (different objects: no race in C nor on a GPU), and on the last
 * byte of a 5-byte section.  The CAS loop swaps the aligned 4-byte word
 * holding the object; the checked emulator used to check that word, so
 * racecheck reported a write-after-write hazard with the neighbour's
 * store, and memcheck would have called the word's bytes past the
 * section's end an error.  It now checks the object's own bytes
 * (__accgpu_sub_ld/__accgpu_sub_cas, include/accgpu_cuda.h). */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"

#include <stdlib.h>

#define N 256

struct pair { short cnt, tag; };

int main(void) {
  struct pair *p = calloc(4, sizeof *p);
  unsigned char *c = calloc(N, 1), *t = calloc(5, 1);
  short *s = calloc(N, sizeof *s);
#pragma acc parallel loop gang vector vector_length(64) copy(p[0:4], c[0:N], s[0:N], t[0:5])
  for (int i = 0; i < N; i++) {
    if (i < 4)
      p[i].tag = (short)(100 + i);
#pragma acc atomic update
    p[i % 4].cnt += 1;
#pragma acc atomic update
    c[0] += 1;
    if (i > 0)
      c[i] = (unsigned char)(i * 3);
#pragma acc atomic update
    s[0] -= 2;
    if (i > 0)
      s[i] = (short)(i * 5);
#pragma acc atomic update
    t[4] += 1;
    if (i < 4)
      t[i] = (unsigned char)(7 + i);
  }
  for (int k = 0; k < 4; k++) {
    CHECK_INT("pair cnt", p[k].cnt, N / 4);
    CHECK_INT("pair tag", p[k].tag, 100 + k);
    CHECK_INT("t[k]", t[k], 7 + k);
  }
  CHECK_INT("c[0]", c[0], (unsigned char)N);
  CHECK_INT("s[0]", s[0], -2 * N);
  CHECK_INT("t[4]", t[4], (unsigned char)N);
  for (int i = 1; i < N; i++) {
    CHECK_INT("c[i]", c[i], (unsigned char)(i * 3));
    CHECK_INT("s[i]", s[i], (short)(i * 5));
  }
  free(p), free(c), free(s), free(t);
  return e2e_done();
}
