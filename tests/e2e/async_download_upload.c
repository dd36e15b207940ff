/* async_download_upload.c — on one queue (or on a queue that waits for
 * another), an async upload after an async download of the same host data
 * must see what the download wrote: back-to-back `parallel async copy`,
 * `update self` then `update device`, and `wait(q)` across queues.
 * Before, the upload copied the host data when it was queued (into a
 * staging buffer), before the download had run: the second kernel saw the
 * first one's input again. */
#include <stdlib.h>

#include "e2e.h"

#define N 512

int main(void) {
  int *a = malloc(N * sizeof *a), *ref = malloc(N * sizeof *ref);
  for (int i = 0; i < N; i++)
    a[i] = ref[i] = i;
  for (int i = 0; i < N; i++)
    ref[i] = ((ref[i] + 1) * 2 + 3) * 2 + 5 + 7;

#pragma acc parallel loop async copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma acc parallel loop async copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#pragma acc wait

#pragma acc data create(a[0:N])
  {
#pragma acc update device(a[0:N]) async(1)
#pragma acc parallel loop present(a[0:N]) async(1)
    for (int i = 0; i < N; i++)
      a[i] += 3;
#pragma acc update self(a[0:N]) async(1)
#pragma acc update device(a[0:N]) async(1)
#pragma acc parallel loop present(a[0:N]) async(1)
    for (int i = 0; i < N; i++)
      a[i] *= 2;
#pragma acc update self(a[0:N]) async(1)
    /* Queue 2 waits for queue 1's download before its upload. */
#pragma acc update device(a[0:N]) async(2) wait(1)
#pragma acc parallel loop present(a[0:N]) async(2)
    for (int i = 0; i < N; i++)
      a[i] += 5;
#pragma acc update self(a[0:N]) async(2)
#pragma acc wait(2)
  }
#pragma acc wait
  /* acc_update_device_async after acc_update_self_async, same queue. */
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N]) async(3)
  for (int i = 0; i < N; i++)
    a[i] += 7;
  acc_update_self_async(a, N * sizeof *a, 3);
  acc_update_device_async(a, N * sizeof *a, 3);
#pragma acc exit data copyout(a[0:N]) async(3)
#pragma acc wait(3)

  for (int i = 0; i < N; i++)
    CHECK_INT("a after the async round trips", a[i], ref[i]);
  free(a);
  free(ref);
  return e2e_done();
}
