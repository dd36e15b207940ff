/* real2_rodinia_more.c — Rodinia codes not yet covered, as their OpenACC
 * ports write them: lavaMD (boxes as structs holding a fixed array of
 * neighbour structs, particles as `typedef` FOUR_VECTOR structs, a `loop
 * seq` over neighbours inside a gang loop over boxes, per-particle sums),
 * cfd (euler3d's flux: `float3` structs, `routine seq` helpers returning
 * results through pointer arguments, a neighbour table with -1 for
 * boundary faces, a time step with `data copy/create` around repeated
 * kernels), particlefilter (a `routine seq` uniform RNG updating `int
 * *seed` at an index, the CDF search in a `routine seq` returning an
 * index), and gaussian elimination (Fan1/Fan2 per pivot inside one data
 * region). Each against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

/* ---- lavaMD ---- */
typedef double fp;
typedef struct {
  fp v, x, y, z;
} FOUR_VECTOR;
typedef struct {
  int x, y, z, number, offset;
} nei_str;
typedef struct {
  int x, y, z, number, offset, nn;
  nei_str nei[26];
} box_str;

#define BOXES1D 3
#define NBOX (BOXES1D * BOXES1D * BOXES1D)
#define PPB 12 /* particles per box */
#define NPART (NBOX * PPB)

static void lava_boxes(box_str *box)
{
  int nh = 0;
  for (int i = 0; i < BOXES1D; i++)
    for (int j = 0; j < BOXES1D; j++)
      for (int k = 0; k < BOXES1D; k++) {
        box_str *b = &box[nh];
        b->x = k, b->y = j, b->z = i, b->number = nh;
        b->offset = nh * PPB;
        b->nn = 0;
        for (int l = -1; l <= 1; l++)
          for (int m = -1; m <= 1; m++)
            for (int n = -1; n <= 1; n++) {
              int ii = i + l, jj = j + m, kk = k + n;
              if ((l | m | n) == 0 || ii < 0 || jj < 0 || kk < 0 ||
                  ii >= BOXES1D || jj >= BOXES1D || kk >= BOXES1D)
                continue;
              nei_str *ne = &b->nei[b->nn++];
              ne->x = kk, ne->y = jj, ne->z = ii;
              ne->number = (ii * BOXES1D + jj) * BOXES1D + kk;
              ne->offset = ne->number * PPB;
            }
        nh++;
      }
}

#pragma acc routine seq
static void lava_pair(const FOUR_VECTOR *ri, const FOUR_VECTOR *rj, fp qj,
                      fp a2, FOUR_VECTOR *f)
{
  fp r2 = ri->v + rj->v - (ri->x * rj->x + ri->y * rj->y + ri->z * rj->z);
  fp u2 = a2 * r2, vij = exp(-u2), fs = 2.0 * vij;
  fp dx = ri->x - rj->x, dy = ri->y - rj->y, dz = ri->z - rj->z;
  f->v += qj * vij;
  f->x += qj * fs * dx;
  f->y += qj * fs * dy;
  f->z += qj * fs * dz;
}

static void lava_ref(const box_str *box, const FOUR_VECTOR *rv, const fp *qv,
                     FOUR_VECTOR *fv, fp a2)
{
  for (int l = 0; l < NBOX; l++)
    for (int k = 0; k <= box[l].nn; k++) {
      int off = k == 0 ? box[l].offset : box[l].nei[k - 1].offset;
      for (int i = 0; i < PPB; i++)
        for (int j = 0; j < PPB; j++)
          lava_pair(&rv[box[l].offset + i], &rv[off + j], qv[off + j], a2,
                    &fv[box[l].offset + i]);
    }
}

static void test_lavamd(void)
{
  box_str *box = malloc(NBOX * sizeof *box);
  FOUR_VECTOR *rv = malloc(NPART * sizeof *rv);
  FOUR_VECTOR *fv = calloc(NPART, sizeof *fv), *rf = calloc(NPART, sizeof *rf);
  fp *qv = malloc(NPART * sizeof *qv), a2 = 2.0 * 0.5 * 0.5;
  lava_boxes(box);
  for (int i = 0; i < NPART; i++) {
    rv[i].v = ((i * 7) % 10 + 1) / 10.0;
    rv[i].x = ((i * 3) % 10 + 1) / 10.0;
    rv[i].y = ((i * 5) % 10 + 1) / 10.0;
    rv[i].z = ((i * 11) % 10 + 1) / 10.0;
    qv[i] = ((i * 13) % 10 + 1) / 10.0;
  }
#pragma acc parallel loop gang copyin(box[0:NBOX], rv[0:NPART], qv[0:NPART]) \
    copy(fv[0:NPART])
  for (int l = 0; l < NBOX; l++) {
#pragma acc loop seq
    for (int k = 0; k <= box[l].nn; k++) {
      int off = k == 0 ? box[l].offset : box[l].nei[k - 1].offset;
#pragma acc loop vector
      for (int i = 0; i < PPB; i++) {
        FOUR_VECTOR acc = fv[box[l].offset + i];
        for (int j = 0; j < PPB; j++)
          lava_pair(&rv[box[l].offset + i], &rv[off + j], qv[off + j], a2,
                    &acc);
        fv[box[l].offset + i] = acc;
      }
    }
  }
  lava_ref(box, rv, qv, rf, a2);
  for (int i = 0; i < NPART; i++) {
    CHECK_REAL("lavaMD v", fv[i].v, rf[i].v, 1e-12);
    CHECK_REAL("lavaMD x", fv[i].x, rf[i].x, 1e-12);
    CHECK_REAL("lavaMD z", fv[i].z, rf[i].z, 1e-12);
  }
  free(box), free(rv), free(fv), free(rf), free(qv);
}

