/* An acc loop whose constant step moves away from its bound, as an
 * unsigned index counting down through the wrap-around at 0 does
 * (`for (size_t i = n - 1; i < n; i--)`), has no trip count to partition:
 * the device ran it once where the host fallback ran it n times.  Now a
 * sorry at the loop's directive naming its index (the same loop as a plain
 * loop in `kernels` runs sequentially, as C runs it: real5_cfeat_loops.c).
 * So is one of constant bounds whose index wraps past 0 to a value that
 * passes its test again. */
/* accgpu-expect: sorry: 18: loop counts down while its condition is.*.i. */
/* accgpu-expect: sorry: 23: loop counts down while its condition is.*.u. */
/* accgpu-expect: sorry: 28: loop counts up while its condition is.*.k. */
/* accgpu-expect: sorry: 36: unsigned loop index wraps around after its last iteration.*.b. */
/* accgpu-expect: sorry: 39: unsigned loop index wraps around after its last iteration.*.u. */
#include <stddef.h>
#include <stdint.h>
void f(int *a, size_t n, unsigned m)
{
#pragma acc parallel loop copy(a[0:n])
  for (size_t i = n - 1; i < n; i--)
    a[i] = 1;
#pragma acc parallel loop gang copy(a[0:m])
  for (int j = 0; j < 4; j++) {
#pragma acc loop vector
    for (unsigned u = m - 1; u <= m - 1; u -= 2) a[u] += j;
  }
#pragma acc parallel loop gang copy(a[0:m])
  for (int j = 0; j < 4; j++) {
#pragma acc loop seq
    for (int k = 0; k > -5; k++) a[j] += k;
  }
}
/* Constant bounds whose last step wraps to a value passing the test: C
   goes on (5 - 7 is 254), the trip count does not. */
void g(int *a)
{
#pragma acc parallel loop copy(a[0:300])
  for (uint8_t b = 250; b > 3; b -= 7)
    a[b] = 1;
#pragma acc parallel loop copy(a[0:300])
  for (unsigned u = 299; u >= 1; u -= 2)
    a[u] = 2;
#pragma acc parallel loop copy(a[0:300])
  for (uint8_t b = 250; b > 9; b -= 7) /* stops at 12: fine */
    a[b] = 3;
}
