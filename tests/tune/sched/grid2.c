/* grid2.c — a 2-D loop nest for the schedule tests (tests/tune/sched.sh):
 * each element is updated once, not idempotently (x = 3x + ...), so a
 * missed or repeated iteration shows against the serial computation.
 * Usage: grid2 NY NX; exit 0 and no output when the results agree. */
#include <stdio.h>
#include <stdlib.h>
#ifndef GRID2_CLAUSES /* -DGRID2_CLAUSES=...: size clauses that win */
#define GRID2_CLAUSES
#endif

static void grid2(int ny, int nx, const int *restrict in, int *restrict out) {
#pragma acc parallel loop copyin(in[0:ny*nx]) copy(out[0:ny*nx]) GRID2_CLAUSES
  for (int j = 0; j < ny; j++)
#pragma acc loop
    for (int i = 1; i <= nx; i++)
      out[j * nx + i - 1] = 3 * out[j * nx + i - 1] + in[j * nx + i - 1] + j - 2 * i;
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : 37, nx = argc > 2 ? atoi(argv[2]) : 53;
  long n = (long)ny * nx;
  int *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  int *ref = malloc(n * sizeof *ref);
  for (long p = 0; p < n; p++) {
    in[p] = (int)(p * 7 % 101);
    out[p] = ref[p] = (int)(p % 13) - 6;
  }
  grid2(ny, nx, in, out);
  for (int j = 0; j < ny; j++)
    for (int i = 1; i <= nx; i++)
      ref[j * nx + i - 1] = 3 * ref[j * nx + i - 1] + in[j * nx + i - 1] + j - 2 * i;
  for (long p = 0; p < n; p++)
    if (out[p] != ref[p]) {
      fprintf(stderr, "grid2 %dx%d: element %ld is %d, serial %d\n", ny, nx, p,
              out[p], ref[p]);
      return 1;
    }
  free(in);
  free(out);
  free(ref);
  return 0;
}
