/* data_implicit_pointer.c — a pointer a compute construct uses without a
 * data clause, whose target was made present by enter data (or acc_copyin),
 * not by an enclosing data construct: the kernel must get the device copy.
 * GCC gives such a pointer firstprivate (parallel, serial) or force_tofrom
 * (kernels); the data side turns it into the device address when present.
 * Results are checked after copyout against serial loops; on a device with
 * separate memory the host copy must stay untouched until then. */
#include <stdlib.h>

#include "e2e.h"

#define N 300

int main(void)
{
  int sep = e2e_separate_memory();
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 2.0 * i;
    c[i] = -1;
  }
#pragma acc enter data copyin(a[0:N], b[0:N], c[0:N])
  /* parallel: a, b, c are implicitly firstprivate pointers */
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    c[i] = a[i] + b[i];
  if (sep)
    CHECK_REAL("host c untouched before copyout", c[7], -1, 0);
  /* default(present) says nothing about pointers either */
#pragma acc parallel default(present)
  {
#pragma acc loop
    for (int i = 0; i < N; i++)
      c[i] += 1;
  }
  /* kernels: implicit force_tofrom of the pointer variable */
#pragma acc kernels
  {
#pragma acc loop independent
    for (int i = 0; i < N; i++)
      b[i] = c[i] * 2;
  }
  /* serial, and a pointer into the middle of a present array */
  double *mid = a + N / 2;
#pragma acc serial
  {
    for (int i = 0; i < N / 2; i++)
      mid[i] = -mid[i];
  }
#pragma acc exit data copyout(a[0:N], b[0:N], c[0:N])
  for (int i = 0; i < N; i++) {
    double want_c = i + 2.0 * i + 1;
    CHECK_REAL("c", c[i], want_c, 0);
    CHECK_REAL("b", b[i], 2 * want_c, 0);
    CHECK_REAL("a", a[i], i < N / 2 ? i : -i, 0);
  }

#ifdef _OPENACC
  /* acc_copyin makes data present the same way */
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i;
  acc_copyin(v, N * sizeof *v);
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    v[i] = v[i] * 3 + 1;
  acc_copyout(v, N * sizeof *v);
  for (int i = 0; i < N; i++)
    CHECK_INT("v", v[i], i * 3 + 1);

  /* a device address from acc_malloc, used without deviceptr: its value */
  int *d = acc_malloc(N * sizeof *d);
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    d[i] = 5 * i;
  int *back = malloc(N * sizeof *back);
  acc_memcpy_from_device(back, d, N * sizeof *d);
  for (int i = 0; i < N; i++)
    CHECK_INT("acc_malloc'd d", back[i], 5 * i);
  acc_free(d);
  free(v);
  free(back);
#endif
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
