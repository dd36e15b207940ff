/* The emulator's async queues run their work as late as a GPU may
 * (ACCGPU_EMU_ASYNC=deferred, the default): only when the host waits on
 * the queue or tests it, when another queue's wait reaches it, or when 64
 * more operations wait behind it.  So a program that forgets a wait sees
 * the data as it was before the async work, every run, as a GPU can show
 * it; before, the queue's thread had usually finished and the missing wait
 * went unseen.  What a correct program does still works: polling with
 * acc_async_test, `wait(1) async(2)` chains, a wait for all queues, long
 * runs of async launches. */
/* accgpu-test: emulator-only */
#include "e2e.h"

#include <stdlib.h>

#define N 1024

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = 1, b[i] = 0;
#pragma acc data copy(a[0:N], b[0:N])
  {
    /* missing wait(1): the sync construct reads a before queue 1 ran */
#pragma acc parallel loop async(1)
    for (int i = 0; i < N; i++)
      a[i] = 2.0 * i;
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
#pragma acc update self(b[0:N])
    CHECK_REAL("b read before queue 1 ran", b[7], 2.0, 0);
#pragma acc wait(1)

    /* polling sees the queue finish */
#pragma acc parallel loop async(3)
    for (int i = 0; i < N; i++)
      a[i] += 1;
    long polls = 0;
    while (!acc_async_test(3))
      polls++;
    CHECK_TRUE("acc_async_test(3) came true", polls >= 0);

    /* a chain: queue 2 waits for queue 1, the host for queue 2 */
#pragma acc parallel loop async(1)
    for (int i = 0; i < N; i++)
      a[i] *= 2;
#pragma acc wait(1) async(2)
#pragma acc parallel loop async(2)
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
#pragma acc wait(2)
#pragma acc update self(b[0:N])
    CHECK_REAL("b after the chain", b[7], (2.0 * 7 + 1) * 2 + 1, 0);

    /* 200 launches on one queue, then a wait for all queues */
    for (int k = 0; k < 200; k++) {
#pragma acc parallel loop async(4)
      for (int i = 0; i < N; i++)
        a[i] += 1;
    }
#pragma acc wait
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], (2.0 * i + 1) * 2 + 200, 0);
  free(a);
  free(b);
  return e2e_done();
}
