/* ACCGPU_EMU_INITCHECK=1: a kernel reads an acc_malloc block nothing wrote.
 * The report calls the address an acc_malloc block and says acc_malloc
 * does not initialize memory; before, it gave the copyout/create hint
 * and named an unrelated variable ('s', about 1 MiB away) as the nearest. */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*initcheck_acc_malloc\.c:17 */
/* accgpu-expect-stderr: initcheck: read of 8 bytes .*: nothing wrote these bytes on the device since they were allocated \(acc_malloc does not initialize memory: [^)]*\); an acc_malloc block \(8000 bytes, device \[[^)]*\)\), at byte [0-9]+$ */
#include <openacc.h>
#include <stdio.h>

int main(void) {
  int n = 1000;
  double *d = acc_malloc(n * sizeof *d), s = 0;
  if (!d)
    return 2;
#pragma acc parallel loop deviceptr(d) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += d[i]; /* expected zeroed memory */
  printf("%g\n", s);
  acc_free(d);
  return 0;
}
