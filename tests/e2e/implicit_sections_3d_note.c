/* implicit_sections_3d_note.c — a 3-D stencil over pointers with no data
 * clause: each array's implicit section has bounds folded from the three
 * loops' ranges, which GCC prints as nests of MIN_EXPR/MAX_EXPR (about a
 * kilobyte for u, in the -fplugin-arg-accgpu-info note and in run-time
 * errors naming the section).  Past 600 characters a section is named
 * 'u[...]'.  The
 * values are checked against serial loops. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <stdlib.h>

#define OFF(i, j, k) (((k) * ny + (j)) * nx + (i))

static void step(int nx, int ny, int nz, const double *u, double *v)
{
#pragma acc kernels /* accgpu-expect-note: implicit copyin\(u\[\.\.\.\]\): bounds from the loops' ranges */
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        v[OFF(i, j, k)] = u[OFF(i - 1, j, k)] + u[OFF(i + 1, j, k)] +
                          u[OFF(i, j - 1, k)] + u[OFF(i, j + 1, k)] +
                          u[OFF(i, j, k - 1)] + u[OFF(i, j, k + 1)];
}

int main(void)
{
  int nx = 13, ny = 7, nz = 5, n = nx * ny * nz;
  double *u = malloc(n * sizeof *u), *v = calloc(n, sizeof *v);
  double *w = calloc(n, sizeof *w);
  for (int x = 0; x < n; x++)
    u[x] = (x * 37) % 101;
  step(nx, ny, nz, u, v);
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        w[OFF(i, j, k)] = u[OFF(i - 1, j, k)] + u[OFF(i + 1, j, k)] +
                          u[OFF(i, j - 1, k)] + u[OFF(i, j + 1, k)] +
                          u[OFF(i, j, k - 1)] + u[OFF(i, j, k + 1)];
  for (int x = 0; x < n; x++)
    CHECK_REAL("v", v[x], w[x], 0);
  free(u);
  free(v);
  free(w);
  return e2e_done();
}
