/* declare_global_lifetime.c — a global with `declare create` lives on the
 * device as long as the program: acc_copyout, acc_delete and `exit data
 * delete` of it do nothing (its reference is not a dynamic one), so the
 * host copy is not overwritten and later regions still find it.  Before,
 * the declare mapping counted as one acc_copyin: acc_copyout copied the
 * device values over the host's and unmapped the global. */
/* accgpu-test: emulator-only */
#include <openacc.h>

#include "e2e.h"

#define N 64
float g[N];
#pragma acc declare create(g)

int main(void) {
  float ref[N];
  for (int i = 0; i < N; i++) {
    g[i] = (float)i;
    ref[i] = (float)i * 3.0f;
  }
#pragma acc update device(g)
#pragma acc parallel loop present(g)
  for (int i = 0; i < N; i++)
    g[i] *= 3.0f;
  g[0] = -1.0f;
  acc_copyout(g, sizeof g);
  CHECK_INT("g present after acc_copyout", acc_is_present(g, sizeof g), 1);
  CHECK_REAL("host g[0] kept by acc_copyout", g[0], -1.0, 0);
  acc_delete(g, sizeof g);
#pragma acc exit data delete(g)
  CHECK_INT("g present after acc_delete and exit data",
            acc_is_present(g, sizeof g), 1);
#pragma acc update self(g)
  for (int i = 0; i < N; i++)
    CHECK_REAL("g from the device", g[i], ref[i], 0);
  return e2e_done();
}
