/* atomic_read_write.c — atomic write (all iterations store; the result is
 * one of the stored values, never a torn mix) and atomic read of values
 * other iterations may write. */
#include "e2e.h"

#define N 3000
static long long got[N];

int main(void) {
  long long x = -1;
  double d = 0.0;
  int stable = 12345;
#pragma acc parallel loop copy(x, d) copyin(stable) copyout(got[0:N])
  for (int i = 0; i < N; i++) {
    long long v = ((long long)i << 32) | (unsigned)i;
#pragma acc atomic write
    x = v;
#pragma acc atomic write
    d = i * 0.5;
    int s;
#pragma acc atomic read
    s = stable;
    got[i] = s;
  }
  long long hi = x >> 32, lo = x & 0xffffffffLL;
  CHECK_INT("x is one whole stored value", hi, lo);
  CHECK_TRUE("x index in range", lo >= 0 && lo < N);
  CHECK_TRUE("d is one stored value",
             d >= 0 && d <= (N - 1) * 0.5 && d * 2 == (long long)(d * 2));
  for (int i = 0; i < N; i++)
    CHECK_INT("atomic read", got[i], 12345);

  /* Read what another loop's atomic updates left. */
  int counter = 0;
  int snap = -1;
#pragma acc parallel copy(counter, snap)
  {
#pragma acc loop gang vector
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
      counter += 2;
    }
  }
#pragma acc serial copy(counter, snap)
  {
#pragma acc atomic read
    snap = counter;
  }
  CHECK_INT("read after updates", snap, 2 * N);
  return e2e_done();
}
