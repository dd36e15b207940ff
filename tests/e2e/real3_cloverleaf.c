/* real3_cloverleaf.c — hydrodynamics kernels in the shape of CloverLeaf's
 * OpenACC C version and an MRI-Q reconstruction: arrays indexed through
 * FIELD_2D-style macros with bounds x_min-2 .. x_max+2, loops written
 * `for (k = y_min; k <= y_max; k++)` under `kernels loop independent`
 * and `parallel loop collapse(2)` with `present` lists of many arrays,
 * MAX/MIN macros, ideal gas with sqrt, a halo update loop per depth over
 * several fields chosen by flags, a field summary with five `+`
 * reductions at once, an advection sweep whose direction is a run-time
 * argument; MRI-Q: a `parallel loop` over voxels with a `loop seq` over
 * k-space samples held in an array of structs, sinf/cosf of the same
 * argument, float accumulators. Each against the same code run serially.
 */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static int x_min = 1, x_max = 40, y_min = 1, y_max = 28;
#define XW (x_max - x_min + 5)
#define YW (y_max - y_min + 5)
#define FIELD_2D(d, j, k) d[((j) - x_min + 2) + ((k) - y_min + 2) * XW]
#define VERT_2D(d, j, k) d[((j) - x_min + 2) + ((k) - y_min + 2) * (XW + 1)]

typedef struct {
  double *density, *energy, *pressure, *soundspeed, *viscosity;
  double *volume, *xvel, *yvel, *mass_flux;
} chunk_t;

static void ideal_gas(chunk_t *c, int dev)
{
  double *density = c->density, *energy = c->energy;
  double *pressure = c->pressure, *soundspeed = c->soundspeed;
  int n = XW * YW;
#pragma acc kernels loop independent if(dev) \
    present(density[0:n], energy[0:n], pressure[0:n], soundspeed[0:n])
  for (int k = y_min; k <= y_max; k++) {
#pragma acc loop independent
    for (int j = x_min; j <= x_max; j++) {
      double v = 1.0 / FIELD_2D(density, j, k);
      FIELD_2D(pressure, j, k) = (1.4 - 1.0) * FIELD_2D(density, j, k) *
                                 FIELD_2D(energy, j, k);
      double pe = (1.4 - 1.0) * FIELD_2D(density, j, k);
      double pv = -FIELD_2D(density, j, k) * FIELD_2D(pressure, j, k);
      double ss2 = v * v * (FIELD_2D(pressure, j, k) * pe - pv);
      FIELD_2D(soundspeed, j, k) = sqrt(ss2);
    }
  }
}

static void viscosity(chunk_t *c, int dev)
{
  double *density = c->density, *pressure = c->pressure;
  double *visc = c->viscosity, *xvel = c->xvel, *yvel = c->yvel;
  int n = XW * YW, nv = (XW + 1) * (YW + 1);
#pragma acc parallel loop collapse(2) if(dev) \
    present(density[0:n], pressure[0:n], visc[0:n], xvel[0:nv], yvel[0:nv])
  for (int k = y_min; k <= y_max; k++) {
    for (int j = x_min; j <= x_max; j++) {
      double ugrad = (VERT_2D(xvel, j + 1, k) + VERT_2D(xvel, j + 1, k + 1)) -
                     (VERT_2D(xvel, j, k) + VERT_2D(xvel, j, k + 1));
      double vgrad = (VERT_2D(yvel, j, k + 1) + VERT_2D(yvel, j + 1, k + 1)) -
                     (VERT_2D(yvel, j, k) + VERT_2D(yvel, j + 1, k));
      double div = ugrad + vgrad;
      double strain2 = 0.5 * (VERT_2D(xvel, j, k + 1) - VERT_2D(xvel, j, k)) +
                       0.5 * (VERT_2D(yvel, j + 1, k) - VERT_2D(yvel, j, k));
      double pgradx = (FIELD_2D(pressure, j + 1, k) -
                       FIELD_2D(pressure, j - 1, k)) * 0.5;
      double pgrady = (FIELD_2D(pressure, j, k + 1) -
                       FIELD_2D(pressure, j, k - 1)) * 0.5;
      double pgradx2 = pgradx * pgradx, pgrady2 = pgrady * pgrady;
      double limiter = ((0.5 * ugrad * ugrad) * pgradx2 +
                        (0.5 * vgrad * vgrad) * pgrady2 +
                        strain2 * pgradx * pgrady * 2.0) /
                       MAX(pgradx2 + pgrady2, 1.0e-16);
      if (limiter > 0.0 || div >= 0.0) {
        FIELD_2D(visc, j, k) = 0.0;
      } else {
        double pgrad = sqrt(pgradx2 + pgrady2);
        double grad = MIN(fabs(ugrad), fabs(vgrad)) + 1e-3 * pgrad;
        FIELD_2D(visc, j, k) = 2.0 * FIELD_2D(density, j, k) * grad * grad *
                               limiter * limiter;
      }
    }
  }
}

