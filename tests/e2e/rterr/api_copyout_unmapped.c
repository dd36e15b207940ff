/* acc_copyout of data that is not present: the error names the routine. */
/* accgpu-expect-stderr: accgpu: error: .*acc_copyout */
#include <openacc.h>
#include <stdlib.h>

int main(void) {
  float *x = calloc(16, sizeof *x);
  acc_copyout(x, 16 * sizeof *x);
  free(x);
  return 0;
}
