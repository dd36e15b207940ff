/* real_textbook_basics.c — the first programs of OpenACC courses and
 * books: pi by midpoint integration with a `reduction(+:sum)` on a
 * `parallel loop` over `long` steps, SAXPY with `restrict` pointers and
 * `kernels`, Mandelbrot with a `routine seq` function and a `while` loop
 * inside the kernel (no break), a matrix multiply with `collapse(2)` and
 * with `tile(32,4)`, and a Jacobi solver in NVIDIA's tutorial shape (the
 * error as a `reduction(max:err)` of fmax, a `while (err > tol && iter <
 * max)` host loop around a `data` region's two nests). Each against the
 * same code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

static double pi_acc(long n)
{
  double step = 1.0 / (double)n, sum = 0.0;
#pragma acc parallel loop reduction(+:sum)
  for (long i = 0; i < n; i++) {
    double x = (i + 0.5) * step;
    sum += 4.0 / (1.0 + x * x);
  }
  return step * sum;
}

static void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc kernels copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

#pragma acc routine seq
static int mandel(double cr, double ci, int maxit)
{
  double zr = 0, zi = 0;
  int it = 0;
  while (zr * zr + zi * zi <= 4.0 && it < maxit) {
    double t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    it++;
  }
  return it;
}

static void mandelbrot(int w, int h, int maxit, unsigned char *img)
{
#pragma acc parallel loop collapse(2) copyout(img[0:w*h])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      double cr = -2.0 + 3.0 * x / w, ci = -1.5 + 3.0 * y / h;
      img[y * w + x] = (unsigned char)(mandel(cr, ci, maxit) * 255 / maxit);
    }
}

/* the escape loop written inline in the kernel */
static void mandelbrot_inline(int w, int h, int maxit, int *it)
{
#pragma acc kernels copyout(it[0:w*h])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      double cr = -2.0 + 3.0 * x / w, ci = -1.5 + 3.0 * y / h;
      double zr = 0, zi = 0;
      int n = 0;
      while (zr * zr + zi * zi <= 4.0 && n < maxit) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        n++;
      }
      it[y * w + x] = n;
    }
}

static void matmul(int n, const double *a, const double *b, double *c,
                   double *d)
{
#pragma acc data copyin(a[0:n*n], b[0:n*n]) copyout(c[0:n*n], d[0:n*n])
  {
#pragma acc parallel loop collapse(2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
      }
#pragma acc parallel loop tile(32, 4)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double s = 0;
#pragma acc loop seq
        for (int k = 0; k < n; k++)
          s += a[i * n + k] * b[k * n + j];
        d[i * n + j] = s;
      }
  }
}

static int jacobi(int n, int m, double *A, double *Anew, double tol,
                  int iter_max, double *err_out)
{
  double err = 1.0;
  int iter = 0;
#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m])
  while (err > tol && iter < iter_max) {
    err = 0.0;
#pragma acc parallel loop reduction(max:err)
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop reduction(max:err)
      for (int i = 1; i < m - 1; i++) {
        Anew[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] +
                                  A[(j - 1) * m + i] + A[(j + 1) * m + i]);
        err = fmax(err, fabs(Anew[j * m + i] - A[j * m + i]));
      }
    }
#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop
      for (int i = 1; i < m - 1; i++)
        A[j * m + i] = Anew[j * m + i];
    }
    iter++;
  }
  *err_out = err;
  return iter;
}

int main(void)
{
  long n = 100000;
  double step = 1.0 / n, s = 0;
  for (long i = 0; i < n; i++) {
    double x = (i + 0.5) * step;
    s += 4.0 / (1.0 + x * x);
  }
  CHECK_REAL("pi", pi_acc(n), step * s, 1e-12);
  CHECK_REAL("pi close to M_PI", pi_acc(n), M_PI, 1e-8);

  enum { NS = 1000 };
  static float x[NS], y[NS];
  for (int i = 0; i < NS; i++) {
    x[i] = i;
    y[i] = 2 * i;
  }
  saxpy(NS, 2.0f, x, y);
  for (int i = 0; i < NS; i++)
    CHECK_REAL("saxpy", y[i], 4.0f * i, 0);

  enum { W = 64, H = 48, MAXIT = 100 };
  static unsigned char img[W * H];
  static int its[W * H];
  mandelbrot(W, H, MAXIT, img);
  mandelbrot_inline(W, H, MAXIT, its);
  for (int yy = 0; yy < H; yy++)
    for (int xx = 0; xx < W; xx++) {
      double cr = -2.0 + 3.0 * xx / W, ci = -1.5 + 3.0 * yy / H;
      int it = mandel(cr, ci, MAXIT);
      CHECK_INT("mandelbrot", img[yy * W + xx], it * 255 / MAXIT);
      CHECK_INT("mandelbrot inline", its[yy * W + xx], it);
    }

  enum { NM = 70 };
  double *a = malloc(NM * NM * sizeof *a), *b = malloc(NM * NM * sizeof *a);
  double *c = malloc(NM * NM * sizeof *a), *d = malloc(NM * NM * sizeof *a);
  for (int i = 0; i < NM * NM; i++) {
    a[i] = (i % 9) - 4;
    b[i] = (i % 5) * 0.5;
  }
  matmul(NM, a, b, c, d);
  for (int i = 0; i < NM; i++)
    for (int j = 0; j < NM; j++) {
      double r = 0;
      for (int k = 0; k < NM; k++)
        r += a[i * NM + k] * b[k * NM + j];
      CHECK_REAL("matmul collapse", c[i * NM + j], r, 0);
      CHECK_REAL("matmul tile", d[i * NM + j], r, 0);
    }
  free(a);
  free(b);
  free(c);
  free(d);

  enum { JN = 40, JM = 50 };
  double *A = calloc(JN * JM, sizeof *A), *An = calloc(JN * JM, sizeof *A);
  double *R = calloc(JN * JM, sizeof *A), *Rn = calloc(JN * JM, sizeof *A);
  for (int j = 0; j < JN; j++)
    A[j * JM] = R[j * JM] = 1.0;
  double err;
  int iters = jacobi(JN, JM, A, An, 1e-3, 500, &err);
  double rerr = 1.0;
  int riter = 0;
  while (rerr > 1e-3 && riter < 500) {
    rerr = 0;
    for (int j = 1; j < JN - 1; j++)
      for (int i = 1; i < JM - 1; i++) {
        Rn[j * JM + i] = 0.25 * (R[j * JM + i + 1] + R[j * JM + i - 1] +
                                 R[(j - 1) * JM + i] + R[(j + 1) * JM + i]);
        rerr = fmax(rerr, fabs(Rn[j * JM + i] - R[j * JM + i]));
      }
    for (int j = 1; j < JN - 1; j++)
      for (int i = 1; i < JM - 1; i++)
        R[j * JM + i] = Rn[j * JM + i];
    riter++;
  }
  CHECK_INT("jacobi iterations", iters, riter);
  CHECK_REAL("jacobi error", err, rerr, 0);
  for (int i = 0; i < JN * JM; i++)
    CHECK_REAL("jacobi A", A[i], R[i], 0);
  free(A);
  free(An);
  free(R);
  free(Rn);
  return e2e_done();
}