/* Reflective halos of the fields FIELDS asks for, DEPTH cells deep. */
static void update_halo(chunk_t *c, const int *fields, int depth, int dev)
{
  double *f[3] = {c->density, c->energy, c->pressure};
  int n = XW * YW;
  for (int fi = 0; fi < 3; fi++) {
    if (!fields[fi])
      continue;
    double *d = f[fi];
#pragma acc parallel loop collapse(2) present(d[0:n]) if(dev)
    for (int j = x_min - depth; j <= x_max + depth; j++)
      for (int kk = 0; kk < depth; kk++) {
        FIELD_2D(d, j, y_min - 1 - kk) = FIELD_2D(d, j, y_min + kk);
        FIELD_2D(d, j, y_max + 1 + kk) = FIELD_2D(d, j, y_max - kk);
      }
#pragma acc parallel loop collapse(2) present(d[0:n]) if(dev)
    for (int k = y_min - depth; k <= y_max + depth; k++)
      for (int jj = 0; jj < depth; jj++) {
        FIELD_2D(d, x_min - 1 - jj, k) = FIELD_2D(d, x_min + jj, k);
        FIELD_2D(d, x_max + 1 + jj, k) = FIELD_2D(d, x_max - jj, k);
      }
  }
}

static void advec_sweep(chunk_t *c, int dir, int dev)
{
  double *density = c->density, *energy = c->energy, *flux = c->mass_flux;
  double *xvel = c->xvel, *yvel = c->yvel;
  int n = XW * YW, nv = (XW + 1) * (YW + 1);
#pragma acc parallel loop collapse(2) if(dev) \
    present(density[0:n], energy[0:n], flux[0:n], xvel[0:nv], yvel[0:nv])
  for (int k = y_min; k <= y_max + 1; k++)
    for (int j = x_min; j <= x_max + 1; j++) {
      double vel = dir == 1 ? VERT_2D(xvel, j, k) : VERT_2D(yvel, j, k);
      int up = dir == 1 ? (vel > 0 ? j - 1 : j) : (vel > 0 ? k - 1 : k);
      double rho = dir == 1 ? FIELD_2D(density, up, k)
                            : FIELD_2D(density, j, up);
      FIELD_2D(flux, j, k) = 0.01 * vel * rho;
    }
#pragma acc parallel loop collapse(2) if(dev) \
    present(density[0:n], energy[0:n], flux[0:n])
  for (int k = y_min; k <= y_max; k++)
    for (int j = x_min; j <= x_max; j++) {
      double in = FIELD_2D(flux, j, k);
      double out = dir == 1 ? FIELD_2D(flux, j + 1, k) : FIELD_2D(flux, j, k + 1);
      double pre = FIELD_2D(density, j, k);
      FIELD_2D(density, j, k) = pre + in - out;
      FIELD_2D(energy, j, k) = (FIELD_2D(energy, j, k) * pre + 0.5 * (in - out)) /
                               FIELD_2D(density, j, k);
    }
}

