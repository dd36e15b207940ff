/* long_double_device.c — long double and long double _Complex in compute
 * regions, which the device computes in double (docs/compiler.md, "long
 * double"): arrays copied in and out in the host's 16-byte layout and
 * modified on the device (sqrtl, fabsl: the double functions), a
 * firstprivate scalar, a private array, a struct member, reductions
 * (+ * max min, complex +) on the construct, in `kernels loop`, on a
 * variable present in a data region and on a variable of the region in a
 * vector loop.  Values exactly representable in double must come back
 * exact; others within double's precision of a serial long double
 * reference. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "e2e.h"

#define N 1000

struct rec {
  int k;
  long double v;
  char tag;
};

/* |got - want| within double rounding of N terms of magnitude MAG */
static void check_near(const char *what, long double got, long double want,
                       long double mag)
{
  long double tol = 4 * N * mag * DBL_EPSILON;
  if (fabsl(got - want) > tol)
    CHECK_REAL(what, (double)got, (double)want, 0);
}

static void arrays(void)
{
  long double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  struct rec r[8];
  long double s = 0.25L, third = 1.0L / 3;
  for (int i = 0; i < N; i++) {
    x[i] = i - 500;
    y[i] = 0;
  }
  for (int k = 0; k < 8; k++) {
    r[k].k = k;
    r[k].v = k * 0.5L;
    r[k].tag = (char)('a' + k);
  }
#pragma acc parallel loop copy(x[0:N]) copyout(y[0:N]) firstprivate(s, third)
  for (int i = 0; i < N; i++) {
    long double w[3]; /* private, in the host's layout */
    for (int j = 0; j < 3; j++)
      w[j] = x[i] * (j + 1);
    x[i] = w[2] * s + w[1];
    y[i] = x[i] * third + sqrtl(fabsl(x[i])) - sqrtl(fabsl(x[i]));
  }
#pragma acc parallel loop copy(r[0:8])
  for (int k = 0; k < 8; k++)
    r[k].v = r[k].v * 4 + r[k].k;
  for (int i = 0; i < N; i++) {
    long double want = (i - 500) * 3 * 0.25L + (i - 500) * 2;
    CHECK_REAL("x (exact in double)", (double)x[i], (double)want, 0);
    check_near("y = x / 3 (double)", y[i], want / 3, fabsl(want) / N);
  }
  for (int k = 0; k < 8; k++) {
    CHECK_REAL("r[k].v", (double)r[k].v, 3.0 * k, 0);
    CHECK_INT("r[k].tag", r[k].tag, 'a' + k);
  }
  free(x);
  free(y);
}

static void reductions(void)
{
  long double *x = malloc(N * sizeof *x);
  long double sum = 10, prod = 1, mx = -1e300L, mn = 1e300L, tenth = 0;
  long double wsum = 10, wprod = 1, wmx = -1e300L, wmn = 1e300L, wtenth = 0;
  for (int i = 0; i < N; i++) {
    x[i] = (i * 37) % 101 - 50;
    wsum += x[i];
    wprod *= i % 100 == 0 ? 2 : 1;
    wmx = x[i] > wmx ? x[i] : wmx;
    wmn = x[i] < wmn ? x[i] : wmn;
    wtenth += x[i] / 10; /* not representable in double */
  }
#pragma acc parallel loop reduction(+:sum) reduction(*:prod) \
    reduction(max:mx) reduction(min:mn) copyin(x[0:N])
  for (int i = 0; i < N; i++) {
    sum += x[i];
    prod *= i % 100 == 0 ? 2 : 1;
    mx = x[i] > mx ? x[i] : mx;
    mn = x[i] < mn ? x[i] : mn;
  }
#pragma acc kernels loop reduction(+:tenth) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    tenth += x[i] / 10;
  CHECK_REAL("sum", (double)sum, (double)wsum, 0);
  CHECK_REAL("prod", (double)prod, (double)wprod, 0);
  CHECK_REAL("max", (double)mx, (double)wmx, 0);
  CHECK_REAL("min", (double)mn, (double)wmn, 0);
  check_near("tenth", tenth, wtenth, 5);
  /* present: the device's copy is reduced, then copied out */
  long double p = 1.5L;
  long double wp = p;
  for (int i = 0; i < N; i++)
    wp += x[i] * 3;
#pragma acc data copy(p) copyin(x[0:N])
  {
#pragma acc parallel loop reduction(+:p)
    for (int i = 0; i < N; i++)
      p += x[i] * 3;
  }
  CHECK_REAL("present p", (double)p, (double)wp, 0);
  /* a loop's reduction on a long double of the region */
  long double *row = malloc(10 * sizeof *row);
#pragma acc parallel loop gang copyin(x[0:N]) copyout(row[0:10])
  for (int k = 0; k < 10; k++) {
    long double t = k;
#pragma acc loop vector reduction(+:t)
    for (int i = 0; i < N; i++)
      t += x[i] * k;
    row[k] = t;
  }
  for (int k = 0; k < 10; k++) {
    long double w = k;
    for (int i = 0; i < N; i++)
      w += x[i] * k;
    CHECK_REAL("row[k]", (double)row[k], (double)w, 0);
  }
  free(row);
  free(x);
}

static void complex_values(void)
{
  long double _Complex *z = malloc(N * sizeof *z);
  long double _Complex tot = 10 + 10 * I, want = tot;
  for (int i = 0; i < N; i++) {
    z[i] = (i % 7) + (i % 5) * 0.5L * I;
    want += z[i] + z[i];
  }
#pragma acc parallel loop reduction(+:tot) copy(z[0:N])
  for (int i = 0; i < N; i++) {
    z[i] = z[i] * 2;
    tot += z[i];
  }
  CHECK_REAL("creal(tot)", (double)creall(tot), (double)creall(want), 0);
  CHECK_REAL("cimag(tot)", (double)cimagl(tot), (double)cimagl(want), 0);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("creal(z)", (double)creall(z[i]), 2.0 * (i % 7), 0);
    CHECK_REAL("cimag(z)", (double)cimagl(z[i]), (i % 5) * 1.0, 0);
  }
  free(z);
}

int main(void)
{
  arrays();
  reductions();
  complex_values();
  return e2e_done();
}
