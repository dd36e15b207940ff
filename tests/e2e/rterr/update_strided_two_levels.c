/* A strided update of a grid reached through a pointer to a VLA whose
   rows are not evenly spaced (v[0:2][0:ny-1][2]: the range over j is not
   the whole dimension, so the parts of each k are two strides apart):
   the sizes are only known at run time, so the runtime stops, naming the
   array and the directive (with constant sizes it is a compile-time error,
   tests/e2e/diag/update_strided_levels.c). */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*update_strided_two_levels\.c:15 */
/* accgpu-expect-stderr: strided update of 'v': only one level may be strided */
#include <stdlib.h>

static void face(int nz, int ny, int nx, double (*v)[ny][nx])
{
  (void)nz;
#pragma acc update self(v[0:2][0:ny - 1][2])
}

int main(void)
{
  int nz = 3, ny = 4, nx = 5;
  double (*v)[ny][nx] = calloc(nz, sizeof *v);
#pragma acc data copyin(v[0:nz][0:ny][0:nx])
  face(nz, ny, nx, v);
  free(v);
  return 0;
}
