/* compute_kernels_hostloop.c — a kernels region whose body is a sequential
 * (time) loop around parallel loop nests: the host runs the loop and
 * launches one kernel per nest and iteration, each across gangs, inside
 * one data region; the loop index and scalars the host computes go to each
 * launch by value.  A loop whose condition reads a reduction a kernel
 * computes is not transformed (one kernel, as before) and must still be
 * right.  Each result is compared with the same computation done serially.
 * The accgpu-expect-note comments check the mapping notes. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define N 1000
#define R 30
#define C 40

static void smooth(double *a, int n, int steps) {
  double b[N];
#pragma acc kernels copy(a[0:n]) create(b[0:n]) /* accgpu-expect-note: runs on the host around 2 kernels */
  for (int t = 0; t < steps; t++) {      /* accgpu-expect-note: runs on the host */
    double w = 1.0 / (t + 3);
    for (int i = 1; i < n - 1; i++)      /* accgpu-expect-note: across gangs */
      b[i] = (a[i - 1] + a[i] + a[i + 1]) * w + t;
    for (int i = 1; i < n - 1; i++)      /* accgpu-expect-note: across gangs */
      a[i] = b[i] - t;
  }
}

static void smooth_ref(double *a, int n, int steps) {
  double b[N];
  for (int t = 0; t < steps; t++) {
    double w = 1.0 / (t + 3);
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) * w + t;
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i] - t;
  }
}

/* A 2-D nest and a 1-D one per step, stepping by 2 with the row bound
   computed on the host. */
static void heat(float *u, float *v, int r, int c, int steps) {
#pragma acc kernels copy(u[0:r*c]) create(v[0:r*c]) /* accgpu-expect-note: runs on the host around 2 kernels */
  for (int t = 0; t < 2 * steps; t += 2) { /* accgpu-expect-note: runs on the host */
    int last = r - 1 - (t / 2) % 2;
    for (int i = 1; i < last; i++)       /* accgpu-expect-note: across gangs */
      for (int j = 1; j < c - 1; j++)    /* accgpu-expect-note: across vector */
        v[i * c + j] = 0.25f * (u[(i - 1) * c + j] + u[(i + 1) * c + j] +
                                u[i * c + j - 1] + u[i * c + j + 1]);
    for (int k = c; k < last * c; k++)   /* accgpu-expect-note: across gangs */
      if (k % c != 0 && k % c != c - 1)
        u[k] = v[k];
  }
}

static void heat_ref(float *u, float *v, int r, int c, int steps) {
  for (int t = 0; t < 2 * steps; t += 2) {
    int last = r - 1 - (t / 2) % 2;
    for (int i = 1; i < last; i++)
      for (int j = 1; j < c - 1; j++)
        v[i * c + j] = 0.25f * (u[(i - 1) * c + j] + u[(i + 1) * c + j] +
                                u[i * c + j - 1] + u[i * c + j + 1]);
    for (int k = c; k < last * c; k++)
      if (k % c != 0 && k % c != c - 1)
        u[k] = v[k];
  }
}

/* Not transformed (one kernel, as before): the exit test reads e, a
   reduction the kernel computes on the device. */
static void relax(double *x, int n, double tol, int maxit) {
#pragma acc kernels copy(x[0:n])
  for (int t = 0; t < maxit; t++) {    /* accgpu-expect-note: runs sequentially */
    double e = 0.0;
    for (int i = 0; i < n; i++) {      /* accgpu-expect-note: across vector */
      double d = 0.5 * x[i];
      x[i] -= d;
      e += d;
    }
    if (e < tol)
      break;
  }
}

static int relax_ref(double *x, int n, double tol, int maxit) {
  int t;
  for (t = 0; t < maxit; t++) {
    double e = 0.0;
    for (int i = 0; i < n; i++) {
      double d = 0.5 * x[i];
      x[i] -= d;
      e += d;
    }
    if (e < tol)
      break;
  }
  return t;
}

int main(void) {
  static double a[N], ra[N];
  for (int i = 0; i < N; i++)
    a[i] = ra[i] = (double)((i * 7) % 31);
  smooth(a, N, 25);
  smooth_ref(ra, N, 25);
  for (int i = 0; i < N; i++)
    /* b = (...) * w + t is one fused multiply-add on a GPU, and a = b - t
       cancels: each step errs by an ulp of t (~4e-15), not of a. */
    CHECK_ABS("smooth", a[i], ra[i], 1e-12);

  static float u[R * C], v[R * C], ru[R * C], rv[R * C];
  for (int k = 0; k < R * C; k++)
    u[k] = ru[k] = (float)(k % 17);
  heat(u, v, R, C, 7);
  heat_ref(ru, rv, R, C, 7);
  for (int k = 0; k < R * C; k++)
    CHECK_REAL("heat", u[k], ru[k], 1e-5);

  static double x[N], rx[N];
  for (int i = 0; i < N; i++)
    x[i] = rx[i] = (double)(i % 5);
  relax(x, N, 1e-3, 100);
  CHECK_TRUE("relax stops early", relax_ref(rx, N, 1e-3, 100) < 100);
  for (int i = 0; i < N; i++)
    CHECK_REAL("relax", x[i], rx[i], 1e-12);
  return e2e_done();
}
