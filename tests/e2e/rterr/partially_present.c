/* Mapping a section that overlaps mapped data but extends past it is an
 * error (OpenACC 2.6, 2.6.4: data partially present); it names the line. */
/* accgpu-expect-stderr: accgpu: error: .*partially_present\.c:11 */
#include <stdlib.h>

int main(void) {
  int n = 40;
  float *a = calloc(2 * n, sizeof *a);
#pragma acc data copyin(a[0:n])
  {
#pragma acc parallel loop copy(a[n / 2:n])
    for (int i = n / 2; i < n / 2 + n; i++)
      a[i] = 1.0f;
  }
  free(a);
  return 0;
}
