/* implicit_sections.c — pointers used in compute constructs without any
 * data clause, as NVIDIA's tutorials write them: accgpu infers the section
 * from the subscripts and loop bounds (NVHPC's "implicit copyin(x[:n])"):
 * read-only, written, offset subscripts (stencils), nested and collapsed
 * loops over a[i*m+j], a row pointer double (*)[W], a reduction, a serial
 * region, a loop counting down, an array of structures, a kernels region
 * with a host time loop, an empty loop, async, and a pointer whose
 * data enter data made present (used as is: nothing copied).  Every result
 * is checked against a serial computation. */
/* accgpu-test: cflags -Wall -fplugin-arg-accgpu-info */
/* accgpu-test: no-warnings */
#include <stdlib.h>

#include "e2e.h"

#define W 7

static void saxpy(int n, float a, float *restrict x, float *restrict y)
{
#pragma acc kernels /* accgpu-expect-note: implicit copy\(y\[0:n\]\) */
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void fill(int n, double *restrict out, double v)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(out\[0:n\]\) */
  for (int i = 0; i < n; i++)
    out[i] = v * i;
}

static void fill_first(int n, int k, double *restrict out, double v)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(out\[0:MIN_EXPR <n \+ -1, k \+ -1> \+ 1\]\) */
  for (int i = 0; i < n; i++)
    if (i < k)
      out[i] = v * i;
}

/* Reads in[i-1], in[i], in[i+1] for i in [1, n-2]: in[0:n] exactly. */
static void stencil(int n, const double *restrict in, double *restrict out)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(in\[0:n\]\) */
  for (int i = 1; i < n - 1; i++)
    out[i] = in[i - 1] + 2 * in[i] + in[i + 1];
}

static void transpose(int rows, int cols, const double *restrict a,
                      double *restrict t)
{
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      t[j * rows + i] = a[i * cols + j];
}

static void rowsum(int rows, int cols, const double *restrict a,
                   double *restrict s)
{
#pragma acc parallel loop
  for (int i = 0; i < rows; i++) {
    double acc = 0;
#pragma acc loop reduction(+ : acc)
    for (int j = 0; j < cols; j++)
      acc += a[i * cols + j];
    s[i] = acc;
  }
}

static double dot(int n, const double *restrict x, const double *restrict y)
{
  double s = 0;
#pragma acc parallel loop reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

static void rows2d(int n, double (*restrict g)[W])
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(g\[0:n\]\) */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < W; j++)
      g[i][j] += i * W + j;
}

static void reverse(int n, const int *restrict in, int *restrict out)
{
#pragma acc serial
  for (int i = n - 1; i >= 0; i--)
    out[n - 1 - i] = in[i];
}

/* int i < long n: the test compares a widened copy of the index. */
static void twice_long(long n, double *restrict v)
{
#pragma acc kernels /* accgpu-expect-note: implicit copy\(v\[0:n\]\) */
  for (int i = 0; i < n; i++)
    v[i] += v[i];
}

/* Lower triangle of an n x n matrix, row-major: j's bounds depend on i. */
static void lower(int n, double *restrict a)
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
#pragma acc loop
    for (int j = 0; j <= i; j++)
      a[i * n + j] = i - j;
}

/* A time loop the kernels region runs on the host around its kernels. */
static void jacobi(int n, int steps, double *restrict u, double *restrict w)
{
#pragma acc kernels /* accgpu-expect-note: implicit copy\(u\[0:n\]\) */
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      w[i] = 0.5 * (u[i - 1] + u[i + 1]);
    for (int i = 1; i < n - 1; i++)
      u[i] = w[i];
  }
}

struct particle {
  double x, v;
  int id;
};

/* Members of an array of structures: field offsets inside the elements. */
static void push(int n, double dt, struct particle *restrict p)
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(p\[0:n\]\) */
  for (int i = 0; i < n; i++)
    p[i].x += dt * p[i].v;
}

static void scale_async(int n, double *restrict v)
{
#pragma acc parallel loop async(1) /* accgpu-expect-note: implicit copy\(v\[0:n\]\) */
  for (int i = 0; i < n; i++)
    v[i] *= 3;
#pragma acc wait(1)
}

