/* multicore_wait_env.h — what multicore_wait_env.c and
 * multicore_wait_env_user.c share: two launches (the first loads the
 * multicore team) checked against a serial sum. */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 4096

static void launches(void) {
  static double a[N];
  double sum = 0, want = 0;
  for (int i = 0; i < N; i++) {
    a[i] = (i % 13) * 0.5;
    want += a[i];
  }
#pragma acc parallel loop reduction(+:sum) copyin(a)
  for (int i = 0; i < N; i++)
    sum += a[i];
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] *= 2;
  CHECK_REAL("sum", sum, want, 1e-12);
}

