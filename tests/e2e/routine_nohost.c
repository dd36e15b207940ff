/* `routine ... nohost` called where the specification allows it: in
 * compute regions (a gang loop calling seq and vector routines) and from
 * another nohost routine.  accgpu keeps the host version, so the host device (the
 * construct's host fallback) and the multicore device run it too, where
 * GCC's own OpenACC leaves an undefined reference.  Reference: a serial
 * computation.  (Host calls outside compute regions are refused:
 * diag/routine_nohost_host_call.c.)  accgpu-only: GCC has no host version. */
/* accgpu-test: accgpu-only */
#include <stdio.h>

enum { N = 200, M = 96 };

#pragma acc routine seq nohost
static double scale(double x) { return 3.0 * x - 1.0; }

#pragma acc routine seq nohost
static double scale2(double x) { return scale(x) + scale(-x); }

#pragma acc routine vector nohost
static double rowsum(const double *r, int m)
{
  double s = 0.0;
#pragma acc loop vector reduction(+ : s)
  for (int j = 0; j < m; j++)
    s += scale(r[j]);
  return s;
}

int main(void)
{
  static double a[N][M], s[N], t[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i + 2 * j) % 9 - 4;
#pragma acc parallel loop gang copyin(a) copyout(s, t)
  for (int i = 0; i < N; i++) {
    s[i] = rowsum(a[i], M);
    t[i] = scale2(a[i][0]);
  }
  for (int i = 0; i < N; i++) {
    double w = 0.0;
    for (int j = 0; j < M; j++)
      w += 3.0 * a[i][j] - 1.0;
    if (s[i] != w || t[i] != -2.0) {
      fprintf(stderr, "row %d: %g %g, want %g -2\n", i, s[i], t[i], w);
      return 1;
    }
  }
  return 0;
}
