/* compute_kernels.c — kernels regions with plain loops: independent ones
 * run in parallel (see -fplugin-arg-accgpu-info), loops with a carried
 * dependence through memory or a scalar stay sequential; all must give the
 * serial results. */
#include "e2e.h"

#define N 4000

int main(void) {
  static double a[N], b[N], c[N], ra[N], rb[N], rc[N];
  double s = 0, rs = 0;
  int n = N;
  for (int i = 0; i < N; i++)
    a[i] = ra[i] = (i % 97) * 0.5;
#pragma acc kernels copy(a, b, c, s)
  {
    for (int i = 0; i < n; i++)          /* independent */
      b[i] = a[n - 1 - i] * 2.0;
    for (int i = 0; i < n - 1; i++)      /* anti-dependence: sequential */
      a[i] = a[i + 1] + b[i];
    for (int i = 1; i < n; i++)          /* flow dependence: sequential */
      c[i] = c[i - 1] + a[i];
    for (int i = 0; i < n / 2; i++) {    /* even/odd: independent */
      double t = c[2 * i + 1];
      c[2 * i] = t * 0.25;
    }
    for (int i = 0; i < n; i++)          /* scalar carried: sequential */
      s = s + b[i];
  }
  for (int i = 0; i < N; i++)
    rb[i] = ra[N - 1 - i] * 2.0;
  for (int i = 0; i < N - 1; i++)
    ra[i] = ra[i + 1] + rb[i];
  for (int i = 1; i < N; i++)
    rc[i] = rc[i - 1] + ra[i];
  for (int i = 0; i < N / 2; i++) {
    double t = rc[2 * i + 1];
    rc[2 * i] = t * 0.25;
  }
  for (int i = 0; i < N; i++)
    rs = rs + rb[i];
  for (int i = 0; i < N; i++) {
    CHECK_REAL("b", b[i], rb[i], 0);
    CHECK_REAL("a", a[i], ra[i], 0);
    CHECK_REAL("c", c[i], rc[i], 0);
  }
  CHECK_REAL("s", s, rs, 0);

  /* Loop nests: rows independent (parallel outer loop, inner loops
     sequential), a dependence between rows (sequential), row sums with a
     scalar declared in the outer body, a break (sequential). */
  enum { R = 60, C = 70 };
  static double m[R][C], rm[R][C], sum[R], rsum[R];
  static int first[R], rfirst[R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = rm[i][j] = (i * 7 + j * 3) % 11;
#pragma acc kernels copy(m, sum, first)
  {
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        m[i][j] = m[i][j] * 2 + i - j;
    for (int i = 1; i < R; i++)
      for (int j = 0; j < C; j++)
        m[i][j] += m[i - 1][j];
    for (int i = 0; i < R; i++) {
      double t = 0;
      for (int j = 0; j < C; j++)
        t += m[i][j];
      sum[i] = t;
    }
    for (int i = 0; i < R; i++) {
      first[i] = -1;
      for (int j = 0; j < C; j++)
        if (m[i][j] > 500) {
          first[i] = j;
          break;
        }
    }
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      rm[i][j] = rm[i][j] * 2 + i - j;
  for (int i = 1; i < R; i++)
    for (int j = 0; j < C; j++)
      rm[i][j] += rm[i - 1][j];
  for (int i = 0; i < R; i++) {
    double t = 0;
    for (int j = 0; j < C; j++)
      t += rm[i][j];
    rsum[i] = t;
  }
  for (int i = 0; i < R; i++) {
    rfirst[i] = -1;
    for (int j = 0; j < C; j++)
      if (rm[i][j] > 500) {
        rfirst[i] = j;
        break;
      }
  }
  for (int i = 0; i < R; i++) {
    for (int j = 0; j < C; j++)
      CHECK_REAL("nest", m[i][j], rm[i][j], 0);
    CHECK_REAL("row sum", sum[i], rsum[i], 0);
    CHECK_INT("first above", first[i], rfirst[i]);
  }
  return e2e_done();
}
