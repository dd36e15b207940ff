/* A counter incremented by every iteration that sees a flag, with no
   atomic and no reduction: racy on a GPU (the emulator's plain order
   gives the serial answer). */
/* accgpu-expect-race: read-after-write|write-after-write|write-after-read .* global memory .*count_no_atomic.c:14 .*'count' */
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