static void field_summary(chunk_t *c, double *s, int dev)
{
  double vol = 0, mass = 0, ie = 0, ke = 0, press = 0;
  double *density = c->density, *energy = c->energy, *pressure = c->pressure;
  double *volume = c->volume, *xvel = c->xvel, *yvel = c->yvel;
  int n = XW * YW, nv = (XW + 1) * (YW + 1);
#pragma acc parallel loop collapse(2) if(dev) \
    reduction(+:vol, mass, ie, ke, press) \
    present(density[0:n], energy[0:n], pressure[0:n], volume[0:n], \
            xvel[0:nv], yvel[0:nv])
  for (int k = y_min; k <= y_max; k++)
    for (int j = x_min; j <= x_max; j++) {
      double vsqrd = 0.0;
      for (int kv = k; kv <= k + 1; kv++)
        for (int jv = j; jv <= j + 1; jv++)
          vsqrd += 0.25 * (VERT_2D(xvel, jv, kv) * VERT_2D(xvel, jv, kv) +
                           VERT_2D(yvel, jv, kv) * VERT_2D(yvel, jv, kv));
      double cell_vol = FIELD_2D(volume, j, k);
      double cell_mass = cell_vol * FIELD_2D(density, j, k);
      vol += cell_vol;
      mass += cell_mass;
      ie += cell_mass * FIELD_2D(energy, j, k);
      ke += cell_mass * 0.5 * vsqrd;
      press += cell_vol * FIELD_2D(pressure, j, k);
    }
  s[0] = vol, s[1] = mass, s[2] = ie, s[3] = ke, s[4] = press;
}

static void chunk_init(chunk_t *c)
{
  int n = XW * YW, nv = (XW + 1) * (YW + 1);
  double **f[] = {&c->density, &c->energy, &c->pressure, &c->soundspeed,
                  &c->viscosity, &c->volume, &c->mass_flux};
  for (int i = 0; i < 7; i++)
    *f[i] = calloc(n, sizeof(double));
  c->xvel = calloc(nv, sizeof(double));
  c->yvel = calloc(nv, sizeof(double));
  for (int k = y_min - 2; k <= y_max + 2; k++)
    for (int j = x_min - 2; j <= x_max + 2; j++) {
      int hot = (j - 10) * (j - 10) + (k - 12) * (k - 12) < 40;
      FIELD_2D(c->density, j, k) = hot ? 1.0 : 0.2;
      FIELD_2D(c->energy, j, k) = hot ? 2.5 : 1.0;
      FIELD_2D(c->volume, j, k) = 0.01;
    }
  for (int k = y_min - 2; k <= y_max + 3; k++)
    for (int j = x_min - 2; j <= x_max + 3; j++) {
      VERT_2D(c->xvel, j, k) = 0.1 * sin(0.3 * j) * cos(0.2 * k);
      VERT_2D(c->yvel, j, k) = 0.1 * cos(0.25 * j + 0.1 * k);
    }
}

static void chunk_free(chunk_t *c)
{
  free(c->density), free(c->energy), free(c->pressure), free(c->soundspeed);
  free(c->viscosity), free(c->volume), free(c->mass_flux), free(c->xvel);
  free(c->yvel);
}

static void hydro(chunk_t *c, double *summary, int dev)
{
  int n = XW * YW, nv = (XW + 1) * (YW + 1);
  const int all[3] = {1, 1, 1}, dens[3] = {1, 0, 0};
#pragma acc data copy(c->density[0:n], c->energy[0:n]) \
    copyin(c->volume[0:n], c->xvel[0:nv], c->yvel[0:nv]) \
    create(c->pressure[0:n], c->soundspeed[0:n], c->viscosity[0:n], \
           c->mass_flux[0:n]) if(dev)
  {
    for (int step = 0; step < 3; step++) {
      ideal_gas(c, dev);
      update_halo(c, all, 2, dev);
      viscosity(c, dev);
      advec_sweep(c, step % 2 ? 2 : 1, dev);
      update_halo(c, dens, 1, dev);
    }
    ideal_gas(c, dev);
    field_summary(c, summary, dev);
#pragma acc update self(c->pressure[0:n], c->viscosity[0:n]) if(dev)
  }
}

