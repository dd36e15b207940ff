/* exit data copyout of a section only half of which is mapped is an error
 * naming the variable and the line.  (Exit data of data not mapped at all
 * is left undefined by OpenACC 2.6 and a no-op from 2.7 on, which is what
 * the runtime does: docs/runtime.md.) */
/* accgpu-expect-stderr: accgpu: error: .*exit_data_partly_mapped\.c:13 */
/* accgpu-expect-stderr: b\[0:n\] */
#include <stdlib.h>

int main(void) {
  int n = 64;
  int *b = calloc(n, sizeof *b);
#pragma acc enter data copyin(b[0:n / 2])
#pragma acc exit data copyout(b[0:n])
  free(b);
  return 0;
}
