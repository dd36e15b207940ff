/* real_rodinia_grid.c — Rodinia-style grid codes as their OpenACC ports
 * write them: hotspot (temperature and power on a float grid, ping-pong
 * pointers swapped on the host between iterations inside a data region
 * that maps both buffers, boundary cases with `?:`, float constants),
 * srad (a reduction pair over the image, then direction derivatives with
 * clamped neighbour indices held in int arrays, a diffusion coefficient,
 * and an update; `kernels` with several nests), and pathfinder (rows
 * processed one by one with a min of three neighbours, src/dst swapped).
 * Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define ROWS 48
#define COLS 40
#define STEPS 5

/* ---- hotspot ---- */
static void hotspot_step(const float *temp, const float *power, float *out,
                         int rows, int cols, float cap, float rx, float ry,
                         float rz, float step, float amb)
{
#pragma acc parallel loop collapse(2) present(temp, power, out)
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int i = r * cols + c;
      float n = r == 0 ? temp[i] : temp[i - cols];
      float s = r == rows - 1 ? temp[i] : temp[i + cols];
      float e = c == cols - 1 ? temp[i] : temp[i + 1];
      float w = c == 0 ? temp[i] : temp[i - 1];
      float delta = (step / cap) *
                    (power[i] + (s + n - 2.0f * temp[i]) * ry +
                     (e + w - 2.0f * temp[i]) * rx + (amb - temp[i]) * rz);
      out[i] = temp[i] + delta;
    }
}

static void hotspot_ref(const float *temp, const float *power, float *out,
                        int rows, int cols, float cap, float rx, float ry,
                        float rz, float step, float amb)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int i = r * cols + c;
      float n = r == 0 ? temp[i] : temp[i - cols];
      float s = r == rows - 1 ? temp[i] : temp[i + cols];
      float e = c == cols - 1 ? temp[i] : temp[i + 1];
      float w = c == 0 ? temp[i] : temp[i - 1];
      float delta = (step / cap) *
                    (power[i] + (s + n - 2.0f * temp[i]) * ry +
                     (e + w - 2.0f * temp[i]) * rx + (amb - temp[i]) * rz);
      out[i] = temp[i] + delta;
    }
}

