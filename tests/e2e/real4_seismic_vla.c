/* real4_seismic_vla.c — seismic/acoustic finite differences as C99 codes
 * write them: staggered-grid velocity-stress updates on 3-D grids passed
 * as variably modified parameters `float (*restrict vx)[ny][nx]` with the
 * sizes as earlier parameters, `kernels loop independent collapse(3)`
 * (and `present(vx[0:nz][0:ny][0:nx])` with the VLA sections), 4th-order
 * coefficients as `const float` locals, a source injection at one point
 * in a `serial` region, a receiver trace recorded each step into a 2-D
 * VLA `float (*trace)[nrec]` through `update self` of one row; and a 2-D
 * acoustic wave with `double (*restrict p)[n]` and a `parallel loop
 * tile(8, 8)`. Three time levels rotated by pointer swaps of
 * VLA pointers. Against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define C1 (9.0f / 8.0f)
#define C2 (-1.0f / 24.0f)

static void update_vel(int nz, int ny, int nx, float (*restrict vx)[ny][nx],
                       float (*restrict vz)[ny][nx],
                       const float (*restrict sxx)[ny][nx],
                       const float (*restrict szz)[ny][nx],
                       const float (*restrict rho)[ny][nx], float dt, int on)
{
#pragma acc kernels present(vx[0:nz][0:ny][0:nx], vz[0:nz][0:ny][0:nx], \
    sxx[0:nz][0:ny][0:nx], szz[0:nz][0:ny][0:nx], rho[0:nz][0:ny][0:nx]) \
    if(on)
#pragma acc loop independent collapse(3)
  for (int k = 2; k < nz - 2; k++)
    for (int j = 2; j < ny - 2; j++)
      for (int i = 2; i < nx - 2; i++) {
        float dsx = C1 * (sxx[k][j][i + 1] - sxx[k][j][i]) +
                    C2 * (sxx[k][j][i + 2] - sxx[k][j][i - 1]);
        float dsz = C1 * (szz[k + 1][j][i] - szz[k][j][i]) +
                    C2 * (szz[k + 2][j][i] - szz[k - 1][j][i]);
        float b = dt / rho[k][j][i];
        vx[k][j][i] += b * dsx;
        vz[k][j][i] += b * dsz;
      }
}

static void update_stress(int nz, int ny, int nx,
                          const float (*restrict vx)[ny][nx],
                          const float (*restrict vz)[ny][nx],
                          float (*restrict sxx)[ny][nx],
                          float (*restrict szz)[ny][nx],
                          const float (*restrict lam)[ny][nx], float dt, int on)
{
#pragma acc kernels loop independent collapse(3) \
    present(vx[0:nz][0:ny][0:nx], vz[0:nz][0:ny][0:nx], \
    sxx[0:nz][0:ny][0:nx], szz[0:nz][0:ny][0:nx], lam[0:nz][0:ny][0:nx]) \
    if(on)
  for (int k = 2; k < nz - 2; k++)
    for (int j = 2; j < ny - 2; j++)
      for (int i = 2; i < nx - 2; i++) {
        float dvx = C1 * (vx[k][j][i] - vx[k][j][i - 1]) +
                    C2 * (vx[k][j][i + 1] - vx[k][j][i - 2]);
        float dvz = C1 * (vz[k][j][i] - vz[k - 1][j][i]) +
                    C2 * (vz[k + 1][j][i] - vz[k - 2][j][i]);
        float l = lam[k][j][i] * dt;
        sxx[k][j][i] += l * (2.0f * dvx + dvz);
        szz[k][j][i] += l * (dvx + 2.0f * dvz);
      }
}

static void inject(int nz, int ny, int nx, float (*sxx)[ny][nx], int sz,
                   int sy, int sx, float amp, int on)
{
#pragma acc serial present(sxx[0:nz][0:ny][0:nx]) if(on)
  {
    sxx[sz][sy][sx] += amp;
    sxx[sz][sy][sx + 1] += 0.5f * amp;
  }
}

static void elastic(int nz, int ny, int nx, int nt, int nrec,
                    float (*trace)[nrec], int on)
{
  size_t vol = (size_t)nz * ny * nx;
  float (*vx)[ny][nx] = calloc(vol, sizeof(float));
  float (*vz)[ny][nx] = calloc(vol, sizeof(float));
  float (*sxx)[ny][nx] = calloc(vol, sizeof(float));
  float (*szz)[ny][nx] = calloc(vol, sizeof(float));
  float (*rho)[ny][nx] = malloc(vol * sizeof(float));
  float (*lam)[ny][nx] = malloc(vol * sizeof(float));
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        rho[k][j][i] = 2.0f + 0.1f * (k > nz / 2);
        lam[k][j][i] = 1.0f + 0.05f * ((i + j) % 3);
      }
  const float dt = 0.05f;
#pragma acc data copyin(rho[0:nz][0:ny][0:nx], lam[0:nz][0:ny][0:nx]) \
    copy(vx[0:nz][0:ny][0:nx], vz[0:nz][0:ny][0:nx], \
    sxx[0:nz][0:ny][0:nx], szz[0:nz][0:ny][0:nx]) \
    create(trace[0:nt][0:nrec]) if(on)
  {
    for (int t = 0; t < nt; t++) {
      inject(nz, ny, nx, sxx, nz / 2, ny / 2, nx / 2,
             (float)(t < 4 ? t + 1 : 0), on);
      update_vel(nz, ny, nx, vx, vz, (const float (*)[ny][nx])sxx,
                 (const float (*)[ny][nx])szz, (const float (*)[ny][nx])rho,
                 dt, on);
      update_stress(nz, ny, nx, (const float (*)[ny][nx])vx,
                    (const float (*)[ny][nx])vz, sxx, szz,
                    (const float (*)[ny][nx])lam, dt, on);
      int jr = ny / 2, kr = 3;
#pragma acc parallel loop present(trace[0:nt][0:nrec], vx[0:nz][0:ny][0:nx]) \
    if(on)
      for (int r = 0; r < nrec; r++)
        trace[t][r] = vx[kr][jr][2 + r * (nx - 4) / nrec];
#pragma acc update self(trace[t:1][0:nrec]) if(on)
    }
  }
  free(vx); free(vz); free(sxx); free(szz); free(rho); free(lam);
}

static void acoustic(int n, int nt, double (*restrict out)[n], int on)
{
  double (*p0)[n] = calloc((size_t)n * n, sizeof(double));
  double (*p1)[n] = calloc((size_t)n * n, sizeof(double));
  double (*p2)[n] = calloc((size_t)n * n, sizeof(double));
  double (*vel)[n] = malloc((size_t)n * n * sizeof(double));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      vel[j][i] = 0.2 + 0.05 * (j > n / 3);
  p1[n / 2][n / 2] = 1.0;
#pragma acc data copyin(vel[0:n][0:n]) copy(p0[0:n][0:n], p1[0:n][0:n], \
    p2[0:n][0:n]) if(on)
  {
    for (int t = 0; t < nt; t++) {
#pragma acc parallel loop tile(8, 8) \
    present(p0[0:n][0:n], p1[0:n][0:n], p2[0:n][0:n], vel[0:n][0:n]) if(on)
      for (int j = 1; j < n - 1; j++)
        for (int i = 1; i < n - 1; i++) {
          double lap = p1[j][i + 1] + p1[j][i - 1] + p1[j + 1][i] +
                       p1[j - 1][i] - 4.0 * p1[j][i];
          p2[j][i] = 2.0 * p1[j][i] - p0[j][i] + vel[j][i] * vel[j][i] * lap;
        }
      double (*tmp)[n] = p0;
      p0 = p1;
      p1 = p2;
      p2 = tmp;
    }
#pragma acc parallel loop collapse(2) present(p1[0:n][0:n]) \
    copyout(out[0:n][0:n]) if(on)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        out[j][i] = p1[j][i];
  }
  free(p0); free(p1); free(p2); free(vel);
}

int main(void)
{
  int nz = 14, ny = 9, nx = 20, nt = 12, nrec = 5;
  float (*t1)[nrec] = malloc(nt * sizeof *t1);
  float (*t2)[nrec] = malloc(nt * sizeof *t2);
  elastic(nz, ny, nx, nt, nrec, t1, 1);
  elastic(nz, ny, nx, nt, nrec, t2, 0);
  for (int t = 0; t < nt; t++)
    for (int r = 0; r < nrec; r++)
      CHECK_REAL("seismic trace", t1[t][r], t2[t][r], 1e-5);
  int n = 37, steps = 15;
  double (*a1)[n] = malloc(sizeof(double[n][n]));
  double (*a2)[n] = malloc(sizeof(double[n][n]));
  acoustic(n, steps, a1, 1);
  acoustic(n, steps, a2, 0);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      CHECK_REAL("acoustic p", a1[j][i], a2[j][i], 1e-12);
  free(t1); free(t2); free(a1); free(a2);
  return e2e_done();
}
