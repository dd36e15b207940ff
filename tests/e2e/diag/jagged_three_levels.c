/* Sections of three levels of pointers (`double ***u` from an alloc3d
 * helper, as older C codes allocate 3-D grids) are not mapped: a sorry
 * naming each array, on data and compute constructs alike, instead of
 * GCC's "array section is not contiguous". Two levels (a[0:n][0:m]) work
 * (tests/e2e/data_jagged.c). */
/* accgpu-expect: sorry: 13: three levels of pointers \(.*u.*\): only */
/* accgpu-expect: sorry: 13: three levels of pointers \(.*v.*\): only */
/* accgpu-expect: sorry: 20: three levels of pointers \(.*w.*\): only */
#include <stdlib.h>
void f(double ***u, double ***v, double ***w, double **rows, int nx, int ny,
       int nz)
{
#pragma acc data copyin(u[0:nx][0:ny][0:nz]) copyout(v[0:nx][0:ny][0:nz])
  {
#pragma acc parallel loop present(u, v)
    for (int i = 0; i < nx; i++)
      v[i][0][0] = u[i][0][0];
  }
#pragma acc parallel loop collapse(2) copy(rows[0:nx][0:ny]) \
    copy(w[0:nx][0:ny][0:nz])
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      rows[i][j] += w[i][j][0];
}
