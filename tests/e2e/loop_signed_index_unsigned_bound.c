/* loop_signed_index_unsigned_bound.c — `for (int i = -3; i < sz; i++)`
 * with `size_t sz` under a loop directive: C compares `i < sz` as
 * unsigned and runs no iteration, but GCC's loop directives compare in
 * the index's type (`i < (int) sz`), so the loop runs sz + 3 times, on
 * every device and in GCC's own OpenACC, and GCC's -Wsign-compare
 * warning is gone.  accgpu warns at the comparison (session 23); a cast
 * in the source says which was meant and silences it. */
#include <stddef.h>

#include "e2e.h"

int main(void)
{
  size_t sz = 10;
  int hits = 0, hits_cast = 0;
  long lo = 0;
#pragma acc parallel loop reduction(+:hits)
  for (int i = -3; i < sz; i++) /* accgpu-expect-warning: loop index .i. starts at -3 and its bound .sz. is unsigned */
    hits++;
#pragma acc parallel loop reduction(+:hits_cast, lo)
  for (int i = -3; i < (int)sz; i++) {
    hits_cast++;
    lo += i < 0;
  }
  CHECK_INT("iterations under the directive", hits, (int)sz + 3);
  CHECK_INT("iterations with a cast", hits_cast, (int)sz + 3);
  CHECK_INT("negative indices", lo, 3);
  return e2e_done();
}
