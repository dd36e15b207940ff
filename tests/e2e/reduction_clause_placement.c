/* reduction_clause_placement.c — reductions placed differently: on the
 * parallel construct with a gang loop inside, on kernels loop, on a
 * combined loop with collapse, several variables and operators on one
 * loop, and a reduction over a loop nested in a seq loop. */
#include "e2e.h"

#define N 3000
static int a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 17) % 29 - 14;
  long want_sum = 0;
  int want_max = -1000, want_min = 1000;
  for (int i = 0; i < N; i++) {
    want_sum += a[i];
    want_max = a[i] > want_max ? a[i] : want_max;
    want_min = a[i] < want_min ? a[i] : want_min;
  }

  long s = 0;
#pragma acc parallel reduction(+:s) copyin(a)
  {
#pragma acc loop gang reduction(+:s)
    for (int i = 0; i < N; i++)
      s += a[i];
  }
  CHECK_INT("on parallel", s, want_sum);

  s = 0;
#pragma acc kernels loop reduction(+:s) copyin(a)
  for (int i = 0; i < N; i++)
    s += a[i];
  CHECK_INT("kernels loop", s, want_sum);

  s = 10;
  int mx = -1000, mn = 1000;
#pragma acc parallel loop gang vector reduction(+:s) reduction(max:mx) \
    reduction(min:mn) copyin(a)
  for (int i = 0; i < N; i++) {
    s += a[i];
    mx = a[i] > mx ? a[i] : mx;
    mn = a[i] < mn ? a[i] : mn;
  }
  CHECK_INT("sum of three", s, want_sum + 10);
  CHECK_INT("max of three", mx, want_max);
  CHECK_INT("min of three", mn, want_min);

  s = 0;
#pragma acc parallel loop collapse(2) reduction(+:s) copyin(a)
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 100; j++)
      s += a[i * 100 + j] * (j % 2 ? 1 : -1);
  long want_alt = 0;
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 100; j++)
      want_alt += a[i * 100 + j] * (j % 2 ? 1 : -1);
  CHECK_INT("collapse", s, want_alt);

  /* A sequential outer loop in one gang: the inner reduction restarts from
     the running value each time. */
  s = 0;
#pragma acc parallel num_gangs(1) copyin(a) copy(s)
  {
#pragma acc loop seq
    for (int r = 0; r < 3; r++) {
#pragma acc loop vector reduction(+:s)
      for (int i = 0; i < N; i++)
        s += a[i] + r;
    }
  }
  CHECK_INT("inside a seq loop", s, 3 * want_sum + 3L * N);
  return e2e_done();
}
