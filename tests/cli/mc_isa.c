/* The multicore image's AVX2 kernels (tests/cli/run.sh, 11): every kernel
   has an AVX2 and a baseline version, and either gives the host's results
   bit for bit.  Element-wise arithmetic only (a reduction's order differs
   between devices by design), with a * b + c everywhere an FMA contraction
   would change the last bit, in double and float, with a stencil's
   unaligned neighbours.  Prints "ok", or the first element that differs. */
#include <stdio.h>
#include <string.h>

#define N 4099 /* odd: every vector loop has a remainder */

static void axpy(double *y, const double *x, double a, int n) {
#pragma acc parallel loop copy(y[0:n]) copyin(x[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void stencil(float *out, const float *in, float c0, float c1, int n) {
#pragma acc parallel loop gang vector copyout(out[1:n-2]) copyin(in[0:n])
  for (int i = 1; i < n - 1; i++)
    out[i] = c0 * in[i] + c1 * in[i - 1] * in[i + 1];
}

static void rows(double *out, const double *in, int nr, int nc) {
#pragma acc parallel loop gang copy(out[0:nr*nc]) copyin(in[0:nr*nc])
  for (int r = 0; r < nr; r++) {
#pragma acc loop vector
    for (int c = 1; c < nc; c++)
      out[r * nc + c] = in[r * nc + c] * 1.0000001 + in[r * nc + c - 1] * 0.3;
  }
}

/* The same arithmetic on the host, one operation at a time (volatile: no
   contraction, whatever the flags). */
static double mad(double a, double b, double c) {
  volatile double p = a * b;
  return p + c;
}
static double madd(double a, double b, double c, double d) {
  volatile double p = a * b, q = c * d;
  return p + q;
}

static int same(const char *what, const void *a, const void *b, size_t n) {
  if (!memcmp(a, b, n))
    return 1;
  printf("%s differs from the host's\n", what);
  return 0;
}

int main(void) {
  static double x[N], y[N], yref[N], m[64 * 67], mo[64 * 67], mref[64 * 67];
  static float in[N], out[N], outref[N];
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 3);
    y[i] = yref[i] = 1.0 / (i + 7);
    in[i] = 1.0f / (float)(i + 5);
  }
  for (int i = 0; i < 64 * 67; i++)
    m[i] = 1.0 / (i + 11);
  axpy(y, x, 0.7, N);
  stencil(out, in, 0.3f, 0.9f, N);
  rows(mo, m, 64, 67);
  for (int i = 0; i < N; i++)
    yref[i] = mad(0.7, x[i], yref[i]);
  for (int i = 1; i < N - 1; i++) {
    volatile float p = 0.3f * in[i], q = 0.9f * in[i - 1];
    volatile float r = q * in[i + 1];
    outref[i] = p + r;
  }
  for (int r = 0; r < 64; r++)
    for (int c = 1; c < 67; c++)
      mref[r * 67 + c] = madd(m[r * 67 + c], 1.0000001, m[r * 67 + c - 1], 0.3);
  if (same("axpy", y, yref, sizeof y) &&
      same("stencil", out + 1, outref + 1, (N - 2) * sizeof *out) &&
      same("rows", mo, mref, sizeof mo))
    printf("ok\n");
  return 0;
}
