/* real_reductions.c — reductions as application codes write them:
 * `max` of doubles (residual norms), `min` with its index found in a
 * second pass, `&&` and `||` convergence flags, `+` on float, int,
 * long and double in one loop, a reduction on a `kernels loop`, on a
 * `parallel` construct with the loop inside, over a collapse(2) nest,
 * a `max` reduction on a worker loop inside gangs written into an array
 * per row, and the count of elements meeting a condition. Each against
 * a serial computation. */
#include "e2e.h"
#include <math.h>

#define N 2000
#define R 50
#define C 40

static double a[N], m2[R][C], rowmax[R];

int main(void)
{
  for (int i = 0; i < N; i++)
    a[i] = sin(i * 0.37) * (i % 11) - 0.001 * i;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m2[i][j] = cos(i * 0.5 + j * 0.3) * (j + 1);

  double mx = -INFINITY, mn = INFINITY;
#pragma acc parallel loop reduction(max:mx) reduction(min:mn) copyin(a)
  for (int i = 0; i < N; i++) {
    mx = fmax(mx, a[i]);
    if (a[i] < mn)
      mn = a[i];
  }
  int imin = N;
#pragma acc parallel loop reduction(min:imin) copyin(a)
  for (int i = 0; i < N; i++)
    if (a[i] == mn && i < imin)
      imin = i;
  double rmx = -INFINITY, rmn = INFINITY;
  int rimin = N;
  for (int i = 0; i < N; i++) {
    rmx = fmax(rmx, a[i]);
    if (a[i] < rmn) {
      rmn = a[i];
      rimin = i;
    }
  }
  CHECK_REAL("max double", mx, rmx, 0);
  CHECK_REAL("min double", mn, rmn, 0);
  CHECK_INT("index of the min", imin, rimin);

  int all_small = 1, any_big = 0;
#pragma acc parallel loop reduction(&&:all_small) reduction(||:any_big) \
    copyin(a)
  for (int i = 0; i < N; i++) {
    all_small = all_small && fabs(a[i]) < 12.0;
    any_big = any_big || a[i] > 9.5;
  }
  int rall = 1, rany = 0;
  for (int i = 0; i < N; i++) {
    rall = rall && fabs(a[i]) < 12.0;
    rany = rany || a[i] > 9.5;
  }
  CHECK_INT("&& reduction", all_small, rall);
  CHECK_INT("|| reduction", any_big, rany);

  float fs = 0;
  int is = 0;
  long ls = 0;
  double ds = 0;
#pragma acc kernels loop reduction(+:fs, is, ls, ds) copyin(a)
  for (int i = 0; i < N; i++) {
    fs += (float)(i % 8);
    is += a[i] > 0;
    ls += (long)i * i;
    ds += a[i];
  }
  double rds = 0;
  long rls = 0;
  int ris = 0;
  for (int i = 0; i < N; i++) {
    ris += a[i] > 0;
    rls += (long)i * i;
    rds += a[i];
  }
  CHECK_REAL("float sum", fs, 3.5 * N, 0);
  CHECK_INT("int count", is, ris);
  CHECK_INT("long sum", ls, rls);
  CHECK_REAL("double sum", ds, rds, 1e-10);

  double tot = 0;
#pragma acc parallel reduction(+:tot) copyin(m2)
  {
#pragma acc loop collapse(2) reduction(+:tot)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        tot += m2[i][j] * m2[i][j];
  }
  double rtot = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      rtot += m2[i][j] * m2[i][j];
  CHECK_REAL("collapse(2) sum on parallel", tot, rtot, 1e-12);

#pragma acc parallel loop gang num_workers(4) copyin(m2) copyout(rowmax)
  for (int i = 0; i < R; i++) {
    double m = -1e300;
#pragma acc loop worker vector reduction(max:m)
    for (int j = 0; j < C; j++)
      m = m2[i][j] > m ? m2[i][j] : m;
    rowmax[i] = m;
  }
  for (int i = 0; i < R; i++) {
    double m = -1e300;
    for (int j = 0; j < C; j++)
      m = m2[i][j] > m ? m2[i][j] : m;
    CHECK_REAL("row max", rowmax[i], m, 0);
  }

  /* a norm in a kernels region, the scalar summed implicitly */
  double nrm = 0;
#pragma acc kernels copyin(a)
  for (int i = 0; i < N; i++)
    nrm += a[i] * a[i];
  double rn = 0;
  for (int i = 0; i < N; i++)
    rn += a[i] * a[i];
  CHECK_REAL("kernels implicit reduction", sqrt(nrm), sqrt(rn), 1e-12);
  return e2e_done();
}
