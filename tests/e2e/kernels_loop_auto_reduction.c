/* kernels_loop_auto_reduction.c — in a kernels region a loop directive
 * with no independent, seq or level clause is `auto` (OpenACC 3.3
 * §2.9.7): the compiler parallelizes it when it proves the iterations
 * independent, and the loop's own reduction clauses declare reductions.
 * Before session 23 such a loop ran sequentially in one thread ("loop run
 * sequentially in each thread"), while the same loop without a directive
 * was parallelized; `loop reduction(+:sum)` (the PGI-era kernels style of
 * NPB and SPEC ACCEL codes) was refused by the test outright.  A loop
 * that carries a value stays sequential and right. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <stdlib.h>

#include "e2e.h"

#define N 5000

int main(void)
{
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
  double sum = 0, sum2 = 0, big = -1;
  long cnt = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 % 101) * 0.25;
#pragma acc kernels copyin(a[0:N]) copyout(b[0:N]) copy(c[0:N])
  {
#pragma acc loop reduction(+:sum) /* accgpu-expect-note: loop found independent */
    for (int i = 0; i < N; i++)
      sum += a[i];
#pragma acc loop reduction(+:sum2) reduction(+:cnt) /* accgpu-expect-note: loop found independent */
    for (int i = 0; i < N; i++) {
      sum2 += a[i] * a[i];
      cnt += a[i] > 10.0;
    }
#pragma acc loop reduction(max:big) /* accgpu-expect-note: loop parallelized */
    for (int i = 0; i < N; i++)
      big = a[i] > big ? a[i] : big;
#pragma acc loop /* accgpu-expect-note: loop found independent */
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i] + 1;
    c[0] = 1;
#pragma acc loop /* accgpu-expect-note: run sequentially */
    for (int i = 1; i < N; i++)
      c[i] = c[i - 1] * 0.5 + a[i];
  }
  double want = 0, want2 = 0, wbig = -1, wc = 1;
  long wcnt = 0;
  for (int i = 0; i < N; i++) {
    want += a[i];
    want2 += a[i] * a[i];
    wcnt += a[i] > 10.0;
    wbig = a[i] > wbig ? a[i] : wbig;
    CHECK_REAL("b", b[i], 2 * a[i] + 1, 0);
    if (i > 0)
      wc = wc * 0.5 + a[i];
    CHECK_REAL("c (carried)", c[i], wc, 1e-12);
  }
  CHECK_REAL("sum", sum, want, 1e-12);
  CHECK_REAL("sum2", sum2, want2, 1e-12);
  CHECK_INT("cnt", cnt, wcnt);
  CHECK_REAL("max", big, wbig, 0);
  free(a);
  free(b);
  free(c);
  return e2e_done();
}
