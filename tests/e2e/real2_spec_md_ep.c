/* real2_spec_md_ep.c — SPEC ACCEL / NAS-style particle codes as their
 * OpenACC C versions write them: molecular dynamics with a neighbour list
 * (a Lennard-Jones force through `routine seq` helpers taking scalars and
 * returning a struct, positions as an array of `typedef`'d vec3 structs,
 * the potential energy a `+` reduction, the virial a second one), an EP
 * kernel (each gang regenerates its stream with a `routine seq` linear
 * congruential generator working on a `double *` seed it updates, Gaussian
 * pairs counted into ten annuli kept as separate scalars reduced with `+`
 * and the sums sx, sy), and a Rodinia backprop layer (`routine seq`
 * squash, weights in a flattened 2-D array, the hidden layer's sums each a
 * `loop vector reduction`). Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  double x, y, z;
} vec3;

#define NP 320
#define MAXNB 48

#pragma acc routine seq
static inline double min_image(double d, double box)
{
  if (d > 0.5 * box)
    return d - box;
  if (d < -0.5 * box)
    return d + box;
  return d;
}

#pragma acc routine seq
static vec3 lj_force(double dx, double dy, double dz, double *pe)
{
  vec3 f = {0, 0, 0};
  double r2 = dx * dx + dy * dy + dz * dz;
  double ir2 = 1.0 / r2, ir6 = ir2 * ir2 * ir2;
  double s = 48.0 * ir6 * (ir6 - 0.5) * ir2;
  f.x = s * dx;
  f.y = s * dy;
  f.z = s * dz;
  *pe = 4.0 * ir6 * (ir6 - 1.0);
  return f;
}

static void build_neighbours(const vec3 *p, int *nb, int *nnb, double box,
                             double rc2)
{
  for (int i = 0; i < NP; i++) {
    int c = 0;
    for (int j = 0; j < NP && c < MAXNB; j++) {
      if (j == i)
        continue;
      double dx = min_image(p[j].x - p[i].x, box);
      double dy = min_image(p[j].y - p[i].y, box);
      double dz = min_image(p[j].z - p[i].z, box);
      if (dx * dx + dy * dy + dz * dz < rc2)
        nb[i * MAXNB + c++] = j;
    }
    nnb[i] = c;
  }
}

static void test_md(void)
{
  vec3 *pos = malloc(NP * sizeof *pos), *force = malloc(NP * sizeof *force);
  int *nb = malloc(NP * MAXNB * sizeof *nb), *nnb = malloc(NP * sizeof *nnb);
  const double box = 8.0, rc2 = 2.5 * 2.5;
  for (int i = 0; i < NP; i++) {
    pos[i].x = (i % 7) * 1.1 + 0.05 * (i % 3);
    pos[i].y = ((i / 7) % 7) * 1.1 + 0.03 * (i % 5);
    pos[i].z = (i / 49) * 1.1 + 0.02 * (i % 4);
  }
  build_neighbours(pos, nb, nnb, box, rc2);
  double epot = 0, virial = 0;
#pragma acc parallel loop gang vector copyin(pos[0:NP], nb[0:NP*MAXNB], \
    nnb[0:NP]) copyout(force[0:NP]) reduction(+:epot, virial)
  for (int i = 0; i < NP; i++) {
    vec3 fi = {0, 0, 0};
    const vec3 pi = pos[i];
    for (int k = 0; k < nnb[i]; k++) {
      int j = nb[i * MAXNB + k];
      double dx = min_image(pi.x - pos[j].x, box);
      double dy = min_image(pi.y - pos[j].y, box);
      double dz = min_image(pi.z - pos[j].z, box);
      if (dx * dx + dy * dy + dz * dz < rc2) {
        double pe;
        vec3 f = lj_force(dx, dy, dz, &pe);
        fi.x += f.x;
        fi.y += f.y;
        fi.z += f.z;
        epot += 0.5 * pe;
        virial += 0.5 * (f.x * dx + f.y * dy + f.z * dz);
      }
    }
    force[i] = fi;
  }
  double re = 0, rv = 0;
  for (int i = 0; i < NP; i++) {
    vec3 fi = {0, 0, 0};
    for (int k = 0; k < nnb[i]; k++) {
      int j = nb[i * MAXNB + k];
      double dx = min_image(pos[i].x - pos[j].x, box);
      double dy = min_image(pos[i].y - pos[j].y, box);
      double dz = min_image(pos[i].z - pos[j].z, box);
      if (dx * dx + dy * dy + dz * dz < rc2) {
        double pe;
        vec3 f = lj_force(dx, dy, dz, &pe);
        fi.x += f.x, fi.y += f.y, fi.z += f.z;
        re += 0.5 * pe;
        rv += 0.5 * (f.x * dx + f.y * dy + f.z * dz);
      }
    }
    CHECK_REAL("md force x", force[i].x, fi.x, 1e-9);
    CHECK_REAL("md force y", force[i].y, fi.y, 1e-9);
    CHECK_REAL("md force z", force[i].z, fi.z, 1e-9);
  }
  CHECK_REAL("md energy", epot, re, 1e-9);
  CHECK_REAL("md virial", virial, rv, 1e-9);
  free(pos), free(force), free(nb), free(nnb);
}

/* ---- EP ---- */
#define R23 (1.0 / 8388608.0)
#define T23 8388608.0
#define R46 (R23 * R23)
#define T46 (T23 * T23)
#define NQ 10
#define NK 64  /* pairs per batch */
#define NBATCH 96

