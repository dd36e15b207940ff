/* real5_spec_accel.c — SPEC ACCEL C kernels in their OpenACC form: omriq
 * (MRI-Q: `struct kValues { float Kx, Ky, Kz, PhiMag; }` array, the
 * magnitude precomputed in one kernel, then per voxel an inner `loop seq`
 * over K accumulating `Qr`/`Qi` with `cosf`/`sinf` of a float argument,
 * `restrict` float pointers, `kernels loop independent gang vector(128)`),
 * olbm (D3Q19 lattice Boltzmann: a `typedef double LBM_Grid[N]` grid of
 * 20 entries per cell, `LBM_Grid *` pointers swapped by a helper taking
 * `LBM_GridPtr *`, cell access through SRC_/DST_ macros with offsets in all
 * three directions, an obstacle flag stored as a double), ostencil (7-point
 * Jacobi on `float *` with the two grids swapped after each step and
 * `present(A0[0:n], Anext[0:n])`, the time loop inside `data copy`), and a
 * csp-like `kernels` region holding three loop nests and a reduction the
 * compiler finds by itself. Each against the same code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- omriq ---- */
#define PIx2 6.2831853071795864769252867665590058f
struct kValues {
  float Kx, Ky, Kz, PhiMag;
};

static void compute_phimag(int numK, const float *restrict phiR,
                           const float *restrict phiI,
                           float *restrict phiMag)
{
#pragma acc kernels loop independent copyin(phiR[0:numK], phiI[0:numK]) \
    copyout(phiMag[0:numK])
  for (int k = 0; k < numK; k++)
    phiMag[k] = phiR[k] * phiR[k] + phiI[k] * phiI[k];
}

static void compute_q(int numK, int numX, const struct kValues *kVals,
                      const float *restrict x, const float *restrict y,
                      const float *restrict z, float *restrict Qr,
                      float *restrict Qi)
{
#pragma acc kernels loop independent gang vector(128) \
    copyin(kVals[0:numK], x[0:numX], y[0:numX], z[0:numX]) \
    copyout(Qr[0:numX], Qi[0:numX])
  for (int indexX = 0; indexX < numX; indexX++) {
    float qr = 0.0f, qi = 0.0f;
#pragma acc loop seq
    for (int indexK = 0; indexK < numK; indexK++) {
      float expArg = PIx2 * (kVals[indexK].Kx * x[indexX] +
                             kVals[indexK].Ky * y[indexX] +
                             kVals[indexK].Kz * z[indexX]);
      float cosArg = cosf(expArg), sinArg = sinf(expArg);
      float phi = kVals[indexK].PhiMag;
      qr += phi * cosArg;
      qi += phi * sinArg;
    }
    Qr[indexX] = qr;
    Qi[indexX] = qi;
  }
}

static void mriq(void)
{
  enum { NK = 96, NXV = 300 };
  float phiR[NK], phiI[NK], phiMag[NK], x[NXV], y[NXV], z[NXV];
  float Qr[NXV], Qi[NXV];
  struct kValues kv[NK];
  for (int k = 0; k < NK; k++) {
    phiR[k] = 0.5f + 0.01f * (k % 13);
    phiI[k] = -0.25f + 0.02f * (k % 7);
    kv[k].Kx = 0.03f * (k % 11) - 0.1f;
    kv[k].Ky = 0.02f * (k % 5);
    kv[k].Kz = -0.01f * (k % 9);
  }
  for (int i = 0; i < NXV; i++) {
    x[i] = 0.1f * (i % 17) - 0.8f;
    y[i] = 0.05f * (i % 23);
    z[i] = 0.07f * (i % 3) - 0.1f;
  }
  compute_phimag(NK, phiR, phiI, phiMag);
  for (int k = 0; k < NK; k++) {
    CHECK_REAL("phiMag", phiMag[k], phiR[k] * phiR[k] + phiI[k] * phiI[k], 1e-6);
    kv[k].PhiMag = phiMag[k];
  }
  compute_q(NK, NXV, kv, x, y, z, Qr, Qi);
  for (int i = 0; i < NXV; i++) {
    double qr = 0, qi = 0, mag = 0;
    for (int k = 0; k < NK; k++) {
      double a = 2 * M_PI * ((double)kv[k].Kx * x[i] + (double)kv[k].Ky * y[i] +
                             (double)kv[k].Kz * z[i]);
      qr += kv[k].PhiMag * cos(a);
      qi += kv[k].PhiMag * sin(a);
      mag += kv[k].PhiMag;
    }
    CHECK_ABS("Qr", Qr[i], qr, 1e-5 * mag);
    CHECK_ABS("Qi", Qi[i], qi, 1e-5 * mag);
  }
}

