/* firstprivate_implicit_nowarn.c — scalars declared at the top of the
 * function and assigned first in each iteration of a `parallel loop` nest
 * (NPB-ACC BT/SP/LU's compute_rhs: rho_inv, up1, um1 ... at function
 * scope, gang/worker/vector loops) are implicitly firstprivate; the value
 * copied in is never used, and -Wall gave "'rho_inv' may be used
 * uninitialized" for each (338 warnings over NPB-ACC), which GCC's own
 * -fopenacc does not.  Only implicit firstprivates are quiet: an explicit
 * firstprivate(v) of an unset v reads it, and GCC warns.  Results equal
 * the serial computation. */
/* accgpu-test: cflags -Wall */
/* accgpu-test: no-warnings */
#include "e2e.h"

#define NZ 12
#define NY 10
#define NX 16

static double u[NZ][NY][NX], rho[NZ][NY][NX], flux[NZ][NY][NX];

int main(void) {
  double rho_inv, up1, um1;
  int k, j, i;
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++)
      for (i = 0; i < NX; i++)
        u[k][j][i] = 1.0 + k + 0.5 * j + 0.25 * i;
#pragma acc parallel loop gang num_gangs(4) num_workers(2) vector_length(32) copyin(u) copyout(rho, flux)
  for (k = 0; k < NZ; k++) {
#pragma acc loop worker
    for (j = 0; j < NY; j++) {
#pragma acc loop vector
      for (i = 0; i < NX; i++) {
        rho_inv = 1.0 / u[k][j][i];
        up1 = i + 1 < NX ? u[k][j][i + 1] : 0.0;
        um1 = i > 0 ? u[k][j][i - 1] : 0.0;
        rho[k][j][i] = rho_inv;
        flux[k][j][i] = (up1 - um1) * rho_inv;
      }
    }
  }
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++)
      for (i = 0; i < NX; i++) {
        double r = 1.0 / u[k][j][i];
        double p = i + 1 < NX ? u[k][j][i + 1] : 0.0;
        double m = i > 0 ? u[k][j][i - 1] : 0.0;
        CHECK_REAL("rho", rho[k][j][i], r, 0);
        CHECK_REAL("flux", flux[k][j][i], (p - m) * r, 0);
      }
  return e2e_done();
}