int main(void)
{
  int n = 1000, rows = 37, cols = 53;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *m = malloc(rows * cols * sizeof *m);
  double *t = malloc((rows * cols + rows * rows) * sizeof *t), *s = malloc(rows * sizeof *s);
  double (*g)[W] = malloc(n * sizeof *g);
  int *iv = malloc(n * sizeof *iv), *ov = malloc(n * sizeof *ov);
  for (int i = 0; i < n; i++) {
    x[i] = i;
    y[i] = 2 * i;
    iv[i] = 3 * i;
    for (int j = 0; j < W; j++)
      g[i][j] = -j;
  }
  for (int i = 0; i < rows * cols; i++)
    m[i] = i % 11;

  saxpy(n, 2, x, y);
  for (int i = 0; i < n; i++)
    CHECK_REAL("saxpy", y[i], 2.0 * i + 2 * i, 0);

  fill(n, a, 0.5);
  for (int i = 0; i < n; i++)
    CHECK_REAL("fill", a[i], 0.5 * i, 0);

  b[0] = b[n - 1] = -7; /* not written by the stencil: must stay */
  stencil(n, a, b);
  CHECK_REAL("stencil edge", b[0], -7, 0);
  CHECK_REAL("stencil edge", b[n - 1], -7, 0);
  for (int i = 1; i < n - 1; i++)
    CHECK_REAL("stencil", b[i], a[i - 1] + 2 * a[i] + a[i + 1], 1e-12);

  transpose(rows, cols, m, t);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      CHECK_REAL("transpose", t[j * rows + i], m[i * cols + j], 0);

  rowsum(rows, cols, m, s);
  for (int i = 0; i < rows; i++) {
    double want = 0;
    for (int j = 0; j < cols; j++)
      want += m[i * cols + j];
    CHECK_REAL("rowsum", s[i], want, 1e-12);
  }

  double want = 0;
  for (int i = 0; i < n; i++)
    want += a[i] * b[i];
  CHECK_REAL("dot", dot(n, a, b), want, 1e-12);

  rows2d(n, g);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < W; j++)
      CHECK_REAL("rows2d", g[i][j], i * W + j - j, 0);

  reverse(n, iv, ov);
  for (int i = 0; i < n; i++)
    CHECK_INT("reverse", ov[i], iv[n - 1 - i]);

  scale_async(n, a);
  for (int i = 0; i < n; i++)
    CHECK_REAL("async", a[i], 1.5 * i, 0);

  twice_long(n, a);
  for (int i = 0; i < n; i++)
    CHECK_REAL("long bound", a[i], 3.0 * i, 0);

  for (int i = 0; i < rows * rows; i++)
    t[i] = -1;
  lower(rows, t);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < rows; j++)
      CHECK_REAL("lower", t[i * rows + j], j <= i ? i - j : -1, 0);

  double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w);
  double *ru = malloc(n * sizeof *ru), *rw = malloc(n * sizeof *rw);
  for (int i = 0; i < n; i++) {
    u[i] = ru[i] = (i * 37) % 11;
    w[i] = rw[i] = 0;
  }
  jacobi(n, 10, u, w);
  for (int t = 0; t < 10; t++) {
    for (int i = 1; i < n - 1; i++)
      rw[i] = 0.5 * (ru[i - 1] + ru[i + 1]);
    for (int i = 1; i < n - 1; i++)
      ru[i] = rw[i];
  }
  for (int i = 0; i < n; i++) {
    CHECK_REAL("jacobi u", u[i], ru[i], 0);
    CHECK_REAL("jacobi w", w[i], rw[i], 0);
  }

  struct particle *p = malloc(n * sizeof *p);
  for (int i = 0; i < n; i++)
    p[i] = (struct particle){i, 0.25 * i, i};
  push(n, 2, p);
  for (int i = 0; i < n; i++) {
    CHECK_REAL("push x", p[i].x, i + 2 * (0.25 * i), 0);
    CHECK_INT("push id", p[i].id, i);
  }

  /* No iteration: nothing mapped, nothing touched. */
  fill(0, a, 9);
  CHECK_REAL("empty loop", a[0], 0, 0);

  /* Present data is used as is: the host copy is stale until copyout. */
  int sep = e2e_separate_memory();
#pragma acc enter data copyin(a[0:n])
  a[5] = -100; /* host only */
  fill(n, a, 2);
  if (sep)
    CHECK_REAL("present: host untouched", a[5], -100, 0);
#pragma acc exit data copyout(a[0:n])
  for (int i = 0; i < n; i++)
    CHECK_REAL("present", a[i], 2.0 * i, 0);
  /* The inferred a[0:n] is larger than the present a[0:n/2], which is all
     the loop touches: the present data is what the pointer means (as before
     sections were inferred), no partly-present error. */
#pragma acc enter data copyin(a[0:n / 2])
  fill_first(n, n / 2, a, 4);
#pragma acc exit data copyout(a[0:n / 2])
  for (int i = 0; i < n / 2; i++)
    CHECK_REAL("partly present", a[i], 4.0 * i, 0);

  free(x);
  free(y);
  free(a);
  free(b);
  free(m);
  free(t);
  free(s);
  free(g);
  free(iv);
  free(ov);
  free(u);
  free(w);
  free(ru);
  free(rw);
  free(p);
  return e2e_done();
}
