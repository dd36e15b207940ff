/* compute_complex.c — _Complex float and double values in compute regions
 * (no reduction): arrays copied in and out, + - * / (full product and
 * quotient), negation, conj, creal/cimag and __real__/__imag__ as
 * lvalues, == and !=, conversions between real, complex float and
 * complex double, a complex firstprivate scalar.  Reference: the same
 * expressions on the host. */
#include <complex.h>

#include "e2e.h"

#define N 300

static double complex a[N], b[N], r1[N], r2[N];
static float complex fa[N], fr[N];
static double re[N];
static int eq[N];

static double complex f1(double complex x, double complex y, double complex c)
{
  return (x * y - c) / (y + 2.0) + conj(x) * -y;
}

static float complex f2(float complex x, double complex y)
{
  return x * (float complex)y + 1.5f;
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = (i % 17 - 8) * 0.25 + (i % 13 - 6) * 0.5 * I;
    b[i] = (i % 11 + 1) * 0.125 - (i % 7 - 3) * 0.75 * I;
    fa[i] = (float)(i % 5) - (float)(i % 9) * 0.5f * I;
  }
  double complex c = 0.5 - 2.0 * I;
#pragma acc parallel loop copyin(a, b, fa) copyout(r1, r2, fr, re, eq) \
    firstprivate(c)
  for (int i = 0; i < N; i++) {
    r1[i] = f1(a[i], b[i], c);
    double complex t = a[i];
    __real__ t = cimag(b[i]);
    __imag__ t += 1.0;
    r2[i] = t;
    fr[i] = f2(fa[i], b[i]);
    re[i] = creal(a[i] * b[i]) + cimag(-a[i]);
    eq[i] = (a[i] == b[i]) + 2 * (a[i] != a[i]) + 4 * (a[i] == a[i]);
  }
  for (int i = 0; i < N; i++) {
    double complex w = f1(a[i], b[i], c);
    CHECK_REAL("creal f1", creal(r1[i]), creal(w), 1e-12);
    CHECK_REAL("cimag f1", cimag(r1[i]), cimag(w), 1e-12);
    CHECK_REAL("__real__ lvalue", creal(r2[i]), cimag(b[i]), 0);
    CHECK_REAL("__imag__ lvalue", cimag(r2[i]), cimag(a[i]) + 1.0, 0);
    float complex fw = f2(fa[i], b[i]);
    CHECK_REAL("creal f2", crealf(fr[i]), crealf(fw), 1e-6);
    CHECK_REAL("cimag f2", cimagf(fr[i]), cimagf(fw), 1e-6);
    CHECK_REAL("creal product", re[i], creal(a[i] * b[i]) - cimag(a[i]), 1e-12);
    CHECK_INT("== !=", eq[i], (a[i] == b[i]) + 4);
  }
  return e2e_done();
}
