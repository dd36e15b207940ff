/* compute_reduction_bool.c — reductions on _Bool with arithmetic operators
 * (a sum stored into a _Bool is 0 or 1, so partials must stay 0 or 1: 1+1
 * is 1, not 2) and on signed char (a type distinct from char to CUDA C++),
 * at gang, worker and vector level and on the construct.  Checked against
 * the same loops run serially. */
#include "e2e.h"

#define N 1000
static _Bool a[N], b[N];
static signed char sc[N];

int main(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = (i * 7) % 3 == 0;
    b[i] = i % 97 != 5;
    sc[i] = (signed char)((i * 13) % 5 - 2);
  }
  _Bool sum = 1, sum0 = 0, prod = 1, mx = 0, mn = 1, wsum = 0;
  signed char s = 10;
  _Bool rsum = 1, rsum0 = 0, rprod = 1, rmx = 0, rmn = 1, rwsum = 0;
  signed char rs = 10;
  for (int i = 0; i < N; i++) {
    rsum += a[i] + b[i];
    rsum0 += a[i] & !b[i];
    rprod *= b[i];
    rmx = rmx > a[i] ? rmx : a[i];
    rmn = rmn < b[i] ? rmn : b[i];
    rwsum += a[i];
    rs += sc[i];
  }
#pragma acc parallel loop reduction(+:sum, sum0) reduction(*:prod) \
    reduction(max:mx) reduction(min:mn) reduction(+:s) copyin(a, b, sc)
  for (int i = 0; i < N; i++) {
    sum += a[i] + b[i];
    sum0 += a[i] & !b[i];
    prod *= b[i];
    mx = mx > a[i] ? mx : a[i];
    mn = mn < b[i] ? mn : b[i];
    s += sc[i];
  }
#pragma acc parallel num_workers(4) vector_length(64) copyin(a)
#pragma acc loop gang worker vector reduction(+:wsum)
  for (int i = 0; i < N; i++)
    wsum += a[i];
  CHECK_INT("_Bool +", sum, rsum);
  CHECK_INT("_Bool + (all false)", sum0, rsum0);
  CHECK_INT("_Bool *", prod, rprod);
  CHECK_INT("_Bool max", mx, rmx);
  CHECK_INT("_Bool min", mn, rmn);
  CHECK_INT("_Bool + over gang worker vector", wsum, rwsum);
  CHECK_INT("signed char +", s, rs);
  return e2e_done();
}
