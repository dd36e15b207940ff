/* real2_textbook_more.c — examples in the shape of OpenACC textbooks and
 * tutorials: a Mandelbrot image computed in blocks, each block's kernel
 * and `update self` of its rows on queue `block % 2` (a `routine seq`
 * per pixel), joined with `wait`; a vendor-library call (our stand-in
 * taking device pointers) inside `host_data use_device`; a matrix
 * transpose with `loop tile(8, 8)`; and an inclusive prefix sum in blocks
 * (block sums, a scan of the sums on one gang with `serial`, then the
 * blocks' own scans). Each against serial code. */
#include "e2e.h"
#include <stdlib.h>

#define W 96
#define H 64
#define MAXIT 200

#pragma acc routine seq
static unsigned char mandel(int x, int y)
{
  double cr = -2.0 + 3.0 * x / W, ci = -1.2 + 2.4 * y / H;
  double zr = 0, zi = 0;
  int it = 0;
  while (it < MAXIT && zr * zr + zi * zi <= 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    it++;
  }
  return (unsigned char)(it * 255 / MAXIT);
}

static void test_mandelbrot(void)
{
  enum { BLOCKS = 4 };
  unsigned char *img = malloc(W * H);
  int rows = H / BLOCKS;
#pragma acc data create(img[0:W*H])
  {
    for (int b = 0; b < BLOCKS; b++) {
      int y0 = b * rows;
#pragma acc parallel loop collapse(2) present(img[0:W*H]) async(b % 2)
      for (int y = y0; y < y0 + rows; y++)
        for (int x = 0; x < W; x++)
          img[y * W + x] = mandel(x, y);
#pragma acc update self(img[y0*W:rows*W]) async(b % 2)
    }
#pragma acc wait
  }
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      CHECK_INT("mandelbrot", img[y * W + x], mandel(x, y));
  free(img);
}

/* A library routine that takes device addresses (as cuBLAS's axpy). */
static void lib_daxpy(int n, double a, const double *dx, double *dy)
{
#pragma acc parallel loop deviceptr(dx, dy)
  for (int i = 0; i < n; i++)
    dy[i] += a * dx[i];
}

static void test_host_data(void)
{
  enum { N = 700 };
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = i, y[i] = 1;
#pragma acc data copyin(x[0:N]) copy(y[0:N])
  {
#pragma acc host_data use_device(x, y)
    {
      lib_daxpy(N, 2.0, x, y);
      lib_daxpy(N, -0.5, x, y);
    }
#pragma acc parallel loop present(y[0:N])
    for (int i = 0; i < N; i++)
      y[i] *= 2;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("host_data library call", y[i], 2 * (1 + 1.5 * i), 1e-12);
  free(x), free(y);
}

static void test_transpose(void)
{
  enum { R = 45, C = 37 };
  static float a[R][C], t[C][R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] = i * 1000 + j;
#pragma acc parallel loop tile(8, 8) copyin(a) copyout(t)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      t[j][i] = a[i][j];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      CHECK_REAL("transpose tile(8,8)", t[j][i], i * 1000 + j, 0);
}

static void test_scan(void)
{
  enum { N = 1000, B = 64 };
  int nb = (N + B - 1) / B;
  long *v = malloc(N * sizeof *v), *sums = malloc(nb * sizeof *sums);
  for (int i = 0; i < N; i++)
    v[i] = (i * 7) % 13 - 6;
#pragma acc data copy(v[0:N]) create(sums[0:nb])
  {
#pragma acc parallel loop gang present(v[0:N], sums[0:nb])
    for (int b = 0; b < nb; b++) {
      long s = 0;
      int end = (b + 1) * B < N ? (b + 1) * B : N;
#pragma acc loop vector reduction(+:s)
      for (int i = b * B; i < end; i++)
        s += v[i];
      sums[b] = s;
    }
#pragma acc serial present(sums[0:nb])
    for (int b = 1; b < nb; b++)
      sums[b] += sums[b - 1];
#pragma acc parallel loop present(v[0:N], sums[0:nb])
    for (int b = 0; b < nb; b++) {
      long run = b > 0 ? sums[b - 1] : 0;
      int end = (b + 1) * B < N ? (b + 1) * B : N;
      for (int i = b * B; i < end; i++) {
        run += v[i];
        v[i] = run;
      }
    }
  }
  long run = 0;
  for (int i = 0; i < N; i++) {
    run += (i * 7) % 13 - 6;
    CHECK_INT("prefix sum", v[i], run);
  }
  free(v), free(sums);
}

int main(void)
{
  test_mandelbrot();
  test_host_data();
  test_transpose();
  test_scan();
  return e2e_done();
}
