/* Multi-file programs: `extern` globals with `declare` (units/ext_globals.h,
 * defined in units/ext_def.c).  ext_g has `declare create` in both files,
 * ext_h only on this file's extern declaration (its definition has none),
 * ext_coef is `declare copyin` of a global initialised in the other file,
 * ext_p a global pointer declared in the header and attached by an enter
 * data there.  Kernels of both files use the device copies; the results
 * and `update self` against a serial computation.  Before session 11 ext_h
 * was not mapped (only a unit defining a global mapped it): `update self`
 * stopped with "'ext_h' ... is not present". */
/* accgpu-test: units ext_def.c */
#include "e2e.h"
#include "units/ext_globals.h"

int main(void)
{
  static double out[EXT_N];
  ext_init();
#pragma acc parallel loop
  for (int i = 0; i < EXT_N; i++) {
    ext_g[i] = ext_p[i] * ext_coef[1];
    ext_h[i] = ext_p[i] + ext_coef[0];
  }
  ext_add(ext_coef[3]);
#pragma acc parallel loop copyout(out[0:EXT_N])
  for (int i = 0; i < EXT_N; i++)
    out[i] = ext_g[i] + ext_h[i] * ext_coef[2];
#pragma acc update self(ext_g, ext_h)
  for (int i = 0; i < EXT_N; i++) {
    double g = 2.0 * i + 3.0, h = i + 0.5;
    CHECK_REAL("ext_g", ext_g[i], g, 0);
    CHECK_REAL("ext_h", ext_h[i], h, 0);
    CHECK_REAL("out", out[i], g - h, 0);
  }
  return e2e_done();
}
