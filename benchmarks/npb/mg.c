/* mg.c — NPB MG: V-cycle multigrid for the 3-D Poisson problem A u = v on a
 * periodic n^3 grid.
 *
 * v is zero except +1 at the ten largest and -1 at the ten smallest of n^3
 * numbers of NPB's stream (zran3); each iteration is one V-cycle (mg3P: restrict
 * the residual down to the 2^3 grid, smooth, interpolate back up, smoothing
 * with psinv on each level) followed by r = v - A u.  The result checked is
 * the L2 norm of the final residual.  The 27-point operators use NPB's
 * coefficient sets a (residual) and c (smoother).
 *
 * Each grid of level k has (2^k + 2)^3 points: one ghost layer per face,
 * refreshed by comm3 from the opposite interior plane (periodicity).  All
 * levels of u and r live in one array each, level k at offset off[k].
 *
 * GPU mapping (Xu, ch. 4): the stencils give the two outer loops to gangs
 * (collapse(2)) and the unit-stride loop to vector lanes (§4.1.2, §4.1.3).
 * NPB's per-line scratch arrays (u1, u2, x1, y1, z1...) would be shared by
 * all threads; rather than privatize them we recompute each partial sum where
 * it is used, in NPB's order of additions, so the arithmetic is unchanged.
 * One data region holds every level for the whole run (§4.1.4).           */
#include "npb.h"

#define MAXLEV 11

struct mg_class {
  char cls;
  int n, nit;
  double rnm2; /* published L2 norm of the final residual */
};

static const struct mg_class mg_classes[] = {
    {'S', 32, 4, 0.5307707005734e-04},
    {'W', 128, 4, 0.6467329375339e-05},
    {'A', 256, 4, 0.2433365309069e-05},
    {'B', 256, 20, 0.1800564401355e-05},
    {'C', 512, 20, 0.5706732285740e-06},
};

/* Grid hierarchy: level k in 1..lt has m[k] points per dimension. */
struct mg_grid {
  int lt, m[MAXLEV + 1];
  long off[MAXLEV + 1], total;
};

#define IX(m, i3, i2, i1) (((long)(i3) * (m) + (i2)) * (m) + (i1))

/* Refreshes the ghost faces of the m^3 grid at g[off..] from the opposite
   interior planes: x faces, then y (including x ghosts), then z. */
static void mg_comm3(double *g, long tot, long off, int m)
{
#pragma acc parallel loop gang vector collapse(2) present(g[0:tot])
  NPB_OMP(omp parallel for collapse(2))
  for (int i3 = 1; i3 < m - 1; i3++)
    for (int i2 = 1; i2 < m - 1; i2++) {
      g[off + IX(m, i3, i2, 0)] = g[off + IX(m, i3, i2, m - 2)];
      g[off + IX(m, i3, i2, m - 1)] = g[off + IX(m, i3, i2, 1)];
    }
#pragma acc parallel loop gang present(g[0:tot])
  NPB_OMP(omp parallel for)
  for (int i3 = 1; i3 < m - 1; i3++)
#pragma acc loop vector
    for (int i1 = 0; i1 < m; i1++) {
      g[off + IX(m, i3, 0, i1)] = g[off + IX(m, i3, m - 2, i1)];
      g[off + IX(m, i3, m - 1, i1)] = g[off + IX(m, i3, 1, i1)];
    }
#pragma acc parallel loop gang present(g[0:tot])
  NPB_OMP(omp parallel for)
  for (int i2 = 0; i2 < m; i2++)
#pragma acc loop vector
    for (int i1 = 0; i1 < m; i1++) {
      g[off + IX(m, 0, i2, i1)] = g[off + IX(m, m - 2, i2, i1)];
      g[off + IX(m, m - 1, i2, i1)] = g[off + IX(m, 1, i2, i1)];
    }
}

