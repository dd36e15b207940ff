/* real3_big_firstprivate.c — `firstprivate` of arrays larger than a kernel
 * parameter may be (4 KiB), as image and signal codes pass their weights:
 * a 33x33 `float` convolution filter (4356 bytes) on a `parallel loop
 * collapse(2)`, a table of 1024 doubles that each gang changes in its own
 * copy (the host's and the other gangs' copies keep theirs), the same
 * table on a `serial` construct and on an `async` loop whose host array
 * is changed after the launch is waited for, and inside a data region
 * that maps the table too (firstprivate takes the host's value), and a
 * struct of 4.8 KB holding a table, firstprivate as a whole. Each
 * against the same code run serially. */
/* accgpu-test: private-copies */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define FS 33
#define IW 80
#define IH 60
#define NT 1024

static void convolve(const float *in, float *out, float filter[FS][FS],
                     int dev)
{
  float f[FS][FS];
  memcpy(f, filter, sizeof f);
#pragma acc parallel loop collapse(2) firstprivate(f) \
    copyin(in[0:IW*IH]) copyout(out[0:IW*IH]) if(dev)
  for (int y = 0; y < IH; y++)
    for (int x = 0; x < IW; x++) {
      float s = 0;
      for (int dy = 0; dy < FS; dy++)
        for (int dx = 0; dx < FS; dx++) {
          int yy = (y + dy - FS / 2 + IH) % IH, xx = (x + dx - FS / 2 + IW) % IW;
          s += f[dy][dx] * in[yy * IW + xx];
        }
      out[y * IW + x] = s;
    }
}

static void test_convolve(void)
{
  float *in = malloc(IW * IH * sizeof *in), *out = malloc(IW * IH * sizeof *out);
  float *ref = malloc(IW * IH * sizeof *ref);
  static float filter[FS][FS];
  for (int i = 0; i < IW * IH; i++)
    in[i] = (float)((i * 37) % 101) / 101.0f;
  for (int dy = 0; dy < FS; dy++)
    for (int dx = 0; dx < FS; dx++)
      filter[dy][dx] = 1.0f / (1 + abs(dy - FS / 2) + abs(dx - FS / 2));
  convolve(in, out, filter, 1);
  convolve(in, ref, filter, 0);
  for (int i = 0; i < IW * IH; i++)
    CHECK_REAL("convolve", out[i], ref[i], 1e-5);
  free(in), free(out), free(ref);
}

static void test_table(void)
{
  double table[NT], got[64], sgot[2];
  for (int k = 0; k < NT; k++)
    table[k] = k * 0.5;
  /* each gang adds its own number to its copy, then reads it back */
#pragma acc parallel loop gang num_gangs(16) firstprivate(table) copyout(got)
  for (int g = 0; g < 64; g++) {
    for (int k = 0; k < NT; k += 64)
      table[k + g] += g;
    double s = 0;
    for (int k = 0; k < NT; k += 64)
      s += table[k + g];
    got[g] = s;
  }
  for (int g = 0; g < 64; g++) {
    double r = 0;
    for (int k = 0; k < NT; k += 64)
      r += (k + g) * 0.5 + g;
    CHECK_REAL("firstprivate table", got[g], r, 0);
  }
  for (int k = 0; k < NT; k++)
    CHECK_REAL("host table kept", table[k], k * 0.5, 0);

#pragma acc serial firstprivate(table) copyout(sgot)
  {
    double s = 0;
    for (int k = 0; k < NT; k++) {
      table[k] *= 2;
      s += table[k];
    }
    sgot[0] = s;
    sgot[1] = table[NT - 1];
  }
  CHECK_REAL("serial sum", sgot[0], NT * (NT - 1) * 0.5, 0);
  CHECK_REAL("serial last", sgot[1], (NT - 1) * 1.0, 0);

#pragma acc parallel loop firstprivate(table) copyout(got) async(1)
  for (int g = 0; g < 64; g++)
    got[g] = table[g * 16] + table[NT - 1 - g];
#pragma acc wait(1)
  for (int k = 0; k < NT; k++)
    table[k] = -1;
  for (int g = 0; g < 64; g++)
    CHECK_REAL("async table", got[g], g * 8.0 + (NT - 1 - g) * 0.5, 0);

  /* present on the device with other values: firstprivate takes the
     host's */
  for (int k = 0; k < NT; k++)
    table[k] = k;
#pragma acc data copyin(table)
  {
#pragma acc parallel loop present(table)
    for (int k = 0; k < NT; k++)
      table[k] = -k;
    for (int k = 0; k < NT; k++)
      table[k] = 2 * k;
#pragma acc parallel loop firstprivate(table) copyout(got)
    for (int g = 0; g < 64; g++)
      got[g] = table[g];
  }
  for (int g = 0; g < 64; g++)
    CHECK_REAL("firstprivate under data", got[g], 2.0 * g, 0);
}

/* A parameter struct holding a large table, firstprivate as a whole. */
typedef struct {
  int n;
  double coef[600];
} params_t;

static void test_struct(void)
{
  params_t p;
  double out[100];
  p.n = 600;
  for (int i = 0; i < 600; i++)
    p.coef[i] = i * 0.5;
#pragma acc parallel loop firstprivate(p) copyout(out)
  for (int i = 0; i < 100; i++) {
    p.coef[i] += 1;
    out[i] = p.coef[i] + p.coef[599 - i] + p.n;
  }
  for (int i = 0; i < 100; i++)
    CHECK_REAL("firstprivate struct", out[i], i * 0.5 + 1 + (599 - i) * 0.5 + 600,
               0);
  CHECK_REAL("host struct kept", p.coef[0], 0, 0);
}

int main(void)
{
  test_convolve();
  test_table();
  test_struct();
  return e2e_done();
}
