/* multicore_wait_env.c — the multicore device gives libgomp a short spin
 * (GOMP_SPINCOUNT=1000, runtime/multicore/team-load.c) only while libgomp
 * loads: the program's environment is the same after its launches (a
 * child it starts, or its own getenv, must not see the runtime's choice).
 * Checked on every device: the host and emulator must not touch it either.
 * multicore_wait_env_user.c: a user's own setting stays. */
#include "multicore_wait_env.h"

int main(void) {
  CHECK_TRUE("no GOMP_SPINCOUNT before", getenv("GOMP_SPINCOUNT") == NULL);
  launches();
  CHECK_TRUE("no GOMP_SPINCOUNT after the launches", getenv("GOMP_SPINCOUNT") == NULL);
  return e2e_done();
}
