/* reduction_nesting_warning.c — a loop reduction whose variable an
 * enclosing partitioned loop shares (OpenACC 3.3 §2.9.11 wants the clause
 * on every loop the reduction spans; without it the gangs race on one
 * copy).  GCC 12 warns while it lowers the loops, which accgpu's pass now
 * does instead: the warning is accgpu's (plugin/passes/reduction-nesting.cc).
 * Not for: the clause on both loops, a scalar each outer iteration resets
 * (private there), a variable declared in the outer loop, one gang
 * (num_gangs(1)), a seq outer loop.  The warned loop's answer is not
 * checked (it races); the others are, against serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

enum { N = 64, M = 50 };
static double a[N][M];

int main(void)
{
  double mx = -1, mx2 = -1, mx3 = -1, rows[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i * 7 + j * 3) % 101;
#pragma acc data copyin(a)
  {
#pragma acc parallel loop gang copy(mx)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(max:mx) /* accgpu-expect-warning: nested loop in reduction needs reduction clause for .mx.: the enclosing loop at line 24 */
      for (int j = 0; j < M; j++)
        mx = fmax(mx, a[i][j]);
    }
#pragma acc parallel loop gang reduction(max:mx2)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(max:mx2)
      for (int j = 0; j < M; j++)
        mx2 = fmax(mx2, a[i][j]);
    }
#pragma acc parallel loop gang copyout(rows)
    for (int i = 0; i < N; i++) {
      double r = 0;
#pragma acc loop vector reduction(+:r)
      for (int j = 0; j < M; j++)
        r += a[i][j];
      rows[i] = r;
    }
#pragma acc parallel num_gangs(1) copy(mx3)
#pragma acc loop gang
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(max:mx3)
      for (int j = 0; j < M; j++)
        mx3 = fmax(mx3, a[i][j]);
    }
  }
  double want = -1;
  for (int i = 0; i < N; i++) {
    double r = 0;
    for (int j = 0; j < M; j++) {
      want = fmax(want, a[i][j]);
      r += a[i][j];
    }
    CHECK_REAL("row sums", rows[i], r, 1e-15);
  }
  CHECK_REAL("max, clause on both loops", mx2, want, 0);
  CHECK_REAL("max, one gang", mx3, want, 0);
  (void)mx;
  return e2e_done();
}
