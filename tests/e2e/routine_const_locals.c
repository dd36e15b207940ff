/* routine_const_locals.c — `const` initialized local aggregates in
 * routines: arrays and structs read only at constant indices and members
 * (GCC makes them statics), 2-D tables, an array of structs, one in an
 * inner block, one read at a run-time index and large enough for GCC to
 * copy it from a constant it makes (`big = *.LC0`), one passed to another
 * routine, a string.  In routine seq and routine vector; every value
 * equals a serial computation written without the tables.  GCC 12 alone
 * rejects them ("'c' requires a 'declare' directive for use in a
 * 'routine' function"), hence accgpu-only; routine_const_locals_O0.c
 * builds this file at -O0. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 256
#define BIG 80

typedef struct {
  float x, y, z;
} vec3;

struct term {
  int k;
  double w;
};

/* ((k * 7) % 11) for k = 0..79 */
#define BIG_INIT                                                               \
  {0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1,               \
   8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9,               \
   5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6,               \
   2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3}

#pragma acc routine seq
static double poly(double x)
{
  const double c[4] = {0.3, -1.25, 2.0, 0.75};
  return ((c[3] * x + c[2]) * x + c[1]) * x + c[0];
}

#pragma acc routine seq
static float fall(float t)
{
  const vec3 g = {0.5f, 0.0f, -9.81f};
  return 0.5f * g.z * t * t + g.x * t + g.y;
}

#pragma acc routine seq
static double sum4(const double *v)
{
  return v[0] + v[1] + v[2] + v[3];
}

/* Tables of several kinds in one routine. */
#pragma acc routine seq
static double mix(int i)
{
  const int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  const struct term t[2] = {{3, 0.5}, {-2, 0.25}};
  const int big[BIG] = BIG_INIT;
  const double h[4] = {1.5, 2.5, 3.5, 4.5};
  const char s[4] = "acc";
  double r = m[0][2] * m[1][1] + t[1].k * t[0].w + t[1].w;
  r += big[i % BIG] + sum4(h) + s[1];
  {
    const double inner[3] = {0.125, 8.0, -1.0};
    r += inner[0] * inner[1] + inner[2];
  }
  return r;
}

#pragma acc routine vector
static void row(double *out, int base)
{
  const double w[3] = {0.25, 0.5, 0.25};
  const vec3 d = {1.0f, 2.0f, 4.0f};
#pragma acc loop vector
  for (int j = 0; j < 16; j++)
    out[base + j] = w[0] * (base + j) + w[1] + w[2] * d.z + d.y * d.x;
}

static int big_at(int k)
{
  return ((k % BIG) * 7) % 11;
}

int main(void)
{
  double p[N], mx[N], rw[N];
  float f[N];
#pragma acc parallel loop copyout(p, f, mx)
  for (int i = 0; i < N; i++) {
    p[i] = poly(i * 0.01);
    f[i] = fall(i * 0.1f);
    mx[i] = mix(i);
  }
#pragma acc parallel loop gang copyout(rw)
  for (int b = 0; b < N; b += 16)
    row(rw, b);

  for (int i = 0; i < N; i++) {
    double x = i * 0.01;
    float t = i * 0.1f;
    CHECK_REAL("poly", p[i], ((0.75 * x + 2.0) * x - 1.25) * x + 0.3, 1e-15);
    CHECK_REAL("fall", f[i], 0.5f * -9.81f * t * t + 0.5f * t, 1e-6);
    CHECK_REAL("mix", mx[i], 3 * 5 + -2 * 0.5 + 0.25 + big_at(i) + 12.0 +
                                 'c' + 0.125 * 8.0 - 1.0, 1e-15);
    CHECK_REAL("row", rw[i], 0.25 * i + 0.5 + 0.25 * 4.0 + 2.0, 1e-15);
  }
  return e2e_done();
}
