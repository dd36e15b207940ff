/* struct_ptr_enter.c — unstructured data lifetime for a struct holding
 * pointers: `enter data copyin(s)` then `enter data copyin(s.a[0:n])`,
 * kernels with present(s) and default(present) reading s.a through the
 * struct, update self/device of the member, `exit data copyout(s.a[0:n])
 * delete(s)`, and acc_attach/acc_detach. Against serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
  double *b;
} field;

int main(void)
{
  enum { N = 500 };
  field s = {N, malloc(N * sizeof(double)), malloc(N * sizeof(double))};
  for (int i = 0; i < N; i++)
    s.a[i] = i, s.b[i] = 1;

#pragma acc enter data copyin(s)
#pragma acc enter data copyin(s.a[0:N])
#pragma acc enter data copyin(s.b[0:s.n])
#pragma acc parallel loop present(s)
  for (int i = 0; i < s.n; i++)
    s.a[i] = 2 * s.a[i] + s.b[i];
#pragma acc update self(s.a[0:N])
  for (int i = 0; i < N; i++)
    CHECK_REAL("update self(s.a)", s.a[i], 2.0 * i + 1, 0);
  for (int i = 0; i < N; i++)
    s.b[i] = -i;
#pragma acc update device(s.b[0:N])
#pragma acc parallel loop default(present)
  for (int i = 0; i < s.n; i++)
    s.a[i] += s.b[i];
#pragma acc exit data delete(s.b[0:N])
#pragma acc exit data copyout(s.a[0:N]) delete(s)
  for (int i = 0; i < N; i++)
    CHECK_REAL("default(present), exit data copyout", s.a[i], i + 1.0, 0);

  /* acc_attach / acc_detach on a struct mapped before its target */
  double *q = malloc(N * sizeof *q);
  for (int i = 0; i < N; i++)
    q[i] = i;
  field t = {N, q, NULL};
#pragma acc enter data copyin(t)
#pragma acc enter data copyin(q[0:N])
#ifdef _OPENACC
  acc_attach((void **)&t.a);
#endif
#pragma acc parallel loop present(t)
  for (int i = 0; i < t.n; i++)
    t.a[i] = t.a[i] * t.a[i];
#ifdef _OPENACC
  acc_detach((void **)&t.a);
#endif
#pragma acc exit data delete(t)
#pragma acc exit data copyout(q[0:N])
  CHECK_TRUE("t.a is the host pointer", t.a == q);
  for (int i = 0; i < N; i++)
    CHECK_REAL("acc_attach", q[i], (double)i * i, 0);
  free(s.a), free(s.b), free(q);
  return e2e_done();
}
