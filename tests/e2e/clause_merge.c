/* clause_merge.c — one list in two data clauses of a directive, which
 * NVHPC accepts and GCC 12 rejects ("appears more than once in data
 * clauses"): the clauses' directions add up (copyin + copyout is copy,
 * create(zero:) + copyout is copyout(zero:)). */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

#define N 500

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  int shared = !e2e_separate_memory();
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 1;
  }
  /* copyin + copyout: the values go in and come back. */
#pragma acc parallel loop copyin(a[0:N]) copyout(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i] + 1;
  for (int i = 0; i < N; i++)
    e2e_check_real("copyin+copyout", __LINE__, a[i], 2.0 * i + 1, 0);
  /* copyout + copy of a reduction variable */
  double t = 10;
#pragma acc parallel loop copyout(t) copy(t) reduction(+:t)
  for (int i = 0; i < N; i++)
    t += 1;
  e2e_check_real("copyout+copy reduction", __LINE__, t, 10 + N, 0);
  /* create(zero:) + copyout on data */
#pragma acc data copyin(a[0:N]) create(zero: b[0:N]) copyout(b[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] += a[i];
  }
  for (int i = 0; i < N; i++)
    e2e_check_real("create(zero:)+copyout", __LINE__, b[i],
                   a[i] + (shared ? 1 : 0), 0);
  /* a list of two, and a present_or_ spelling */
  int x = 3, y = 4;
#pragma acc serial pcopyin(x, y) copyout(x, y)
  {
    x *= 10;
    y *= 10;
  }
  e2e_check_int("pcopyin+copyout x", __LINE__, x, 30);
  e2e_check_int("pcopyin+copyout y", __LINE__, y, 40);
  free(a);
  free(b);
  return e2e_done();
}
