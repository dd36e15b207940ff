/* A kernel reads an acc_malloc block after acc_free: the report says the
 * address was an acc_malloc block, freed by acc_free.  Before, it named
 * the nearest mapped variable, the reduction scalar 's' about 1 MiB away,
 * which had nothing to do with it. */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_acc_malloc_freed\.c:20 */
/* accgpu-expect-stderr: memcheck: invalid read of 8 bytes .* is freed device memory; it was an acc_malloc block \(8000 bytes, device \[[^)]*\)\), at byte [0-9]+, freed by acc_free$ */
#include <openacc.h>
#include <stdio.h>

int main(void) {
  int n = 1000;
  double *d = acc_malloc(n * sizeof *d), s = 0;
  if (!d)
    return 2;
#pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < n; i++)
    d[i] = i;
  acc_free(d);
#pragma acc parallel loop deviceptr(d) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += d[i];
  printf("%g\n", s);
  return 0;
}