#pragma acc routine seq
static double randlc(double *x, double a)
{
  double t1 = R23 * a, a1 = (int)t1, a2 = a - T23 * a1;
  t1 = R23 * *x;
  double x1 = (int)t1, x2 = *x - T23 * x1;
  t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(R23 * t1), z = t1 - T23 * t2;
  double t3 = T23 * z + a2 * x2, t4 = (int)(R46 * t3);
  *x = t3 - T46 * t4;
  return R46 * *x;
}

static void test_ep(void)
{
  const double a = 1220703125.0;
  double sx = 0, sy = 0;
  double q0 = 0, q1 = 0, q2 = 0, q3 = 0, q4 = 0, q5 = 0, q6 = 0, q7 = 0,
         q8 = 0, q9 = 0;
#pragma acc parallel loop reduction(+:sx, sy, q0, q1, q2, q3, q4, q5, q6, \
    q7, q8, q9)
  for (int b = 0; b < NBATCH; b++) {
    double seed = 271828183.0 + 2.0 * b * 1000003.0;
    for (int k = 0; k < NK; k++) {
      double x1 = 2.0 * randlc(&seed, a) - 1.0;
      double x2 = 2.0 * randlc(&seed, a) - 1.0;
      double t = x1 * x1 + x2 * x2;
      if (t <= 1.0 && t > 0.0) {
        double t2 = sqrt(-2.0 * log(t) / t);
        double gx = x1 * t2, gy = x2 * t2;
        int l = (int)fmax(fabs(gx), fabs(gy));
        switch (l) {
        case 0: q0 += 1; break;
        case 1: q1 += 1; break;
        case 2: q2 += 1; break;
        case 3: q3 += 1; break;
        case 4: q4 += 1; break;
        case 5: q5 += 1; break;
        case 6: q6 += 1; break;
        case 7: q7 += 1; break;
        case 8: q8 += 1; break;
        default: q9 += 1; break;
        }
        sx += gx;
        sy += gy;
      }
    }
  }
  double rq[NQ] = {0}, rsx = 0, rsy = 0;
  for (int b = 0; b < NBATCH; b++) {
    double seed = 271828183.0 + 2.0 * b * 1000003.0;
    for (int k = 0; k < NK; k++) {
      double x1 = 2.0 * randlc(&seed, a) - 1.0;
      double x2 = 2.0 * randlc(&seed, a) - 1.0;
      double t = x1 * x1 + x2 * x2;
      if (t <= 1.0 && t > 0.0) {
        double t2 = sqrt(-2.0 * log(t) / t);
        double gx = x1 * t2, gy = x2 * t2;
        int l = (int)fmax(fabs(gx), fabs(gy));
        rq[l < NQ - 1 ? l : NQ - 1] += 1;
        rsx += gx;
        rsy += gy;
      }
    }
  }
  double q[NQ] = {q0, q1, q2, q3, q4, q5, q6, q7, q8, q9};
  for (int l = 0; l < NQ; l++)
    CHECK_REAL("ep annulus", q[l], rq[l], 0);
  CHECK_REAL("ep sx", sx, rsx, 1e-9);
  CHECK_REAL("ep sy", sy, rsy, 1e-9);
}

