/* implicit_sections_warning.c — pointers used without a data clause whose
 * section accgpu cannot infer get a warning at the use under -Wall, naming
 * the pointer and suggesting a data clause: an indirect subscript, a
 * jagged array (double **), the pointer passed to a function, a loop index
 * read after its loop.  The program
 * is correct (the data is present through enter data, so today's lookup
 * finds it) and checked against serial loops; a data clause silences the
 * warning. */
/* accgpu-test: cflags -Wall */
#include <stdlib.h>

#include "e2e.h"

#pragma acc routine seq
static double twice(const double *p) { return 2 * *p; }

int main(void)
{
  int n = 200;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  int *idx = malloc(n * sizeof *idx);
  double **rows = malloc(4 * sizeof *rows);
  for (int i = 0; i < n; i++) {
    x[i] = i;
    idx[i] = n - 1 - i;
  }
  for (int r = 0; r < 4; r++) {
    rows[r] = malloc(n * sizeof **rows);
    for (int j = 0; j < n; j++)
      rows[r][j] = r * n + j;
  }
#pragma acc enter data copyin(x[0:n], idx[0:n]) create(y[0:n])
#pragma acc enter data copyin(rows[0:4][0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]]; /* accgpu-expect-warning: cannot tell which elements of .x. .*copyin\(x\[0:n\]\) */
#pragma acc parallel loop copy(rows[0:4][0:n])
  for (int j = 0; j < n; j++)
    rows[1][j] += 1; /* silent: a data clause */
#pragma acc parallel loop
  for (int j = 0; j < n; j++)
    rows[2][j] += y[j]; /* accgpu-expect-warning: elements of .rows. .*holds pointers */
#pragma acc parallel loop present(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += twice(&x[i]); /* accgpu-expect-warning: elements of .x. .*passed on or stored */
  /* i is read after its loop, where it is n: not in the loop's range. */
  double *z = malloc((n + 1) * sizeof *z);
#pragma acc enter data create(z[0:n + 1])
#pragma acc kernels
  {
    int i;
    for (i = 0; i < n; i++)
      z[i] = i; /* accgpu-expect-warning: elements of .z. */
    z[i] = -1;
  }
#pragma acc exit data copyout(z[0:n + 1])
  for (int i = 0; i < n; i++)
    CHECK_REAL("z", z[i], i, 0);
  CHECK_REAL("z[n]", z[n], -1, 0);
  free(z);
#pragma acc exit data copyout(y[0:n]) delete(x[0:n], idx[0:n])
#pragma acc exit data copyout(rows[0:4][0:n])
  for (int i = 0; i < n; i++)
    CHECK_REAL("y", y[i], (n - 1 - i) + 2.0 * i, 0);
  for (int j = 0; j < n; j++) {
    CHECK_REAL("rows[1]", rows[1][j], n + j + 1, 0);
    CHECK_REAL("rows[2]", rows[2][j], 2 * n + j + (n - 1 - j), 0);
  }
  for (int r = 0; r < 4; r++)
    free(rows[r]);
  free(rows);
  free(x);
  free(y);
  free(idx);
  return e2e_done();
}
