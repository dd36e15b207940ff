/* The emulator's redzone after a device block is as long as the block
 * (memcheck); when the device has no room for that, the block gets the
 * least redzone instead (runtime/pool.c), so a program that fits a small
 * device without redzones still runs: two 24 MiB arrays on a 64 MiB
 * device, copied in, summed by a kernel, checked against the host. */
/* accgpu-test: env ACCGPU_EMU_MEMORY=64M */
#include "e2e.h"

#include <stdlib.h>

#define N (3 << 20) /* doubles: 24 MiB */

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (long i = 0; i < N; i++)
    a[i] = i % 1000, b[i] = (i % 7) * 0.5;
#pragma acc parallel loop copy(a[0:N]) copyin(b[0:N])
  for (long i = 0; i < N; i++)
    a[i] += b[i];
  for (long i = 0; i < N; i++)
    if (a[i] != i % 1000 + (i % 7) * 0.5)
      CHECK_REAL("a", a[i], i % 1000 + (i % 7) * 0.5, 0);
  free(a);
  free(b);
  return e2e_done();
}
