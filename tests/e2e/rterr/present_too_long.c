/* present asks for more than is mapped (a section extending past the mapped
 * one): not present, named with its line. */
/* accgpu-expect-stderr: accgpu: error: .*present_too_long\.c:12 */
/* accgpu-expect-stderr: a\[0:.*present */
#include <stdlib.h>

int main(void) {
  int n = 50;
  int *a = calloc(2 * n, sizeof *a);
#pragma acc data copy(a[0:n])
  {
#pragma acc parallel loop present(a[0:2 * n])
    for (int i = 0; i < 2 * n; i++)
      a[i] = i;
  }
  free(a);
  return 0;
}
