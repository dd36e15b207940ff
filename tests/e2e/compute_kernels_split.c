/* compute_kernels_split.c — a kernels region with several loop nests and
 * sequential code between them becomes one kernel per nest (see
 * -fplugin-arg-accgpu-info), launched in order; each parallel nest gets
 * full gangs, the sequential stores between nests run once.  Results must
 * equal the serial computation. */
#include "e2e.h"

#define N 2000

static void reference(double *a, double *b, double *c, double *s, int n) {
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2.0 + 1.0;
  b[0] = -1.0;                       /* sequential store between nests */
  s[0] = b[n - 1] + b[0];
  for (int i = 1; i < n; i++)
    c[i] = b[i - 1] + b[i] + s[0];
  c[0] = c[1];
  for (int i = 1; i < n; i++)        /* carried: stays sequential */
    a[i] = a[i - 1] + c[i] * 0.001;
  for (int i = 0; i < n; i++)
    b[i] = a[n - 1 - i] - c[i];
}

int main(void) {
  static double a[N], b[N], c[N], ra[N], rb[N], rc[N];
  double s[1] = {0}, rs[1] = {0};
  int n = N;
  for (int i = 0; i < N; i++)
    a[i] = ra[i] = (i % 31) * 0.25;
#pragma acc kernels copy(a, b, c, s)
  {
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2.0 + 1.0;
    b[0] = -1.0;
    s[0] = b[n - 1] + b[0];
    for (int i = 1; i < n; i++)
      c[i] = b[i - 1] + b[i] + s[0];
    c[0] = c[1];
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + c[i] * 0.001;
#pragma acc loop independent
    for (int i = 0; i < n; i++)
      b[i] = a[n - 1 - i] - c[i];
  }
  reference(ra, rb, rc, rs, N);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], ra[i], 1e-12);
    CHECK_REAL("b", b[i], rb[i], 1e-12);
    CHECK_REAL("c", c[i], rc[i], 1e-12);
  }
  CHECK_REAL("s", s[0], rs[0], 1e-12);
  return e2e_done();
}
