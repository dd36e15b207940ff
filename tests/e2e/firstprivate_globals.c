/* firstprivate_globals.c — firstprivate of global and static variables
 * (a scalar, a file-scope static, an array) on parallel: each gang starts
 * from the host's value and its changes stay private, so the host's
 * variables keep their values.  Before, the host device ran the body on
 * the globals themselves: they came back changed. */
#include "e2e.h"

#define N 256

int scale = 3;
static int offset = 7;
int table[4] = {1, 2, 3, 4};

int main(void) {
  int out[N], ref[N];
  for (int i = 0; i < N; i++)
    ref[i] = i * 3 + 7 + 10;
#pragma acc parallel num_gangs(1) firstprivate(scale, offset, table) copyout(out)
  {
    /* Sum of table is 10; then trash every private copy. */
    int t = table[0] + table[1] + table[2] + table[3];
#pragma acc loop
    for (int i = 0; i < N; i++)
      out[i] = i * scale + offset + t;
    scale = -1;
    offset = -1;
    table[0] = table[3] = -1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("out from the firstprivate values", out[i], ref[i]);
  CHECK_INT("global scale after the region", scale, 3);
  CHECK_INT("static offset after the region", offset, 7);
  CHECK_INT("table[0] after the region", table[0], 1);
  CHECK_INT("table[3] after the region", table[3], 4);
  return e2e_done();
}
