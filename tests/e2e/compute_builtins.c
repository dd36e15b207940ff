/* compute_builtins.c — builtins that real C kernels call, in compute
 * regions: __builtin_popcount/clz/ctz/ffs/parity (int, long, long long),
 * __builtin_bswap16/32/64, frexp/modf/remquo (the pointer output a kernel
 * local; sincos too), nextafter, scalbln, j0/j1/jn/y0/y1/yn, float variants, the
 * classification macros (isgreater, isless, islessgreater, isunordered,
 * fpclassify, isnormal, __builtin_isinf_sign), __builtin_huge_val/inf/nan,
 * memcpy/memset/memmove/memcmp on local and mapped arrays, an assert that
 * holds.  Reference: the
 * same calls on the host. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define N 64

static unsigned long long u[N];
static double d[N];
static long long bits[N][16];
static double fr[N][12];
static float ff[N][4];
static int cls[N][8];
static unsigned char bytes[N][16], mv[N][16];
static int cmp[N];
static unsigned char fill[N][8];
static unsigned long long cp[N];

#pragma acc routine seq
static void bit_ops(unsigned long long x, long long *o)
{
  unsigned v = (unsigned)x | 1u; /* clz/ctz of 0 are undefined */
  unsigned long long w = x | 1ull << 40;
  o[0] = __builtin_popcount((unsigned)x);
  o[1] = __builtin_popcountl((unsigned long)x);
  o[2] = __builtin_popcountll(x);
  o[3] = __builtin_clz(v);
  o[4] = __builtin_clzl((unsigned long)w);
  o[5] = __builtin_clzll(w);
  o[6] = __builtin_ctz(v << (x % 7));
  o[7] = __builtin_ctzl((unsigned long)w);
  o[8] = __builtin_ctzll(w << (x % 5));
  o[9] = __builtin_ffs((int)x);
  o[10] = __builtin_ffsl((long)x) + __builtin_ffsll((long long)x);
  o[11] = __builtin_parity((unsigned)x) + 2 * __builtin_parityl((long)x) +
          4 * __builtin_parityll(x);
  o[12] = __builtin_bswap16((unsigned short)x);
  o[13] = __builtin_bswap32((unsigned)x);
  o[14] = (long long)__builtin_bswap64(x);
}

#pragma acc routine seq
static void math_ops(double x, double *o, float *of)
{
  int e, q;
  double ip;
  float fip;
  o[0] = frexp(x, &e) + e;
  o[1] = modf(x, &ip) + 1000 * ip;
  o[2] = remquo(x, 0.75, &q) + (q < 0 ? -1 : 1) * (abs(q) & 7) * 100;
  o[3] = nextafter(x, 0.0) - x;
  o[4] = scalbln(x, 3);
  o[5] = j0(x) + j1(x) + jn(2, x);
  o[6] = y0(fabs(x) + 0.5) + y1(fabs(x) + 0.5) + yn(2, fabs(x) + 0.5);
  o[7] = (__builtin_huge_val() > x) + 2 * isinf(__builtin_inff());
  o[8] = isnan(__builtin_nan("")) ? 3.0 : 4.0;
  double sn, cs;
  __builtin_sincos(x, &sn, &cs);
  o[9] = sn + 2 * cs;
  of[0] = frexpf((float)x, &e) + e;
  of[1] = modff((float)x, &fip) + fip;
  of[2] = nextafterf((float)x, 1.0f) + fmaf((float)x, 2.0f, 1.0f);
  float fs, fc;
  __builtin_sincosf((float)x, &fs, &fc);
  of[3] = fs + fc + j0f((float)x) + remquof((float)x, 0.5f, &q) + (q < 0 ? -1 : 1) * (abs(q) & 7);
}

