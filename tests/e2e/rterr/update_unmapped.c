/* update self without if_present on data that is not mapped. */
/* accgpu-expect-stderr: accgpu: error: .*update_unmapped\.c:10 */
/* accgpu-expect-stderr: c\[0:n\].*not present */
#include <stdlib.h>

int main(void) {
  int n = 32;
  double *c = calloc(n, sizeof *c);
#pragma acc update self(c[0:n]) if_present
#pragma acc update self(c[0:n])
  free(c);
  return 0;
}
