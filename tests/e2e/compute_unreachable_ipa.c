/* compute_unreachable_ipa.c — a compute construct that GCC finds
 * unreachable only after the pass (IPA constant propagation of a static
 * function's argument, then dead code removal): the kernel table still
 * names the construct's location record, which the link needs (it failed
 * with "undefined reference to __accgpu_loc.N"). Against serial values. */
#include "e2e.h"

#define N 64

static void stores(double *c, int n)
{
#pragma acc parallel loop copy(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 7 + i;
  if (n > 0)
    return;
#pragma acc parallel loop copy(c[0:n]) /* never runs: n is N */
  for (int i = 0; i < n; i++)
    c[i] = 8;
}

int main(void)
{
  double c[N];
  for (int i = 0; i < N; i++)
    c[i] = -1;
  stores(c, N);
  for (int i = 0; i < N; i++)
    CHECK_REAL("c", c[i], 7.0 + i, 0);
  return e2e_done();
}
