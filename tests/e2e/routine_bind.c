/* `routine ... bind(g)` and `bind("g")` (OpenACC 3.3 §2.15.1): a call of
 * the routine in a compute region runs the bound function on a device (the
 * emulator, multicore), the routine itself on the host device and in host
 * code.  Each bound function computes something else than its routine, so
 * the result says which ran; the reference is a serial computation of the
 * one that should have, chosen by what the region reports about where it
 * ran (acc_on_device).  Forms: unnamed with an identifier declared after
 * the directive, unnamed with a string, named between the routine's
 * prototype and its definition (a string, an identifier), a vector
 * routine bound to a vector routine (its loop partitioned), a seq routine
 * bound to a worker routine, a bound function with no directive of its own
 * (compiled as routine seq), a routine bound to one that binds another,
 * static bound functions that nothing else calls (defined before and after
 * the directive).  GCC 12's own OpenACC rejects bind: accgpu-only. */
/* accgpu-test: accgpu-only */
#include <openacc.h>
#include <stdio.h>

enum { N = 300, M = 64 };

/* Unnamed, identifier declared further down. */
#pragma acc routine seq bind(dev_sq)
double sq(double x) { return x * x; }
double dev_sq(double x) { return x * x + 1000.0; } /* no directive */

/* Unnamed, string. */
#pragma acc routine seq bind("dev_half")
double half(double x) { return x / 2.0; }
#pragma acc routine seq
static double dev_half(double x) { return x / 2.0 - 7.0; } /* only bound */

/* Named, between the prototype and the definition; string naming a
   function defined further down. */
double cube(double x);
#pragma acc routine(cube) seq bind("dev_cube")
double cube(double x) { return x * x * x; }
#pragma acc routine seq
double dev_cube(double x) { return -x; }

/* Named, identifier defined before. */
double twice(double x);
#pragma acc routine seq
static double dev_twice(double x) { return 2.0 * x + 0.5; } /* only bound */
#pragma acc routine(twice) seq bind(dev_twice)
double twice(double x) { return 2.0 * x; }

/* vector bound to vector: the device sums a row with a vector loop. */
#pragma acc routine vector
double dev_rowsum(const double *r, int m)
{
  double s = 0.0;
#pragma acc loop vector reduction(+ : s)
  for (int j = 0; j < m; j++)
    s += 3.0 * r[j];
  return s;
}
#pragma acc routine vector bind(dev_rowsum)
double rowsum(const double *r, int m)
{
  double s = 0.0;
  for (int j = 0; j < m; j++)
    s += r[j];
  return s;
}

/* seq bound to worker: the call runs at the worker routine's level. */
#pragma acc routine worker
double dev_wsum(const double *r, int m)
{
  double s = 0.0;
#pragma acc loop worker reduction(+ : s)
  for (int j = 0; j < m; j++)
    s += r[j] + 1.0;
  return s;
}
#pragma acc routine seq bind(dev_wsum)
double wsum(const double *r, int m)
{
  double s = 0.0;
  for (int j = 0; j < m; j++)
    s -= r[j];
  return s;
}

/* A chain: inc -> dev_inc1 -> dev_inc2. */
#pragma acc routine seq
double dev_inc2(double x) { return x + 200.0; }
#pragma acc routine seq bind(dev_inc2)
double dev_inc1(double x) { return x + 100.0; }
#pragma acc routine seq bind(dev_inc1)
double inc(double x) { return x + 1.0; }

/* A routine calling a bound routine: its device version calls dev_sq. */
#pragma acc routine seq
double sq_plus(double x) { return sq(x) + 1.0; }

static int on_device(void)
{
  int dev = 0;
#pragma acc serial copyout(dev)
  dev = !acc_on_device(acc_device_host);
  return dev;
}

static int check(const char *what, const double *got, int i, double want)
{
  if (got[i] == want)
    return 0;
  fprintf(stderr, "%s[%d] = %g, want %g\n", what, i, got[i], want);
  return 1;
}

int main(void)
{
  static double a[N][M], s[N][6], rs[N], ws[N], k[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i * 7 + j * 3) % 11 - 5;
  int dev = on_device();
#pragma acc parallel loop gang copyin(a) copyout(s, rs, ws)
  for (int i = 0; i < N; i++) {
    double x = a[i][0];
    s[i][0] = sq(x);
    s[i][1] = half(x);
    s[i][2] = cube(x);
    s[i][3] = twice(x);
    s[i][4] = inc(x);
    s[i][5] = dev_sq(x); /* called directly too: routine seq */
    rs[i] = rowsum(a[i], M);
    ws[i] = wsum(a[i], M);
  }
  /* kernels, and a call through another routine */
#pragma acc kernels loop copyin(a) copyout(k)
  for (int i = 0; i < N; i++)
    k[i] = sq_plus(a[i][1]) + half(a[i][1]);
  int bad = 0;
  for (int i = 0; i < N && !bad; i++) {
    double y = a[i][1];
    bad |= check("kernels", k, i, dev ? y * y + 1001.0 + y / 2.0 - 7.0
                                      : y * y + 1.0 + y / 2.0);
    double x = a[i][0], r = 0.0, w = 0.0, r3 = 0.0;
    for (int j = 0; j < M; j++) {
      r += a[i][j];
      r3 += 3.0 * a[i][j];
      w += a[i][j] + 1.0;
    }
    bad |= check("sq", s[i], 0, dev ? x * x + 1000.0 : x * x);
    bad |= check("half", s[i], 1, dev ? x / 2.0 - 7.0 : x / 2.0);
    bad |= check("cube", s[i], 2, dev ? -x : x * x * x);
    bad |= check("twice", s[i], 3, dev ? 2.0 * x + 0.5 : 2.0 * x);
    bad |= check("inc", s[i], 4, dev ? x + 200.0 : x + 1.0);
    bad |= check("dev_sq", s[i], 5, x * x + 1000.0);
    bad |= check("rowsum", rs, i, dev ? r3 : r);
    bad |= check("wsum", ws, i, dev ? w : -r);
  }
  /* Host code calls the routines themselves. */
  if (sq(3.0) != 9.0 || twice(1.0) != 2.0 || inc(0.0) != 1.0
      || cube(2.0) != 8.0) {
    fprintf(stderr, "host calls ran the bound functions\n");
    bad = 1;
  }
  return bad;
}
