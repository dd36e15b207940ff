/* The copies of private(tmp[0:m]) do not fit in device memory: a run-time
   error naming the variable, the kernel and the construct's line. */
/* accgpu-expect-stderr: accgpu: error: .*private_pointer_nomem.c:12 .*out of memory allocating the private copies of 'tmp' for kernel __accgpu_k_main_12_0 */
#include <stdlib.h>

int main(void)
{
  int n = 64;
  long m = 1L << 50; /* 8 PiB a copy */
  double *tmp = malloc(8 * sizeof *tmp), *a = malloc(n * sizeof *a);
  (void)m;
#pragma acc parallel loop copyout(a[0:n]) private(tmp[0:m])
  for (int i = 0; i < n; i++) {
    tmp[0] = i;
    a[i] = tmp[0];
  }
  free(tmp);
  free(a);
  return 0;
}
