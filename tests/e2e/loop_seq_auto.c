/* loop_seq_auto.c — loop seq keeps a loop-carried dependence sequential
 * (inside a parallel gang loop), loop auto leaves the choice to the
 * compiler and must still be right for a loop with a dependence. */
#include "e2e.h"

#define R 64
#define C 300
static long a[R * C], ref[R * C];

int main(void) {
  for (int i = 0; i < R * C; i++)
    a[i] = ref[i] = i % 11;
  for (int r = 0; r < R; r++)
    for (int j = 1; j < C; j++)
      ref[r * C + j] += ref[r * C + j - 1];

#pragma acc parallel loop gang copy(a)
  for (int r = 0; r < R; r++) {
#pragma acc loop seq
    for (int j = 1; j < C; j++)
      a[r * C + j] += a[r * C + j - 1];
  }
  for (int i = 0; i < R * C; i++)
    CHECK_INT("row prefix (seq)", a[i], ref[i]);

  /* Same result again with auto on the dependent loop (compiler must see
     the dependence or run it sequentially), independent rows. */
  for (int i = 0; i < R * C; i++)
    a[i] = i % 11;
#pragma acc parallel loop auto copy(a)
  for (int r = 0; r < R; r++) {
#pragma acc loop seq
    for (int j = 1; j < C; j++)
      a[r * C + j] += a[r * C + j - 1];
  }
  for (int i = 0; i < R * C; i++)
    CHECK_INT("row prefix (auto)", a[i], ref[i]);

#pragma acc kernels copy(a)
  {
#pragma acc loop auto
    for (int i = 0; i < R * C; i++)
      a[i] = a[i] * 2 + 1;
  }
  for (int i = 0; i < R * C; i++)
    CHECK_INT("kernels loop auto", a[i], ref[i] * 2 + 1);
  return e2e_done();
}
