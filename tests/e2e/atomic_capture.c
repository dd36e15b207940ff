/* atomic_capture.c — atomic capture in statement form (v = x++, v = ++x,
 * v = x += e) and block form ({v = x; x += e;} and {x--; v = x;}): the
 * captured values hand out unique slots, so they must form a permutation. */
#include "e2e.h"

#define N 5000
static int slot[N], seen[N], slot2[N], seen2[3 * N];
static long long pos[N];

int main(void) {
  int next = 0, last = 0, down = N;
  long long off = 0;
#pragma acc parallel loop copy(next, down, off, last) \
    copyout(slot[0:N], slot2[0:N], pos[0:N])
  for (int i = 0; i < N; i++) {
    int v, w;
#pragma acc atomic capture
    v = next++;
    slot[i] = v;
#pragma acc atomic capture
    {
      off += 3;
      pos[i] = off;
    }
#pragma acc atomic capture
    {
      w = down;
      down -= 1;
    }
    slot2[i] = w;
#pragma acc atomic capture
    v = ++last;
    (void)v;
  }
  CHECK_INT("next", next, N);
  CHECK_INT("down", down, 0);
  CHECK_INT("off", off, 3LL * N);
  CHECK_INT("last", last, N);
  for (int i = 0; i < N; i++) {
    if (slot[i] >= 0 && slot[i] < N)
      seen[slot[i]]++;
    if (slot2[i] >= 1 && slot2[i] <= N)
      seen2[slot2[i] - 1]++;
    if (pos[i] >= 3 && pos[i] <= 3LL * N && pos[i] % 3 == 0)
      seen2[N + pos[i] / 3 - 1]++;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("x++ captured each value once", seen[i], 1);
    CHECK_INT("x -= 1 captured each value once", seen2[i], 1);
    CHECK_INT("x += 3 captured each value once", seen2[N + i], 1);
  }
  return e2e_done();
}
