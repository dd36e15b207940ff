/* data_async_wait_clauses.c — OpenACC 3.x forms of async and wait: async and
 * wait on a data construct (2.7/3.0), wait(devnum: d : queues: list) (3.0),
 * and collapse(force: n) over a nest with code between its loops (3.3). */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

#define N 4096

int main(void) {
  int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  /* data async: the kernel inside is queued; the region's end waits. */
#pragma acc data copy(a[0:N]) async(1)
  {
#pragma acc parallel loop async(1)
    for (int i = 0; i < N; i++)
      a[i] += 5;
  }
#pragma acc wait(1)
  for (int i = 0; i < N; i++)
    e2e_check_int("data async", __LINE__, a[i], i + 5);
  /* data wait(q): the region starts after queue 2's update, so its
     copyin sees the updated host data. */
#pragma acc enter data copyin(b[0:N])
#pragma acc parallel loop present(b[0:N]) async(2)
  for (int i = 0; i < N; i++)
    b[i] = 3 * i;
#pragma acc update self(b[0:N]) async(2)
#pragma acc data copy(a[0:N]) wait(2)
  {
    /* b on the host is current here: copy it into a (device) */
#pragma acc parallel loop copyin(b[0:N])
    for (int i = 0; i < N; i++)
      a[i] += b[i];
  }
  for (int i = 0; i < N; i++)
    e2e_check_int("data wait", __LINE__, a[i], 4 * i + 5);
#pragma acc exit data delete(b[0:N])
  /* wait with devnum and queues modifiers, as a directive and a clause */
#pragma acc parallel loop copy(a[0:N]) async(3)
  for (int i = 0; i < N; i++)
    a[i] -= 5;
#pragma acc parallel loop copy(b[0:N]) async(4) wait(queues: 3)
  for (int i = 0; i < N; i++)
    b[i] = 1;
#pragma acc wait(devnum: 0 : queues: 3, 4)
  for (int i = 0; i < N; i++) {
    e2e_check_int("wait(devnum:queues:)", __LINE__, a[i], 4 * i);
    e2e_check_int("wait clause", __LINE__, b[i], 1);
  }
  /* collapse(force:) with code between the loops */
  int rows = 16, cols = N / 16;
#pragma acc parallel loop collapse(force: 2) copy(b[0:N])
  for (int r = 0; r < rows; r++) {
    int base = r * cols;
    for (int c = 0; c < cols; c++)
      b[base + c] = r * 1000 + c;
  }
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      e2e_check_int("collapse(force:)", __LINE__, b[r * cols + c],
                    r * 1000 + c);
  free(a);
  free(b);
  return e2e_done();
}
