/* racy/independent_carried.c — a loop asserted independent that carries
 * a dependence: iteration i reads what iteration i-1 writes. */
/* accgpu-expect-race: read-after-write hazard in global memory .*\(parallel at tests/e2e/racy/independent_carried.c:11 in main\)|write-after-read hazard in global memory .*\(parallel at tests/e2e/racy/independent_carried.c:11 in main\) */
/* accgpu-expect-race: the address is in 'a\[0:n\]' */
#include <stdio.h>

int main(void) {
  int n = 1000;
  static double a[1000];
  a[0] = 1;
#pragma acc parallel loop independent copy(a[0:n])
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] * 0.5 + 1;
  printf("%g\n", a[n - 1]);
  return 0;
}
