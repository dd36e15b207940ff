/* multicore_wait_env.c — the multicore device gives libgomp a short spin
 * (GOMP_SPINCOUNT=1000, runtime/multicore/team-load.c) only while libgomp
 * loads: the program's environment is the same after its launches (a
 * child it starts, or its own getenv, must not see the runtime's choice).
 * Checked on every device: the host and emulator must not touch it either.
 * multicore_wait_env_user.c: a user's own setting stays. */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 4096

/* Two launches (the first loads the team on multicore). */
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

int main(void) {
  CHECK_TRUE("no GOMP_SPINCOUNT before", getenv("GOMP_SPINCOUNT") == NULL);
  launches();
  CHECK_TRUE("no GOMP_SPINCOUNT after the launches", getenv("GOMP_SPINCOUNT") == NULL);
  return e2e_done();
}