#pragma acc routine seq
static void classify(double x, double y, int *o)
{
  o[0] = isgreater(x, y);
  o[1] = isless(x, y) + 2 * isgreaterequal(x, y) + 4 * islessequal(x, y);
  o[2] = islessgreater(x, y);
  o[3] = isunordered(x, y);
  o[4] = fpclassify(x);
  o[5] = isnormal(x) + 2 * isnormal((float)x);
  o[6] = __builtin_isinf_sign(x) + 3 * __builtin_isinf_sign(y);
}

#pragma acc routine seq
static int mem_ops(int i, unsigned char *out, unsigned char *m)
{
  unsigned char buf[16];
  memset(buf, i & 0xff, sizeof buf);
  memcpy(buf + 4, &i, sizeof i);
  memcpy(out, buf, 16);
  assert(memcmp(out, buf, 16) == 0 && out[4] == (unsigned char)i);
  for (int k = 0; k < 16; k++)
    m[k] = (unsigned char)(k * 3 + i);
  memmove(m + 2, m, 9);
  memmove(m + 10, m + 11, 5);
  return memcmp(buf, m, 16) < 0 ? -1 : memcmp(buf, m, 16) > 0;
}

static double value(int i)
{
  double special[] = {0.0, -0.0, 1e-310, -1e-310, 1.0, 0.75, 0, 0};
  special[6] = HUGE_VAL;
  special[7] = -special[6];
  if (i < 8)
    return special[i];
  return (i % 2 ? -1 : 1) * (i * 0.37 + 0.1) * (i % 3 ? 1 : 1e5);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    u[i] = 0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1);
    d[i] = value(i);
  }
  u[3] = 0;
  u[4] = ~0ull;
#pragma acc parallel loop copyin(u, d) copyout(bits, fr, ff, cls, bytes, \
                                              mv, cmp, fill, cp)
  for (int i = 0; i < N; i++) {
    bit_ops(u[i], bits[i]);
    math_ops(d[i] < 1e300 && d[i] > -1e300 ? d[i] : 2.5, fr[i], ff[i]);
    classify(d[i], i % 5 ? d[(i + 1) % N] : __builtin_nan(""), cls[i]);
    cmp[i] = mem_ops(i, bytes[i], mv[i]);
    memset(fill[i], 0x5a + i, 8); /* on mapped arrays, in the kernel */
    memcpy(&cp[i], &u[(i + 1) % N], sizeof cp[i]);
  }
  for (int i = 0; i < N; i++) {
    long long rb[16];
    double rf[12];
    float rff[4];
    int rc[8];
    unsigned char rby[16], rmv[16];
    double x = d[i] < 1e300 && d[i] > -1e300 ? d[i] : 2.5;
    bit_ops(u[i], rb);
    for (int k = 0; k < 15; k++)
      CHECK_INT("bits", bits[i][k], rb[k]);
    math_ops(x, rf, rff);
    /* Bessel functions: CUDA's error bounds are absolute. */
    for (int k = 0; k < 10; k++)
      CHECK_ABS("math", fr[i][k], rf[k],
                k == 5 || k == 6 ? 1e-8 : k == 9 ? 1e-12 : 0);
    for (int k = 0; k < 4; k++)
      CHECK_ABS("float math", ff[i][k], rff[k], k == 3 ? 1e-4 : 0);
    classify(d[i], i % 5 ? d[(i + 1) % N] : __builtin_nan(""), rc);
    for (int k = 0; k < 7; k++)
      CHECK_INT("classify", cls[i][k], rc[k]);
    CHECK_INT("memcmp", cmp[i], mem_ops(i, rby, rmv));
    CHECK_INT("memcpy", (long long)cp[i], (long long)u[(i + 1) % N]);
    for (int k = 0; k < 8; k++)
      CHECK_INT("memset", fill[i][k], (unsigned char)(0x5a + i));
    for (int k = 0; k < 16; k++) {
      CHECK_INT("memcpy/memset", bytes[i][k], rby[k]);
      CHECK_INT("memmove", mv[i][k], rmv[k]);
    }
  }
  return e2e_done();
}
