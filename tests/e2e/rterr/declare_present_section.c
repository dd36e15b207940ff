/* declare present of a section that is not present: the run-time error
   names the section and the directive's line. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: declare_present_section.c:9.*'c\[0:n\]' \(80 bytes at .*\) is not present */
#include <stdlib.h>

static void use(double *c, int n) {
#pragma acc declare present(c[0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    c[i] += 1;
}

int main(void) {
  double *c = calloc(10, sizeof *c);
  use(c, 10);
  return 0;
}
