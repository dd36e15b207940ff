/* data_pointer_warning.c — a pointer named in a data clause without a range
 * (copyin(p), create(tmp), present(m), ...) maps the pointer itself by the
 * spec: a warning under -Wall at the clause, naming the pointer and
 * suggesting p[0:n].  A range, p[0:1], deviceptr, attach/detach, private
 * and firstprivate say nothing (no other warning may appear).  The program
 * still computes what the serial loop below computes.  (Quotes are '.' in
 * the expected texts: GCC writes them as the locale says.) */
/* accgpu-test: cflags -Wall */
#include <stdlib.h>

#include "e2e.h"

#define N 500

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *m = a, *tmp = b, *one = malloc(sizeof *one), *dp;
  for (int i = 0; i < N; i++)
    a[i] = i % 9, b[i] = 0;
  *one = 3.0;
  tmp[0] = 0; /* the one clause naming tmp is no use of it */
#pragma acc enter data copyin(a[0:N]) copyin(one[0:1]) create(b[0:N])
#pragma acc enter data copyin(m) /* accgpu-expect-warning: .copyin\(m\). maps the pointer .m. itself, not the data it points to; write .m\[0:n\]. for n elements \(.m\[0:1\]. for one\) */
#pragma acc data create(tmp) /* accgpu-expect-warning: .create\(tmp\). maps the pointer .tmp. itself.*.tmp\[0:n\]. */
  {
#pragma acc parallel loop present(m) present(one[0:1]) /* accgpu-expect-warning: .present\(m\). names the pointer .m. without a range: accgpu uses what it points to.*.m\[0:n\]. */
    for (int i = 0; i < N; i++)
      m[i] = m[i] * one[0];
  }
#pragma acc update device(m) /* accgpu-expect-warning: .device\(m\). copies the pointer .m. itself */
  dp = acc_deviceptr(b);
  double *fp = a, *pp = NULL;
#pragma acc parallel loop deviceptr(dp) present(a[0:N]) firstprivate(fp) private(pp)
  for (int i = 0; i < N; i++) {
    pp = &dp[i];
    *pp = a[i] + (fp != NULL);
  }
#pragma acc enter data attach(m)
#pragma acc exit data detach(m)
#pragma acc exit data delete(m) /* accgpu-expect-warning: .delete\(m\). maps the pointer .m. itself */
#pragma acc exit data copyout(a[0:N], b[0:N]) delete(one[0:1])
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], (i % 9) * 3.0, 0.0);
    CHECK_REAL("b", b[i], (i % 9) * 3.0 + 1.0, 0.0);
  }
  free(a);
  free(b);
  free(one);
  return e2e_done();
}
