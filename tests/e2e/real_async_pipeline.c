/* real_async_pipeline.c — the overlapped pipeline of NVIDIA's OpenACC
 * course (Mandelbrot in blocks): an unstructured `enter data create`,
 * then per block `parallel loop async(b % 3)` followed by `update
 * self(img[start:len]) async(b % 3)`, one `wait` at the end; a second
 * shape with `update device(...) async`, kernels on the same queue, and
 * `wait(q)` on a construct; `acc_async_test` and `acc_wait_all`. Each
 * against a serial computation. */
#include "e2e.h"
#include <stdlib.h>

#define W 96
#define H 64
#define BLOCKS 8
#define MAXIT 64

#pragma acc routine seq
static int escape(int x, int y)
{
  double cr = -2.0 + 2.5 * x / W, ci = -1.25 + 2.5 * y / H;
  double zr = 0, zi = 0;
  int n = 0;
  while (n < MAXIT && zr * zr + zi * zi < 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    n++;
  }
  return n;
}

static void mandel_blocks(int *img)
{
  int rows = H / BLOCKS;
#pragma acc enter data create(img[0:W*H])
  for (int b = 0; b < BLOCKS; b++) {
    int start = b * rows * W, len = rows * W;
#pragma acc parallel loop collapse(2) present(img[0:W*H]) async(b % 3)
    for (int y = b * rows; y < (b + 1) * rows; y++)
      for (int x = 0; x < W; x++)
        img[y * W + x] = escape(x, y);
#pragma acc update self(img[start:len]) async(b % 3)
  }
#pragma acc wait
#pragma acc exit data delete(img[0:W*H])
}

/* Upload a block, scale it, add its neighbour sum, download it, on one
   queue per block; a second pass waits for the first on its construct. */
static void blocks_in_out(int n, int nb, double *x, double *y)
{
  int bs = n / nb;
#pragma acc data create(x[0:n], y[0:n])
  {
    for (int b = 0; b < nb; b++) {
      int s = b * bs;
#pragma acc update device(x[s:bs]) async(b + 1)
#pragma acc parallel loop present(x[0:n], y[0:n]) async(b + 1)
      for (int i = s; i < s + bs; i++)
        y[i] = 2 * x[i];
#pragma acc kernels present(x[0:n], y[0:n]) async(b + 1)
      for (int i = s; i < s + bs; i++)
        y[i] += i > s ? x[i - 1] : 0;
    }
    for (int b = 0; b < nb; b++) {
      int s = b * bs;
#pragma acc parallel loop present(y[0:n]) wait(b + 1) async(nb + 1)
      for (int i = s; i < s + bs; i++)
        y[i] = -y[i];
    }
#pragma acc update self(y[0:n]) async(nb + 1)
#pragma acc wait(nb + 1)
  }
}

int main(void)
{
  int *img = malloc(W * H * sizeof *img);
  for (int i = 0; i < W * H; i++)
    img[i] = -1;
  mandel_blocks(img);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      CHECK_INT("pipelined mandelbrot", img[y * W + x], escape(x, y));
  free(img);

  enum { N = 1200, NB = 6 };
  static double x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = i % 17;
  blocks_in_out(N, NB, x, y);
  for (int i = 0; i < N; i++) {
    double want = 2 * x[i] + (i % (N / NB) ? x[i - 1] : 0);
    CHECK_REAL("async blocks", y[i], -want, 0);
  }
  CHECK_TRUE("acc_async_test after wait", acc_async_test(NB + 1));
  acc_wait_all();
  return e2e_done();
}