/* Zeroes the whole m^3 grid (ghosts included) at offset off of g. */
static void mg_zero(double *g, long tot, long off, int m)
{
  long len = (long)m * m * m;
#pragma acc parallel loop gang vector present(g[0:tot])
  NPB_OMP(omp parallel for)
  for (long i = 0; i < len; i++)
    g[off + i] = 0.0;
}

/* Sums of the 4 edge- and 4 corner-neighbours in the (i2, i3) plane of point
   (i3, i2, i1) of the grid at p (NPB's u1 and u2 line arrays). */
#define EDGE4(p, m, i3, i2, i1)                                          \
  ((p)[IX(m, i3, (i2) - 1, i1)] + (p)[IX(m, i3, (i2) + 1, i1)] +         \
   (p)[IX(m, (i3) - 1, i2, i1)] + (p)[IX(m, (i3) + 1, i2, i1)])
#define CORNER4(p, m, i3, i2, i1)                                        \
  ((p)[IX(m, (i3) - 1, (i2) - 1, i1)] + (p)[IX(m, (i3) - 1, (i2) + 1, i1)] + \
   (p)[IX(m, (i3) + 1, (i2) - 1, i1)] + (p)[IX(m, (i3) + 1, (i2) + 1, i1)])

/* r = v - A u on the interior (r may be v), then comm3(r).  u, v, r are the
   arrays holding the levels, at offsets uo, vo, ro. */
static void mg_resid(const double *u, long ut, long uo, const double *v,
                     long vt, long vo, double *r, long rt, long ro, int m,
                     const double a[4])
{
  double a0 = a[0], a2 = a[2], a3 = a[3];
#pragma acc parallel loop gang collapse(2) present(u[0:ut], v[0:vt], r[0:rt])
  NPB_OMP(omp parallel for collapse(2))
  for (int i3 = 1; i3 < m - 1; i3++)
    for (int i2 = 1; i2 < m - 1; i2++)
#pragma acc loop vector
      for (int i1 = 1; i1 < m - 1; i1++) {
        const double *pu = u + uo;
        double u2c = CORNER4(pu, m, i3, i2, i1);
        double u1l = EDGE4(pu, m, i3, i2, i1 - 1);
        double u1r = EDGE4(pu, m, i3, i2, i1 + 1);
        double u2l = CORNER4(pu, m, i3, i2, i1 - 1);
        double u2r = CORNER4(pu, m, i3, i2, i1 + 1);
        r[ro + IX(m, i3, i2, i1)] = v[vo + IX(m, i3, i2, i1)] -
                                    a0 * pu[IX(m, i3, i2, i1)] -
                                    a2 * (u2c + u1l + u1r) - a3 * (u2l + u2r);
      }
  mg_comm3(r, rt, ro, m);
}

/* u += C r on the interior (the smoother), then comm3(u). */
static void mg_psinv(const double *r, long rt, long ro, double *u, long ut,
                     long uo, int m, const double c[4])
{
  double c0 = c[0], c1 = c[1], c2 = c[2];
#pragma acc parallel loop gang collapse(2) present(r[0:rt], u[0:ut])
  NPB_OMP(omp parallel for collapse(2))
  for (int i3 = 1; i3 < m - 1; i3++)
    for (int i2 = 1; i2 < m - 1; i2++)
#pragma acc loop vector
      for (int i1 = 1; i1 < m - 1; i1++) {
        const double *pr = r + ro;
        double r1c = EDGE4(pr, m, i3, i2, i1);
        double r2c = CORNER4(pr, m, i3, i2, i1);
        double r1l = EDGE4(pr, m, i3, i2, i1 - 1);
        double r1r = EDGE4(pr, m, i3, i2, i1 + 1);
        u[uo + IX(m, i3, i2, i1)] +=
            c0 * pr[IX(m, i3, i2, i1)] +
            c1 * (pr[IX(m, i3, i2, i1 - 1)] + pr[IX(m, i3, i2, i1 + 1)] + r1c) +
            c2 * (r2c + r1l + r1r);
      }
  mg_comm3(u, ut, uo, m);
}

