/* real5_cfeat_arith.c — C arithmetic inside compute regions and routines
 * as the host does it: int/float conversions (truncation, negative values,
 * unsigned from float), integer division and modulo of negatives, shifts
 * (arithmetic right shift of negatives, 64-bit shifts), unsigned overflow
 * wrapping, float against double constants, and the C99 math functions
 * CUDA has (fmaf, fmin/fmax, copysign, ldexp, frexp, remquo, modf, ilogb,
 * scalbn, nextafter, fdim, trunc/round/rint/lrint, hypot, cbrt, erf,
 * tgamma, expm1, log1p, atan2, sincos-like pairs).  Checked against the
 * same functions run serially on the host (bit-exact where C rounds
 * exactly, to a few ulps for the transcendental ones). */
#include "e2e.h"
#include <float.h>
#include <math.h>
#include <stdint.h>

enum { N = 203 };

#pragma acc routine seq
static long long intmix(int i) {
  int a = i - 101, b = (i % 7) - 3;
  long long r = 0;
  if (b != 0) r += a / b * 1000 + a % b;
  r += (a >> 2) + ((unsigned)a >> 28) + (-a << 3);
  unsigned u = 4000000000u + (unsigned)i * 123456789u; /* wraps */
  r += u % 1000003u;
  uint16_t h = (uint16_t)(60000 + i * 100);
  r += h;
  int8_t c = (int8_t)(i * 3);
  r += c;
  uint64_t big = 0xfedcba9876543210ULL;
  r += (long long)((big >> (i % 64)) & 0xffff) + (long long)((big << (i % 61)) >> 50);
  long long sq = (long long)a * a * a;
  r += sq % 9973;
  r += -7 / 2 + (-7) % 2 + 7 / -2 + 7 % -2;
  return r;
}

static double convmix(int i) {
  double x = (i - 101) * 0.37;
  float f = (float)x;
  double r = 0;
  r += (int)x + (long)(x * 1e3) + (int)f + (short)(f * 10);
  r += (unsigned)(fabs(x) * 100) + (unsigned char)(int)(fabs(x) * 7);
  r += f / 3 + x / 3;          /* float and double divisions */
  r += 1.1f + 1.1 + 0.1f * i;  /* float constants stay float */
  float g = 16777216.0f;       /* 2^24: float addition rounds */
  g += 1.0f;
  r += g - 16777216.0f;
  r += (double)(float)(1.0 / 3.0) - 1.0 / 3.0;
  r += i / 2 + i / 2.0 + i % 2 * 0.5f;
  _Bool b = x;                 /* nonzero -> 1 */
  r += b;
  return r;
}

#pragma acc routine seq
static double mathmix(int i) {
  double x = (i - 101) * 0.173 + 0.01;
  float xf = (float)x;
  double r = 0;
  r += fmaf(xf, 1.5f, -0.25f) + fma(x, x, 1.0);
  r += fmin(x, 0.5) + fmax(x, -0.5) + fminf(xf, 0.25f) + fdim(x, 1.0);
  r += copysign(2.0, x) + copysignf(3.0f, -xf);
  int e;
  double m = frexp(x, &e);
  r += m + e + ldexp(x, i % 9 - 4) + scalbn(x, 3) + ilogb(x + 1000);
  int q;
  double rem = remquo(x, 0.7, &q);
  r += rem + (q & 7) + remainder(x, 1.3) + fmod(x, 1.3);
  double ip;
  r += modf(x, &ip) + ip;
  r += trunc(x) + round(x) + rint(x) + floor(x) + ceil(x) + lrint(x) + llround(x);
  r += nextafter(x, 0.0) - x;
  r += hypot(x, 2.0) + cbrt(x) + sqrt(fabs(x)) + sqrtf(fabsf(xf));
  r += erf(x * 0.1) + tgamma(fabs(x) * 0.2 + 0.5) + expm1(x * 0.01) + log1p(fabs(x));
  r += atan2(x, 1.5) + sin(x) * cos(x) + tanh(x * 0.1) + exp2(x * 0.05) + log2(fabs(x) + 1);
  r += powf(fabsf(xf) + 1, 0.5f) + pow(fabs(x) + 1, 1.5) + expf(xf * 0.1f) + logf(fabsf(xf) + 2);
  r += isnan(x) + isinf(x / 0.0) * 2 + signbit(x) * 4 + isfinite(x) * 8;
  return r;
}

static void test_arith(void) {
  static long long iout[N], kiout[N];
  static double cout[N], mout[N], sout[N];
#pragma acc parallel loop copyout(iout, cout, mout)
  for (int i = 0; i < N; i++) {
    iout[i] = intmix(i);
    cout[i] = convmix(i);
    mout[i] = mathmix(i);
  }
#pragma acc kernels copyout(kiout)
  for (int i = 0; i < N; i++) kiout[i] = intmix(i);
#pragma acc serial copyout(sout)
  for (int i = 0; i < N; i++) sout[i] = mathmix(i);
  for (int i = 0; i < N; i++) {
    CHECK_INT("integer ops", iout[i], intmix(i));
    CHECK_INT("integer ops kernels", kiout[i], intmix(i));
    CHECK_REAL("conversions", cout[i], convmix(i), 0);
    /* Its float terms (powf, expf, logf, sqrtf, fmaf; at most 8 each) are
       within 1-4 ulp on a GPU (CUDA's documented bounds), not glibc's
       correctly rounded ones: 4 ulp of 8 in float.  On an H200 they moved
       the sum by 1.5e-8; the double terms alone would pass 1e-12. */
    CHECK_ABS("math", mout[i], mathmix(i), 4 * 8 * FLT_EPSILON);
    CHECK_ABS("math serial", sout[i], mathmix(i), 4 * 8 * FLT_EPSILON);
  }
}

/* The same expressions written inline in a vector loop. */
static void test_inline(void) {
  static unsigned u[N], wu[N];
  static float f[N], wf[N];
  static int d[N], wd[N];
  for (int i = 0; i < N; i++) {
    wu[i] = (unsigned)i * 2654435761u ^ ((unsigned)i << 29) ^ (0u - (unsigned)i);
    wf[i] = fmaf((float)i, 0.1f, 1.0f) / 3.0f + (float)(i % 3 == 0 ? -0.5 : 0.5f);
    wd[i] = (i - 100) / 8 + (i - 100) % 8 + ((i - 100) >> 3) + (int)((i - 100) * -0.75f);
  }
#pragma acc parallel loop vector copyout(u, f, d)
  for (int i = 0; i < N; i++) {
    u[i] = (unsigned)i * 2654435761u ^ ((unsigned)i << 29) ^ (0u - (unsigned)i);
    f[i] = fmaf((float)i, 0.1f, 1.0f) / 3.0f + (float)(i % 3 == 0 ? -0.5 : 0.5f);
    d[i] = (i - 100) / 8 + (i - 100) % 8 + ((i - 100) >> 3) + (int)((i - 100) * -0.75f);
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("unsigned wrap", u[i], wu[i]);
    CHECK_REAL("float ops", f[i], wf[i], 0);
    CHECK_INT("negative div/shift", d[i], wd[i]);
  }
}

int main(void) {
  test_arith();
  test_inline();
  return e2e_done();
}
