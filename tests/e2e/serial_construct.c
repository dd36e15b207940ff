/* serial_construct.c — the serial construct: one gang, one worker, one
 * vector lane, so a loop-carried dependence (prefix sum) is legal; and a
 * loop directive inside serial still runs sequentially. */
#include "e2e.h"

#define N 3000
static long a[N], ref[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = ref[i] = (i * 7) % 13;
  for (int i = 1; i < N; i++)
    ref[i] += ref[i - 1];

#pragma acc serial copy(a[0:N])
  {
    for (int i = 1; i < N; i++)
      a[i] += a[i - 1];
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("prefix sum", a[i], ref[i]);

  long total = 0;
#pragma acc serial copyin(a[0:N]) copy(total)
  {
#pragma acc loop
    for (int i = 0; i < N; i++)
      total = total + a[i] % 5;
  }
  long want = 0;
  for (int i = 0; i < N; i++)
    want += ref[i] % 5;
  CHECK_INT("serial loop total", total, want);
  return e2e_done();
}
