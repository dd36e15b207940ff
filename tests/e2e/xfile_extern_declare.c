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
#include <stdio.h>
#include "units/ext_globals.h"

static int check(const char *what, const double *got, int i, double want)
{
  if (got[i] == want)
    return 0;
  fprintf(stderr, "%s[%d] = %g, want %g\n", what, i, got[i], want);
  return 1;
}

int main(void)
{
  static double out[EXT_N];
  int bad = 0;
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
  for (int i = 0; i < EXT_N && !bad; i++) {
    double g = 2.0 * i + 3.0, h = i + 0.5;
    bad = check("ext_g", ext_g, i, g) || check("ext_h", ext_h, i, h) ||
          check("out", out, i, g - h);
  }
  return bad;
}
