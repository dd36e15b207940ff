/* A pointer the region uses without any data clause, through a subscript
 * accgpu cannot range (indirect: no implicit section is inferred), is
 * itself copied (kernels) or firstprivate (parallel, serial): its target
 * is not mapped, so the kernel writes through a host address.  Memcheck stops the kernel
 * at the one-byte store, names the construct and says how to map the
 * target. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_implicit_pointer\.c:21 */
/* accgpu-expect-stderr: memcheck: invalid write of 1 bytes .* \(kernels at .*memcheck_implicit_pointer\.c:21 in main\) */
/* accgpu-expect-stderr: host memory, not device memory \(a pointer used without a data clause.*p\[0:n\] */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int rows = 8, cols = 64, perm[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  char *m = malloc((size_t)rows * cols), *any = malloc((size_t)rows);
  for (int i = 0; i < rows * cols; i++)
    m[i] = (char)(i % 97 == 0);
  /* `any` has no data clause and an indirect subscript: only its value. */
#pragma acc data copyin(m[0:rows * cols])
  {
#pragma acc kernels loop gang
    for (int r = 0; r < rows; r++) {
      char t = 0;
#pragma acc loop worker reduction(||:t)
      for (int c = 0; c < cols; c++)
        t = t || m[r * cols + c];
      any[perm[r]] = t;
    }
  }
  printf("%d\n", any[0]);
  free(m);
  free(any);
  return 0;
}
/* accgpu-test: emulator-only */
