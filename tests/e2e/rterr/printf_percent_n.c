/* %n in a device printf: CUDA's device printf has no %n (it stores
 * through a pointer the format names).  The checked emulator refuses it:
 * the program ends with a report naming the kernel and the thread. */
/* accgpu-expect-stderr: accgpu: error: kernel '.*': block \[0,0,0\], thread \[0,0,0\]: printf with %n on the device */
/* accgpu-test: emulator-only */
#include <stdio.h>

int main(void) {
  int c[1] = {0};
#pragma acc serial copy(c)
  printf("abc%n\n", &c[0]);
  printf("%d\n", c[0]);
  return 0;
}
