/* declare present(p) of a pointer parameter named without a range means
   what p points to (as the regions use p): when that is not present the
   run-time error names '*p' and the directive's line.  (Until session 14
   the parameter's own stack slot was looked up, never present.) */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: declare_present_param.c:11.*declare in use.*'\*p' \(at .*\) is not present */
#include <stdlib.h>

static void use(double *p, int n) {
#pragma acc declare present(p)
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i] += 1;
}

int main(void) {
  double *c = calloc(10, sizeof *c);
  use(c, 10);
  return 0;
}
