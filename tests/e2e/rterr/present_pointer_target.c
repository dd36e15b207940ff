/* present(p) of a pointer named without a range when neither p nor what it
   points to is present: the error names p and suggests a range. */
/* accgpu-expect-stderr: accgpu: error: .*present_pointer_target.c:11 \(parallel in main\): 'p' is not present on device 0 \(emulator\), and neither is what it points to \(0x[0-9a-f]+\): map that data with a range, such as 'p\[0:n\]' */
#include <stdlib.h>

int main(void) {
  int n = 64;
  double *p = malloc(n * sizeof *p);
  for (int i = 0; i < n; i++)
    p[i] = i;
#pragma acc parallel loop present(p)
  for (int i = 0; i < n; i++)
    p[i] = 2 * p[i];
  free(p);
  return 0;
}
