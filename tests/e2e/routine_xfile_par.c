/* Routines of another file with loops of their own level (Farber's
 * "OpenACC: Parallel Programming" ch. 5 style: a `routine vector` called
 * from a gang loop, a `routine worker` from a gang loop, a `routine gang`
 * from the region's gang-redundant code), defined in units/xfile_par.c and
 * declared here with the same level (the vector one also from a gang worker
 * loop).  Until session 14 an error at the
 * declaration ("only 'routine seq' may be called across files").  A vector
 * reduction in the routine (its own shared scratch), results against
 * serial loops. */
/* accgpu-test: units xfile_par.c */
#include "e2e.h"

#pragma acc routine vector
void xp_vscale(double *x, int n, double s);
#pragma acc routine vector
double xp_vdot(const double *x, const double *y, int n);
#pragma acc routine worker
void xp_wrows(double *a, int rows, int cols, double base);
#pragma acc routine gang
void xp_gfill(double *x, int n, double s);

enum { N = 37, M = 100, R = 6, C = 45, G = 1000 };

int main(void)
{
  static double a[N * M], b[M], dot[N], w[N * R * C], x[G];
  for (int i = 0; i < N * M; i++)
    a[i] = 0.5 * (i % 13) - 1;
  for (int k = 0; k < M; k++)
    b[k] = 1.0 / (k + 1);
#pragma acc parallel loop gang copy(a) copyin(b) copyout(dot)
  for (int i = 0; i < N; i++) {
    xp_vscale(a + i * M, M, i + 1);
    dot[i] = xp_vdot(a + i * M, b, M);
  }
  for (int i = 0; i < N; i++) {
    double t = 0;
    for (int k = 0; k < M; k++) {
      double v = (0.5 * ((i * M + k) % 13) - 1) * (i + 1);
      CHECK_REAL("routine vector (scale)", a[i * M + k], v, 0);
      t += v * b[k];
    }
    CHECK_REAL("routine vector (reduction)", dot[i], t, 1e-12);
  }
  /* from a worker loop: each worker's row runs the routine (its
     reduction synchronizes the row, not the block) */
  static double dot2[N];
#pragma acc parallel loop gang worker num_workers(4) vector_length(32) \
    copyin(a, b) copyout(dot2)
  for (int i = 0; i < N; i++)
    dot2[i] = xp_vdot(a + i * M, b, M) + i;
  for (int i = 0; i < N; i++)
    CHECK_REAL("routine vector from a worker loop", dot2[i], dot[i] + i,
               1e-12);
#pragma acc parallel loop gang num_workers(4) copyout(w)
  for (int i = 0; i < N; i++)
    xp_wrows(w + i * R * C, R, C, 1000.0 * i);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < R * C; k++)
      CHECK_REAL("routine worker", w[i * R * C + k], 1000.0 * i + k, 0);
#pragma acc parallel num_gangs(8) copyout(x)
  xp_gfill(x, G, 2);
  for (int i = 0; i < G; i++)
    CHECK_REAL("routine gang", x[i], 2.0 * i + 1, 0);
  return e2e_done();
}