static void test_clover(void)
{
  chunk_t a, r;
  double s[5], rs[5];
  chunk_init(&a);
  chunk_init(&r);
  hydro(&a, s, 1);
  hydro(&r, rs, 0);
  for (int i = 0; i < 5; i++)
    CHECK_REAL("clover summary", s[i], rs[i], 1e-12);
  for (int k = y_min - 2; k <= y_max + 2; k++)
    for (int j = x_min - 2; j <= x_max + 2; j++) {
      CHECK_REAL("clover density", FIELD_2D(a.density, j, k),
                 FIELD_2D(r.density, j, k), 1e-12);
      CHECK_REAL("clover energy", FIELD_2D(a.energy, j, k),
                 FIELD_2D(r.energy, j, k), 1e-12);
    }
  for (int k = y_min; k <= y_max; k++)
    for (int j = x_min; j <= x_max; j++) {
      CHECK_REAL("clover pressure", FIELD_2D(a.pressure, j, k),
                 FIELD_2D(r.pressure, j, k), 1e-12);
      CHECK_ABS("clover viscosity", FIELD_2D(a.viscosity, j, k),
                FIELD_2D(r.viscosity, j, k), 1e-12);
    }
  chunk_free(&a);
  chunk_free(&r);
}

/* ---- MRI-Q ---- */
typedef struct { float Kx, Ky, Kz, PhiMag; } kValues;
#define NK 256
#define NXV 700

static void computeQ(int numK, int numX, const kValues *kVals, const float *x,
                     const float *y, const float *z, float *Qr, float *Qi,
                     int dev)
{
  const float PIx2 = 6.2831853071795864769252867665590058f;
#pragma acc parallel loop copyin(kVals[0:numK], x[0:numX], y[0:numX], \
                                 z[0:numX]) copyout(Qr[0:numX], Qi[0:numX]) \
    if(dev)
  for (int indexX = 0; indexX < numX; indexX++) {
    float Qracc = 0.0f, Qiacc = 0.0f;
#pragma acc loop seq
    for (int indexK = 0; indexK < numK; indexK++) {
      float expArg = PIx2 * (kVals[indexK].Kx * x[indexX] +
                             kVals[indexK].Ky * y[indexX] +
                             kVals[indexK].Kz * z[indexX]);
      float cosArg = cosf(expArg), sinArg = sinf(expArg);
      float phi = kVals[indexK].PhiMag;
      Qracc += phi * cosArg;
      Qiacc += phi * sinArg;
    }
    Qr[indexX] = Qracc;
    Qi[indexX] = Qiacc;
  }
}

static void test_mriq(void)
{
  kValues *k = malloc(NK * sizeof *k);
  float *x = malloc(NXV * sizeof *x), *y = malloc(NXV * sizeof *y);
  float *z = malloc(NXV * sizeof *z);
  float *qr = malloc(NXV * sizeof *qr), *qi = malloc(NXV * sizeof *qi);
  float *rqr = malloc(NXV * sizeof *rqr), *rqi = malloc(NXV * sizeof *rqi);
  for (int i = 0; i < NK; i++)
    k[i] = (kValues){(i % 16) * 0.05f - 0.4f, (i / 16) * 0.05f - 0.4f,
                     (i % 7) * 0.01f, 1.0f / (1 + i % 5)};
  for (int i = 0; i < NXV; i++) {
    x[i] = (i % 10) * 0.3f;
    y[i] = (i / 10 % 10) * 0.3f;
    z[i] = (i / 100) * 0.2f;
  }
  computeQ(NK, NXV, k, x, y, z, qr, qi, 1);
  computeQ(NK, NXV, k, x, y, z, rqr, rqi, 0);
  for (int i = 0; i < NXV; i++) {
    CHECK_ABS("mriq qr", qr[i], rqr[i], 1e-3);
    CHECK_ABS("mriq qi", qi[i], rqi[i], 1e-3);
  }
  free(k), free(x), free(y), free(z), free(qr), free(qi), free(rqr), free(rqi);
}

int main(void)
{
  test_clover();
  test_mriq();
  return e2e_done();
}
