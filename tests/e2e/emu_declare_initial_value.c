/* Globals with `declare create` / `declare copyin` start on the device as
 * they started in the program, as a GPU's image holds them (libgomp,
 * NVHPC): a table the host fills before the first construct, without
 * `update device`, is not seen by the device.  Before, the runtime copied
 * the host's bytes when the device opened (at the first construct), so
 * the missing update gave the right answer on the emulator and a wrong
 * one on a GPU.  With the update, the device sees the new values; a
 * variable with no initializer starts as zero (ACCGPU_MAPF_ZERO). */
/* accgpu-test: emulator-only */
#include "e2e.h"

#define T 8

double coef[T];                              /* no initializer: zero */
#pragma acc declare create(coef)
int scale[4] = {1, 1, 1, 1};                 /* its initializer */
#pragma acc declare copyin(scale)
static double big[1 << 16] = {[5] = 2.5};    /* initialized, mostly zero */
#pragma acc declare create(big)

int main(void) {
  double y[T], z[T];
  int s[4];
  for (int k = 0; k < T; k++)
    coef[k] = k + 1;        /* host only: no update device yet */
  for (int k = 0; k < 4; k++)
    scale[k] = k + 2;
  big[5] = -1;
#pragma acc parallel loop copyout(y, s)
  for (int i = 0; i < T; i++) {
    y[i] = coef[i] + big[5 + i];
    if (i < 4)
      s[i] = scale[i];
  }
  for (int i = 0; i < T; i++)
    CHECK_REAL("coef before update device", y[i], i == 0 ? 2.5 : 0, 0);
  for (int i = 0; i < 4; i++)
    CHECK_INT("scale before update device", s[i], 1);

#pragma acc update device(coef, scale, big[5:1])
#pragma acc parallel loop copyout(z, s)
  for (int i = 0; i < T; i++) {
    z[i] = coef[i] + big[5 + i];
    if (i < 4)
      s[i] = scale[i];
  }
  for (int i = 0; i < T; i++)
    CHECK_REAL("coef after update device", z[i], i + 1 + (i == 0 ? -1 : 0), 0);
  for (int i = 0; i < 4; i++)
    CHECK_INT("scale after update device", s[i], i + 2);
  return e2e_done();
}
