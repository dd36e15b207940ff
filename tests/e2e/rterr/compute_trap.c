/* __builtin_trap() in a compute region: the program fails with where it
 * happened.  Before, the plugin dropped the call and the kernel went on
 * with the value the trap was guarding against (exit 0). */
/* accgpu-expect-stderr: accgpu: error: kernel '__accgpu_k_main_[0-9]+_[0-9]+': .*compute_trap\.c:18: block \[[0-9]+,0,0\], thread \[[0-9]+,0,0\]: __builtin_trap\(\) called on the device */
/* accgpu-expect-stderr-nvidia: accgpu: error: */
#include <stdio.h>

int main(void)
{
  int n = 100, a[100], bad = 0;
  for (int i = 0; i < n; i++)
    a[i] = i == 77 ? -1 : i;
#pragma acc parallel loop copy(a) reduction(+:bad)
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      /* An index the data should never hold. */
      bad++;
      __builtin_trap();
    }
    a[i] *= 2;
  }
  printf("%d %d\n", a[5], bad);
  return 0;
}
