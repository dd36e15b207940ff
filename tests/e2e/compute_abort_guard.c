/* compute_abort_guard.c — abort() guarding a kernel's invariants (in a
 * parallel loop, in a kernels region and in a routine) that hold: the
 * program runs and computes as without the guards.  Before accgpu ran
 * abort() on the device, the plugin refused these regions. */
#include <stdlib.h>

#include "e2e.h"

#define N 1000

#pragma acc routine seq
static int scaled(int v, int k)
{
  if (k <= 0)
    abort();
  return v * k;
}

int main(void) {
  static int a[N], b[N], ra[N], rb[N];
  for (int i = 0; i < N; i++)
    a[i] = i % 37 - 18;
  for (int i = 0; i < N; i++) {
    ra[i] = a[i] * 3;
    rb[i] = ra[i] + i;
  }
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++) {
    if (a[i] < -18 || a[i] > 18)
      abort();
    a[i] = scaled(a[i], 3);
  }
#pragma acc kernels copyin(a) copyout(b)
  {
    for (int i = 0; i < N; i++) {
      if (a[i] % 3)
        abort();
      b[i] = a[i] + i;
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("a after the guarded loop", a[i], ra[i]);
    CHECK_INT("b after the guarded kernels", b[i], rb[i]);
  }
  return e2e_done();
}
