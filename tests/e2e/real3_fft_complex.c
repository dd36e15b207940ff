/* real3_fft_complex.c — complex arithmetic as spectral and nuclear codes
 * write it in OpenACC C: a radix-2 FFT over the rows of a 2-D array with
 * complex values as pairs of doubles (bit reversal, then one `parallel
 * loop collapse(2)` of butterflies per stage launched from a host loop,
 * twiddles from cos/sin), then the columns; a DFT with C99 `double
 * complex` using cexp, cabs, carg, csqrt and conj in the kernel (and clog, cpow,
 * csin, ccos, csinh, ccosh and the float versions in a routine); an
 * RSBench-style multipole evaluation (a `typedef` complex struct with
 * `routine seq` c_add/c_mul/c_div returning structs, a Faddeeva-like
 * fast_cexp, window lookups in arrays of structs, a `reduction(+:)` on
 * unsigned long of a verification hash). Each against serial code. */
#include "e2e.h"
#include <complex.h>
#include <math.h>
#include <stdlib.h>

/* ---- 2-D FFT with complex as double pairs ---- */
#define LOGN 5
#define FN (1 << LOGN)

static unsigned bitrev(unsigned x, int bits)
{
  unsigned r = 0;
  for (int b = 0; b < bits; b++, x >>= 1)
    r = (r << 1) | (x & 1u);
  return r;
}

/* One stage of butterflies on every row (stride 1) or column (stride FN)
   of a FN x FN array of (re, im) pairs. */
static void fft_stage(double *restrict d, int half, int along_rows, int dev)
{
  int span = half * 2;
#pragma acc parallel loop collapse(2) present(d[0:2*FN*FN]) if(dev)
  for (int line = 0; line < FN; line++)
    for (int t = 0; t < FN / 2; t++) {
      int grp = t / half, pos = t % half;
      int a = grp * span + pos, b = a + half;
      int ia = along_rows ? line * FN + a : a * FN + line;
      int ib = along_rows ? line * FN + b : b * FN + line;
      double ang = -2.0 * M_PI * pos / span;
      double wr = cos(ang), wi = sin(ang);
      double xr = d[2 * ib] * wr - d[2 * ib + 1] * wi;
      double xi = d[2 * ib] * wi + d[2 * ib + 1] * wr;
      d[2 * ib] = d[2 * ia] - xr;
      d[2 * ib + 1] = d[2 * ia + 1] - xi;
      d[2 * ia] += xr;
      d[2 * ia + 1] += xi;
    }
}

static void bit_reverse(double *restrict d, const int *restrict rev,
                        int along_rows, int dev)
{
#pragma acc parallel loop collapse(2) present(d[0:2*FN*FN], rev[0:FN]) \
    if(dev)
  for (int line = 0; line < FN; line++)
    for (int k = 0; k < FN; k++) {
      int j = rev[k];
      if (j > k) {
        int ik = along_rows ? line * FN + k : k * FN + line;
        int ij = along_rows ? line * FN + j : j * FN + line;
        double tr = d[2 * ik], ti = d[2 * ik + 1];
        d[2 * ik] = d[2 * ij];
        d[2 * ik + 1] = d[2 * ij + 1];
        d[2 * ij] = tr;
        d[2 * ij + 1] = ti;
      }
    }
}

static void fft2d(double *d, int dev)
{
  int rev[FN];
  for (int k = 0; k < FN; k++)
    rev[k] = (int)bitrev((unsigned)k, LOGN);
#pragma acc data copy(d[0:2*FN*FN]) copyin(rev) if(dev)
  for (int rows = 1; rows >= 0; rows--) {
    bit_reverse(d, rev, rows, dev);
    for (int half = 1; half < FN; half *= 2)
      fft_stage(d, half, rows, dev);
  }
}

static void test_fft(void)
{
  double *d = malloc(2 * FN * FN * sizeof *d);
  double *r = malloc(2 * FN * FN * sizeof *r);
  for (int i = 0; i < FN * FN; i++) {
    d[2 * i] = r[2 * i] = sin(0.1 * i) + (i % 7) * 0.25;
    d[2 * i + 1] = r[2 * i + 1] = cos(0.05 * i) * 0.5;
  }
  fft2d(d, 1);
  fft2d(r, 0);
  for (int i = 0; i < 2 * FN * FN; i++)
    CHECK_ABS("fft2d", d[i], r[i], 1e-9);
  /* A spot check of one coefficient against the direct sum. */
  double sr = 0, si = 0;
  for (int y = 0; y < FN; y++)
    for (int x = 0; x < FN; x++) {
      int i = y * FN + x;
      double ang = -2.0 * M_PI * (3.0 * y + 5.0 * x) / FN;
      double vr = sin(0.1 * i) + (i % 7) * 0.25, vi = cos(0.05 * i) * 0.5;
      sr += vr * cos(ang) - vi * sin(ang);
      si += vr * sin(ang) + vi * cos(ang);
    }
  CHECK_ABS("fft2d direct re", d[2 * (3 * FN + 5)], sr, 1e-8);
  CHECK_ABS("fft2d direct im", d[2 * (3 * FN + 5) + 1], si, 1e-8);
  free(d), free(r);
}

