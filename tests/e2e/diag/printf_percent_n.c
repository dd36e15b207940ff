/* %n in a device printf: CUDA's device printf has no %n (it stores
 * through a pointer the format names).  The format is always a literal,
 * so it is refused at compile time, for every device (the checked
 * emulator's run-time refusal, include/accgpu_cuda.h, stays for code the
 * plugin did not write). */
/* accgpu-expect: sorry: 12: %n in the format of a device printf */
#include <stdio.h>

int main(void) {
  int c[1] = {0};
#pragma acc serial copy(c)
  printf("abc%n\n", &c[0]);
  printf("%d %d%%n\n", c[0], 5);
  return 0;
}
