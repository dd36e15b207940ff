/* misc2.c — a kernels construct (with a store between its two loops) and
 * a collapse(2) loop, for the schedule tests (tests/tune/sched.sh); both
 * checked against a serial computation.
 * Usage: misc2 NY NX; exit 0 and no output when the results agree. */
#include <stdio.h>
#include <stdlib.h>

static void kern(int ny, int nx, int *restrict a, int *restrict rows) {
#pragma acc kernels copy(a[0:ny*nx]) copyout(rows[0:ny])
  {
#pragma acc loop independent
    for (int j = 0; j < ny; j++) {
      rows[j] = 2 * j + 1;
#pragma acc loop independent
      for (int i = 0; i < nx; i++)
        a[j * nx + i] = 3 * a[j * nx + i] + i - j;
    }
  }
}

static void coll(int ny, int nx, int *restrict a) {
#pragma acc parallel loop collapse(2) copy(a[0:ny*nx])
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      a[j * nx + i] = 3 * a[j * nx + i] + i - j;
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : 37, nx = argc > 2 ? atoi(argv[2]) : 53;
  long n = (long)ny * nx;
  int *a = malloc(n * sizeof *a), *ref = malloc(n * sizeof *ref);
  int *rows = malloc(ny * sizeof *rows);
  for (long p = 0; p < n; p++)
    a[p] = ref[p] = (int)(p % 11) - 5;
  kern(ny, nx, a, rows);
  coll(ny, nx, a);
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        ref[j * nx + i] = 3 * ref[j * nx + i] + i - j;
  for (long p = 0; p < n; p++)
    if (a[p] != ref[p]) {
      fprintf(stderr, "misc2 %dx%d: element %ld is %d, serial %d\n", ny, nx,
              p, a[p], ref[p]);
      return 1;
    }
  for (int j = 0; j < ny; j++)
    if (rows[j] != 2 * j + 1) {
      fprintf(stderr, "misc2 %dx%d: rows[%d] is %d\n", ny, nx, j, rows[j]);
      return 1;
    }
  free(a);
  free(ref);
  free(rows);
  return 0;
}
