/* A pointer the region uses without any data clause is itself copied
 * (kernels) or firstprivate (parallel, serial): its target is not mapped,
 * so the kernel writes through a host address.  Memcheck stops the kernel
 * at the one-byte store, names the construct and says how to map the
 * target. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_implicit_pointer\.c:20 */
/* accgpu-expect-stderr: memcheck: invalid write of 1 bytes .* \(kernels at .*memcheck_implicit_pointer\.c:20 in main\) */
/* accgpu-expect-stderr: host memory, not device memory \(a pointer used without a data clause.*p\[0:n\] */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int rows = 8, cols = 64;
  char *m = malloc((size_t)rows * cols), *any = malloc((size_t)rows);
  for (int i = 0; i < rows * cols; i++)
    m[i] = (char)(i % 97 == 0);
  /* `any` has no data clause: only the pointer value reaches the device. */
#pragma acc data copyin(m[0:rows * cols])
  {
#pragma acc kernels loop gang
    for (int r = 0; r < rows; r++) {
      char t = 0;
#pragma acc loop worker reduction(||:t)
      for (int c = 0; c < cols; c++)
        t = t || m[r * cols + c];
      any[r] = t;
    }
  }
  printf("%d\n", any[0]);
  free(m);
  free(any);
  return 0;
}
/* accgpu-test: emulator-only */
