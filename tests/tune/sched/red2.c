/* red2.c — row sums with a loop reduction, for the schedule tests
 * (tests/tune/sched.sh): a schedule that keeps the reduction loop on its
 * levels applies, one that moves it is ignored; both must give the serial
 * sums.  Usage: red2 NY NX; exit 0 and no output when they agree. */
#include <stdio.h>
#include <stdlib.h>

static void red2(int ny, int nx, const int *restrict in, long *restrict out) {
#pragma acc parallel loop copyin(in[0:ny*nx]) copyout(out[0:ny])
  for (int j = 0; j < ny; j++) {
    long s = 0;
#pragma acc loop reduction(+:s)
    for (int i = 0; i < nx; i++)
      s += in[j * nx + i] * (i % 3 + 1);
    out[j] = s;
  }
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : 37, nx = argc > 2 ? atoi(argv[2]) : 53;
  int *in = malloc((long)ny * nx * sizeof *in);
  long *out = malloc(ny * sizeof *out);
  for (long p = 0; p < (long)ny * nx; p++)
    in[p] = (int)(p * 7 % 101) - 50;
  red2(ny, nx, in, out);
  for (int j = 0; j < ny; j++) {
    long s = 0;
    for (int i = 0; i < nx; i++)
      s += in[j * nx + i] * (i % 3 + 1);
    if (out[j] != s) {
      fprintf(stderr, "red2 %dx%d: row %d sums to %ld, serial %ld\n", ny, nx,
              j, out[j], s);
      return 1;
    }
  }
  free(in);
  free(out);
  return 0;
}
