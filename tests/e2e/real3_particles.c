/* real3_particles.c — particle codes as OpenACC C ports write them: a
 * particle-in-cell step (cloud-in-cell charge deposit with `atomic update`
 * on a 2-D `double` grid at computed, periodically wrapped indices; a
 * field stored through a pointer to 2-D arrays cast from a flat buffer,
 * `double (*E)[NY][2]`; the push interpolating it; the kinetic energy a
 * reduction on an `async` loop read after `wait`), and an SPH-style cell
 * list (cells counted with `atomic capture` giving each particle its slot,
 * a `serial` scan of the counts, then a density loop over the 3x3 cells
 * around each particle, with `continue` on empty ones). Each against the
 * same code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NX 32
#define NY 24
#define NPART 3000

typedef struct { double x, y, vx, vy, q; } particle_t;

static void init_particles(particle_t *p, int n)
{
  for (int i = 0; i < n; i++) {
    p[i].x = fmod(i * 0.7548776662, 1.0) * NX;
    p[i].y = fmod(i * 0.5698402910, 1.0) * NY;
    p[i].vx = 0.1 * sin(i * 0.1);
    p[i].vy = 0.1 * cos(i * 0.3);
    p[i].q = 1.0 + (i % 3) * 0.5;
  }
}

static void deposit(const particle_t *p, int n, double *rho, int dev)
{
#pragma acc parallel loop present(p[0:n], rho[0:NX*NY]) if(dev)
  for (int i = 0; i < n; i++) {
    int ix = (int)floor(p[i].x), iy = (int)floor(p[i].y);
    double fx = p[i].x - ix, fy = p[i].y - iy;
    int ix1 = (ix + 1) % NX, iy1 = (iy + 1) % NY;
    double q = p[i].q;
#pragma acc atomic update
    rho[iy * NX + ix] += q * (1 - fx) * (1 - fy);
#pragma acc atomic update
    rho[iy * NX + ix1] += q * fx * (1 - fy);
#pragma acc atomic update
    rho[iy1 * NX + ix] += q * (1 - fx) * fy;
#pragma acc atomic
    rho[iy1 * NX + ix1] += q * fx * fy;
  }
}

static void field(const double *rho, double (*E)[NY][2], int dev)
{
#pragma acc parallel loop collapse(2) present(rho[0:NX*NY], E[0:NX]) if(dev)
  for (int ix = 0; ix < NX; ix++)
    for (int iy = 0; iy < NY; iy++) {
      int xm = (ix + NX - 1) % NX, xp = (ix + 1) % NX;
      int ym = (iy + NY - 1) % NY, yp = (iy + 1) % NY;
      E[ix][iy][0] = -(rho[iy * NX + xp] - rho[iy * NX + xm]) * 0.5;
      E[ix][iy][1] = -(rho[yp * NX + ix] - rho[ym * NX + ix]) * 0.5;
    }
}

static double push(particle_t *p, int n, double (*E)[NY][2], double dt,
                   int dev)
{
  double ke = 0;
#pragma acc parallel loop present(p[0:n], E[0:NX]) reduction(+:ke) \
    async(2) if(dev)
  for (int i = 0; i < n; i++) {
    int ix = (int)p[i].x, iy = (int)p[i].y;
    p[i].vx += dt * p[i].q * E[ix][iy][0] * 1e-3;
    p[i].vy += dt * p[i].q * E[ix][iy][1] * 1e-3;
    p[i].x = fmod(p[i].x + dt * p[i].vx + NX, (double)NX);
    p[i].y = fmod(p[i].y + dt * p[i].vy + NY, (double)NY);
    ke += 0.5 * (p[i].vx * p[i].vx + p[i].vy * p[i].vy);
  }
#pragma acc wait(2)
  return ke;
}

static void run_pic(particle_t *p, double *rho, double *buf, double *ke,
                    int dev)
{
  double (*E)[NY][2] = (double (*)[NY][2])buf;
#pragma acc data copy(p[0:NPART]) create(rho[0:NX*NY], E[0:NX]) if(dev)
  for (int step = 0; step < 4; step++) {
#pragma acc parallel loop present(rho[0:NX*NY]) if(dev)
    for (int c = 0; c < NX * NY; c++)
      rho[c] = 0;
    deposit(p, NPART, rho, dev);
    field(rho, E, dev);
    ke[step] = push(p, NPART, E, 0.5, dev);
#pragma acc update self(rho[0:NX*NY]) if(dev && step == 3)
  }
}

static void test_pic(void)
{
  particle_t *p = malloc(NPART * sizeof *p), *r = malloc(NPART * sizeof *r);
  double *rho = malloc(NX * NY * sizeof *rho), *rrho = malloc(NX * NY * sizeof *rrho);
  double *buf = malloc(NX * NY * 2 * sizeof *buf);
  double ke[4], rke[4];
  init_particles(p, NPART);
  init_particles(r, NPART);
  run_pic(p, rho, buf, ke, 1);
  run_pic(r, rrho, buf, rke, 0);
  double tot = 0;
  for (int c = 0; c < NX * NY; c++) {
    CHECK_ABS("pic rho", rho[c], rrho[c], 1e-9);
    tot += rho[c];
  }
  double qt = 0;
  for (int i = 0; i < NPART; i++)
    qt += r[i].q;
  CHECK_REAL("pic charge", tot, qt, 1e-9);
  for (int i = 0; i < NPART; i++) {
    CHECK_ABS("pic x", p[i].x, r[i].x, 1e-8);
    CHECK_ABS("pic vy", p[i].vy, r[i].vy, 1e-10);
  }
  for (int s = 0; s < 4; s++)
    CHECK_REAL("pic ke", ke[s], rke[s], 1e-10);
  free(p), free(r), free(rho), free(rrho), free(buf);
}

/* ---- SPH cell list ---- */
#define CW 8
#define CH 8
#define NS 1200

