/* private(A) of a variable-length array: each copy holds sizeof A bytes;
   an index past it is outside the copy (memcheck names the copy's
   variable and the kernel's line). */
/* accgpu-expect-stderr: accgpu: error: .*private_vla_oob.c:13 .*memcheck: invalid write */
/* accgpu-expect-stderr: 'A' \(40 bytes */
#include <stdlib.h>

int main(void)
{
  int n = 64, m = 5;
  double A[m];
  double *a = malloc(n * sizeof *a);
#pragma acc parallel loop copyout(a[0:n]) private(A)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k <= m; k++) /* one past the end */
      A[k] = i + k;
    a[i] = A[0];
  }
  free(a);
  return 0;
}
/* Memcheck is the emulator's: a GPU does not report the access. */
/* accgpu-test: emulator-only */
