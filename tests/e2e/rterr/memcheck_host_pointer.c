/* A pointer named without a range maps only the pointer: the kernel gets
 * the host address, which a GPU cannot read.  Memcheck stops the kernel
 * before the read, naming the kernel's construct and the thread. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_host_pointer\.c:15 */
/* accgpu-expect-stderr: memcheck: invalid read of 8 bytes .* \(parallel at .*memcheck_host_pointer\.c:15 in main\), block \([0-9]+,0,0\), thread \([0-9]+,0,0\) */
/* accgpu-expect-stderr: host memory, not device memory .*p\[0:n\] */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *p = malloc(n * sizeof *p), sum = 0;
  for (int i = 0; i < n; i++)
    p[i] = i;
#pragma acc parallel loop reduction(+:sum) copyin(p)
  for (int i = 0; i < n; i++)
    sum += p[i];
  printf("%g\n", sum);
  free(p);
  return 0;
}
/* accgpu-test: emulator-only */
