/* firstprivate_big_readonly.c — a 512 KB `firstprivate` table that the
 * region only reads, in a gang-vector loop (every thread reads the one
 * device copy: no copy per thread, which would be 512 KB of local memory
 * per GPU thread), a struct of 40 KB read member by member on a `serial`
 * construct, and a read through a pointer to the table (the address taken:
 * a gang copy, conservatively).  Against the same reads done serially. */
/* accgpu-test: private-copies */
#include "e2e.h"
#include <stdlib.h>

#define N 65536 /* doubles: 512 KB */
#define M 20000

typedef struct {
  int n;
  float w[10000];
} weights_t;

static double tab[N];

int main(void)
{
  double *out = malloc(M * sizeof *out), sum[2];
  static weights_t wt;
  for (int k = 0; k < N; k++)
    tab[k] = (k % 1000) * 0.5 + k / 1000;
  wt.n = 10000;
  for (int k = 0; k < wt.n; k++)
    wt.w[k] = 1.0f / (k + 1);
#pragma acc parallel loop gang vector firstprivate(tab) copyout(out[0:M])
  for (int i = 0; i < M; i++)
    out[i] = tab[(i * 7919L) % N] + 2 * tab[N - 1 - i];
  for (int i = 0; i < M; i++)
    CHECK_REAL("512 KB table read", out[i],
               tab[(i * 7919L) % N] + 2 * tab[N - 1 - i], 0);

#pragma acc serial firstprivate(wt) copyout(sum[0:1])
  {
    double s = 0;
    for (int k = 0; k < wt.n; k++)
      s += wt.w[k];
    sum[0] = s;
  }
  double r = 0;
  for (int k = 0; k < wt.n; k++)
    r += wt.w[k];
  CHECK_REAL("40 KB struct read", sum[0], r, 0);

#pragma acc parallel loop firstprivate(tab) copyout(out[0:M])
  for (int i = 0; i < M; i++) {
    const double *p = tab;
    out[i] = p[i * 3];
  }
  for (int i = 0; i < M; i++)
    CHECK_REAL("read through a pointer", out[i], tab[i * 3], 0);
  free(out);
  return e2e_done();
}
