/* A data clause's section of a grid reached through a pointer to a VLA,
   `copyout(v[0:2][0:ny][1:2])`: two columns of two planes, not one block.
   GCC cannot see it (the row size is only known at run time) and mapped
   one block from &v[0][0][1], copying back the elements between the rows
   too (a wrong answer); the program now stops naming the array and the
   line, on every device. Contiguous sections of such arrays
   (v[0:nz][0:ny][0:nx], v[k][j][0:nx]) map as before
   (tests/e2e/real5_vla_grids.c). */
/* accgpu-expect-stderr: accgpu: error: vla_section_not_contiguous\.c:19: the section of 'v' is not contiguous */
#include <stdlib.h>

int main(void)
{
  int nz = 3, ny = 4, nx = 4;
  double (*v)[ny][nx] = calloc(nz, sizeof *v);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      v[k][j][0] = -1;
#pragma acc parallel loop collapse(2) copyout(v[0:2][0:ny][1:2])
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < ny; j++) {
      v[k][j][1] = 5;
      v[k][j][2] = 6;
    }
  free(v);
  return 0;
}
