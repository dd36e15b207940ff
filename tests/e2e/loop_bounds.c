/* loop_bounds.c — loop shapes: non-zero start, step 3, negative step, <=
 * and >= tests, unsigned and long induction variables, an empty loop, a
 * single iteration, and a bound read from memory. */
#include "e2e.h"

#define N 1000
static int a[N];

static void reset(void) {
  for (int i = 0; i < N; i++)
    a[i] = 0;
}

int main(void) {
  int lim[1] = {N - 1}, empty = 0;

  reset();
#pragma acc parallel loop copy(a)
  for (int i = 10; i < N; i += 3)
    a[i] = 1;
  for (int i = 0; i < N; i++)
    CHECK_INT("step 3", a[i], i >= 10 && (i - 10) % 3 == 0);

  reset();
#pragma acc parallel loop copy(a)
  for (int i = N - 1; i >= 0; i--)
    a[i] = N - i;
  for (int i = 0; i < N; i++)
    CHECK_INT("down to 0", a[i], N - i);

  reset();
#pragma acc parallel loop copy(a)
  for (int i = N - 2; i > 5; i -= 4)
    a[i] = 2;
  for (int i = 0; i < N; i++)
    CHECK_INT("step -4", a[i], i > 5 && (N - 2 - i) % 4 == 0 ? 2 : 0);

  reset();
#pragma acc parallel loop copy(a) copyin(lim)
  for (int i = 0; i <= lim[0]; i++)
    a[i] = i;
  for (int i = 0; i < N; i++)
    CHECK_INT("<= bound from memory", a[i], i);

  reset();
#pragma acc parallel loop copy(a)
  for (unsigned u = 5; u < N; u += 5)
    a[u] = (int)u;
#pragma acc parallel loop copy(a)
  for (long l = 1; l < N; l += 5)
    a[l] = -(int)l;
  for (int i = 0; i < N; i++)
    CHECK_INT("unsigned/long", a[i],
              i % 5 == 0 && i >= 5 ? i : (i % 5 == 1 ? -i : 0));

  reset();
#pragma acc parallel loop copy(a)
  for (int i = 0; i < empty; i++)
    a[i] = 9;
#pragma acc parallel loop copy(a)
  for (int i = 500; i < 501; i++)
    a[i] = 7;
  for (int i = 0; i < N; i++)
    CHECK_INT("empty / single", a[i], i == 500 ? 7 : 0);
  return e2e_done();
}