static void test_hotspot(void)
{
  int n = ROWS * COLS;
  float *temp = malloc(n * sizeof *temp), *power = malloc(n * sizeof *power);
  float *res = malloc(n * sizeof *res), *rt = malloc(n * sizeof *rt);
  float *rr = malloc(n * sizeof *rr);
  for (int i = 0; i < n; i++) {
    temp[i] = rt[i] = 320.0f + (i % 13) * 0.5f;
    power[i] = (i % 7) * 0.001f;
  }
  float cap = 0.5f, rx = 0.25f, ry = 0.3f, rz = 0.05f, step = 0.1f;
  float amb = 80.0f;
  float *src = temp, *dst = res;
#pragma acc data copy(temp[0:n]) copyin(power[0:n]) create(res[0:n])
  {
    for (int t = 0; t < STEPS; t++) {
      hotspot_step(src, power, dst, ROWS, COLS, cap, rx, ry, rz, step, amb);
      float *tmp = src;
      src = dst;
      dst = tmp;
    }
    /* an odd number of steps leaves the result in res */
#pragma acc update self(res[0:n])
  }
  float *a = rt, *b = rr;
  for (int t = 0; t < STEPS; t++) {
    hotspot_ref(a, power, b, ROWS, COLS, cap, rx, ry, rz, step, amb);
    float *tmp = a;
    a = b;
    b = tmp;
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("hotspot", src[i], a[i], 1e-6);
  free(temp);
  free(power);
  free(res);
  free(rt);
  free(rr);
}

/* ---- srad ---- */
static void srad(int rows, int cols, int niter, float lambda, float *J,
                 float *c, float *dN, float *dS, float *dW, float *dE,
                 int *iN, int *iS, int *jW, int *jE, float *q0out)
{
  int size = rows * cols;
#pragma acc data copy(J[0:size]) create(c[0:size], dN[0:size], dS[0:size], \
    dW[0:size], dE[0:size]) copyin(iN[0:rows], iS[0:rows], jW[0:cols],     \
    jE[0:cols])
  for (int it = 0; it < niter; it++) {
    float sum = 0, sum2 = 0;
#pragma acc parallel loop reduction(+:sum, sum2) present(J)
    for (int i = 0; i < size; i++) {
      sum += J[i];
      sum2 += J[i] * J[i];
    }
    float meanROI = sum / size;
    float varROI = (sum2 / size) - meanROI * meanROI;
    float q0sqr = varROI / (meanROI * meanROI);
    q0out[it] = q0sqr;
#pragma acc kernels present(J, c, dN, dS, dW, dE, iN, iS, jW, jE)
    {
#pragma acc loop independent
      for (int i = 0; i < rows; i++)
#pragma acc loop independent
        for (int j = 0; j < cols; j++) {
          int k = i * cols + j;
          float Jc = J[k];
          dN[k] = J[iN[i] * cols + j] - Jc;
          dS[k] = J[iS[i] * cols + j] - Jc;
          dW[k] = J[i * cols + jW[j]] - Jc;
          dE[k] = J[i * cols + jE[j]] - Jc;
          float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] +
                      dE[k] * dE[k]) / (Jc * Jc);
          float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
          float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
          float den = 1 + (.25f * L);
          float qsqr = num / (den * den);
          den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
          c[k] = 1.0f / (1.0f + den);
          if (c[k] < 0)
            c[k] = 0;
          else if (c[k] > 1)
            c[k] = 1;
        }
#pragma acc loop independent
      for (int i = 0; i < rows; i++)
#pragma acc loop independent
        for (int j = 0; j < cols; j++) {
          int k = i * cols + j;
          float cN = c[k], cS = c[iS[i] * cols + j], cW = c[k];
          float cE = c[i * cols + jE[j]];
          float D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
          J[k] = J[k] + 0.25f * lambda * D;
        }
    }
  }
}

static void srad_ref(int rows, int cols, int niter, float lambda, float *J,
                     float *q0out)
{
  int size = rows * cols;
  float *c = malloc(size * sizeof *c), *dN = malloc(size * sizeof *c);
  float *dS = malloc(size * sizeof *c), *dW = malloc(size * sizeof *c);
  float *dE = malloc(size * sizeof *c);
  for (int it = 0; it < niter; it++) {
    double sum = 0, sum2 = 0;
    for (int i = 0; i < size; i++) {
      sum += J[i];
      sum2 += J[i] * J[i];
    }
    float meanROI = sum / size;
    float varROI = (sum2 / size) - meanROI * meanROI;
    float q0sqr = varROI / (meanROI * meanROI);
    q0out[it] = q0sqr;
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j, in = i == 0 ? 0 : i - 1;
        int is = i == rows - 1 ? rows - 1 : i + 1;
        int jw = j == 0 ? 0 : j - 1, je = j == cols - 1 ? cols - 1 : j + 1;
        float Jc = J[k];
        dN[k] = J[in * cols + j] - Jc;
        dS[k] = J[is * cols + j] - Jc;
        dW[k] = J[i * cols + jw] - Jc;
        dE[k] = J[i * cols + je] - Jc;
        float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] +
                    dE[k] * dE[k]) / (Jc * Jc);
        float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
        float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
        float den = 1 + (.25f * L);
        float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        c[k] = 1.0f / (1.0f + den);
        if (c[k] < 0)
          c[k] = 0;
        else if (c[k] > 1)
          c[k] = 1;
      }
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j, is = i == rows - 1 ? rows - 1 : i + 1;
        int je = j == cols - 1 ? cols - 1 : j + 1;
        float D = c[k] * dN[k] + c[is * cols + j] * dS[k] + c[k] * dW[k] +
                  c[i * cols + je] * dE[k];
        J[k] = J[k] + 0.25f * lambda * D;
      }
  }
  free(c);
  free(dN);
  free(dS);
  free(dW);
  free(dE);
}

