/* Unit of xfile_extern_declare.c: defines the globals of ext_globals.h
 * (ext_h and ext_coef without the header, so without their directive for
 * ext_h) and updates ext_g in a kernel of its own. */
#include <stdlib.h>
#define EXT_N 128
double ext_g[EXT_N];
#pragma acc declare create(ext_g)
double ext_h[EXT_N];
double ext_coef[4] = {0.5, 2.0, -1.0, 3.0};
#pragma acc declare copyin(ext_coef)
double *ext_p;
#pragma acc declare create(ext_p)

/* ext_p points at EXT_N numbers 0, 1, ..., on the host and the device. */
void ext_init(void)
{
  ext_p = malloc(EXT_N * sizeof *ext_p);
  for (int i = 0; i < EXT_N; i++)
    ext_p[i] = i;
#pragma acc enter data copyin(ext_p[0:EXT_N])
}

void ext_add(double v)
{
#pragma acc parallel loop
  for (int i = 0; i < EXT_N; i++)
    ext_g[i] += v;
}