static void test_cell_list(void)
{
  float *x = malloc(NS * sizeof *x), *y = malloc(NS * sizeof *y);
  int *cell = malloc(NS * sizeof *cell), *slot = malloc(NS * sizeof *slot);
  int *sorted = malloc(NS * sizeof *sorted);
  int count[CW * CH], start[CW * CH + 1];
  float *dens = malloc(NS * sizeof *dens);
  const float h = 1.0f, h2 = h * h;
  for (int i = 0; i < NS; i++) {
    x[i] = (float)fmod(i * 0.6180339887, 1.0) * CW;
    y[i] = (float)fmod(i * 0.4142135623, 1.0) * CH;
  }
  memset(count, 0, sizeof count);
#pragma acc data copyin(x[0:NS], y[0:NS]) copy(count) \
    create(cell[0:NS], slot[0:NS], sorted[0:NS], start) copyout(dens[0:NS])
  {
#pragma acc parallel loop
    for (int i = 0; i < NS; i++) {
      int c = (int)y[i] * CW + (int)x[i];
      int s;
      cell[i] = c;
#pragma acc atomic capture
      {
        s = count[c];
        count[c] += 1;
      }
      slot[i] = s;
    }
#pragma acc serial
    {
      start[0] = 0;
      for (int c = 0; c < CW * CH; c++)
        start[c + 1] = start[c] + count[c];
    }
#pragma acc parallel loop
    for (int i = 0; i < NS; i++)
      sorted[start[cell[i]] + slot[i]] = i;
#pragma acc parallel loop
    for (int i = 0; i < NS; i++) {
      int cx = (int)x[i], cy = (int)y[i];
      float d = 0.0f;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int nx = cx + dx, ny = cy + dy;
          if (nx < 0 || nx >= CW || ny < 0 || ny >= CH)
            continue;
          int c = ny * CW + nx;
          if (start[c] == start[c + 1])
            continue;
          for (int k = start[c]; k < start[c + 1]; k++) {
            int j = sorted[k];
            float rx = x[i] - x[j], ry = y[i] - y[j];
            float r2 = rx * rx + ry * ry;
            if (r2 < h2) {
              float t = h2 - r2;
              d += t * t * t;
            }
          }
        }
      dens[i] = d;
    }
  }
  int rcount[CW * CH];
  memset(rcount, 0, sizeof rcount);
  for (int i = 0; i < NS; i++)
    rcount[(int)y[i] * CW + (int)x[i]]++;
  for (int c = 0; c < CW * CH; c++)
    CHECK_INT("cell count", count[c], rcount[c]);
  for (int i = 0; i < NS; i++) {
    float d = 0.0f;
    for (int j = 0; j < NS; j++) {
      float rx = x[i] - x[j], ry = y[i] - y[j];
      float r2 = rx * rx + ry * ry;
      if (r2 < h2) {
        float t = h2 - r2;
        d += t * t * t;
      }
    }
    CHECK_REAL("sph density", dens[i], d, 1e-4);
  }
  free(x), free(y), free(cell), free(slot), free(sorted), free(dens);
}

int main(void)
{
  test_pic();
  test_cell_list();
  return e2e_done();
}
