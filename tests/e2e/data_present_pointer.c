/* data_present_pointer.c — present(p) with p a pointer named without a
 * range.  By the spec p itself must be present (then it is attached to what
 * it points to); accgpu also accepts it when only what p points to is
 * present, as NVHPC does: the region then sees that data through p (a device
 * copy of p attached to it for the region).  A NULL p stays NULL.  Each
 * result is compared with the same computation done serially.  Without
 * -Wall the clauses draw no warning (data_pointer_warning.c has them). */
/* accgpu-test: no-warnings */
#include <stdlib.h>

#include "e2e.h"

#define N 1000

static void twice(const double *restrict p, double *restrict q, int n) {
#pragma acc parallel loop present(p, q)
  for (int i = 0; i < n; i++)
    q[i] = 2.0 * p[i] + 1.0;
}

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *p = a, *mid = a + 10, *z = NULL;
  for (int i = 0; i < N; i++)
    a[i] = i % 23, b[i] = -1;
#pragma acc enter data copyin(a[0:N]) create(b[0:N])
  /* what p and q point to is present, p and q are not */
  twice(a, b, N);
#pragma acc update self(b[0:N])
  for (int i = 0; i < N; i++)
    CHECK_REAL("b", b[i], 2.0 * a[i] + 1.0, 0.0);

  /* a data region: the compute region inside finds p mapped and attached */
#pragma acc data present(p)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      p[i] = p[i] + 100.0;
  }
  /* a pointer into the middle of present data */
#pragma acc parallel loop present(mid)
  for (int i = 0; i < 20; i++)
    mid[i] = -mid[i];
  /* a NULL pointer stays NULL */
  int null_seen = 0;
#pragma acc serial present(z) copy(null_seen)
  null_seen = z == NULL;
  CHECK_INT("NULL stays NULL", null_seen, 1);

  /* the spec's case: p itself present, attached for the region */
#pragma acc enter data create(p)
#pragma acc parallel loop present(p)
  for (int i = 0; i < N; i++)
    p[i] = p[i] * 0.5;
#pragma acc exit data delete(p)

#pragma acc exit data copyout(a[0:N]) delete(b[0:N])
  for (int i = 0; i < N; i++) {
    double want = (i % 23) + 100.0;
    if (i >= 10 && i < 30)
      want = -want;
    CHECK_REAL("a", a[i], want * 0.5, 0.0);
  }
  CHECK_TRUE("p unchanged on the host", p == a && mid == a + 10);
  free(a);
  free(b);
  return e2e_done();
}
