/* neg2.c — constructs whose schedules must be ignored (tests/tune/sched.sh):
 * a `seq` inner loop, two outermost loops, a vector(n) size; each result
 * checked against a serial computation.
 * Usage: neg2 NY NX; exit 0 and no output when the results agree. */
#include <stdio.h>
#include <stdlib.h>

static void seqk(int ny, int nx, int *restrict a) {
#pragma acc parallel loop copy(a[0:ny*nx])
  for (int j = 0; j < ny; j++)
#pragma acc loop seq
    for (int i = 1; i < nx; i++)
      a[j * nx + i] += a[j * nx + i - 1];
}

static void twok(int ny, int nx, int *restrict a, int *restrict b) {
#pragma acc parallel copy(a[0:ny*nx], b[0:ny*nx])
  {
#pragma acc loop
    for (int j = 0; j < ny; j++)
#pragma acc loop
      for (int i = 0; i < nx; i++)
        a[j * nx + i] = 3 * a[j * nx + i] + 1;
#pragma acc loop
    for (int j = 0; j < ny; j++)
#pragma acc loop
      for (int i = 0; i < nx; i++)
        b[j * nx + i] = 3 * b[j * nx + i] - 1;
  }
}

/* A size on a loop: in kernels (OpenACC and GCC allow none in parallel). */
static void sized(int ny, int nx, int *restrict a) {
#pragma acc kernels loop gang independent copy(a[0:ny*nx])
  for (int j = 0; j < ny; j++)
#pragma acc loop independent vector(64)
    for (int i = 0; i < nx; i++)
      a[j * nx + i] = 3 * a[j * nx + i] + j;
}

int main(int argc, char **argv) {
  int ny = argc > 2 ? atoi(argv[1]) : 37, nx = argc > 2 ? atoi(argv[2]) : 53;
  long n = (long)ny * nx;
  int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  int *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
  for (long p = 0; p < n; p++) {
    a[p] = ra[p] = (int)(p % 11) - 5;
    b[p] = rb[p] = (int)(p % 7) - 3;
  }
  seqk(ny, nx, a);
  twok(ny, nx, a, b);
  sized(ny, nx, a);
  for (int j = 0; j < ny; j++)
    for (int i = 1; i < nx; i++)
      ra[j * nx + i] += ra[j * nx + i - 1];
  for (long p = 0; p < n; p++) {
    ra[p] = 3 * ra[p] + 1;
    rb[p] = 3 * rb[p] - 1;
  }
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      ra[j * nx + i] = 3 * ra[j * nx + i] + j;
  for (long p = 0; p < n; p++)
    if (a[p] != ra[p] || b[p] != rb[p]) {
      fprintf(stderr, "neg2 %dx%d: element %ld is %d/%d, serial %d/%d\n", ny,
              nx, p, a[p], b[p], ra[p], rb[p]);
      return 1;
    }
  free(a);
  free(b);
  free(ra);
  free(rb);
  return 0;
}
