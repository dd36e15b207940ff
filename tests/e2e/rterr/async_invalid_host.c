/* An invalid async argument (-7) on a compute construct run by the host
 * device: the fallback ignored it (the host runs constructs without asking
 * the runtime), where the emulator and multicore stop at the construct.
 * Now the host stops there too, with the same words. */
/* accgpu-test: env ACC_DEVICE_TYPE=host */
/* accgpu-expect-stderr: accgpu: error: .*async_invalid_host\.c:14 \(parallel in main\): async: invalid async argument -7 \(a queue number >= 0 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = 100, q = -6 - argc; /* -7: not a constant */
  float *a = malloc(n * sizeof *a);
  (void)argv;
#pragma acc parallel loop copyout(a[0:n]) async(q)
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc wait
  printf("a[5]=%g\n", a[5]);
  free(a);
  return 0;
}
