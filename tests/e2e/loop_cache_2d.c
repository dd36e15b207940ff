/* loop_cache_2d.c — cache directives with sections of 2-D and 3-D arrays
 * (`cache(a[i-1:3][j-1:3])`), as stencil codes write them for NVHPC.
 * GCC 12's parser refuses them ("array section is not contiguous in
 * '_cache_' clause", GCC's own -fopenacc too); the hint keeps only each
 * item's first bracket group (plugin/cache-sections.cc), so the line
 * parses and the loops compute what the uncached serial loops do.  Also:
 * several items, `readonly:`, a pointer to rows, a macro in a dropped
 * group, and a 1-D item after a 2-D one. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#include <stdlib.h>

#define N 48
#define M 40
#define HALF(x) ((x) / 2)

static double a[N][M], b[N][M], c[N][M], g[8][N][M], h[N][M];

static void init(double (*p)[M], int s)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      p[i][j] = (i * 7 + j * 3 + s) % 17 - 8.0;
}

/* 5-point stencil through a pointer to rows, cached as 3x3 tiles. */
static void stencil_ptr(double (*restrict in)[M], double (*restrict out)[M])
{
#pragma acc parallel loop collapse(2) copyin(in[0:N][0:M]) copyout(out[1:N-2][0:M])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++) {
#pragma acc cache(in[i-1:3][j-1:3])
      out[i][j] = in[i-1][j] + in[i+1][j] + in[i][j-1] + in[i][j+1] -
                  4 * in[i][j];
    }
}

int main(void)
{
  double w[M];
  for (int j = 0; j < M; j++)
    w[j] = j % 5 - 2.0;
  init(a, 0);
  init(c, 5);
  for (int k = 0; k < 8; k++)
    init(g[k], k);

#pragma acc parallel loop gang copyin(a, c, w) copyout(b)
  for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
    for (int j = 1; j < M - 1; j++) {
#pragma acc cache(readonly: a[i-1:3][j-1:3], c[i][HALF(j):2], w[j-1:3])
      b[i][j] = a[i-1][j] * w[j-1] + a[i+1][j] * w[j+1] + c[i][j / 2];
    }
  }
#pragma acc parallel loop collapse(3) copyin(g) copyout(h)
  for (int k = 1; k < 2; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
#pragma acc cache(g[k-1:3][i:1][j:1])
        h[i][j] = g[k-1][i][j] + g[k+1][i][j];
      }
  double (*out)[M] = calloc(N, sizeof *out);
  stencil_ptr(a, out);

  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++) {
      CHECK_REAL("b", b[i][j],
                 a[i-1][j] * w[j-1] + a[i+1][j] * w[j+1] + c[i][j / 2], 0);
      CHECK_REAL("stencil", out[i][j],
                 a[i-1][j] + a[i+1][j] + a[i][j-1] + a[i][j+1] - 4 * a[i][j],
                 0);
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK_REAL("h", h[i][j], g[0][i][j] + g[2][i][j], 0);
  free(out);
  return e2e_done();
}