/* ---- olbm (D3Q19, small) ---- */
#define SX 6
#define SY 5
#define SZ 6
#define NCE 20 /* 19 distributions and a flag */
#define FLAGS 19
#define CALC_INDEX(x, y, z, e) ((e) + NCE * ((x) + (y) * SX + (z) * SX * SY))
#define MARGIN (2 * SX * SY * NCE)
#define GRID_ENTRIES (SX * SY * SZ * NCE + 2 * MARGIN)
typedef double LBM_Grid[GRID_ENTRIES];
typedef LBM_Grid *LBM_GridPtr;
#define GRID_ENTRY(g, x, y, z, e) ((g)[CALC_INDEX(x, y, z, e) + MARGIN])
#define OMEGA 1.85

static const int ex[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1};
static const int ey[19] = {0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 0, 0, 0};
static const int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, 1, -1, -1};
static const double wq[19] = {1. / 3, 1. / 18, 1. / 18, 1. / 18, 1. / 18, 1. / 18, 1. / 18,
                              1. / 36, 1. / 36, 1. / 36, 1. / 36, 1. / 36, 1. / 36,
                              1. / 36, 1. / 36, 1. / 36, 1. / 36, 1. / 36, 1. / 36};

static void lbm_swap(LBM_GridPtr *a, LBM_GridPtr *b)
{
  LBM_GridPtr t = *a;
  *a = *b;
  *b = t;
}

static void lbm_init(LBM_Grid g)
{
  for (int q = 0; q < GRID_ENTRIES; q++)
    g[q] = 0;
  for (int z = 0; z < SZ; z++)
    for (int y = 0; y < SY; y++)
      for (int x = 0; x < SX; x++) {
        for (int e = 0; e < 19; e++)
          GRID_ENTRY(g, x, y, z, e) = wq[e] * (1.0 + 0.01 * ((x + 2 * y + 3 * z + e) % 5));
        GRID_ENTRY(g, x, y, z, FLAGS) = (x == 2 && y == 2) ? 1.0 : 0.0;
      }
}

/* pull-free push streaming with periodic wrap; obstacle cells bounce */
static void lbm_step(const double *restrict src, double *restrict dst, int acc)
{
#pragma acc parallel loop gang collapse(2) present(src[0:GRID_ENTRIES], \
    dst[0:GRID_ENTRIES], ex, ey, ez, wq) if(acc)
  for (int z = 0; z < SZ; z++)
    for (int y = 0; y < SY; y++)
#pragma acc loop vector
      for (int x = 0; x < SX; x++) {
        double f[19], rho = 0, ux = 0, uy = 0, uz = 0;
        for (int e = 0; e < 19; e++) {
          f[e] = GRID_ENTRY(src, x, y, z, e);
          rho += f[e];
          ux += ex[e] * f[e];
          uy += ey[e] * f[e];
          uz += ez[e] * f[e];
        }
        int solid = GRID_ENTRY(src, x, y, z, FLAGS) != 0.0;
        ux /= rho;
        uy /= rho;
        uz /= rho;
        double u2 = 1.5 * (ux * ux + uy * uy + uz * uz);
        for (int e = 0; e < 19; e++) {
          int xn = (x + ex[e] + SX) % SX, yn = (y + ey[e] + SY) % SY,
              zn = (z + ez[e] + SZ) % SZ;
          double out;
          if (solid) {
            out = f[e];
          } else {
            double eu = 3.0 * (ex[e] * ux + ey[e] * uy + ez[e] * uz);
            double feq = wq[e] * rho * (1.0 + eu + 0.5 * eu * eu - u2);
            out = (1.0 - OMEGA) * f[e] + OMEGA * feq;
          }
          GRID_ENTRY(dst, xn, yn, zn, e) = out;
        }
        GRID_ENTRY(dst, x, y, z, FLAGS) = GRID_ENTRY(src, x, y, z, FLAGS);
      }
}

static void lbm(void)
{
  LBM_GridPtr src = malloc(sizeof(LBM_Grid)), dst = malloc(sizeof(LBM_Grid));
  LBM_GridPtr rs = malloc(sizeof(LBM_Grid)), rd = malloc(sizeof(LBM_Grid));
  lbm_init(*src);
  lbm_init(*dst);
  lbm_init(*rs);
  lbm_init(*rd);
  double *s0 = *src, *d0 = *dst;
#pragma acc data copy(s0[0:GRID_ENTRIES], d0[0:GRID_ENTRIES]) \
    copyin(ex, ey, ez, wq)
  {
    for (int t = 0; t < 5; t++) {
      lbm_step(*src, *dst, 1);
      lbm_swap(&src, &dst);
    }
  }
  for (int t = 0; t < 5; t++) {
    lbm_step(*rs, *rd, 0);
    lbm_swap(&rs, &rd);
  }
  double m = 0, rm = 0;
  for (int q = 0; q < GRID_ENTRIES; q++) {
    CHECK_REAL("lbm grid", (*src)[q], (*rs)[q], 1e-13);
    m += (*src)[q];
    rm += (*rs)[q];
  }
  CHECK_REAL("lbm mass", m, rm, 1e-13);
  free(src);
  free(dst);
  free(rs);
  free(rd);
}

