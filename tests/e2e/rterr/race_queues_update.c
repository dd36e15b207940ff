/* update device async(2) writes a[] while a kernel on queue 1 still reads
 * it: nothing orders the copy after the kernel (a GPU may copy first).
 * Racecheck names the update (line, queue 2), the kernel and 'a'. */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
/* accgpu-expect-stderr: accgpu racecheck: (read-after-write|write-after-read) hazard between async queues in global memory at 0x[0-9a-f]+: */
/* accgpu-expect-stderr: read by kernel [^ ]+ \(parallel at .*race_queues_update\.c:23 in main\) on async queue 1 */
/* accgpu-expect-stderr: write by copy to the device \(update at .*race_queues_update\.c:26 in main\) on async queue 2 */
/* accgpu-expect-stderr: the address is in 'a\[0:n\]' */
#include <stdio.h>

#define N 4096

int main(void) {
  static int a[N], b[N];
  int n = N;
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
    for (int i = 0; i < n; i++)
      a[i] = 2 * i;
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; i++)
      b[i] = a[i];
#pragma acc update device(a[0:n]) async(2)
#pragma acc wait
  }
  printf("%d\n", b[n - 1]);
  return 0;
}
