/* compute_loop_auto.c — `loop auto` decided by the dependence test: an
 * independent loop runs partitioned, one with a carried dependence stays
 * sequential (see -fplugin-arg-accgpu-info); both must give the serial
 * results, in parallel and kernels regions. */
#include "e2e.h"

#define N 3000

int main(void) {
  static double a[N], b[N], c[N], ra[N], rb[N], rc[N];
  int n = N;
  for (int i = 0; i < N; i++) {
    a[i] = ra[i] = (i % 17) * 0.5;
    c[i] = rc[i] = 1.0;
  }
#pragma acc parallel copy(a, b, c)
  {
#pragma acc loop auto
    for (int i = 0; i < n; i++)        /* independent */
      b[i] = a[n - 1 - i] * 3.0;
#pragma acc loop auto
    for (int i = 1; i < n; i++)        /* flow dependence */
      c[i] = c[i - 1] * 0.5 + a[i];   /* (a: not written here) */
  }
#pragma acc kernels copy(a, b)
  {
#pragma acc loop auto
    for (int i = 0; i < n / 2; i++) {  /* even/odd: independent */
      double t = a[2 * i + 1];
      a[2 * i] = t + b[i];
    }
#pragma acc loop auto
    for (int i = 0; i < n - 1; i++)    /* anti-dependence */
      b[i] = b[i + 1] + a[i];
  }
  for (int i = 0; i < N; i++)
    rb[i] = ra[N - 1 - i] * 3.0;
  for (int i = 1; i < N; i++)
    rc[i] = rc[i - 1] * 0.5 + ra[i];
  for (int i = 0; i < N / 2; i++) {
    double t = ra[2 * i + 1];
    ra[2 * i] = t + rb[i];
  }
  for (int i = 0; i < N - 1; i++)
    rb[i] = rb[i + 1] + ra[i];
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], ra[i], 1e-12);
    CHECK_REAL("b", b[i], rb[i], 1e-12);
    CHECK_REAL("c", c[i], rc[i], 1e-12);
  }
  return e2e_done();
}
