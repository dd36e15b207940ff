/* deviceptr(a) of a host pointer: the construct is an error naming the
 * variable and the address, before the kernel runs.  Before, memcheck
 * stopped the kernel at its first read with a hint about data clauses. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*deviceptr_host_pointer\.c:15 \(parallel in main\): deviceptr\(a\): 0x[0-9a-f]+ is host memory, not device memory of device 0 \(emulator\) */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  double *none = NULL; /* NULL is fine */
#pragma acc parallel loop deviceptr(a, none)
  for (int i = 0; i < n; i++)
    a[i] = a[i] + 1 + (none ? 1 : 0);
  printf("%g\n", a[1]);
  free(a);
  return 0;
}
