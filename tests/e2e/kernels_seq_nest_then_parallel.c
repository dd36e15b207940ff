/* A `kernels` region whose first nest stays sequential (an atomic
 * histogram the dependence test does not parallelize) and whose next nest
 * is parallel.  The cut between them fell inside the plain loop (after its
 * last store) and was dropped, so both ran in one kernel: the sequential
 * nest redundantly in every gang, its atomics counted once per gang
 * (4x on the emulator, 2x on multicore), and nothing ordered it before the
 * next nest, which zeroes the data it reads.  The cut now moves to the end
 * of the loop: two kernels, in order. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#include <stdlib.h>

int main(void) {
  int n = 1000;
  int *data = malloc(n * sizeof *data), *hist = calloc(8, sizeof *hist);
  long sum = 0;
  for (int i = 0; i < n; i++)
    data[i] = i;
#pragma acc kernels copy(data[0:n]) copy(hist[0:8]) /* accgpu-expect-note: kernels region split into 2 kernels */
  {
    for (int i = 0; i < n; i++) { /* accgpu-expect-note: runs sequentially */
#pragma acc atomic update
      hist[data[i] % 8]++;
    }
    for (int i = 0; i < n; i++) { /* accgpu-expect-note: parallelized across gangs */
      sum += data[i];
      data[i] = 0;
    }
  }
  for (int b = 0; b < 8; b++)
    CHECK_INT("hist", hist[b], n / 8);
  CHECK_INT("sum", sum, (long)n * (n - 1) / 2);
  for (int i = 0; i < n; i++)
    CHECK_INT("data", data[i], 0);
  free(data);
  free(hist);
  return e2e_done();
}
