/* A strided update of a grid reached through a pointer to a VLA, with two
   strided levels (v[0:2][0:ny-1][2]: one element of each of ny-1 rows of
   two planes; before session 24 an error, "only one level may be
   strided"), of which only the first plane is present: each run is
   updated on its own, and the first one that is not present stops the
   program naming the section as written and the directive, as a
   contiguous section does (tests/e2e/rterr/update_unmapped.c). */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*update_strided_not_present\.c:17 \(update in face\): 'v\[0:2\]\[0:ny-1\]\[2\]' .* is not present */
#include <stdlib.h>

static void face(int nz, int ny, int nx, double (*v)[ny][nx])
{
  (void)nz;
#pragma acc update self(v[0:1][0:ny - 1][2])
#pragma acc update self(v[0:1][1:ny - 2][1:3])
#pragma acc update self(v[0:2][0:ny - 1][2])
}

int main(void)
{
  int nz = 3, ny = 4, nx = 5;
  double (*v)[ny][nx] = calloc(nz, sizeof *v);
#pragma acc data copyin(v[0:1][0:ny][0:nx])
  face(nz, ny, nx, v);
  free(v);
  return 0;
}
