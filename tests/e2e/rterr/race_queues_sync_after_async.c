/* A synchronous kernel reads what an async(1) kernel writes, with no wait:
 * a synchronous construct waits for its own work only, not for other
 * queues (OpenACC 3.3 2.16; the runtime's synchronous stream does not
 * block on the others), so a GPU may run it first.  Racecheck names both. */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
/* accgpu-expect-stderr: accgpu racecheck: (read-after-write|write-after-read) hazard between async queues in global memory */
/* accgpu-expect-stderr: write by kernel [^ ]+ \(parallel at .*race_queues_sync_after_async\.c:20 in main\) on async queue 1 */
/* accgpu-expect-stderr: read by kernel [^ ]+ \(parallel at .*race_queues_sync_after_async\.c:23 in main\) on the synchronous queue */
/* accgpu-expect-stderr: the address is in 'a\[0:n\]' */
#include <stdio.h>

#define N 4096

int main(void) {
  static int a[N], b[N];
  int n = N;
#pragma acc data create(a[0:n]) copyout(b[0:n])
  {
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
  }
#pragma acc wait
  printf("%d\n", b[n - 1]);
  return 0;
}
