/* Device linking: `routine seq` functions defined in other files
 * (tests/e2e/units/xfile_*.c, compiled on their own and linked) called
 * from gang, vector and worker loops here; xf_poly (xfile_math.c) calls
 * xf_scale (xfile_scale.c); xfile_use.c calls xf_poly from its own region;
 * a static `helper` here and one in xfile_math.c must not clash; a call in
 * a kernels region outside its loops runs once; host code calling a routine
 * that is defined for the host only needs nothing on the device.  Every
 * result is checked against a serial computation on the host. */
/* accgpu-test: units xfile_math.c xfile_scale.c xfile_use.c xfile_hostonly.c */
#include <stdio.h>
#include <stdlib.h>
#include "units/xfile_math.h"

#pragma acc routine seq
static double helper(double x) { return 2.0 * x; } /* not xfile_math.c's */

/* Host code only (no directive, never called in a region): its call of a
   routine no unit defines for the device must not make this file's kernels
   need one. */
double host_shift(double x) { return xf_host_only(x); }

enum { N = 1000, R = 24, C = 64 };

static int check(const char *what, const double *got, const double *want,
                 int n)
{
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) {
      fprintf(stderr, "%s[%d] = %g, want %g\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}

int main(void)
{
  static double a[N], b[N], ref[N], m[R][C], mref[R][C], x[C], u[N];
  static int d[N], dref[N];
  int bad = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i % 37) * 0.5 - 3.0;
  for (int j = 0; j < C; j++)
    x[j] = j * 0.125;

#pragma acc parallel loop gang vector copyin(a) copyout(b, d)
  for (int i = 0; i < N; i++) {
    b[i] = xf_poly(a[i]) + helper(a[i]);
    d[i] = xf_digits((long)i * 1234567 - 99);
  }
  for (int i = 0; i < N; i++) {
    double t = a[i] + a[i] + a[i];
    ref[i] = (t + 1000.0) - 1000.0 + 0.5 * a[i] * a[i] + 2.0 * a[i];
    long v = (long)i * 1234567 - 99;
    char s[32];
    dref[i] = snprintf(s, sizeof s, "%ld", v < 0 ? -v : v);
  }
  bad |= check("b", b, ref, N);
  for (int i = 0; i < N; i++)
    bad |= d[i] != dref[i];

  /* A routine with pointers, from a worker loop; one from a vector loop. */
  for (int r = 0; r < R; r++)
    for (int j = 0; j < C; j++)
      m[r][j] = mref[r][j] = r - j;
#pragma acc parallel loop gang worker num_workers(4) copy(m) copyin(x)
  for (int r = 0; r < R; r++)
    xf_axpy(m[r], x, r * 0.5, C);
#pragma acc parallel loop gang copy(m)
  for (int r = 0; r < R; r++) {
#pragma acc loop vector
    for (int j = 0; j < C; j++)
      m[r][j] += xf_scale(1.0, j % 5);
  }
  for (int r = 0; r < R; r++)
    for (int j = 0; j < C; j++)
      mref[r][j] += r * 0.5 * x[j] + (double)(j % 5);
  bad |= check("m", &m[0][0], &mref[0][0], R * C);

  /* In a kernels region, code outside its loops runs once: so does a call
     to a routine of another file there. */
  static double k1[C], kref[C];
  for (int j = 0; j < C; j++)
    k1[j] = kref[j] = j;
#pragma acc kernels copy(k1) copyin(x)
  {
    xf_axpy(k1, x, 2.0, C);
    for (int j = 0; j < C; j++)
      k1[j] += 1.0;
  }
  for (int j = 0; j < C; j++)
    kref[j] += 2.0 * x[j] + 1.0;
  bad |= check("k1", k1, kref, C);

  xf_use_fill(u, N);
  for (int i = 0; i < N; i++) {
    double v = i * 0.25;
    ref[i] = (v + v + v + 1000.0) - 1000.0 + 0.5 * v * v;
  }
  bad |= check("u", u, ref, N);
  bad |= host_shift(1.0) != 1.5;
  if (bad)
    fprintf(stderr, "routine_xfile: wrong results\n");
  return bad;
}
