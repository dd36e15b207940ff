/* loop_auto_around_levels.c — loops with no level clause between loops
 * that have one.  In `parallel`, such a loop is independent and the
 * compiler picks its level, which must lie strictly outside every level
 * of the loops inside it and strictly inside those of the loops around
 * it.  accgpu gave a `parallel loop` holding a `loop gang` the vector
 * level (it excluded only the levels used below, not those inside them),
 * then refused its own choice ("'gang' loop nested inside a 'vector'
 * loop"); and a loop inside a `worker` loop could take gang.  Found by
 * tests/accfuzz (seed 3).  Against serial loops. */
#include "e2e.h"

#define R 32
#define C 64

int main(void)
{
  static int a[R * C];
  static long row[R], cell[R * C];
  long want_and = ~0L, got_and = ~0L, want_sum = 5, got_sum = 5;
  for (int i = 0; i < R * C; i++)
    a[i] = (i * 7 + 3) % 1013;

  /* An auto loop around a gang loop: it can only be sequential. */
#pragma acc parallel loop reduction(&:got_and) num_workers(8) vector_length(1)
  for (int i = 0; i < R; i++) {
#pragma acc loop gang reduction(&:got_and)
    for (int j = 0; j < C; j++)
      got_and &= a[i * C + j] | 1;
  }
  /* An auto loop around a worker loop (gang), and one inside it (vector). */
#pragma acc parallel loop reduction(+:got_sum) copyin(a)
  for (int i = 0; i < R; i++) {
#pragma acc loop worker reduction(+:got_sum)
    for (int j = 0; j < C / 8; j++)
#pragma acc loop reduction(+:got_sum)
      for (int k = 0; k < 8; k++)
        got_sum += a[i * C + j * 8 + k];
  }
  /* An auto loop inside a worker loop inside a gang loop. */
#pragma acc parallel loop gang copyin(a) copyout(row, cell)
  for (int i = 0; i < R; i++) {
    long s = 0;
#pragma acc loop worker reduction(+:s)
    for (int j = 0; j < C / 8; j++)
#pragma acc loop reduction(+:s)
      for (int k = 0; k < 8; k++) {
        cell[i * C + j * 8 + k] = 2L * a[i * C + j * 8 + k];
        s += a[i * C + j * 8 + k];
      }
    row[i] = s;
  }

  for (int i = 0; i < R; i++) {
    long s = 0;
    for (int j = 0; j < C; j++) {
      want_and &= a[i * C + j] | 1;
      want_sum += a[i * C + j];
      s += a[i * C + j];
      CHECK_INT("cell", cell[i * C + j], 2L * a[i * C + j]);
    }
    CHECK_INT("row", row[i], s);
  }
  CHECK_INT("and", got_and, want_and);
  CHECK_INT("sum", got_sum, want_sum);
  return e2e_done();
}
