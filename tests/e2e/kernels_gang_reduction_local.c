/* kernels_gang_reduction_local.c — in a kernels region, a loop reduction
 * into a variable declared in the region, read by the code after the loop
 * (GCC's kernels-decompose-1: `f2` of a reduction(*:f2) loop compared with
 * a factorial computed before).  A kernels region keeps the program's
 * sequential meaning: the code after the loop sees the whole reduction.
 * Before, the kernel ran with several gangs, each folding only its own
 * iterations into its copy of the variable: the check below called abort()
 * (block [1,0,0]) on the emulator and the multicore device. */
#include <stdlib.h>

#include "e2e.h"

#define N 100000

int main(void) {
  static double x[N];
  long long want = 0;
  double wmax = 0;
  for (int i = 0; i < N; i++) {
    x[i] = (i * 37 % 1001) - 500;
    want += (long long)x[i];
    if (x[i] > wmax)
      wmax = x[i];
  }
  /* The check may only abort: a store after the loop makes the kernel
     run as one gang by itself. */
#pragma acc kernels copyin(x) copyin(want, wmax)
  {
    long long s = 0;
    double m = -1e300;
#pragma acc loop independent reduction(+:s) reduction(max:m)
    for (int i = 0; i < N; i++) {
      s += (long long)x[i];
      m = x[i] > m ? x[i] : m;
    }
    if (s != want || m != wmax)
      abort();
  }
  /* the same in a kernels loop nest that the region splits */
  static long long out[N];
#pragma acc kernels copyin(x) copyout(out) copyin(want)
  {
#pragma acc loop independent
    for (int i = 0; i < N; i++)
      out[i] = 2 * (long long)x[i];
    long long s = 0;
#pragma acc loop independent reduction(+:s)
    for (int i = 0; i < N; i++)
      s += (long long)x[i];
    if (s != want)
      abort();
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("out[i]", out[i], 2 * (long long)x[i]);
  return e2e_done();
}
