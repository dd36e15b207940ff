/* compute_kernels_vla.c — a kernels region over local variable-length
 * arrays: the gimplifier maps them as `*c.1` (its pointer to the array),
 * and the dependence test must know that pointer as a mapped, distinct
 * base.  The independent loop is parallelized, the recurrence stays
 * sequential; both compared with the same loops run serially. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

static void run(int n)
{
  double c[n], p[n], rc[n], rp[n];
  for (int i = 0; i < n; i++) {
    rc[i] = 2.0 * i + 1;
    rp[i] = i == 0 ? 1 : rp[i - 1] + rc[i];
    p[i] = 0;
  }
  p[0] = 1;
#pragma acc kernels copyout(c) copy(p)
  {
    for (int i = 0; i < n; i++) /* accgpu-expect-note: across gangs */
      c[i] = 2.0 * i + 1;
    for (int i = 1; i < n; i++) /* accgpu-expect-note: not parallelized */
      p[i] = p[i - 1] + 2.0 * i + 1;
  }
  for (int i = 0; i < n; i++) {
    CHECK_REAL("c", c[i], rc[i], 0);
    CHECK_REAL("p", p[i], rp[i], 0);
  }
}

int main(void)
{
  run(300);
  run(1);
  return e2e_done();
}
