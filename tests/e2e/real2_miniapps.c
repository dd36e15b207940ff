/* real2_miniapps.c — mini-app shapes as their OpenACC C ports write them:
 * an XSBench-style cross-section lookup (a binary search over a sorted
 * energy grid in a `routine seq`, an array of structs of nuclide data, a
 * verification hash as a `+` reduction on unsigned long), a conjugate
 * gradient whose kernels are separate functions taking `present` arrays
 * (dot product with a reduction, axpy, a CSR mat-vec with `loop seq`
 * rows) and one taking `deviceptr`s through `acc_deviceptr`, and a Jacobi
 * solver on buffers from `acc_malloc` passed as `deviceptr`, the residual a
 * `max` reduction, copied with `acc_memcpy_to/from_device`. Each against
 * the same code run serially. */
#include "e2e.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- XSBench-style lookup ---- */
typedef struct {
  double energy;
  double total_xs, elastic_xs, absorb_xs;
} NuclideGridPoint;

#define N_ISO 6
#define N_GRID 40
#define N_LOOKUPS 700

#pragma acc routine seq
static long grid_search(long n, double quarry, const double *restrict A)
{
  long lower = 0, upper = n - 1, length = upper - lower;
  while (length > 1) {
    long examination = lower + length / 2;
    if (A[examination] > quarry)
      upper = examination;
    else
      lower = examination;
    length = upper - lower;
  }
  return lower;
}

#pragma acc routine seq
static inline double lerp(double lo, double hi, double f)
{
  return hi - f * (hi - lo);
}

#pragma acc routine seq
static void calculate_macro_xs(double p_energy, int n_iso,
                               const NuclideGridPoint *restrict grid,
                               const double *restrict egrid,
                               const double *restrict conc, double *macro)
{
  for (int k = 0; k < 3; k++)
    macro[k] = 0;
  for (int j = 0; j < n_iso; j++) {
    const NuclideGridPoint *g = &grid[j * N_GRID];
    long idx = grid_search(N_GRID, p_energy, &egrid[j * N_GRID]);
    if (idx == N_GRID - 1)
      idx--;
    const NuclideGridPoint *lo = &g[idx], *hi = &g[idx + 1];
    double f = (hi->energy - p_energy) / (hi->energy - lo->energy);
    macro[0] += conc[j] * lerp(lo->total_xs, hi->total_xs, f);
    macro[1] += conc[j] * lerp(lo->elastic_xs, hi->elastic_xs, f);
    macro[2] += conc[j] * lerp(lo->absorb_xs, hi->absorb_xs, f);
  }
}

#pragma acc routine seq
static uint64_t lcg_next(uint64_t seed)
{
  return 2806196910506780709ULL * seed + 1ULL;
}

static void xs_data(NuclideGridPoint *grid, double *egrid, double *conc)
{
  for (int j = 0; j < N_ISO; j++) {
    conc[j] = 0.5 + 0.1 * j;
    for (int i = 0; i < N_GRID; i++) {
      NuclideGridPoint *p = &grid[j * N_GRID + i];
      p->energy = (i + 0.3 * (j % 3)) / (double)N_GRID;
      p->total_xs = 1.0 + ((i * 7 + j) % 11) * 0.1;
      p->elastic_xs = 0.5 + ((i * 3 + j) % 5) * 0.05;
      p->absorb_xs = 0.1 + ((i + j * 2) % 7) * 0.02;
      egrid[j * N_GRID + i] = p->energy;
    }
  }
}

static void test_xsbench(void)
{
  NuclideGridPoint *grid = malloc(N_ISO * N_GRID * sizeof *grid);
  double *egrid = malloc(N_ISO * N_GRID * sizeof *egrid);
  double conc[N_ISO];
  double *out = malloc(N_LOOKUPS * 3 * sizeof *out);
  unsigned long vhash = 0, rhash = 0;
  xs_data(grid, egrid, conc);
#pragma acc parallel loop copyin(grid[0:N_ISO*N_GRID], egrid[0:N_ISO*N_GRID], \
                                 conc) copyout(out[0:N_LOOKUPS*3])          \
    reduction(+:vhash)
  for (int i = 0; i < N_LOOKUPS; i++) {
    uint64_t seed = lcg_next((uint64_t)i * 7919 + 13);
    double e = (double)(seed >> 11) * (1.0 / 9007199254740992.0) * 0.9 + 0.02;
    double macro[3];
    calculate_macro_xs(e, N_ISO, grid, egrid, conc, macro);
    int max_idx = 0;
    for (int k = 1; k < 3; k++)
      if (macro[k] > macro[max_idx])
        max_idx = k;
    for (int k = 0; k < 3; k++)
      out[i * 3 + k] = macro[k];
    vhash += max_idx + 1 + (unsigned long)(e * 1000.0);
  }
  for (int i = 0; i < N_LOOKUPS; i++) {
    uint64_t seed = lcg_next((uint64_t)i * 7919 + 13);
    double e = (double)(seed >> 11) * (1.0 / 9007199254740992.0) * 0.9 + 0.02;
    double macro[3];
    calculate_macro_xs(e, N_ISO, grid, egrid, conc, macro);
    int max_idx = 0;
    for (int k = 1; k < 3; k++)
      if (macro[k] > macro[max_idx])
        max_idx = k;
    for (int k = 0; k < 3; k++)
      CHECK_REAL("xs macro", out[i * 3 + k], macro[k], 1e-12);
    rhash += max_idx + 1 + (unsigned long)(e * 1000.0);
  }
  CHECK_INT("xs hash", vhash, rhash);
  free(grid), free(egrid), free(out);
}