/* ---- cfd ---- */
typedef struct {
  float x, y, z;
} float3;
#define NNB 4
#define NEL 160
#define NVAR 5
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY 4
#define GAMMA 1.4f

#pragma acc routine seq
static void compute_velocity(float density, float3 momentum, float3 *velocity)
{
  velocity->x = momentum.x / density;
  velocity->y = momentum.y / density;
  velocity->z = momentum.z / density;
}

#pragma acc routine seq
static float compute_pressure(float density, float density_energy,
                              float speed_sqd)
{
  return (GAMMA - 1.0f) * (density_energy - 0.5f * density * speed_sqd);
}

#pragma acc routine seq
static void flux_contribution(float density, float3 mom, float de, float p,
                              float3 vel, float3 *fx, float3 *fy, float3 *fz,
                              float3 *fde)
{
  fx->x = vel.x * mom.x + p, fx->y = vel.x * mom.y, fx->z = vel.x * mom.z;
  fy->x = fx->y, fy->y = vel.y * mom.y + p, fy->z = vel.y * mom.z;
  fz->x = fx->z, fz->y = fy->z, fz->z = vel.z * mom.z + p;
  float de_p = de + p;
  fde->x = vel.x * de_p, fde->y = vel.y * de_p, fde->z = vel.z * de_p;
  (void)density;
}

/* One flux evaluation for element i (shared by the kernel and the
   reference: the same arithmetic in both). */
#pragma acc routine seq
static void flux_elem(int i, const int *nbr, const float *normals,
                      const float *vars, float *fluxes)
{
  float d = vars[i * NVAR + VAR_DENSITY];
  float3 m = {vars[i * NVAR + 1], vars[i * NVAR + 2], vars[i * NVAR + 3]};
  float de = vars[i * NVAR + VAR_DENSITY_ENERGY];
  float3 v, fx, fy, fz, fde;
  compute_velocity(d, m, &v);
  float s2 = v.x * v.x + v.y * v.y + v.z * v.z;
  float p = compute_pressure(d, de, s2);
  flux_contribution(d, m, de, p, v, &fx, &fy, &fz, &fde);
  float f[NVAR] = {0, 0, 0, 0, 0};
  for (int j = 0; j < NNB; j++) {
    int nb = nbr[i * NNB + j];
    float3 n = {normals[(i * NNB + j) * 3], normals[(i * NNB + j) * 3 + 1],
                normals[(i * NNB + j) * 3 + 2]};
    if (nb >= 0) {
      float dn = vars[nb * NVAR];
      float3 mn = {vars[nb * NVAR + 1], vars[nb * NVAR + 2],
                   vars[nb * NVAR + 3]};
      float den = vars[nb * NVAR + 4];
      float3 vn, fxn, fyn, fzn, fden;
      compute_velocity(dn, mn, &vn);
      float pn = compute_pressure(dn, den, vn.x * vn.x + vn.y * vn.y +
                                              vn.z * vn.z);
      flux_contribution(dn, mn, den, pn, vn, &fxn, &fyn, &fzn, &fden);
      f[0] += 0.5f * (n.x * (m.x + mn.x) + n.y * (m.y + mn.y) +
                      n.z * (m.z + mn.z));
      f[1] += 0.5f * (n.x * (fx.x + fxn.x) + n.y * (fy.x + fyn.x) +
                      n.z * (fz.x + fzn.x));
      f[2] += 0.5f * (n.x * (fx.y + fxn.y) + n.y * (fy.y + fyn.y));
      f[3] += 0.5f * (n.x * (fx.z + fxn.z) + n.z * (fz.z + fzn.z));
      f[4] += 0.5f * (n.x * (fde.x + fden.x) + n.y * (fde.y + fden.y) +
                      n.z * (fde.z + fden.z));
    } else if (nb == -1) { /* wing boundary: pressure only */
      f[1] += n.x * p;
      f[2] += n.y * p;
      f[3] += n.z * p;
    }
  }
  for (int k = 0; k < NVAR; k++)
    fluxes[i * NVAR + k] = f[k];
}

