/* async_exit_other_queue.c — an async compute construct holds its data
 * until it ends: `exit data` of that data on another queue (or with no
 * async) must not free the device copy under the queued kernel, as in
 * libgomp.  Before, the block went back to the pool as soon as the exit's
 * own queue got there, and the kernel still queued on the other queue read
 * freed (on a GPU, reused) memory. */
#include <stdlib.h>

#include "e2e.h"

#define N 4096

int main(void) {
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  float *c = malloc(N * sizeof *c), *ref = malloc(N * sizeof *ref);
  for (int i = 0; i < N; i++) {
    a[i] = (float)(i % 101);
    c[i] = -1.0f;
    ref[i] = a[i] * 2.0f + 1.0f;
  }
#pragma acc enter data copyin(a[0:N]) create(b[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N]) async(2)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2.0f + 1.0f;
  /* Queue 1 does not wait for queue 2: the kernel above still holds a. */
#pragma acc exit data delete(a[0:N]) async(1)
#pragma acc enter data copyin(c[0:N]) async(1)
#pragma acc exit data copyout(b[0:N]) async(2)
#pragma acc wait
  for (int i = 0; i < N; i++)
    CHECK_REAL("b from the kernel on queue 2", b[i], ref[i], 0);

  /* The same with a synchronous exit. */
#pragma acc enter data copyin(a[0:N]) create(b[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N]) async(3)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2.0f + 1.0f;
#pragma acc exit data delete(a[0:N])
#pragma acc exit data copyout(b[0:N]) async(3)
#pragma acc wait
  for (int i = 0; i < N; i++)
    CHECK_REAL("b after a synchronous exit of a", b[i], ref[i], 0);
#pragma acc exit data delete(c[0:N])
  free(a);
  free(b);
  free(c);
  free(ref);
  return e2e_done();
}
