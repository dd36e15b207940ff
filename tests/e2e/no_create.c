/* no_create.c — no_create uses the device copy when the data is present and
 * leaves absent data alone (the region then must not touch it; here a flag
 * says so). */
#include "e2e.h"

#define N 1000
static int a[N], b[N];

static void bump(int *p, int use) {
#pragma acc parallel loop no_create(p[0:N]) copy(b[0:N])
  for (int i = 0; i < N; i++) {
    if (use)
      p[i] += 1;
    b[i] += 1;
  }
}

int main(void) {
  int sep = e2e_separate_memory();
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data copyin(a[0:N])
  {
    bump(a, 1); /* present: increments the device copy only */
    for (int i = 0; i < N; i++)
      CHECK_INT("host a while mapped", a[i], sep ? i : i + 1);
#pragma acc update self(a[0:N])
    for (int i = 0; i < N; i++)
      CHECK_INT("a after update self", a[i], i + 1);
  }
  bump(a, 0); /* absent: not created, not touched */
  for (int i = 0; i < N; i++) {
    CHECK_INT("a after absent no_create", a[i], i + 1);
    CHECK_INT("b", b[i], 2);
  }
  return e2e_done();
}
