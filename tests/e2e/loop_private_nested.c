/* loop_private_nested.c — private(v) on a loop where v is already a
 * variable of the enclosing code inside the region (declared in the outer
 * loop's body or in the region): the loop gets its own copy, and the
 * enclosing code's v keeps its value (OpenACC 3.3 §2.9.10: a copy is
 * created for each iteration of the associated loop; the original is not
 * changed). At every loop level, for scalars and arrays, in a region and
 * in a routine. The private
 * copies are assigned before they are read, and not read after their loop
 * (the spec leaves their values undefined there). */
/* accgpu-test: private-copies */
#include "e2e.h"

#define N 64
#define M 8
#define W 4
static double a[N], b[M], c[N * M], g[N], r[2];
static double h[N * M], hr[N];
static double ra[N], rc[N * M], rg[N], rr[2], rh[N * M], rhr[N];

/* The serial reference, written from the spec: the copies are separate
   variables. */
static void reference(void)
{
  for (int i = 0; i < N; i++) {
    double u = a[i] * 3;
    for (int j = 0; j < M; j++) {
      double uj = b[j] + i;
      rc[i * M + j] = uj * 2;
    }
    double w[W];
    for (int k = 0; k < W; k++)
      w[k] = i + k;
    double s = 0;
    for (int j = 0; j < M; j++) {
      double wj[W];
      for (int k = 0; k < W; k++)
        wj[k] = j * k;
      s += wj[W - 1];
    }
    ra[i] = u + w[0] + w[W - 1] + s;
    rg[i] = u;
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      rh[i * M + j] = b[j] * 4 + 1;
    rhr[i] = i * 0.25;
  }
  rr[0] = 7;
  rr[1] = 5;
}

/* seq, vector and worker loops with private copies of the gang loop's
   locals. */
static void inner_loops(void)
{
#pragma acc parallel loop gang copy(a) copyin(b) copyout(c, g)
  for (int i = 0; i < N; i++) {
    double u = a[i] * 3;
    double w[W];
    for (int k = 0; k < W; k++)
      w[k] = i + k;
#pragma acc loop seq private(u)
    for (int j = 0; j < M; j++) {
      u = b[j] + i;
      c[i * M + j] = u * 2;
    }
#pragma acc loop vector private(u, w)
    for (int j = 0; j < M; j++) {
      for (int k = 0; k < W; k++)
        w[k] = -j;
      u = w[0] * 5;
      c[i * M + j] += u - w[0] * 5;
    }
    double s = 0;
#pragma acc loop worker private(w) reduction(+:s)
    for (int j = 0; j < M; j++) {
      for (int k = 0; k < W; k++)
        w[k] = j * k;
      s += w[W - 1];
    }
    a[i] = u + w[0] + w[W - 1] + s;
    g[i] = u;
  }
}

/* A vector routine: its loop's copy of the routine's local. */
#pragma acc routine vector
static double row_value(const double *bj, double *hi, int i)
{
  double u = i * 0.25;
#pragma acc loop vector private(u)
  for (int j = 0; j < M; j++) {
    u = bj[j] * 4;
    hi[j] = u + 1;
  }
  return u;
}

static void routine_loop(void)
{
#pragma acc parallel loop gang copyin(b) copyout(h, hr)
  for (int i = 0; i < N; i++)
    hr[i] = row_value(b, &h[i * M], i);
}

/* A gang loop with private copies of the region's variables. */
static void gang_loop(void)
{
#pragma acc parallel num_gangs(1) copy(r, c)
  {
    double v = 7;
    double x[W] = {5, 5, 5, 5};
#pragma acc loop gang private(v, x)
    for (int i = 0; i < N; i++) {
      v = i;
#pragma acc loop vector
      for (int k = 0; k < W; k++)
        x[k] = v + k;
      c[i * M] += x[W - 1] - x[0] - (W - 1);
    }
    r[0] = v;
    r[1] = x[0];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
  for (int j = 0; j < M; j++)
    b[j] = j * 1.5;
  reference();
  inner_loops();
  gang_loop();
  routine_loop();
  for (int i = 0; i < N; i++) {
    CHECK_ABS("enclosing values", a[i], ra[i], 1e-12);
    CHECK_ABS("enclosing scalar", g[i], rg[i], 1e-12);
  }
  for (int n = 0; n < N * M; n++)
    CHECK_ABS("seq loop's copy", c[n], rc[n], 1e-12);
  for (int i = 0; i < N; i++)
    CHECK_ABS("routine's local", hr[i], rhr[i], 1e-12);
  for (int n = 0; n < N * M; n++)
    CHECK_ABS("routine loop's copy", h[n], rh[n], 1e-12);
  CHECK_ABS("gang loop's scalar copy", r[0], rr[0], 1e-12);
  CHECK_ABS("gang loop's array copy", r[1], rr[1], 1e-12);
  return e2e_done();
}
