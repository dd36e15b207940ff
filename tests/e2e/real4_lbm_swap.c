/* real4_lbm_swap.c — lattice Boltzmann D2Q9 as OpenACC C ports write it:
 * nine separate distribution arrays per lattice (`double *f0 ... *f8` in a
 * struct of arrays, and a single `double *f` with a DIST macro), pull
 * streaming with periodic wrap, BGK collision with the equilibrium in a
 * `static inline` `routine seq`, bounce-back at walls from an obstacle
 * mask, and the two lattices swapped on the host each step inside the
 * `data` region: `tmp = a; a = b; b = tmp;` then `present(a[0:n], b[0:n])`
 * — the pointers are host pointers whose device copies must be found
 * again after the swap. Also the same with `acc_deviceptr`-free
 * `kernels` and no clause at all. Mass and momentum as reductions after
 * the loop. Against the same code run serially. */
#include "e2e.h"
#include <stdlib.h>
#include <string.h>

#define NX 40
#define NY 24
#define Q 9
#define IDX(x, y) ((y) * NX + (x))
#define DIST(f, q, x, y) (f)[(q) * NX * NY + IDX(x, y)]

static const int cx[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
static const int cy[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const int opp[Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
static const double w[Q] = {4. / 9, 1. / 9, 1. / 9, 1. / 9, 1. / 9,
                            1. / 36, 1. / 36, 1. / 36, 1. / 36};

#pragma acc routine seq
static inline double feq(double rho, double ux, double uy, int ex, int ey,
                         double wq)
{
  double eu = 3.0 * (ex * ux + ey * uy);
  double uu = 1.5 * (ux * ux + uy * uy);
  return wq * rho * (1.0 + eu + 0.5 * eu * eu - uu);
}

static void init(double *f, int n)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      double rho = 1.0 + 0.01 * ((x * 3 + y * 7) % 11);
      double ux = 0.05 * (y % 5) / 5.0, uy = 0.02 * ((x % 7) - 3) / 7.0;
      for (int q = 0; q < Q; q++)
        DIST(f, q, x, y) = feq(rho, ux, uy, cx[q], cy[q], w[q]);
    }
  (void)n;
}

static void mask_init(int *solid)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      solid[IDX(x, y)] = (y == 0 || y == NY - 1 ||
                          ((x - 12) * (x - 12) + (y - 12) * (y - 12) < 16));
}

/* one step, pull from src into dst; the weights and directions as local
 * copies named firstprivate, as codes do with file-scope constant tables */
static void step(const double *restrict src, double *restrict dst,
                 const int *restrict solid, double omega, int n, int on)
{
  int ex[Q], ey[Q], op[Q];
  double wq[Q];
  memcpy(ex, cx, sizeof ex); memcpy(ey, cy, sizeof ey);
  memcpy(op, opp, sizeof op); memcpy(wq, w, sizeof wq);
#pragma acc parallel loop collapse(2) present(src[0:n], dst[0:n], \
    solid[0:NX*NY]) firstprivate(ex, ey, op, wq) if(on)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      double fl[Q];
      for (int q = 0; q < Q; q++) {
        int xs = (x - ex[q] + NX) % NX, ys = (y - ey[q] + NY) % NY;
        fl[q] = DIST(src, q, xs, ys);
      }
      if (solid[IDX(x, y)]) {
        for (int q = 0; q < Q; q++)
          DIST(dst, q, x, y) = fl[op[q]];
      } else {
        double rho = 0, ux = 0, uy = 0;
        for (int q = 0; q < Q; q++) {
          rho += fl[q];
          ux += ex[q] * fl[q];
          uy += ey[q] * fl[q];
        }
        ux = ux / rho + 1e-5; /* a body force */
        uy /= rho;
        for (int q = 0; q < Q; q++)
          DIST(dst, q, x, y) =
              fl[q] - omega * (fl[q] - feq(rho, ux, uy, ex[q], ey[q], wq[q]));
      }
    }
}

static void test_single_array(void)
{
  const int n = Q * NX * NY, steps = 7;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
  int *solid = malloc(NX * NY * sizeof *solid);
  mask_init(solid);
  init(a, n);
  memcpy(ra, a, n * sizeof *a);
  double mass = 0, rmass = 0;
#pragma acc data copy(a[0:n]) create(b[0:n]) copyin(solid[0:NX*NY])
  {
    for (int t = 0; t < steps; t++) {
      step(a, b, solid, 1.2, n, 1);
      double *tmp = a;
      a = b;
      b = tmp;
    }
#pragma acc parallel loop present(a[0:n]) reduction(+:mass)
    for (int i = 0; i < n; i++)
      mass += a[i];
    /* odd steps: a is the create'd array; bring it back before the region ends */
#pragma acc update self(a[0:n])
  }
  for (int t = 0; t < steps; t++) {
    step(ra, rb, solid, 1.2, n, 0);
    double *tmp = ra;
    ra = rb;
    rb = tmp;
  }
  for (int i = 0; i < n; i++)
    rmass += ra[i];
  CHECK_REAL("lbm mass", mass, rmass, 1e-12);
  for (int i = 0; i < n; i++)
    CHECK_REAL("lbm f", a[i], ra[i], 1e-12);
  free(a); free(b); free(ra); free(rb); free(solid);
}

