/* kernels_private.c — private(list) on a kernels construct, as published
 * programs write it (NVHPC accepts it; OpenACC 3.3 lists no private clause
 * for kernels and GCC 12 rejects it): each of the region's outermost loops
 * gets its own copies, as if the clause were written on them, and the
 * host's variables keep their values.  Scalars and an array, acc loops
 * (gang, gang+vector, a nest), a plain loop, kernels loop. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 300
#define W 8
static double a[N], b[N], c[N * W];
static double ra[N], rb[N], rc[N * W];

static void reference(void)
{
  for (int i = 0; i < N; i++) {
    double t = a[i] * 2;
    ra[i] = t + 1;
    double w[W];
    for (int k = 0; k < W; k++)
      w[k] = ra[i] + k;
    for (int k = 0; k < W; k++)
      rc[i * W + k] = w[W - 1 - k] * 2;
    rb[i] = (b[i] * 3 + 2 - 1) * 2;
  }
}

/* A parameter named in kernels private: its own copy in each iteration;
   returns the parameter afterwards (the caller's value). */
static double scale_param(double *v, int n, double t)
{
#pragma acc kernels copy(v[0:n]) private(t)
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      t = v[i] * 3;
      v[i] = t - 1;
    }
  }
  return t;
}

int main(void) {
  double t = 42, s = 17, w[W];
  for (int k = 0; k < W; k++)
    w[k] = -1;
  for (int i = 0; i < N; i++) {
    a[i] = i * 0.5;
    b[i] = N - i;
  }
  reference();
#pragma acc kernels copy(a, c) private(t, w)
  {
#pragma acc loop independent
    for (int i = 0; i < N; i++) {
      t = a[i] * 2;
      a[i] = t + 1;
    }
#pragma acc loop independent gang
    for (int i = 0; i < N; i++) {
#pragma acc loop vector
      for (int k = 0; k < W; k++)
        w[k] = a[i] + k;
#pragma acc loop vector
      for (int k = 0; k < W; k++)
        c[i * W + k] = w[W - 1 - k] * 2;
    }
  }
#pragma acc kernels copy(b) private(s)
  for (int i = 0; i < N; i++) {
    s = b[i] * 3;
    b[i] = s + 2;
  }
  double q = 9;
#pragma acc kernels loop copy(b) private(q)
  for (int i = 0; i < N; i++) {
    q = b[i] - 1;
    b[i] = q * 2;
  }
  for (int i = 0; i < N; i++) {
    CHECK_ABS("kernels private scalar", a[i], ra[i], 1e-12);
    CHECK_ABS("kernels private, plain loop, kernels loop", b[i], rb[i], 1e-12);
  }
  for (int n = 0; n < N * W; n++)
    CHECK_ABS("kernels private array", c[n], rc[n], 1e-12);
  double pv[N];
  for (int i = 0; i < N; i++)
    pv[i] = i * 0.5;
  CHECK_ABS("parameter unchanged", scale_param(pv, N, 2.5), 2.5, 0);
  for (int i = 0; i < N; i++)
    CHECK_ABS("kernels private parameter", pv[i], i * 1.5 - 1, 1e-12);
  CHECK_ABS("host's scalar unchanged", t, 42, 0);
  CHECK_ABS("host's scalar unchanged (plain loop)", s, 17, 0);
  CHECK_ABS("host's scalar unchanged (kernels loop)", q, 9, 0);
  for (int k = 0; k < W; k++)
    CHECK_ABS("host's array unchanged", w[k], -1, 0);
  return e2e_done();
}
