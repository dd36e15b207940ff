/* real3_image.c — image processing as OpenACC C codes write it: a Sobel
 * edge filter on `unsigned char` pixels with clamping to 255, a separable
 * Gaussian blur whose weights are a local array passed `firstprivate`, a
 * 3x3 median filter sorting a `private` window array per pixel, a blocked
 * transpose (gang loops stepping by 32 over tiles with `collapse(2)`, a
 * vector `collapse(2)` inside, `cache` of the tile row being read), and
 * an integral image (row scans as `loop seq` inside a gang loop, then
 * column scans). Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define W 130
#define H 97

static void make_image(unsigned char *img)
{
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      img[y * W + x] = (unsigned char)((x * 7 + y * 13 + (x * y) % 31) & 0xff);
}

static void sobel(const unsigned char *restrict in, unsigned char *restrict out,
                  int w, int h, int dev)
{
#pragma acc parallel loop collapse(2) copyin(in[0:w*h]) copyout(out[0:w*h]) \
    if(dev)
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = 0;
        continue;
      }
      int gx = -in[(y - 1) * w + x - 1] - 2 * in[y * w + x - 1] -
               in[(y + 1) * w + x - 1] + in[(y - 1) * w + x + 1] +
               2 * in[y * w + x + 1] + in[(y + 1) * w + x + 1];
      int gy = -in[(y - 1) * w + x - 1] - 2 * in[(y - 1) * w + x] -
               in[(y - 1) * w + x + 1] + in[(y + 1) * w + x - 1] +
               2 * in[(y + 1) * w + x] + in[(y + 1) * w + x + 1];
      int mag = abs(gx) + abs(gy);
      out[y * w + x] = (unsigned char)(mag > 255 ? 255 : mag);
    }
}

static void blur(const unsigned char *in, float *tmp, float *out, int dev)
{
  float k[5];
  float s = 0;
  for (int i = 0; i < 5; i++)
    s += k[i] = expf(-(i - 2) * (i - 2) / 2.0f);
  for (int i = 0; i < 5; i++)
    k[i] /= s;
#pragma acc data copyin(in[0:W*H]) create(tmp[0:W*H]) copyout(out[0:W*H]) \
    if(dev)
  {
#pragma acc parallel loop collapse(2) firstprivate(k) if(dev)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
        float acc = 0;
        for (int d = -2; d <= 2; d++) {
          int xx = x + d < 0 ? 0 : x + d >= W ? W - 1 : x + d;
          acc += k[d + 2] * in[y * W + xx];
        }
        tmp[y * W + x] = acc;
      }
#pragma acc parallel loop collapse(2) firstprivate(k) if(dev)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
        float acc = 0;
        for (int d = -2; d <= 2; d++) {
          int yy = y + d < 0 ? 0 : y + d >= H ? H - 1 : y + d;
          acc += k[d + 2] * tmp[yy * W + x];
        }
        out[y * W + x] = acc;
      }
  }
}

static void median(const unsigned char *in, unsigned char *out, int dev)
{
  unsigned char win[9];
#pragma acc parallel loop collapse(2) private(win) copyin(in[0:W*H]) \
    copyout(out[0:W*H]) if(dev)
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int n = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int yy = y + dy, xx = x + dx;
          if (yy >= 0 && yy < H && xx >= 0 && xx < W)
            win[n++] = in[yy * W + xx];
        }
      for (int i = 1; i < n; i++) {
        unsigned char v = win[i];
        int j = i - 1;
        while (j >= 0 && win[j] > v) {
          win[j + 1] = win[j];
          j--;
        }
        win[j + 1] = v;
      }
      out[y * W + x] = win[n / 2];
    }
}

#define TN 128
#define TM 96
#define TB 32

static void transpose(const float *restrict in, float *restrict out)
{
#pragma acc parallel loop gang collapse(2) copyin(in[0:TN*TM]) \
    copyout(out[0:TM*TN]) vector_length(128)
  for (int ib = 0; ib < TN; ib += TB)
    for (int jb = 0; jb < TM; jb += TB) {
#pragma acc loop vector collapse(2)
      for (int i = ib; i < ib + TB; i++)
        for (int j = jb; j < jb + TB; j++) {
#pragma acc cache(in[i*TM+jb:TB])
          out[j * TN + i] = in[i * TM + j];
        }
    }
}

static void integral(const unsigned char *in, unsigned int *sum, int dev)
{
#pragma acc data copyin(in[0:W*H]) copyout(sum[0:W*H]) if(dev)
  {
#pragma acc parallel loop gang if(dev)
    for (int y = 0; y < H; y++) {
      unsigned int run = 0;
#pragma acc loop seq
      for (int x = 0; x < W; x++) {
        run += in[y * W + x];
        sum[y * W + x] = run;
      }
    }
#pragma acc parallel loop gang vector if(dev)
    for (int x = 0; x < W; x++) {
#pragma acc loop seq
      for (int y = 1; y < H; y++)
        sum[y * W + x] += sum[(y - 1) * W + x];
    }
  }
}

int main(void)
{
  unsigned char *img = malloc(W * H), *e = malloc(W * H), *re = malloc(W * H);
  float *tmp = malloc(W * H * sizeof *tmp), *b = malloc(W * H * sizeof *b);
  float *rb = malloc(W * H * sizeof *rb);
  unsigned int *is = malloc(W * H * sizeof *is), *ris = malloc(W * H * sizeof *ris);
  make_image(img);

  sobel(img, e, W, H, 1);
  sobel(img, re, W, H, 0);
  for (int i = 0; i < W * H; i++)
    CHECK_INT("sobel", e[i], re[i]);

  blur(img, tmp, b, 1);
  blur(img, tmp, rb, 0);
  for (int i = 0; i < W * H; i++)
    CHECK_REAL("blur", b[i], rb[i], 1e-5);

  median(img, e, 1);
  median(img, re, 0);
  for (int i = 0; i < W * H; i++)
    CHECK_INT("median", e[i], re[i]);

  float *tin = malloc(TN * TM * sizeof *tin), *tout = malloc(TN * TM * sizeof *tout);
  for (int i = 0; i < TN * TM; i++)
    tin[i] = (float)i * 0.5f;
  transpose(tin, tout);
  for (int i = 0; i < TN; i++)
    for (int j = 0; j < TM; j++)
      CHECK_REAL("transpose", tout[j * TN + i], tin[i * TM + j], 0);

  integral(img, is, 1);
  integral(img, ris, 0);
  for (int i = 0; i < W * H; i++)
    CHECK_INT("integral", is[i], ris[i]);
  /* the sum over a box from four corners */
  unsigned int box = is[60 * W + 80] - is[20 * W + 80] - is[60 * W + 10] +
                     is[20 * W + 10], rbox = 0;
  for (int y = 21; y <= 60; y++)
    for (int x = 11; x <= 80; x++)
      rbox += img[y * W + x];
  CHECK_INT("integral box", box, rbox);

  free(img), free(e), free(re), free(tmp), free(b), free(rb), free(is);
  free(ris), free(tin), free(tout);
  return e2e_done();
}
