/* emu_lockstep_lost_update.c — the emulator's default thread order,
 * ACCGPU_EMU_SCHEDULE=lockstep: a store to memory other threads see hands
 * over to the next thread, so the threads of a block all load before any
 * stores, as the lanes of a warp do.  A sum without its reduction clause
 * (`copy(sum)`) and a histogram without atomics then lose updates on the
 * emulator as on a GPU; before session 23 the emulator ran each thread
 * alone from one barrier to the next, and both came out right (only
 * racecheck or another order told).  The correct forms (reduction,
 * atomic) stay exact.  The test pins the order and racecheck off: the
 * corpus's variants would otherwise run it under another order, or report
 * the races it makes on purpose. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_SCHEDULE=lockstep ACCGPU_EMU_RACECHECK=0 */
#include <stdlib.h>

#include "e2e.h"

#define N 20000
#define BINS 16

int main(void)
{
  long *a = malloc(N * sizeof *a), sum = 0, good = 0, want = 0;
  int *bin = malloc(N * sizeof *bin), h[BINS] = {0}, ha[BINS] = {0};
  for (int i = 0; i < N; i++) {
    a[i] = 1 + i % 97;
    bin[i] = (i * 7) % BINS;
    want += a[i];
  }
#pragma acc data copyin(a[0:N], bin[0:N])
  {
    /* the bugs: a shared sum and a plain increment */
#pragma acc parallel loop copy(sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
#pragma acc parallel loop copy(h)
    for (int i = 0; i < N; i++)
      h[bin[i]]++;
    /* the right forms */
#pragma acc parallel loop reduction(+:good)
    for (int i = 0; i < N; i++)
      good += a[i];
#pragma acc parallel loop copy(ha)
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
      ha[bin[i]]++;
    }
  }
  int counted = 0, counted_atomic = 0;
  for (int b = 0; b < BINS; b++) {
    counted += h[b];
    counted_atomic += ha[b];
  }
  if (acc_get_device_type() == acc_device_emulator) {
    CHECK_INT("sum without reduction loses updates", sum < want, 1);
    CHECK_INT("histogram without atomics loses counts", counted < N, 1);
  }
  CHECK_INT("reduction", good, want);
  CHECK_INT("atomic histogram", counted_atomic, N);
  free(a);
  free(bin);
  return e2e_done();
}