static void cfd_init(int *nbr, float *normals, float *vars)
{
  for (int i = 0; i < NEL; i++) {
    for (int j = 0; j < NNB; j++) {
      int nb = (i * 7 + j * 13 + 1) % NEL;
      nbr[i * NNB + j] = (i + j) % 11 == 0 ? -1 : (i + j) % 13 == 0 ? -2 : nb;
      for (int c = 0; c < 3; c++)
        normals[(i * NNB + j) * 3 + c] = 0.1f * ((i + j + c) % 5) - 0.2f;
    }
    vars[i * NVAR] = 1.0f + 0.01f * (i % 7);
    vars[i * NVAR + 1] = 0.5f, vars[i * NVAR + 2] = 0.1f * (i % 3);
    vars[i * NVAR + 3] = 0.05f, vars[i * NVAR + 4] = 2.5f + 0.02f * (i % 5);
  }
}

static void test_cfd(void)
{
  enum { STEPS = 3 };
  int *nbr = malloc(NEL * NNB * sizeof *nbr);
  float *normals = malloc(NEL * NNB * 3 * sizeof *normals);
  float *vars = malloc(NEL * NVAR * sizeof *vars);
  float *rvars = malloc(NEL * NVAR * sizeof *rvars);
  float *fluxes = malloc(NEL * NVAR * sizeof *fluxes);
  float *old = malloc(NEL * NVAR * sizeof *old);
  cfd_init(nbr, normals, vars);
  memcpy(rvars, vars, NEL * NVAR * sizeof *vars);
  const float step = 0.01f;
#pragma acc data copyin(nbr[0:NEL*NNB], normals[0:NEL*NNB*3]) \
    copy(vars[0:NEL*NVAR]) create(fluxes[0:NEL*NVAR], old[0:NEL*NVAR])
  for (int t = 0; t < STEPS; t++) {
#pragma acc parallel loop present(vars, old)
    for (int i = 0; i < NEL * NVAR; i++)
      old[i] = vars[i];
#pragma acc parallel loop present(nbr, normals, old, fluxes)
    for (int i = 0; i < NEL; i++)
      flux_elem(i, nbr, normals, old, fluxes);
#pragma acc parallel loop collapse(2) present(vars, old, fluxes)
    for (int i = 0; i < NEL; i++)
      for (int k = 0; k < NVAR; k++)
        vars[i * NVAR + k] = old[i * NVAR + k] + step * fluxes[i * NVAR + k];
  }
  for (int t = 0; t < STEPS; t++) {
    memcpy(old, rvars, NEL * NVAR * sizeof *old);
    for (int i = 0; i < NEL; i++)
      flux_elem(i, nbr, normals, old, fluxes);
    for (int i = 0; i < NEL * NVAR; i++)
      rvars[i] = old[i] + step * fluxes[i];
  }
  for (int i = 0; i < NEL * NVAR; i++)
    CHECK_REAL("cfd vars", vars[i], rvars[i], 1e-5);
  free(nbr), free(normals), free(vars), free(rvars), free(fluxes), free(old);
}

/* ---- particlefilter ---- */
#define PF_M 2147483647
#define PF_A 1103515245
#define PF_C 12345
#define NPF 400

#pragma acc routine seq
static double randu(int *seed, int index)
{
  int num = PF_A * seed[index] + PF_C;
  seed[index] = num % PF_M;
  return fabs(seed[index] / ((double)PF_M));
}

#pragma acc routine seq
static int find_index(const double *CDF, int lengthCDF, double value)
{
  for (int x = 0; x < lengthCDF; x++)
    if (CDF[x] >= value)
      return x;
  return lengthCDF - 1;
}