/* ---- DFT with C99 complex ---- */
#define DN 200

static void dft(const double complex *x, double complex *X, double *mag,
                double *ph, int n)
{
  for (int k = 0; k < n; k++) {
    double complex s = 0;
    for (int t = 0; t < n; t++)
      s += x[t] * cexp(-2.0 * I * M_PI * (double)k * t / n);
    X[k] = conj(csqrt(s * s));
    mag[k] = cabs(s);
    ph[k] = carg(s);
  }
}

static void test_dft(void)
{
  double complex *x = malloc(DN * sizeof *x), *X = malloc(DN * sizeof *X);
  double complex *R = malloc(DN * sizeof *R);
  double mag[DN], ph[DN], rmag[DN], rph[DN];
  for (int t = 0; t < DN; t++)
    x[t] = sin(0.3 * t) + I * (0.5 * cos(0.7 * t) + 0.01 * t);
  const int n = DN;
#pragma acc parallel loop copyin(x[0:n]) copyout(X[0:n], mag, ph)
  for (int k = 0; k < n; k++) {
    double complex s = 0;
    for (int t = 0; t < n; t++)
      s += x[t] * cexp(-2.0 * I * M_PI * (double)k * t / n);
    X[k] = conj(csqrt(s * s));
    mag[k] = cabs(s);
    ph[k] = carg(s);
  }
  dft(x, R, rmag, rph, n);
  for (int k = 0; k < n; k++) {
    CHECK_ABS("dft re", creal(X[k]), creal(R[k]), 1e-9 * (1 + rmag[k]));
    CHECK_ABS("dft im", cimag(X[k]), cimag(R[k]), 1e-9 * (1 + rmag[k]));
    CHECK_ABS("dft mag", mag[k], rmag[k], 1e-9 * (1 + rmag[k]));
    if (rmag[k] > 1e-6)
      CHECK_ABS("dft phase", cos(ph[k] - rph[k]), 1.0, 1e-9);
  }
  free(x), free(X), free(R);
}

/* The rest of <complex.h>'s functions, double and float. */
#define CM 64
static double complex cmath_d(double complex z, double complex w)
{
  return clog(z) + cpow(z, w) + csin(z) * 0.5 + ccos(z) - csinh(z) * 0.25 +
         ccosh(z * 0.5) + csqrt(-z) + cexp(conj(z)) * cabs(w) + carg(-w);
}

static float complex cmath_f(float complex z, float complex w)
{
  return clogf(z) + cpowf(z, w) + csinf(z) * 0.5f + ccosf(z) -
         csinhf(z) * 0.25f + ccoshf(z * 0.5f) + csqrtf(-z) +
         cexpf(conjf(z)) * cabsf(w) + cargf(-w);
}

static void test_cmath(void)
{
  double complex zd[CM], od[CM];
  float complex zf[CM], of[CM];
  for (int i = 0; i < CM; i++) {
    zd[i] = (i % 8 - 3.5) * 0.3 + I * ((i / 8) - 3.5) * 0.25;
    zf[i] = (float complex)zd[i];
  }
#pragma acc parallel loop copyin(zd, zf) copyout(od, of)
  for (int i = 0; i < CM; i++) {
    od[i] = cmath_d(zd[i], zd[CM - 1 - i]);
    of[i] = cmath_f(zf[i], zf[CM - 1 - i]);
  }
  for (int i = 0; i < CM; i++) {
    double complex r = cmath_d(zd[i], zd[CM - 1 - i]);
    float complex rf = cmath_f(zf[i], zf[CM - 1 - i]);
    CHECK_ABS("cmath re", creal(od[i]), creal(r), 1e-12 * (1 + cabs(r)));
    CHECK_ABS("cmath im", cimag(od[i]), cimag(r), 1e-12 * (1 + cabs(r)));
    CHECK_ABS("cmathf re", crealf(of[i]), crealf(rf), 1e-4 * (1 + cabsf(rf)));
    CHECK_ABS("cmathf im", cimagf(of[i]), cimagf(rf), 1e-4 * (1 + cabsf(rf)));
  }
}

