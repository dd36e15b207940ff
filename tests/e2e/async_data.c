/* async_data.c — data movement on async queues: enter data / exit data /
 * update with async and wait clauses, the async API (acc_copyin_async,
 * acc_update_self_async, acc_copyout_async), and independent pipelines on
 * two queues that meet at a wait. */
#include <stdlib.h>

#include "e2e.h"

#define N 8192

int main(void) {
  int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 2 * i;
  }
  /* Pipeline on queue 1: copy in, compute, copy out, all queued. */
#pragma acc enter data copyin(a[0:N]) async(1)
#pragma acc parallel loop present(a[0:N]) async(1)
  for (int i = 0; i < N; i++)
    a[i] += 10;
  /* Pipeline on queue 2, started behind queue 1's copy-in and kernel. */
#pragma acc enter data copyin(b[0:N]) async(2) wait(1)
#pragma acc parallel loop present(a[0:N], b[0:N]) async(2)
  for (int i = 0; i < N; i++)
    b[i] += a[i];
#pragma acc exit data copyout(b[0:N]) async(2)
#pragma acc update self(a[0:N]) async(1)
#pragma acc wait(1, 2)
  for (int i = 0; i < N; i++) {
    CHECK_INT("a", a[i], i + 10);
    CHECK_INT("b", b[i], 3 * i + 10);
  }

#ifdef _OPENACC
  int *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    c[i] = -i;
  acc_copyin_async(c, N * sizeof *c, 3);
#pragma acc parallel loop present(c[0:N]) async(3)
  for (int i = 0; i < N; i++)
    c[i] *= 2;
  acc_update_self_async(c, N / 2 * sizeof *c, 3);
  acc_wait(3);
  for (int i = 0; i < N / 2; i++)
    CHECK_INT("c, first half", c[i], -2 * i);
#pragma acc parallel loop present(c[0:N]) async(3)
  for (int i = 0; i < N; i++)
    c[i] += 1;
  acc_copyout_async(c, N * sizeof *c, 3);
  acc_wait_all();
  for (int i = 0; i < N; i++)
    CHECK_INT("c", c[i], -2 * i + 1);
  if (e2e_separate_memory())
    CHECK_INT("c gone", acc_is_present(c, N * sizeof *c), 0);
  free(c);
#endif
#pragma acc exit data delete(a[0:N])
  free(a);
  free(b);
  return e2e_done();
}
