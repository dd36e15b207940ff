/* multicore_wait_env_user.c — a user's GOMP_SPINCOUNT is the team's wait
 * (the runtime sets its own only when the user chose none: runtime/
 * multicore/team-load.c), and it is still in the environment, unchanged,
 * after the launches. */
/* accgpu-test: env GOMP_SPINCOUNT=5000 */
#include "multicore_wait_env.h"

int main(void) {
  const char *v = getenv("GOMP_SPINCOUNT");
  CHECK_TRUE("the user's GOMP_SPINCOUNT before", v && !strcmp(v, "5000"));
  launches();
  v = getenv("GOMP_SPINCOUNT");
  CHECK_TRUE("the user's GOMP_SPINCOUNT after", v && !strcmp(v, "5000"));
  return e2e_done();
}
