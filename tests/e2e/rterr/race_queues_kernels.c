/* Two kernels on different async queues with no wait between them: queue 1
 * writes a[], queue 2 reads it.  A GPU runs the two streams concurrently
 * (the result is intermittent); racecheck reports the pair of operations.
 * Racecheck names both kernels (lines, queues) and 'a', in either order. */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
/* accgpu-expect-stderr: accgpu racecheck: (read-after-write|write-after-read) hazard between async queues in global memory at 0x[0-9a-f]+: */
/* accgpu-expect-stderr: write by kernel [^ ]+ \(parallel at .*race_queues_kernels\.c:21 in main\) on async queue 1 */
/* accgpu-expect-stderr: read by kernel [^ ]+ \(parallel at .*race_queues_kernels\.c:24 in main\) on async queue 2 */
/* accgpu-expect-stderr: no wait orders them; the address is in 'a\[0:n\]' */
/* accgpu-expect-stderr: accgpu racecheck: 1 hazard reported */
#include <stdio.h>

#define N 4096

int main(void) {
  static int a[N], b[N];
  int n = N;
#pragma acc data copyout(b[0:n]) create(a[0:n])
  {
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma acc parallel loop async(2)
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
#pragma acc wait
  }
  printf("%d\n", b[n - 1]);
  return 0;
}
