/* compute_firstprivate_array.c — firstprivate of fixed-size arrays: each
 * gang gets its own copy of the host's values, shared by the gang's
 * threads (lanes fill part of it, then read each other's elements),
 * writes to it stay on the device, a global array too.  Compared with serial code. */
#include "e2e.h"

#define N 500
#define M 40
static double in[N + 8], out[N];
static int grid[M][64], lut_g[16];

int main(void) {
  double coef[5] = {0.5, -1.0, 2.0, 0.25, 3.0};
  int tab[8], tab16[16];
  for (int i = 0; i < N + 8; i++)
    in[i] = (i * 13) % 17 - 8.0;
  for (int k = 0; k < 8; k++)
    tab[k] = k * k - 3;
  for (int k = 0; k < 16; k++) {
    lut_g[k] = 100 - k * 7;
    tab16[k] = k < 8 ? k * 5 : -1;
  }

  /* read by every thread of a gang vector loop */
#pragma acc parallel loop firstprivate(coef) copyin(in) copyout(out)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = 0; k < 5; k++)
      s += coef[k] * in[i + k];
    out[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = 0; k < 5; k++)
      s += coef[k] * in[i + k];
    CHECK_REAL("firstprivate coef", out[i], s, 1e-12);
  }

  /* the gang's lanes fill part of the copy, then read each other's */
#pragma acc parallel num_gangs(4) vector_length(64) firstprivate(tab16) \
    copyout(grid)
  {
#pragma acc loop gang
    for (int i = 0; i < M; i++) {
#pragma acc loop vector
      for (int k = 0; k < 8; k++)
        tab16[8 + k] = tab16[k] + i;
#pragma acc loop vector
      for (int k = 0; k < 64; k++)
        grid[i][k] = tab16[8 + (k + 3) % 8];
    }
  }
  for (int i = 0; i < M; i++)
    for (int k = 0; k < 64; k++)
      CHECK_INT("lanes share the gang's copy", grid[i][k],
                ((k + 3) % 8) * 5 + i);
#ifdef _OPENACC /* the pragmas ignored, the host writes its own */
  CHECK_INT("host tab16 untouched", tab16[8], -1);
#endif

  /* gang-redundant write, read by the gang's workers and lanes */
#pragma acc parallel num_gangs(3) num_workers(2) vector_length(64) \
    firstprivate(tab) copyout(grid)
  {
#pragma acc loop gang
    for (int i = 0; i < M; i++) {
      tab[0] = i;
#pragma acc loop worker vector
      for (int k = 0; k < 64; k++)
        grid[i][k] = tab[0] * 1000 + tab[k % 8];
    }
  }
  for (int i = 0; i < M; i++)
    for (int k = 0; k < 64; k++)
      CHECK_INT("shared firstprivate tab", grid[i][k],
                i * 1000 + (k % 8 == 0 ? i : (k % 8) * (k % 8) - 3));
#ifdef _OPENACC /* the pragmas ignored, the host writes its own */
  CHECK_INT("host tab untouched", tab[0], -3);
#endif

  /* a global array */
#pragma acc parallel loop gang vector firstprivate(lut_g) copyout(grid)
  for (int i = 0; i < M; i++)
    for (int k = 0; k < 64; k++)
      grid[i][k] = lut_g[(i + k) % 16] + i;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < 64; k++)
      CHECK_INT("global firstprivate", grid[i][k], 100 - ((i + k) % 16) * 7 + i);
  return e2e_done();
}