static void test_srad(void)
{
  int size = ROWS * COLS;
  float *J = malloc(size * sizeof *J), *R = malloc(size * sizeof *J);
  float *c = malloc(size * sizeof *J), *dN = malloc(size * sizeof *J);
  float *dS = malloc(size * sizeof *J), *dW = malloc(size * sizeof *J);
  float *dE = malloc(size * sizeof *J);
  int iN[ROWS], iS[ROWS], jW[COLS], jE[COLS];
  float q[STEPS], rq[STEPS];
  for (int i = 0; i < size; i++)
    J[i] = R[i] = expf((float)((i * 7) % 23) / 23.0f);
  for (int i = 0; i < ROWS; i++) {
    iN[i] = i == 0 ? 0 : i - 1;
    iS[i] = i == ROWS - 1 ? ROWS - 1 : i + 1;
  }
  for (int j = 0; j < COLS; j++) {
    jW[j] = j == 0 ? 0 : j - 1;
    jE[j] = j == COLS - 1 ? COLS - 1 : j + 1;
  }
  srad(ROWS, COLS, STEPS, 0.5f, J, c, dN, dS, dW, dE, iN, iS, jW, jE, q);
  srad_ref(ROWS, COLS, STEPS, 0.5f, R, rq);
  for (int it = 0; it < STEPS; it++)
    CHECK_REAL("srad q0sqr", q[it], rq[it], 1e-3);
  for (int i = 0; i < size; i++)
    CHECK_REAL("srad J", J[i], R[i], 1e-3);
  free(J);
  free(R);
  free(c);
  free(dN);
  free(dS);
  free(dW);
  free(dE);
}

/* ---- pathfinder ---- */
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
static void pathfinder(int rows, int cols, const int *wall, int *result)
{
  int *src = malloc(cols * sizeof *src), *dst = result;
  for (int j = 0; j < cols; j++)
    dst[j] = wall[j];
#pragma acc data copyin(wall[0:rows*cols]) copy(dst[0:cols]) create(src[0:cols])
  {
    for (int t = 0; t < rows - 1; t++) {
      int *temp = src;
      src = dst;
      dst = temp;
#pragma acc parallel loop present(src[0:cols], dst[0:cols], wall)
      for (int n = 0; n < cols; n++) {
        int min = src[n];
        if (n > 0)
          min = MIN(min, src[n - 1]);
        if (n < cols - 1)
          min = MIN(min, src[n + 1]);
        dst[n] = wall[(t + 1) * cols + n] + min;
      }
    }
#pragma acc update self(dst[0:cols])
  }
  if (dst != result)
    memcpy(result, dst, cols * sizeof *dst);
  free(dst == result ? src : dst);
}

static void test_pathfinder(void)
{
  enum { R = 30, C = 57 };
  static int wall[R * C], res[C], ref[C], tmp[C];
  for (int i = 0; i < R * C; i++)
    wall[i] = (i * 37 + 11) % 10;
  pathfinder(R, C, wall, res);
  for (int j = 0; j < C; j++)
    ref[j] = wall[j];
  for (int t = 0; t < R - 1; t++) {
    for (int n = 0; n < C; n++) {
      int m = ref[n];
      if (n > 0 && ref[n - 1] < m)
        m = ref[n - 1];
      if (n < C - 1 && ref[n + 1] < m)
        m = ref[n + 1];
      tmp[n] = wall[(t + 1) * C + n] + m;
    }
    memcpy(ref, tmp, sizeof ref);
  }
  for (int j = 0; j < C; j++)
    CHECK_INT("pathfinder", res[j], ref[j]);
}

int main(void)
{
  test_hotspot();
  test_srad();
  test_pathfinder();
  return e2e_done();
}