/* Full-weighting restriction of the fine grid (mf points, offset fo) onto the
   coarse grid (mc, offset co) of the same array, then comm3 of the coarse. */
static void mg_rprj3(double *r, long rt, long fo, int mf, long co, int mc)
{
#pragma acc parallel loop gang collapse(2) present(r[0:rt])
  NPB_OMP(omp parallel for collapse(2))
  for (int j3 = 1; j3 < mc - 1; j3++)
    for (int j2 = 1; j2 < mc - 1; j2++)
#pragma acc loop vector
      for (int j1 = 1; j1 < mc - 1; j1++) {
        const double *f = r + fo;
        int i3 = 2 * j3 - 1, i2 = 2 * j2 - 1, i1 = 2 * j1 - 1;
        /* NPB's x1 and y1 at i1 and i1 + 2, then x2 and y2 at i1 + 1 */
#define X1(k) (f[IX(mf, i3 + 1, i2, k)] + f[IX(mf, i3 + 1, i2 + 2, k)] + \
               f[IX(mf, i3, i2 + 1, k)] + f[IX(mf, i3 + 2, i2 + 1, k)])
#define Y1(k) (f[IX(mf, i3, i2, k)] + f[IX(mf, i3 + 2, i2, k)] +         \
               f[IX(mf, i3, i2 + 2, k)] + f[IX(mf, i3 + 2, i2 + 2, k)])
        double y2 = Y1(i1 + 1), x2 = X1(i1 + 1);
        r[co + IX(mc, j3, j2, j1)] =
            0.5 * f[IX(mf, i3 + 1, i2 + 1, i1 + 1)] +
            0.25 * (f[IX(mf, i3 + 1, i2 + 1, i1)] +
                    f[IX(mf, i3 + 1, i2 + 1, i1 + 2)] + x2) +
            0.125 * (X1(i1) + X1(i1 + 2) + y2) + 0.0625 * (Y1(i1) + Y1(i1 + 2));
#undef X1
#undef Y1
      }
  mg_comm3(r, rt, co, mc);
}

/* Trilinear interpolation of the coarse grid (mc, offset co) added into the
   fine grid (mf, offset fo) of the same array.  Each coarse point owns the
   eight fine points at (2*i3 + {0,1}, 2*i2 + {0,1}, 2*i1 + {0,1}). */
static void mg_interp(double *u, long ut, long co, int mc, long fo, int mf)
{
#pragma acc parallel loop gang collapse(2) present(u[0:ut])
  NPB_OMP(omp parallel for collapse(2))
  for (int i3 = 0; i3 < mc - 1; i3++)
    for (int i2 = 0; i2 < mc - 1; i2++)
#pragma acc loop vector
      for (int i1 = 0; i1 < mc - 1; i1++) {
        const double *z = u + co;
        double *f = u + fo;
#define Z1(k) (z[IX(mc, i3, i2 + 1, k)] + z[IX(mc, i3, i2, k)])
#define Z2(k) (z[IX(mc, i3 + 1, i2, k)] + z[IX(mc, i3, i2, k)])
#define Z3(k) (z[IX(mc, i3 + 1, i2 + 1, k)] + z[IX(mc, i3 + 1, i2, k)] + Z1(k))
        double z1 = Z1(i1), z1n = Z1(i1 + 1), z2 = Z2(i1), z2n = Z2(i1 + 1);
        double z3 = Z3(i1), z3n = Z3(i1 + 1);
        double zc = z[IX(mc, i3, i2, i1)];
        f[IX(mf, 2 * i3, 2 * i2, 2 * i1)] += zc;
        f[IX(mf, 2 * i3, 2 * i2, 2 * i1 + 1)] +=
            0.5 * (z[IX(mc, i3, i2, i1 + 1)] + zc);
        f[IX(mf, 2 * i3, 2 * i2 + 1, 2 * i1)] += 0.5 * z1;
        f[IX(mf, 2 * i3, 2 * i2 + 1, 2 * i1 + 1)] += 0.25 * (z1 + z1n);
        f[IX(mf, 2 * i3 + 1, 2 * i2, 2 * i1)] += 0.5 * z2;
        f[IX(mf, 2 * i3 + 1, 2 * i2, 2 * i1 + 1)] += 0.25 * (z2 + z2n);
        f[IX(mf, 2 * i3 + 1, 2 * i2 + 1, 2 * i1)] += 0.25 * z3;
        f[IX(mf, 2 * i3 + 1, 2 * i2 + 1, 2 * i1 + 1)] += 0.125 * (z3 + z3n);
#undef Z1
#undef Z2
#undef Z3
      }
}