/* ---- ostencil ---- */
#define Index3D(nx, ny, i, j, k) ((i) + (nx) * ((j) + (ny) * (k)))
static void stencil(float c0, float c1, float *A0, float *Anext, int nx,
                    int ny, int nz, int iters, float **result)
{
  int n = nx * ny * nz;
#pragma acc data copy(A0[0:n]) copyin(Anext[0:n])
  {
    for (int t = 0; t < iters; t++) {
#pragma acc parallel loop collapse(2) present(A0[0:n], Anext[0:n])
      for (int k = 1; k < nz - 1; k++)
        for (int j = 1; j < ny - 1; j++)
#pragma acc loop vector
          for (int i = 1; i < nx - 1; i++)
            Anext[Index3D(nx, ny, i, j, k)] =
                (A0[Index3D(nx, ny, i, j, k + 1)] + A0[Index3D(nx, ny, i, j, k - 1)] +
                 A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
                 A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) *
                    c1 -
                A0[Index3D(nx, ny, i, j, k)] * c0;
      float *tmp = A0;
      A0 = Anext;
      Anext = tmp;
    }
    /* the last result lives in the grid A0 now names */
#pragma acc update self(A0[0:n])
  }
  *result = A0;
}

static void ostencil(void)
{
  enum { X = 10, Y = 9, Z = 8, N = X * Y * Z };
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  float *ra = malloc(N * sizeof *a), *rb = malloc(N * sizeof *b);
  for (int q = 0; q < N; q++)
    a[q] = b[q] = ra[q] = rb[q] = (float)((q * 7) % 13) * 0.125f;
  float *res;
  stencil(0.5f, 1.0f / 6.0f, a, b, X, Y, Z, 5, &res);
  float *p = ra, *nx = rb;
  for (int t = 0; t < 5; t++) {
    for (int k = 1; k < Z - 1; k++)
      for (int j = 1; j < Y - 1; j++)
        for (int i = 1; i < X - 1; i++)
          nx[Index3D(X, Y, i, j, k)] =
              (p[Index3D(X, Y, i, j, k + 1)] + p[Index3D(X, Y, i, j, k - 1)] +
               p[Index3D(X, Y, i, j + 1, k)] + p[Index3D(X, Y, i, j - 1, k)] +
               p[Index3D(X, Y, i + 1, j, k)] + p[Index3D(X, Y, i - 1, j, k)]) *
                  (1.0f / 6.0f) -
              p[Index3D(X, Y, i, j, k)] * 0.5f;
    float *t2 = p;
    p = nx;
    nx = t2;
  }
  CHECK_TRUE("result is b", res == b);
  for (int q = 0; q < N; q++)
    /* The sweeps cancel (results near 1e-3 from terms up to 1.5): the
       error scales with the terms, and a GPU's fused multiply-adds moved
       results by 5e-8 (1e-5 relative) on an H200. */
    CHECK_ABS("stencil", res[q], p[q], 1e-6);
  free(a);
  free(b);
  free(ra);
  free(rb);
}

/* ---- csp-like kernels region with a found reduction ---- */
static void csp(void)
{
  enum { N = 500 };
  static double a[N], b[N], c[N];
  double sum = 0, rsum = 0;
  for (int i = 0; i < N; i++) {
    a[i] = 0.001 * i;
    b[i] = 1.0 / (1 + i);
  }
#pragma acc kernels copyin(a, b) create(c) copy(sum)
  {
    for (int i = 0; i < N; i++)
      c[i] = a[i] + 2 * b[i];
    for (int i = 1; i < N - 1; i++)
      c[i] += 0.25 * (a[i - 1] + a[i + 1]);
    for (int i = 0; i < N; i++)
      sum += c[i] * b[i];
  }
  for (int i = 0; i < N; i++) {
    double ci = a[i] + 2 * b[i];
    if (i > 0 && i < N - 1)
      ci += 0.25 * (a[i - 1] + a[i + 1]);
    rsum += ci * b[i];
  }
  CHECK_REAL("csp sum", sum, rsum, 1e-12);
}

int main(void)
{
  mriq();
  lbm();
  ostencil();
  csp();
  return e2e_done();
}
