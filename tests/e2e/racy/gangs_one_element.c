/* racy/gangs_one_element.c — every gang writes its own index into one
 * element: which value survives depends on the order the gangs run. */
/* accgpu-expect-race: write-after-write hazard in global memory .*\(parallel at tests/e2e/racy/gangs_one_element.c:11 in main\) */
/* accgpu-expect-race: the address is in 'a\[0:n\]' .* at byte 0 */
#include <stdio.h>

int main(void) {
  int n = 64, a[64];
  for (int i = 0; i < n; i++)
    a[i] = -1;
#pragma acc parallel loop gang num_gangs(16) copy(a[0:n])
  for (int g = 0; g < 16; g++)
    a[0] = g;
  printf("%d\n", a[0]);
  return 0;
}
