/* grid3.c — a 3-D loop nest for the schedule tests (tests/tune/sched.sh),
 * checked like grid2.c against a serial computation.
 * Usage: grid3 NZ NY NX; exit 0 and no output when the results agree. */
#include <stdio.h>
#include <stdlib.h>

static void grid3(int nz, int ny, int nx, const int *restrict in,
                  int *restrict out) {
#pragma acc parallel loop copyin(in[0:nz*ny*nx]) copy(out[0:nz*ny*nx])
  for (int k = 0; k < nz; k++)
#pragma acc loop
    for (int j = 0; j < ny; j++)
#pragma acc loop
      for (int i = 0; i < nx; i++) {
        long p = ((long)k * ny + j) * nx + i;
        out[p] = 3 * out[p] + in[p] + k - j + 2 * i;
      }
}

int main(int argc, char **argv) {
  int nz = argc > 3 ? atoi(argv[1]) : 5, ny = argc > 3 ? atoi(argv[2]) : 7;
  int nx = argc > 3 ? atoi(argv[3]) : 45;
  long n = (long)nz * ny * nx;
  int *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  int *ref = malloc(n * sizeof *ref);
  for (long p = 0; p < n; p++) {
    in[p] = (int)(p * 7 % 101);
    out[p] = ref[p] = (int)(p % 13) - 6;
  }
  grid3(nz, ny, nx, in, out);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        long p = ((long)k * ny + j) * nx + i;
        ref[p] = 3 * ref[p] + in[p] + k - j + 2 * i;
      }
  for (long p = 0; p < n; p++)
    if (out[p] != ref[p]) {
      fprintf(stderr, "grid3 %dx%dx%d: element %ld is %d, serial %d\n", nz, ny,
              nx, p, out[p], ref[p]);
      return 1;
    }
  free(in);
  free(out);
  free(ref);
  return 0;
}
