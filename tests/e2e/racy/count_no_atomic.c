/* racy/count_no_atomic.c — a counter incremented by every iteration that
 * sees a flag, with no atomic and no reduction: a GPU loses increments
 * (the emulator's plain thread order gave the serial answer). */
/* accgpu-expect-race: hazard in global memory .* kernel [^ ]+ \(parallel at tests/e2e/racy/count_no_atomic.c:15 in main\) */
/* accgpu-expect-race: the address is in 'count' */
#include <stdio.h>

int main(void) {
  static int flag[4096];
  int count = 0, want = 0;
  for (int i = 0; i < 4096; i++) {
    flag[i] = i % 3 == 0;
    want += flag[i];
  }
#pragma acc parallel loop copy(count) copyin(flag)
  for (int i = 0; i < 4096; i++)
    if (flag[i])
      count++;
  printf("%d %d\n", count, want);
  return 0;
}
