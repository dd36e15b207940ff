/* present on data that was never mapped: the run-time error names the
 * variable section and the source line of the construct, and exits non-zero
 * without crashing. */
/* accgpu-expect-stderr: accgpu: error: .*present_unmapped\.c:9 */
/* accgpu-expect-stderr: a\[0:n\].*not present */
#include <stdlib.h>

static void twice(float *a, int n) {
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2.0f;
}

int main(void) {
  int n = 100;
  float *a = calloc(n, sizeof *a);
  twice(a, n);
  free(a);
  return 0;
}