/* ---- backprop ---- */
#pragma acc routine seq
static float squash(float x)
{
  return 1.0f / (1.0f + expf(-x));
}

static void layerforward(const float *l1, float *l2, const float *conn, int n1,
                         int n2)
{
#pragma acc parallel loop gang present(l1[0:n1+1], l2[0:n2+1], \
                                       conn[0:(n1+1)*(n2+1)])
  for (int j = 1; j <= n2; j++) {
    float sum = 0.0f;
#pragma acc loop vector reduction(+:sum)
    for (int k = 0; k <= n1; k++)
      sum += conn[k * (n2 + 1) + j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void adjust_weights(const float *delta, int ndelta, const float *ly,
                           int nly, float *w, float *oldw)
{
#pragma acc parallel loop collapse(2) present(delta[0:ndelta+1], \
    ly[0:nly+1], w[0:(nly+1)*(ndelta+1)], oldw[0:(nly+1)*(ndelta+1)])
  for (int k = 0; k <= nly; k++)
    for (int j = 1; j <= ndelta; j++) {
      int idx = k * (ndelta + 1) + j;
      float new_dw = 0.3f * delta[j] * ly[k] + 0.3f * oldw[idx];
      w[idx] += new_dw;
      oldw[idx] = new_dw;
    }
}

static void test_backprop(void)
{
  enum { IN = 100, HID = 16 };
  float *in = malloc((IN + 1) * sizeof *in), hid[HID + 1], rhid[HID + 1];
  float *w = malloc((IN + 1) * (HID + 1) * sizeof *w);
  float *ow = calloc((IN + 1) * (HID + 1), sizeof *ow);
  float *rw = malloc((IN + 1) * (HID + 1) * sizeof *rw);
  float *row = calloc((IN + 1) * (HID + 1), sizeof *row);
  float delta[HID + 1];
  for (int i = 0; i <= IN; i++)
    in[i] = i == 0 ? 1.0f : (float)(i % 10) * 0.1f;
  for (int i = 0; i < (IN + 1) * (HID + 1); i++)
    w[i] = rw[i] = (float)((i * 31) % 19 - 9) * 0.01f;
  hid[0] = rhid[0] = 1.0f;
#pragma acc data copyin(in[0:IN+1]) copy(hid, w[0:(IN+1)*(HID+1)], \
    ow[0:(IN+1)*(HID+1)]) create(delta)
  {
    layerforward(in, hid, w, IN, HID);
#pragma acc parallel loop present(hid, delta)
    for (int j = 0; j <= HID; j++)
      delta[j] = hid[j] * (1.0f - hid[j]) * (0.5f - hid[j]);
    adjust_weights(delta, HID, in, IN, w, ow);
    adjust_weights(delta, HID, in, IN, w, ow);
  }
  for (int j = 1; j <= HID; j++) {
    float sum = 0.0f;
    for (int k = 0; k <= IN; k++)
      sum += rw[k * (HID + 1) + j] * in[k];
    rhid[j] = squash(sum);
  }
  for (int j = 0; j <= HID; j++)
    delta[j] = rhid[j] * (1.0f - rhid[j]) * (0.5f - rhid[j]);
  for (int rep = 0; rep < 2; rep++)
    for (int k = 0; k <= IN; k++)
      for (int j = 1; j <= HID; j++) {
        int idx = k * (HID + 1) + j;
        float dw = 0.3f * delta[j] * in[k] + 0.3f * row[idx];
        rw[idx] += dw;
        row[idx] = dw;
      }
  for (int j = 0; j <= HID; j++)
    CHECK_REAL("backprop hidden", hid[j], rhid[j], 1e-5);
  for (int i = 0; i < (IN + 1) * (HID + 1); i++) {
    CHECK_ABS("backprop weights", w[i], rw[i], 1e-6);
    CHECK_ABS("backprop old weights", ow[i], row[i], 1e-6);
  }
  free(in), free(w), free(ow), free(rw), free(row);
}

int main(void)
{
  test_md();
  test_ep();
  test_backprop();
  return e2e_done();
}
