/* vv_vla_implicit_copy.c — a variable-length array used in a compute
 * construct without a data clause is copied implicitly (like any array):
 * the region updates it, the host sees the result.  Checked against a
 * serial loop. */
#include <stdlib.h>

#include "e2e.h"

static int run(int n)
{
  double c[n], a[n];
  for (int i = 0; i < n; i++) {
    a[i] = i * 0.5;
    c[i] = 1;
  }
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    c[i] += a[i];
  for (int i = 0; i < n; i++)
    CHECK_REAL("c", c[i], 1 + i * 0.5, 0);
  return 0;
}

int main(void)
{
  run(100);
  run(257);
  return e2e_done();
}
