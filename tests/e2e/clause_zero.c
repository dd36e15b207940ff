/* clause_zero.c — the zero modifier (OpenACC 3.0): create(zero: x) and
 * copyout(zero: x) zero the device memory they allocate, and only that
 * (data already present keeps its values).  On the host and multicore devices data is
 * shared and nothing is allocated: the host values are what the device
 * sees. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

#define N 1000

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  int shared = !e2e_separate_memory();
  for (int i = 0; i < N; i++) {
    a[i] = i * 0.5;
    b[i] = 7;
  }
  /* copyout(zero:) on a compute construct: the kernel adds to zeros. */
#pragma acc parallel loop copyin(a[0:N]) copyout(zero: b[0:N])
  for (int i = 0; i < N; i++)
    b[i] += a[i];
  for (int i = 0; i < N; i++)
    e2e_check_real("copyout(zero:)", __LINE__, b[i], a[i] + (shared ? 7 : 0),
                   0);
  /* create(zero:) on data with a list of two; copied out by update. */
  int *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    b[i] = c[i] = 3;
#pragma acc data create(zero: b[0:N], c[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      b[i] += 1;
      c[i] += i;
    }
#pragma acc update self(b[0:N], c[0:N])
  }
  for (int i = 0; i < N; i++) {
    e2e_check_real("create(zero:) b", __LINE__, b[i], shared ? 4 : 1, 0);
    e2e_check_int("create(zero:) c", __LINE__, c[i], i + (shared ? 3 : 0));
  }
  /* enter data create(zero:); a later create(zero:) of present data does
     not zero it again. */
  for (int i = 0; i < N; i++)
    c[i] = 5;
#pragma acc enter data create(zero: c[0:N])
#pragma acc parallel loop present(c[0:N])
  for (int i = 0; i < N; i++)
    c[i] += 2;
#pragma acc data create(zero: c[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      c[i] += 1;
  }
#pragma acc exit data copyout(c[0:N])
  for (int i = 0; i < N; i++)
    e2e_check_int("present data kept", __LINE__, c[i], shared ? 8 : 3);
  /* zero on a scalar, and readonly on copyin */
  int s = 42;
#pragma acc serial copyout(zero: s) copyin(readonly: a[0:N])
  s += (int)a[4];
  e2e_check_int("scalar zero", __LINE__, s, shared ? 44 : 2);
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
