/* A static routine that reads `extern` globals with `declare` (defined in
 * units/ext_def.c), called from a construct that names none of them.  The
 * construct maps `present` the declared globals its callees reach; at -O2
 * the unit had no varpool node yet for an extern reached only through the
 * routine, so the kernel passed none and the routine read address 0
 * (emulator: memcheck's null pointer; multicore: a fault; host and -O0
 * were right).  Against a serial computation. */
/* accgpu-test: units ext_def.c */
#include "e2e.h"
#include "units/ext_globals.h"

#pragma acc routine seq
static double coef_of(int i)
{
  return ext_coef[i % 4] * 2 + ext_g[i];
}

int main(void)
{
  static double out[EXT_N];
  ext_init();
  ext_add(1.0); /* ext_g is 0 + 1 on the device */
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < EXT_N; i++)
    out[i] = coef_of(i);
  static const double coef[4] = {0.5, 2.0, -1.0, 3.0};
  for (int i = 0; i < EXT_N; i++)
    CHECK_REAL("out", out[i], coef[i % 4] * 2 + 1.0, 0);
  return e2e_done();
}
