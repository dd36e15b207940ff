/* kernels_seq_counter_barrier.c — the sequential part of a `kernels`
 * region (run by every thread of the gang, one thread storing) with a
 * function-scope counter in device memory, NPB style.  Thread 0's `i++`
 * came right after a label that the `if`'s else reached without a
 * barrier: other threads could still be reading the old i (a racecheck
 * hazard; on a GPU, warps testing different elements and meeting
 * different barriers).  A label now counts as a join: a barrier goes
 * before the store (kernel-gen-stmt.cc, after_barrier).  Racecheck on. */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"

#define K 6
#define J 7
#define I 8

static double u[K][J][I];

int main(void)
{
  int i, j, k, nlast = 0, hits = 0;
  for (k = 0; k < K; k++)
    for (j = 0; j < J; j++)
      for (i = 0; i < I; i++)
        u[k][j][i] = (i * 5 + k) % 7 - 3;
#pragma acc kernels copy(u, nlast, hits)
  {
    for (i = 0; i < I; i++)
      if (u[1][1][i] > 0) {
        nlast = i;
        hits++;
      }
    for (k = 0; k < K; k++)
      for (j = 0; j < J; j++)
        for (i = 0; i <= nlast; i++)
          u[k][j][i] *= 2.0;
  }
  int want_last = 0, want_hits = 0;
  for (i = 0; i < I; i++)
    if ((i * 5 + 1) % 7 - 3 > 0) {
      want_last = i;
      want_hits++;
    }
  CHECK_INT("nlast", nlast, want_last);
  CHECK_INT("hits", hits, want_hits);
  for (k = 0; k < K; k++)
    for (j = 0; j < J; j++)
      for (i = 0; i < I; i++)
        CHECK_REAL("u", u[k][j][i],
                   ((i * 5 + k) % 7 - 3) * (i <= want_last ? 2.0 : 1.0), 0);
  return e2e_done();
}
