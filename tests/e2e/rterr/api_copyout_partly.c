/* acc_copyout of a section only half of which is present is an error
 * naming the routine (OpenACC 3.3 §2.7.3, acc_error_partly_present; data
 * not present at all is no action: tests/e2e/api_exit_absent.c). */
/* accgpu-expect-stderr: accgpu: error: .*acc_copyout.*only partly present */
#include <openacc.h>
#include <stdlib.h>

int main(void) {
  float *x = calloc(16, sizeof *x);
  acc_copyin(x, 8 * sizeof *x);
  acc_copyout(x, 16 * sizeof *x);
  free(x);
  return 0;
}
