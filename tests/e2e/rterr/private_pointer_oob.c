/* private(tmp[lo:n]) of a pointer: each copy holds only tmp[lo..lo+n-1]; an
   index outside the section is past the copy (memcheck names the copy's
   variable). */
/* accgpu-expect-stderr: accgpu: error: .*private_pointer_oob.c:12 .*memcheck: invalid write */
/* accgpu-expect-stderr: 'tmp' \(32 bytes */
#include <stdlib.h>

int main(void)
{
  int n = 64, lo = 2, m = 4;
  double *tmp = malloc(16 * sizeof *tmp), *a = malloc(n * sizeof *a);
#pragma acc parallel loop copyout(a[0:n]) private(tmp[lo:m])
  for (int i = 0; i < n; i++) {
    for (int k = lo; k <= lo + m; k++) /* one past the section */
      tmp[k] = i + k;
    a[i] = tmp[lo];
  }
  free(tmp);
  free(a);
  return 0;
}
/* Memcheck is the emulator's: a GPU does not report the access. */
/* accgpu-test: emulator-only */