/* One V-cycle (NPB's mg3P) on the level arrays u, r with the top-level
   right-hand side v. */
static void mg_vcycle(const struct mg_grid *g, double *u, double *v, double *r,
                      const double a[4], const double c[4])
{
  long ut = g->total, rt = g->total, vt = IX(g->m[g->lt], g->m[g->lt], 0, 0);
  const long *off = g->off;
  const int *m = g->m;
  int lt = g->lt;

  for (int k = lt; k > 1; k--)
    mg_rprj3(r, rt, off[k], m[k], off[k - 1], m[k - 1]);
  mg_zero(u, ut, off[1], m[1]);
  mg_psinv(r, rt, off[1], u, ut, off[1], m[1], c);
  for (int k = 2; k < lt; k++) {
    mg_zero(u, ut, off[k], m[k]);
    mg_interp(u, ut, off[k - 1], m[k - 1], off[k], m[k]);
    mg_resid(u, ut, off[k], r, rt, off[k], r, rt, off[k], m[k], a);
    mg_psinv(r, rt, off[k], u, ut, off[k], m[k], c);
  }
  mg_interp(u, ut, off[lt - 1], m[lt - 1], off[lt], m[lt]);
  mg_resid(u, ut, off[lt], v, vt, 0, r, rt, off[lt], m[lt], a);
  mg_psinv(r, rt, off[lt], u, ut, off[lt], m[lt], c);
}

/* Returns the L2 norm sqrt(sum r^2 / n^3) of the top-level interior. */
static double mg_norm2(const struct mg_grid *g, const double *r)
{
  int m = g->m[g->lt];
  long rt = g->total, ro = g->off[g->lt];
  double s = 0.0;
#pragma acc parallel loop gang collapse(2) reduction(+:s) present(r[0:rt])
  NPB_OMP(omp parallel for collapse(2) reduction(+:s))
  for (int i3 = 1; i3 < m - 1; i3++)
    for (int i2 = 1; i2 < m - 1; i2++)
#pragma acc loop vector reduction(+:s)
      for (int i1 = 1; i1 < m - 1; i1++) {
        double x = r[ro + IX(m, i3, i2, i1)];
        s += x * x;
      }
  double n = (double)(m - 2);
  return sqrt(s / (n * n * n));
}

/* Inserts value x at point idx into the sorted list best[0..10) (ascending
   when hi, descending when not): keeps the ten most extreme values. */
static void mg_keep10(double *best, long *where, double x, long idx, int hi)
{
  if (hi ? !(x > best[0]) : !(x < best[0]))
    return;
  int j = 0;
  while (j < 9 && (hi ? x > best[j + 1] : x < best[j + 1])) {
    best[j] = best[j + 1];
    where[j] = where[j + 1];
    j++;
  }
  best[j] = x;
  where[j] = idx;
}

/* NPB's zran3 on the host: v = 0 except +1 at the ten largest and -1 at the
   ten smallest of the n^3 numbers that follow NPB_SEED in NPB's stream, laid
   out with i1 fastest; then the ghost faces.  v is the top-level grid. */
