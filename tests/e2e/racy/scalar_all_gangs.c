/* racy/scalar_all_gangs.c — gang-redundant code (outside any loop) that
 * updates a shared scalar: every gang reads and writes it, so the result
 * depends on how the gangs interleave (writing one same value would be
 * harmless; this is not). */
/* accgpu-expect-race: hazard in global memory .*\(parallel at tests/e2e/racy/scalar_all_gangs.c:11 in main\) */
/* accgpu-expect-race: the address is in 'total' */
#include <stdio.h>

int main(void) {
  int total = 0;
#pragma acc parallel num_gangs(8) copy(total)
  {
    total += 1;
  }
  printf("%d\n", total);
  return 0;
}