static void test_particlefilter(void)
{
  int *seed = malloc(NPF * sizeof *seed), *rseed = malloc(NPF * sizeof *rseed);
  double *w = malloc(NPF * sizeof *w), *cdf = malloc(NPF * sizeof *cdf);
  double *u = malloc(NPF * sizeof *u), *xj = malloc(NPF * sizeof *xj);
  double *arrayX = malloc(NPF * sizeof *arrayX);
  for (int i = 0; i < NPF; i++) {
    seed[i] = rseed[i] = i * 7919 + 1;
    arrayX[i] = i * 0.5;
  }
  double sumw = 0;
#pragma acc data copy(seed[0:NPF]) copyin(arrayX[0:NPF]) \
    create(w[0:NPF], cdf[0:NPF], u[0:NPF]) copyout(xj[0:NPF])
  {
#pragma acc parallel loop present(seed, w, arrayX) reduction(+:sumw)
    for (int i = 0; i < NPF; i++) {
      w[i] = 1.0 + randu(seed, i) + 0.001 * arrayX[i];
      sumw += w[i];
    }
#pragma acc serial present(w, cdf)
    {
      cdf[0] = w[0] / sumw;
      for (int i = 1; i < NPF; i++)
        cdf[i] = cdf[i - 1] + w[i] / sumw;
    }
    double u1 = 0.37 / NPF;
#pragma acc parallel loop present(u)
    for (int i = 0; i < NPF; i++)
      u[i] = u1 + i / (double)NPF;
#pragma acc parallel loop present(cdf, u, arrayX, xj)
    for (int j = 0; j < NPF; j++)
      xj[j] = arrayX[find_index(cdf, NPF, u[j])];
  }
  double rw[NPF], rcdf[NPF], rsum = 0;
  for (int i = 0; i < NPF; i++) {
    rw[i] = 1.0 + randu(rseed, i) + 0.001 * (i * 0.5);
    rsum += rw[i];
  }
  rcdf[0] = rw[0] / rsum;
  for (int i = 1; i < NPF; i++)
    rcdf[i] = rcdf[i - 1] + rw[i] / rsum;
  CHECK_REAL("pf weight sum", sumw, rsum, 1e-12);
  for (int i = 0; i < NPF; i++) {
    CHECK_INT("pf seed", seed[i], rseed[i]);
    double uu = 0.37 / NPF + i / (double)NPF;
    int k = find_index(rcdf, NPF, uu);
    /* the CDF may differ in the last bits (summation order of sumw) */
    int k2 = find_index(rcdf, NPF, uu * (1 + 1e-12));
    CHECK_TRUE("pf resample", xj[i] == k * 0.5 || xj[i] == k2 * 0.5);
  }
  free(seed), free(rseed), free(w), free(cdf), free(u), free(xj), free(arrayX);
}

/* ---- gaussian (Fan1/Fan2) ---- */
static void test_gaussian(void)
{
  enum { NG = 40 };
  float *a = malloc(NG * NG * sizeof *a), *b = malloc(NG * sizeof *b);
  float *m = calloc(NG * NG, sizeof *m);
  float *ra = malloc(NG * NG * sizeof *ra), *rb = malloc(NG * sizeof *rb);
  float *rm = calloc(NG * NG, sizeof *rm);
  for (int i = 0; i < NG; i++) {
    for (int j = 0; j < NG; j++)
      a[i * NG + j] = (i == j) ? NG + 1.0f : 1.0f / (1 + (i + 2 * j) % 7);
    b[i] = 1.0f + i % 3;
  }
  memcpy(ra, a, NG * NG * sizeof *a);
  memcpy(rb, b, NG * sizeof *b);
  int size = NG;
#pragma acc data copy(a[0:size*size], b[0:size], m[0:size*size])
  for (int t = 0; t < size - 1; t++) {
#pragma acc parallel loop present(a, m)
    for (int i = 0; i < size - 1 - t; i++)
      m[size * (i + t + 1) + t] = a[size * (i + t + 1) + t] / a[size * t + t];
#pragma acc parallel loop collapse(2) present(a, b, m)
    for (int i = 0; i < size - 1 - t; i++)
      for (int j = 0; j < size - t; j++) {
        a[size * (i + 1 + t) + (j + t)] -=
            m[size * (i + 1 + t) + t] * a[size * t + (j + t)];
        if (j == 0)
          b[i + 1 + t] -= m[size * (i + 1 + t) + (j + t)] * b[t];
      }
  }
  for (int t = 0; t < size - 1; t++) {
    for (int i = 0; i < size - 1 - t; i++)
      rm[size * (i + t + 1) + t] =
          ra[size * (i + t + 1) + t] / ra[size * t + t];
    for (int i = 0; i < size - 1 - t; i++)
      for (int j = 0; j < size - t; j++) {
        ra[size * (i + 1 + t) + (j + t)] -=
            rm[size * (i + 1 + t) + t] * ra[size * t + (j + t)];
        if (j == 0)
          rb[i + 1 + t] -= rm[size * (i + 1 + t) + (j + t)] * rb[t];
      }
  }
  for (int i = 0; i < NG * NG; i++)
    CHECK_ABS("gaussian a", a[i], ra[i], 1e-5);
  for (int i = 0; i < NG; i++)
    CHECK_ABS("gaussian b", b[i], rb[i], 1e-5);
  free(a), free(b), free(m), free(ra), free(rb), free(rm);
}

int main(void)
{
  test_lavamd();
  test_cfd();
  test_particlefilter();
  test_gaussian();
  return e2e_done();
}