/* ---- RSBench-style multipole ---- */
typedef struct { double r, i; } RSComplex;
typedef struct { RSComplex MP_EA, MP_RT, MP_RA, MP_RF; short l_value; } Pole;
typedef struct { double T, A, F; int start, end; } Window;

#pragma acc routine seq
static RSComplex c_add(RSComplex a, RSComplex b)
{
  RSComplex c = {a.r + b.r, a.i + b.i};
  return c;
}

#pragma acc routine seq
static RSComplex c_sub(RSComplex a, RSComplex b)
{
  RSComplex c = {a.r - b.r, a.i - b.i};
  return c;
}

#pragma acc routine seq
static RSComplex c_mul(RSComplex a, RSComplex b)
{
  RSComplex c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
  return c;
}

#pragma acc routine seq
static RSComplex c_div(RSComplex a, RSComplex b)
{
  double den = b.r * b.r + b.i * b.i;
  RSComplex c = {(a.r * b.r + a.i * b.i) / den, (a.i * b.r - a.r * b.i) / den};
  return c;
}

#pragma acc routine seq
static RSComplex fast_cexp(RSComplex z)
{
  double t = exp(z.r);
  RSComplex c = {t * cos(z.i), t * sin(z.i)};
  return c;
}

#define NPOLE 64
#define NWIN 8
#define NLOOK 600

#pragma acc routine seq
static void calculate_micro_xs(double E, const Pole *poles,
                               const Window *w, double *micro)
{
  int window = (int)(E * NWIN);
  if (window >= NWIN)
    window = NWIN - 1;
  double sigT = E * w[window].T, sigA = E * w[window].A;
  double sigF = E * w[window].F;
  RSComplex sqrtE = {sqrt(E), 0}, one = {1, 0};
  for (int p = w[window].start; p < w[window].end; p++) {
    RSComplex phi = {0.1 * poles[p].l_value, -E};
    RSComplex sig_T_factor = fast_cexp(phi);
    RSComplex psi = c_div(one, c_sub(poles[p].MP_EA, sqrtE));
    RSComplex chi = c_mul(psi, sig_T_factor);
    sigT += c_mul(poles[p].MP_RT, chi).r;
    sigA += c_mul(poles[p].MP_RA, psi).r;
    sigF += c_add(c_mul(poles[p].MP_RF, psi), chi).i;
  }
  micro[0] = sigT, micro[1] = sigA, micro[2] = sigF;
}

static void test_rsbench(void)
{
  Pole *poles = malloc(NPOLE * sizeof *poles);
  Window w[NWIN];
  for (int p = 0; p < NPOLE; p++) {
    poles[p].MP_EA = (RSComplex){2.0 + 0.1 * p, 0.3 + 0.01 * p};
    poles[p].MP_RT = (RSComplex){0.5 + 0.02 * (p % 9), -0.1};
    poles[p].MP_RA = (RSComplex){0.25, 0.05 * (p % 4)};
    poles[p].MP_RF = (RSComplex){0.125 * (p % 3), 0.2};
    poles[p].l_value = (short)(p % 4);
  }
  for (int k = 0; k < NWIN; k++)
    w[k] = (Window){0.1 * k, 0.2, 0.05 * k, k * NPOLE / NWIN,
                    (k + 1) * NPOLE / NWIN};
  double *out = malloc(NLOOK * sizeof *out);
  unsigned long hash = 0, rhash = 0;
#pragma acc parallel loop copyin(poles[0:NPOLE], w) copyout(out[0:NLOOK]) \
    reduction(+:hash)
  for (int i = 0; i < NLOOK; i++) {
    double E = (i * 0.61803398875 - (int)(i * 0.61803398875));
    double micro[3];
    calculate_micro_xs(E, poles, w, micro);
    out[i] = micro[0] + micro[1] + micro[2];
    unsigned long best = 0;
    for (int k = 1; k < 3; k++)
      if (micro[k] > micro[best])
        best = k;
    hash += best + 1;
  }
  for (int i = 0; i < NLOOK; i++) {
    double E = (i * 0.61803398875 - (int)(i * 0.61803398875));
    double micro[3];
    calculate_micro_xs(E, poles, w, micro);
    CHECK_REAL("rsbench xs", out[i], micro[0] + micro[1] + micro[2], 1e-12);
    unsigned long best = 0;
    for (int k = 1; k < 3; k++)
      if (micro[k] > micro[best])
        best = k;
    rhash += best + 1;
  }
  CHECK_INT("rsbench hash", hash, rhash);
  free(poles), free(out);
}

int main(void)
{
  test_fft();
  test_dft();
  test_cmath();
  test_rsbench();
  return e2e_done();
}
