/* multicore_wait_env_user.c — a user's GOMP_SPINCOUNT is the team's wait
 * (the runtime sets its own only when the user chose none: runtime/
 * multicore/team-load.c), and it is still in the environment, unchanged,
 * after the launches. */
/* accgpu-test: env GOMP_SPINCOUNT=5000 */
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
  const char *v = getenv("GOMP_SPINCOUNT");
  CHECK_TRUE("the user's GOMP_SPINCOUNT before", v && !strcmp(v, "5000"));
  launches();
  v = getenv("GOMP_SPINCOUNT");
  CHECK_TRUE("the user's GOMP_SPINCOUNT after", v && !strcmp(v, "5000"));
  return e2e_done();
}
