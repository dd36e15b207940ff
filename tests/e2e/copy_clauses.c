/* copy_clauses.c — what each data clause moves, observed through device
 * writes: copy returns them, copyin does not, copyout returns them without
 * reading host values in, create moves nothing.  (With shared memory, as on
 * the host device, every write is seen directly.) */
#include "e2e.h"

#define N 1500
static int a[N], b[N], c[N], d[N], tmp[N];

int main(void) {
  int sep = e2e_separate_memory();
  for (int i = 0; i < N; i++) {
    a[i] = b[i] = d[i] = i;
    c[i] = -5;
  }
#pragma acc parallel loop copy(a[0:N]) copyin(b[0:N]) copyout(c[0:N]) \
    create(tmp[0:N])
  for (int i = 0; i < N; i++) {
    tmp[i] = b[i] * 3;
    a[i] = a[i] + tmp[i];
    b[i] = -1;
    c[i] = tmp[i] + 1;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("copy", a[i], 4 * i);
    CHECK_INT("copyin", b[i], sep ? i : -1);
    CHECK_INT("copyout", c[i], 3 * i + 1);
    CHECK_INT("create", tmp[i], sep ? 0 : 3 * i);
  }

  /* A section in the middle of an array moves only that part. */
#pragma acc parallel loop copy(d[100:200])
  for (int i = 100; i < 300; i++)
    d[i] = -d[i];
  for (int i = 0; i < N; i++)
    CHECK_INT("copy of a section", d[i], i >= 100 && i < 300 ? -i : i);
  return e2e_done();
}
