/* gang_redundant.c — statements outside any loop in a parallel region run
 * gang-redundantly: every gang executes them (same values, no race), locals
 * declared there are per gang, and a firstprivate changed there is seen by
 * that gang's loop iterations. */
#include "e2e.h"

#define N 2048
static int x[N], hdr[2];

int main(void) {
  int base = 10;
#pragma acc parallel num_gangs(4) firstprivate(base) copy(x[0:N], hdr[0:2])
  {
    int offset = 1000; /* gang-local */
    base = base + 5;   /* each gang's own copy: 15 */
    hdr[0] = 42;
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      x[i] = offset + base + i;
    hdr[1] = 43; /* after the loop, redundantly again */
  }
#ifdef _OPENACC /* a serial build has no private copies */
  CHECK_INT("base on host unchanged", base, 10);
#endif
  CHECK_INT("hdr[0]", hdr[0], 42);
  CHECK_INT("hdr[1]", hdr[1], 43);
  for (int i = 0; i < N; i++)
    CHECK_INT("x", x[i], 1015 + i);
  return e2e_done();
}
