/* async_wait.c — async queues: work on two queues, a wait clause ordering a
 * later region after queue 1, the wait directive (one queue, all queues,
 * wait async), async update, acc_async_test / acc_wait / acc_wait_all. */
#include "e2e.h"

#define N 4096
static int a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma acc data copy(a[0:N], b[0:N]) create(c[0:N])
  {
#pragma acc parallel loop async(1) present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 2;
#pragma acc parallel loop async(2) present(b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = b[i] + 5;
    /* Queue 1 must finish before this region on queue 3 starts. */
#pragma acc parallel loop async(3) wait(1, 2) present(a[0:N], b[0:N], c[0:N])
    for (int i = 0; i < N; i++)
      c[i] = a[i] + b[i];
#pragma acc wait(3)
#pragma acc update self(c[0:N]) async(4)
#pragma acc wait(4)
    for (int i = 0; i < N; i++)
      CHECK_INT("c", c[i], 2 * i + i + 5);

#pragma acc parallel loop async present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] += 1;
#pragma acc wait
#pragma acc parallel loop async(5) present(b[0:N])
    for (int i = 0; i < N; i++)
      b[i] -= 5;
#pragma acc wait(5) async(6)
#pragma acc update self(b[0:N]) async(6)
#ifdef _OPENACC
    acc_wait(6);
    CHECK_INT("acc_async_test after acc_wait", acc_async_test(6) != 0, 1);
#endif
    for (int i = 0; i < N; i++)
      CHECK_INT("b after queue 6", b[i], i);
#pragma acc parallel loop async(7) present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] -= 1;
#ifdef _OPENACC
    acc_wait_all();
    CHECK_INT("acc_async_test_all", acc_async_test_all() != 0, 1);
#endif
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("a", a[i], 2 * i);
  return e2e_done();
}
