/* A loop one longer than the section it maps reads past the device copy:
 * memcheck names the variable and where its device copy lies. */
/* accgpu-expect-stderr: accgpu: error: .*memcheck_past_end\.c:13 */
/* accgpu-expect-stderr: memcheck: invalid read of 8 bytes .*thread \(100,0,0\).* past the end of a device allocation */
/* accgpu-expect-stderr: 'a\[0:n\]' \(800 bytes, device */
#include <stdio.h>

int main(void) {
  int n = 100;
  double a[101], s = 0;
  for (int i = 0; i <= n; i++)
    a[i] = i;
#pragma acc parallel loop reduction(+:s) copyin(a[0:n])
  for (int i = 0; i <= n; i++)
    s += a[i];
  printf("%g\n", s);
  return 0;
}
/* accgpu-test: emulator-only */
