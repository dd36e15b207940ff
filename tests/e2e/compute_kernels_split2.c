/* compute_kernels_split2.c — splitting kernels regions in the common
 * cases: several levels of declarations, a nest inside an `if` (kept with
 * its condition), a local computed by one nest and read by a later one
 * (those pieces stay one kernel, the rest is still split), an array
 * declared in the region.  Results equal the serial computation; the
 * accgpu-expect-note comments check the split and the mapping. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define N 3000

static void reference(double *a, double *b, double *c, int n, int flag) {
  int k = 3;
  for (int i = 0; i < n; i++)
    b[i] = a[i] * k;
  if (flag)
    for (int i = 0; i < n; i++)
      c[i] = b[i] + 1.0;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += b[i];
  for (int i = 0; i < n; i++)
    a[i] = b[i] / s;
  double w[4] = {1.0, 2.0, 3.0, 4.0};
  for (int i = 0; i < n; i++)
    c[i] += w[i % 4];
}

int main(void) {
  static double a[N], b[N], c[N], ra[N], rb[N], rc[N];
  int n = N;
  for (int flag = 0; flag < 2; flag++) {
    for (int i = 0; i < N; i++) {
      a[i] = ra[i] = 1.0 + (i % 10) * 0.1;
      c[i] = rc[i] = -2.0;
    }
#pragma acc kernels copy(a, b, c) /* accgpu-expect-note: split into 4 kernels */
    {
      int k = 3;
      {
        for (int i = 0; i < n; i++) /* accgpu-expect-note: across gangs and vector */
          b[i] = a[i] * k;
        if (flag)
          for (int i = 0; i < n; i++) /* accgpu-expect-note: across gangs and vector */
            c[i] = b[i] + 1.0;
        double s = 0.0;
        for (int i = 0; i < n; i++) /* accgpu-expect-note: reduction\(\+:.+s.+\) */
          s += b[i];
        for (int i = 0; i < n; i++)
          a[i] = b[i] / s;
        double w[4] = {1.0, 2.0, 3.0, 4.0};
        for (int i = 0; i < n; i++)
          c[i] += w[i % 4];
      }
    }
    reference(ra, rb, rc, N, flag);
    for (int i = 0; i < N; i++) {
      CHECK_REAL("a", a[i], ra[i], 1e-12);
      CHECK_REAL("b", b[i], rb[i], 1e-12);
      CHECK_REAL("c", c[i], rc[i], 1e-12);
    }
  }
  return e2e_done();
}
