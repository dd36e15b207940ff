/* data_dup_sections.c — one array's two sections on one data directive
 * (halo rows: `enter data copyin(u[0:nx], u[(ny-1)*nx:nx])`), which GCC 12
 * refuses ("'u' appears more than once in data clauses"): the second
 * section is rewritten as on update lines (plugin/update-dups.cc), on
 * data, enter data and exit data lines.  Each section is its own device
 * copy; kernels reach each through a pointer of its own.  Against serial
 * loops. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>

#include "e2e.h"

enum { NX = 16, NY = 10 };

int main(void)
{
  double *u = malloc(NX * NY * sizeof *u);
  for (int i = 0; i < NX * NY; i++)
    u[i] = i;
  double *top = u, *bottom = u + (NY - 1) * NX;
#pragma acc data copyin(u[0:NX]) copy(u[(NY - 1) * NX:NX])
  {
#pragma acc parallel loop present(top[0:NX], bottom[0:NX])
    for (int i = 0; i < NX; i++)
      bottom[i] += top[i] * 2;
  }
#pragma acc enter data copyin(u[0:NX], u[(NY - 1) * NX:NX])
#pragma acc parallel loop present(top[0:NX], bottom[0:NX])
  for (int i = 0; i < NX; i++)
    top[i] = -bottom[i];
#pragma acc exit data copyout(u[0:NX], u[(NY - 1) * NX:NX])
  for (int i = 0; i < NX; i++) {
    double b = (NY - 1) * NX + i + 2.0 * i;
    CHECK_REAL("bottom row", u[(NY - 1) * NX + i], b, 0);
    CHECK_REAL("top row", u[i], -b, 0);
  }
  for (int i = NX; i < (NY - 1) * NX; i++)
    CHECK_REAL("untouched", u[i], i, 0);
#ifdef _OPENACC
  CHECK_INT("nothing left present",
            acc_is_present(u, NX * sizeof *u) && e2e_separate_memory(), 0);
#endif
  free(u);
  return e2e_done();
}
