/* enter_exit_data.c — unstructured data lifetimes: enter data copyin/create,
 * exit data copyout/delete, dynamic reference counts (two enters need two
 * exits) and finalize (drops the count to zero at once). */
#include <stdlib.h>

#include "e2e.h"

#ifndef _OPENACC
#define acc_is_present(p, n) 1
#endif

int main(void) {
  int n = 3000, sep = e2e_separate_memory();
  int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;

#pragma acc enter data copyin(a[0:n]) create(b[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = a[i] + 1;
#pragma acc exit data copyout(b[0:n]) delete(a[0:n])
  for (int i = 0; i < n; i++)
    CHECK_INT("b", b[i], i + 1);
  if (sep) {
    CHECK_INT("a gone", acc_is_present(a, n * sizeof *a), 0);
    CHECK_INT("b gone", acc_is_present(b, n * sizeof *b), 0);
  }

  /* Two enters: one exit leaves the data mapped. */
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n])
#pragma acc exit data delete(a[0:n])
  if (sep)
    CHECK_INT("a still present (count 1)", acc_is_present(a, n * sizeof *a),
              1);
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 3;
#pragma acc exit data copyout(a[0:n])
  for (int i = 0; i < n; i++)
    CHECK_INT("a", a[i], 3 * i);

  /* Three enters: finalize removes it with one exit. */
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma acc exit data copyout(a[0:n]) finalize
  if (sep)
    CHECK_INT("a gone after finalize", acc_is_present(a, n * sizeof *a), 0);
  for (int i = 0; i < n; i++)
    CHECK_INT("a after finalize", a[i], 3 * i + 1);
  free(a);
  free(b);
  return e2e_done();
}