/* ---- conjugate gradient in separate functions ---- */
static double dot(int n, const double *x, const double *y)
{
  double s = 0;
#pragma acc parallel loop present(x[0:n], y[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

static void waxpby(int n, double alpha, const double *x, double beta,
                   const double *y, double *w)
{
#pragma acc parallel loop present(x[0:n], y[0:n], w[0:n])
  for (int i = 0; i < n; i++)
    w[i] = alpha * x[i] + beta * y[i];
}

static void spmv(int n, const int *restrict rowptr, const int *restrict col,
                 const double *restrict val, const double *restrict x,
                 double *restrict y)
{
  int nnz = rowptr[n];
#pragma acc parallel loop gang vector_length(32) \
    present(rowptr[0:n+1], col[0:nnz], val[0:nnz], x[0:n], y[0:n])
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

/* Takes device addresses, as a library kernel called with acc_deviceptr. */
static void scale_dev(int n, double a, double *x)
{
#pragma acc parallel loop deviceptr(x)
  for (int i = 0; i < n; i++)
    x[i] *= a;
}

static void build_lap(int n, int *rowptr, int *col, double *val)
{
  int k = 0;
  for (int i = 0; i < n; i++) {
    rowptr[i] = k;
    if (i > 0)
      col[k] = i - 1, val[k++] = -1.0;
    col[k] = i, val[k++] = 2.5;
    if (i < n - 1)
      col[k] = i + 1, val[k++] = -1.0;
  }
  rowptr[n] = k;
}

static int cg(int n, const int *rowptr, const int *col, const double *val,
              const double *b, double *x, int maxit, double *rr_out)
{
  int nnz = rowptr[n], it;
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *Ap = malloc(n * sizeof *Ap), rr = 0;
#pragma acc data copyin(rowptr[0:n+1], col[0:nnz], val[0:nnz], b[0:n]) \
    copy(x[0:n]) create(r[0:n], p[0:n], Ap[0:n])
  {
    spmv(n, rowptr, col, val, x, Ap);
    waxpby(n, 1.0, b, -1.0, Ap, r);
    waxpby(n, 1.0, r, 0.0, r, p);
    rr = dot(n, r, r);
    for (it = 0; it < maxit && rr > 1e-20; it++) {
      spmv(n, rowptr, col, val, p, Ap);
      double alpha = rr / dot(n, p, Ap);
      waxpby(n, 1.0, x, alpha, p, x);
      waxpby(n, 1.0, r, -alpha, Ap, r);
      double rr_new = dot(n, r, r);
      waxpby(n, 1.0, r, rr_new / rr, p, p);
      rr = rr_new;
    }
    scale_dev(n, 2.0, acc_deviceptr(x));
  }
  *rr_out = rr;
  free(r), free(p), free(Ap);
  return it;
}

static int cg_ref(int n, const int *rowptr, const int *col, const double *val,
                  const double *b, double *x, int maxit, double *rr_out)
{
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *Ap = malloc(n * sizeof *Ap), rr = 0;
  int it;
#define SPMV(v)                                                               \
  for (int i = 0; i < n; i++) {                                               \
    double s = 0;                                                             \
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)                           \
      s += val[k] * v[col[k]];                                                \
    Ap[i] = s;                                                                \
  }
  SPMV(x);
  for (int i = 0; i < n; i++)
    r[i] = b[i] - Ap[i], p[i] = r[i];
  for (int i = 0; i < n; i++)
    rr += r[i] * r[i];
  for (it = 0; it < maxit && rr > 1e-20; it++) {
    SPMV(p);
    double pap = 0;
    for (int i = 0; i < n; i++)
      pap += p[i] * Ap[i];
    double alpha = rr / pap, rr_new = 0;
    for (int i = 0; i < n; i++)
      x[i] += alpha * p[i];
    for (int i = 0; i < n; i++)
      r[i] -= alpha * Ap[i];
    for (int i = 0; i < n; i++)
      rr_new += r[i] * r[i];
    for (int i = 0; i < n; i++)
      p[i] = r[i] + rr_new / rr * p[i];
    rr = rr_new;
  }
#undef SPMV
  for (int i = 0; i < n; i++)
    x[i] *= 2.0;
  *rr_out = rr;
  free(r), free(p), free(Ap);
  return it;
}

static void test_cg(void)
{
  enum { NN = 300 };
  int *rowptr = malloc((NN + 1) * sizeof *rowptr);
  int *col = malloc(3 * NN * sizeof *col);
  double *val = malloc(3 * NN * sizeof *val);
  double *b = malloc(NN * sizeof *b), *x = calloc(NN, sizeof *x);
  double *xr = calloc(NN, sizeof *xr), rr, rrr;
  build_lap(NN, rowptr, col, val);
  for (int i = 0; i < NN; i++)
    b[i] = 1.0 + (i % 9) * 0.25;
  int it = cg(NN, rowptr, col, val, b, x, 25, &rr);
  int itr = cg_ref(NN, rowptr, col, val, b, xr, 25, &rrr);
  CHECK_INT("cg iterations", it, itr);
  CHECK_REAL("cg residual", rr, rrr, 1e-6);
  for (int i = 0; i < NN; i++)
    CHECK_REAL("cg x", x[i], xr[i], 1e-9);
  free(rowptr), free(col), free(val), free(b), free(x), free(xr);
}

/* ---- Jacobi on acc_malloc'ed buffers ---- */
static double jacobi_sweep(int n, int m, const double *restrict a,
                           double *restrict anew)
{
  double err = 0.0;
#pragma acc parallel loop gang deviceptr(a, anew) reduction(max:err)
  for (int j = 1; j < n - 1; j++) {
#pragma acc loop vector reduction(max:err)
    for (int i = 1; i < m - 1; i++) {
      anew[j * m + i] = 0.25 * (a[j * m + i + 1] + a[j * m + i - 1] +
                                a[(j - 1) * m + i] + a[(j + 1) * m + i]);
      err = fmax(err, fabs(anew[j * m + i] - a[j * m + i]));
    }
  }
  return err;
}

static void test_jacobi(void)
{
  enum { NJ = 34, MJ = 40, ITERS = 30 };
  size_t bytes = NJ * MJ * sizeof(double);
  double *h = malloc(bytes), *r = malloc(bytes), *rn = malloc(bytes);
  for (int i = 0; i < NJ * MJ; i++)
    h[i] = (i % MJ == 0) ? 1.0 : (i / MJ == 0 ? 0.5 : 0.0);
  memcpy(r, h, bytes);
  memcpy(rn, h, bytes);
  double *d_a = acc_malloc(bytes), *d_anew = acc_malloc(bytes);
  acc_memcpy_to_device(d_a, h, bytes);
  acc_memcpy_to_device(d_anew, h, bytes);
  double err = 1, rerr = 1;
  int it = 0;
  while (err > 1e-6 && it < ITERS) {
    err = jacobi_sweep(NJ, MJ, d_a, d_anew);
    double *t = d_a;
    d_a = d_anew;
    d_anew = t;
    it++;
  }
  acc_memcpy_from_device(h, d_a, bytes);
  acc_free(d_a);
  acc_free(d_anew);
  for (int k = 0; k < it; k++) {
    rerr = 0;
    for (int j = 1; j < NJ - 1; j++)
      for (int i = 1; i < MJ - 1; i++) {
        rn[j * MJ + i] = 0.25 * (r[j * MJ + i + 1] + r[j * MJ + i - 1] +
                                 r[(j - 1) * MJ + i] + r[(j + 1) * MJ + i]);
        rerr = fmax(rerr, fabs(rn[j * MJ + i] - r[j * MJ + i]));
      }
    double *t = r;
    r = rn;
    rn = t;
  }
  CHECK_REAL("jacobi error", err, rerr, 1e-12);
  for (int i = 0; i < NJ * MJ; i++)
    CHECK_REAL("jacobi grid", h[i], r[i], 1e-12);
  free(h), free(r), free(rn);
}

int main(void)
{
  test_xsbench();
  test_cg();
  test_jacobi();
  return e2e_done();
}