static void mg_zran3(double *v, int m)
{
  int n = m - 2;
  double hi[10], lo[10];
  long hiw[10], low[10];
  for (int j = 0; j < 10; j++) {
    hi[j] = 0.0;
    lo[j] = 1.0;
    hiw[j] = low[j] = 0;
  }
  uint64_t x = NPB_SEED;
  for (int i3 = 1; i3 <= n; i3++)
    for (int i2 = 1; i2 <= n; i2++)
      for (int i1 = 1; i1 <= n; i1++) {
        double z = NPB_RANDLC(x);
        mg_keep10(hi, hiw, z, IX(m, i3, i2, i1), 1);
        mg_keep10(lo, low, z, IX(m, i3, i2, i1), 0);
      }
  memset(v, 0, sizeof(double) * (size_t)IX(m, m, 0, 0));
  for (int j = 0; j < 10; j++)
    v[low[j]] = -1.0;
  for (int j = 0; j < 10; j++)
    v[hiw[j]] = 1.0;
}

/* Sizes the levels for an n^3 problem: level k has 2^k + 2 points per side,
   the finest (k = lt) first in the arrays. */
static void mg_levels(struct mg_grid *g, int n)
{
  g->lt = 0;
  while ((1 << g->lt) < n)
    g->lt++;
  g->total = 0;
  for (int k = g->lt; k >= 1; k--) {
    g->m[k] = (1 << k) + 2;
    g->off[k] = g->total;
    g->total += IX(g->m[k], g->m[k], 0, 0);
  }
}

int main(int argc, char **argv)
{
  char cls = npb_class(argc, argv);
  const struct mg_class *pc = &mg_classes[npb_class_index(cls)];
  struct mg_grid g;
  mg_levels(&g, pc->n);
  int mt = g.m[g.lt];
  long tot = g.total, vt = IX(mt, mt, 0, 0), top = g.off[g.lt];
  const double a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
  double c[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
  if (cls == 'B' || cls == 'C') {
    c[0] = -3.0 / 17.0;
    c[1] = 1.0 / 33.0;
    c[2] = -1.0 / 61.0;
  }

  printf("\n NAS Parallel Benchmarks (accgpu OpenACC C) - MG Benchmark\n\n");
  printf(" Size: %4dx%4dx%4d  (class %c)\n Iterations: %5d\n", pc->n, pc->n,
         pc->n, cls, pc->nit);

  double *u = npb_alloc((size_t)tot, sizeof(double), "u");
  double *r = npb_alloc((size_t)tot, sizeof(double), "r");
  double *v = npb_alloc((size_t)vt, sizeof(double), "v");
  mg_zran3(v, mt);
  double rnm2 = 0.0, t;

#pragma acc data copyin(v[0:vt]) create(u[0:tot], r[0:tot])
  {
    mg_comm3(v, vt, 0, mt);
    /* one untimed cycle from u = 0, as NPB does */
    mg_zero(u, tot, top, mt);
    mg_resid(u, tot, top, v, vt, 0, r, tot, top, mt, a);
    mg_vcycle(&g, u, v, r, a, c);
    mg_resid(u, tot, top, v, vt, 0, r, tot, top, mt, a);
    mg_zero(u, tot, top, mt);

    double t0 = npb_wtime();
    mg_resid(u, tot, top, v, vt, 0, r, tot, top, mt, a);
    mg_norm2(&g, r);
    for (int it = 1; it <= pc->nit; it++) {
      mg_vcycle(&g, u, v, r, a, c);
      mg_resid(u, tot, top, v, vt, 0, r, tot, top, mt, a);
    }
    rnm2 = mg_norm2(&g, r);
    t = npb_wtime() - t0;
  }

  double err = fabs(NPB_SPOIL(rnm2) - pc->rnm2) / pc->rnm2;
  int ok = err <= 1e-8;
  printf("\n L2 Norm is  %20.13e\n Error is    %20.13e\n", rnm2, err);
  double nn = (double)pc->n * pc->n * pc->n;
  char size[48];
  snprintf(size, sizeof size, "%dx%dx%d", pc->n, pc->n, pc->n);
  int rc = npb_report("MG", cls, size, pc->nit, t, 58.0 * pc->nit * nn / t / 1e6,
                      "floating point", ok);
  free(u); free(r); free(v);
  return rc;
}
