/* async_queue_vars_used.c — variables that only name queues, in `async(q)`,
 * `wait(w)` clauses and the `wait(q)` directive, are used: GCC 12 parses
 * those lists without marking them read and warned "variable 'q' set but
 * not used" under -Wall (GCC's own -fopenacc too), which -Werror builds
 * refuse (plugin/clause-reads.cc).  Built with -Wall -Wextra and no
 * warning allowed; the queued work checked against serial loops. */
/* accgpu-test: accgpu-only */
/* accgpu-test: cflags -Wall -Wextra */
/* accgpu-test: no-warnings */
#include "e2e.h"

enum { N = 4096 };
static double a[N], b[N];

static void step(int k)
{
  int q = k % 2 + 1, w = q, r = 3 - q; /* only named by the clauses */
#pragma acc parallel loop async(q) present(a)
  for (int i = 0; i < N; i++)
    a[i] += k;
#pragma acc parallel loop async(r) wait(w) present(a, b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2;
#pragma acc wait(r)
}

int main(void)
{
#pragma acc data copy(a, b)
  {
    for (int k = 0; k < 4; k++)
      step(k);
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], 6, 0);
    CHECK_REAL("b", b[i], 12, 0);
  }
  return e2e_done();
}
