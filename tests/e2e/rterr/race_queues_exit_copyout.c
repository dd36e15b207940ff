/* exit data copyout async(2) reads a[] back while a kernel on queue 1 still
 * writes it: the host may get old values.  Racecheck names the copy (the
 * exit data line, queue 2), the kernel (queue 1) and 'a' (maybe freed). */
/* accgpu-test: emulator-only */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
/* accgpu-expect-stderr: accgpu racecheck: (read-after-write|write-after-read) hazard between async queues in global memory */
/* accgpu-expect-stderr: write by kernel [^ ]+ \(parallel at .*race_queues_exit_copyout\.c:20 in main\) on async queue 1 */
/* accgpu-expect-stderr: read by copy from the device \(exit data at .*race_queues_exit_copyout\.c:23 in main\) on async queue 2 */
/* accgpu-expect-stderr: (the address is in|it was the device copy of) 'a\[0:n\]' */
#include <stdio.h>

#define N 4096

int main(void) {
  static int a[N];
  int n = N;
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int i = 0; i < n; i++)
    a[i] = i + 1;
#pragma acc exit data copyout(a[0:n]) async(2)
#pragma acc wait
  printf("%d\n", a[n - 1]);
  return 0;
}