/* struct of nine arrays per lattice, the swap done on the struct */
typedef struct { double *f[Q]; } Lattice;

static void soa_step(Lattice *src, Lattice *dst, int on)
{
  const int nn = NX * NY;
  double *s0 = src->f[0], *s1 = src->f[1], *s2 = src->f[2], *s3 = src->f[3],
         *s4 = src->f[4], *s5 = src->f[5], *s6 = src->f[6], *s7 = src->f[7],
         *s8 = src->f[8];
  double *d0 = dst->f[0], *d1 = dst->f[1], *d2 = dst->f[2], *d3 = dst->f[3],
         *d4 = dst->f[4], *d5 = dst->f[5], *d6 = dst->f[6], *d7 = dst->f[7],
         *d8 = dst->f[8];
#pragma acc kernels present(s0[0:nn], s1[0:nn], s2[0:nn], s3[0:nn], \
    s4[0:nn], s5[0:nn], s6[0:nn], s7[0:nn], s8[0:nn], d0[0:nn], d1[0:nn], \
    d2[0:nn], d3[0:nn], d4[0:nn], d5[0:nn], d6[0:nn], d7[0:nn], d8[0:nn]) \
    if(on)
#pragma acc loop independent collapse(2)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      int xp = (x + 1) % NX, xm = (x - 1 + NX) % NX;
      int yp = (y + 1) % NY, ym = (y - 1 + NY) % NY;
      double f0 = s0[IDX(x, y)], f1 = s1[IDX(xm, y)], f2 = s2[IDX(x, ym)],
             f3 = s3[IDX(xp, y)], f4 = s4[IDX(x, yp)], f5 = s5[IDX(xm, ym)],
             f6 = s6[IDX(xp, ym)], f7 = s7[IDX(xp, yp)], f8 = s8[IDX(xm, yp)];
      double rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
      double ux = (f1 + f5 + f8 - f3 - f6 - f7) / rho;
      double uy = (f2 + f5 + f6 - f4 - f7 - f8) / rho;
      const double om = 0.8;
      d0[IDX(x, y)] = f0 - om * (f0 - feq(rho, ux, uy, 0, 0, 4. / 9));
      d1[IDX(x, y)] = f1 - om * (f1 - feq(rho, ux, uy, 1, 0, 1. / 9));
      d2[IDX(x, y)] = f2 - om * (f2 - feq(rho, ux, uy, 0, 1, 1. / 9));
      d3[IDX(x, y)] = f3 - om * (f3 - feq(rho, ux, uy, -1, 0, 1. / 9));
      d4[IDX(x, y)] = f4 - om * (f4 - feq(rho, ux, uy, 0, -1, 1. / 9));
      d5[IDX(x, y)] = f5 - om * (f5 - feq(rho, ux, uy, 1, 1, 1. / 36));
      d6[IDX(x, y)] = f6 - om * (f6 - feq(rho, ux, uy, -1, 1, 1. / 36));
      d7[IDX(x, y)] = f7 - om * (f7 - feq(rho, ux, uy, -1, -1, 1. / 36));
      d8[IDX(x, y)] = f8 - om * (f8 - feq(rho, ux, uy, 1, -1, 1. / 36));
    }
}

static void lattice_alloc(Lattice *l, const double *init)
{
  for (int q = 0; q < Q; q++) {
    l->f[q] = malloc(NX * NY * sizeof(double));
    if (init)
      memcpy(l->f[q], init + q * NX * NY, NX * NY * sizeof(double));
  }
}

static void test_nine_arrays(void)
{
  const int nn = NX * NY, n = Q * nn, steps = 6;
  double *f = malloc(n * sizeof *f);
  init(f, n);
  Lattice A, B, RA, RB;
  lattice_alloc(&A, f); lattice_alloc(&B, NULL);
  lattice_alloc(&RA, f); lattice_alloc(&RB, NULL);
  Lattice *cur = &A, *nxt = &B;
  for (int q = 0; q < Q; q++) {
#pragma acc enter data copyin(A.f[q][0:nn]) create(B.f[q][0:nn])
  }
  for (int t = 0; t < steps; t++) {
    soa_step(cur, nxt, 1);
    Lattice *tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
  for (int q = 0; q < Q; q++) {
    double *p = cur->f[q], *o = nxt->f[q];
#pragma acc exit data copyout(p[0:nn]) delete(o[0:nn])
  }
  Lattice *rc = &RA, *rn = &RB;
  for (int t = 0; t < steps; t++) {
    soa_step(rc, rn, 0);
    Lattice *tmp = rc;
    rc = rn;
    rn = tmp;
  }
  for (int q = 0; q < Q; q++)
    for (int i = 0; i < nn; i++)
      CHECK_REAL("lbm soa f", cur->f[q][i], rc->f[q][i], 1e-12);
  for (int q = 0; q < Q; q++) {
    free(A.f[q]); free(B.f[q]); free(RA.f[q]); free(RB.f[q]);
  }
  free(f);
}

int main(void)
{
  test_single_array();
  test_nine_arrays();
  return e2e_done();
}
