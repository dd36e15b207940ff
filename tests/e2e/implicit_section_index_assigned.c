/* implicit_section_index_assigned.c — the implicit section of an array or
 * pointer subscripted by the index of an acc loop that the region also
 * assigns outside the loop (`int c = 234;` then `for (c = 0; c < N/2;
 * c++) b[c] -= 10;`, GCC's kernels-decompose-1).  The index is private
 * to the loop (OpenACC 3.3 §2.6.1): in its body it takes the loop's
 * values only.  Before, the flow-insensitive range of c took in 234 too:
 * b[0:235] of a 123-element array, copied back over the stack beside it,
 * and a "partly present" error inside a data region holding b or p[0:N]. */
#include <stdlib.h>

#include "e2e.h"

#define N 123

int main(void) {
  int b[N], ref[N], after = 0;
  int *p = malloc(N * sizeof *p), *pref = malloc(N * sizeof *pref);
  for (int i = 0; i < N; i++) {
    b[i] = -1;
    p[i] = i;
  }
  for (int i = 0; i < N; i++)
    ref[i] = i < N / 2 ? 234 - 10 : 234;
  for (int i = 0; i < N; i++)
    pref[i] = i < N / 2 ? 2 * i + 7 : i + 7;

  /* no data region: the implicit copy of b alone */
#pragma acc kernels copy(after)
  {
    int c = 234;
#pragma acc loop independent gang
    for (int i = 0; i < N; ++i)
      b[i] = c;
#pragma acc loop
    for (c = 0; c < N / 2; c++)
      b[c] -= 10;
    after = c;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("b[i], kernels", b[i], ref[i]);
  CHECK_INT("c after the loop", after, 234);

  /* b and p[0:N] present: the implicit sections must lie inside them */
  for (int i = 0; i < N; i++)
    b[i] = -1;
#pragma acc data copy(b, p[0:N])
  {
#pragma acc kernels
    {
      int c = 5 * N;
#pragma acc loop independent gang
      for (int i = 0; i < N; ++i)
        b[i] = 234, p[i] += c / (5 * N) * 7;
#pragma acc loop
      for (c = 0; c < N / 2; c++)
        b[c] -= 10, p[c] += c;
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("b[i], data region", b[i], ref[i]);
    CHECK_INT("p[i], data region", p[i], pref[i]);
  }
  free(p);
  free(pref);
  return e2e_done();
}
