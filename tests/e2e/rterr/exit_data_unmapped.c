/* exit data copyout of data that was never mapped is a run-time error
 * (OpenACC 2.6) naming the variable and the line. */
/* accgpu-expect-stderr: accgpu: error: .*exit_data_unmapped\.c:10 */
/* accgpu-expect-stderr: b\[0:n\] */
#include <stdlib.h>

int main(void) {
  int n = 64;
  int *b = calloc(n, sizeof *b);
#pragma acc exit data copyout(b[0:n])
  free(b);
  return 0;
}
