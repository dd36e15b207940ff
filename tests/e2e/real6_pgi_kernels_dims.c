/* real6_pgi_kernels_dims.c — `kernels` loop schedules of the PGI/CAPS era,
 * as OpenUH's benchmarks write them: gang and vector loops nested in
 * orders OpenACC's rule forbids, which PGI compilers map one loop per
 * dimension of the CUDA grid and block (innermost x, gang(n) the grid's
 * extent, vector(m) the block's):
 *   3-D Laplacian (laplacian_1): gang(126) > gang(63) vector(2) > vector(128)
 *   (laplacian_2): vector(2) > gang(32) vector(4) > gang(2) vector(64)
 *   (laplacian_3): vector(2) > gang(1) vector(128) > gang(126)
 *   2-D Gaussian blur: gang(512) vector(2) private(j, i) > vector(128),
 *     with a private array on the outer loop filled in the inner one
 *   Jacobi sweep: vector(4) > gang(16) vector(32), reduction(max:err)
 *     on both loops, reduction(+:sum) on the outer one only
 *   clauses without sizes, gang(g) with g known at run time, collapse(2)
 *   a triangular nest (inner bounds from the outer index)
 *   matmul with a function-level scalar `c` set between the loops:
 *     vector(4) > gang(16) vector(32), and dgemm/mm.c's own
 *     gang(8192) > gang(64) vector(128) (gang in gang, tight: the PGI
 *     schedule too; with a store between the loops the kernels gang
 *     tiling of real5_pgi_samples instead).
 * Sizes are not multiples of the gang and vector sizes, and larger than
 * they cover (grid-stride loops).  Against the same code run serially. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

#define A3(w, i, j, k) (w[(i) + nx * (j) + nx * ny * (k)])

static void lap_ref(int nx, int ny, int ns, double al, double be,
                    const double *w0, double *w1)
{
  for (int k = 1; k < ns - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        A3(w1, i, j, k) = al * A3(w0, i, j, k)
                          + be * (A3(w0, i + 1, j, k) + A3(w0, i - 1, j, k)
                                  + A3(w0, i, j + 1, k) + A3(w0, i, j - 1, k)
                                  + A3(w0, i, j, k + 1) + A3(w0, i, j, k - 1));
}

#define LAP_BODY                                                            \
  A3(w1, i, j, k) = al * A3(w0, i, j, k)                                    \
                    + be * (A3(w0, i + 1, j, k) + A3(w0, i - 1, j, k)       \
                            + A3(w0, i, j + 1, k) + A3(w0, i, j - 1, k)     \
                            + A3(w0, i, j, k + 1) + A3(w0, i, j, k - 1))

static void lap1(int nx, int ny, int ns, double al, double be, double *w0,
                 double *w1)
{
  int i, j, k;
  unsigned sz = (unsigned)nx * ny * ns;
#pragma acc kernels copyin(w0[0:sz]) copy(w1[0:sz])
  {
#pragma acc loop independent gang(126) /* accgpu-expect-note: k -> z \(grid 126, block 1\), j -> y \(grid 63, block 2\), i -> x \(grid 1, block 128\) */
    for (k = 1; k < ns - 1; k++) {
#pragma acc loop independent gang(63) vector(2)
      for (j = 1; j < ny - 1; j++) {
#pragma acc loop independent vector(128)
        for (i = 1; i < nx - 1; i++)
          LAP_BODY;
      }
    }
  }
}

static void lap2(int nx, int ny, int ns, double al, double be, double *w0,
                 double *w1)
{
  int i, j, k;
  unsigned sz = (unsigned)nx * ny * ns;
#pragma acc kernels copyin(w0[0:sz]) copy(w1[0:sz])
  {
#pragma acc loop independent vector(2)
    for (k = 1; k < ns - 1; k++) {
#pragma acc loop independent gang(32) vector(4)
      for (j = 1; j < ny - 1; j++) {
#pragma acc loop independent gang(2) vector(64)
        for (i = 1; i < nx - 1; i++)
          LAP_BODY;
      }
    }
  }
}

static void lap3(int nx, int ny, int ns, double al, double be, double *w0,
                 double *w1)
{
  int i, j, k;
  unsigned sz = (unsigned)nx * ny * ns;
#pragma acc kernels copyin(w0[0:sz]) copy(w1[0:sz])
  {
#pragma acc loop independent vector(2)
    for (k = 1; k < ns - 1; k++) {
#pragma acc loop independent gang(1) vector(128)
      for (j = 1; j < ny - 1; j++) {
#pragma acc loop independent gang(126)
        for (i = 1; i < nx - 1; i++)
          LAP_BODY;
      }
    }
  }
}

typedef void lap_fn(int, int, int, double, double, double *, double *);

static void check_lap(const char *what, lap_fn *f, int nx, int ny, int ns)
{
  size_t n = (size_t)nx * ny * ns;
  double *w0 = malloc(n * sizeof *w0), *w1 = malloc(n * sizeof *w1);
  double *r1 = malloc(n * sizeof *r1);
  for (size_t q = 0; q < n; q++) {
    w0[q] = (double)(q % 17) * 0.25 - (double)(q % 5);
    w1[q] = r1[q] = -1.0 - (double)(q % 3); /* the border stays */
  }
  f(nx, ny, ns, 0.5, 0.125, w0, w1);
  lap_ref(nx, ny, ns, 0.5, 0.125, w0, r1);
  for (size_t q = 0; q < n; q++)
    CHECK_REAL(what, w1[q], r1[q], 1e-12);
  free(w0);
  free(w1);
  free(r1);
}

#define A2(w, i, j) (w[(i) + nx * (j)])

/* The 5x5 blur of gaussblur.c, its weights kept in a private array of
   the row loop (filled per row, in every thread). */
static void blur(int nx, int ny, const float *s, float *w0, float *w1)
{
  int j, i;
  float wt[3];
  unsigned sz = (unsigned)nx * ny;
#pragma acc kernels copyin(w0[0:sz], s[0:3]) copy(w1[0:sz])
  {
#pragma acc loop independent gang(512) vector(2) private(j, i, wt)
    for (j = 2; j < ny - 2; j++) {
#pragma acc loop independent vector(128)
      for (i = 2; i < nx - 2; i++) {
        wt[0] = s[0];
        wt[1] = s[1] * (float)(j % 3);
        wt[2] = s[2];
        A2(w1, i, j) = wt[0] * A2(w0, i, j)
                       + wt[1] * (A2(w0, i - 1, j) + A2(w0, i + 1, j)
                                  + A2(w0, i, j - 1) + A2(w0, i, j + 1))
                       + wt[2] * (A2(w0, i - 2, j - 2) + A2(w0, i + 2, j + 2));
      }
    }
  }
}

static void blur_ref(int nx, int ny, const float *s, const float *w0,
                     float *w1)
{
  for (int j = 2; j < ny - 2; j++)
    for (int i = 2; i < nx - 2; i++)
      A2(w1, i, j) = s[0] * A2(w0, i, j)
                     + s[1] * (float)(j % 3)
                           * (A2(w0, i - 1, j) + A2(w0, i + 1, j)
                              + A2(w0, i, j - 1) + A2(w0, i, j + 1))
                     + s[2] * (A2(w0, i - 2, j - 2) + A2(w0, i + 2, j + 2));
}

/* A Jacobi sweep in the PGI order, the error a max reduction on both
   loops through a private scalar, and the sum of the new grid a
   reduction on the outer loop only: each thread folds its partial with
   one atomic. */
static void jacobi(int nx, int ny, const float *w0, float *w1, float *err,
                   double *sum)
{
  float e = 0.0f, d;
  double s = 0.0;
  unsigned sz = (unsigned)nx * ny;
#pragma acc kernels copyin(w0[0:sz]) copy(w1[0:sz])
  {
#pragma acc loop independent vector(4) reduction(max:e) reduction(+:s) /* accgpu-expect-note: reduction\(max:.e.\) within each thread, then one atomic per thread */
    for (int j = 1; j < ny - 1; j++) {
#pragma acc loop independent gang(16) vector(32) reduction(max:e) private(d)
      for (int i = 1; i < nx - 1; i++) {
        A2(w1, i, j) = 0.25f * (A2(w0, i - 1, j) + A2(w0, i + 1, j)
                                + A2(w0, i, j - 1) + A2(w0, i, j + 1));
        d = fabsf(A2(w1, i, j) - A2(w0, i, j));
        e = fmaxf(e, d);
        s += A2(w1, i, j);
      }
    }
  }
  *err = e;
  *sum = s;
}

static void check_jacobi(int nx, int ny)
{
  float *w0 = malloc(nx * ny * sizeof *w0), *w1 = malloc(nx * ny * sizeof *w1);
  for (int q = 0; q < nx * ny; q++)
    w0[q] = w1[q] = (float)((q * 7) % 19) * 0.25f;
  float err;
  double sum;
  jacobi(nx, ny, w0, w1, &err, &sum);
  float rerr = 0.0f;
  double rsum = 0.0;
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++) {
      float v = 0.25f * (A2(w0, i - 1, j) + A2(w0, i + 1, j)
                         + A2(w0, i, j - 1) + A2(w0, i, j + 1));
      CHECK_REAL("jacobi grid", A2(w1, i, j), v, 1e-6);
      rerr = fmaxf(rerr, fabsf(v - A2(w0, i, j)));
      rsum += v;
    }
  CHECK_REAL("jacobi max error", err, rerr, 0);
  CHECK_REAL("jacobi sum", sum, rsum, 1e-12);
  free(w0);
  free(w1);
}

/* Clauses without sizes, a gang size known only at run time, and a
   collapsed loop on one dimension: vector > gang(g) vector(8)
   collapse(2), then vector > gang. */
static void unsized(int nx, int ny, int nz, int g, double *v)
{
  unsigned sz = (unsigned)nx * ny * nz;
#pragma acc kernels copy(v[0:sz])
  {
#pragma acc loop independent vector
    for (int k = 0; k < nz; k++)
#pragma acc loop independent gang(g) vector(8) collapse(2)
      for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++)
          v[(k * ny + j) * nx + i] += 1 + i + 100 * j + 10000 * k;
  }
#pragma acc kernels copy(v[0:sz])
  {
#pragma acc loop independent vector
    for (int k = 0; k < nz; k++)
#pragma acc loop independent gang
      for (int q = 0; q < nx * ny; q++)
        v[k * nx * ny + q] *= 2;
  }
}

/* A triangular nest: the inner trip count depends on the outer index, so
   each thread finds its own. */
static void triangle(int n, double *v)
{
#pragma acc kernels copy(v[0:n * n])
  {
#pragma acc loop independent vector(4)
    for (int i = 0; i < n; i++)
#pragma acc loop independent gang(3) vector(32)
      for (int j = 0; j <= i; j++)
        v[i * n + j] += i - 0.5 * j;
  }
}

/* A gang loop holding a gang loop with a store between them: not tight,
   so the outer loop takes gang dimension 2 (the kernels gang tiling)
   instead of the PGI schedule. */
static void tiling_not_tight(int ny, int nx, float *v)
{
#pragma acc kernels copy(v[0:ny * nx])
  {
#pragma acc loop independent gang(8) vector(4) /* accgpu-expect-note: gangs \(dim 2\) */
    for (int j = 0; j < ny; j++) {
      v[j * nx] = (float)j;
#pragma acc loop independent gang(16) vector(32)
      for (int i = 1; i < nx; i++)
        v[j * nx + i] = v[j * nx + i] * 2.0f + (float)j;
    }
  }
}

/* mm.c's matmul, its scalar `c` declared in the function and set between
   the loops; OUTER_VEC: vector(4) on rows (the PGI order), else mm.c's
   gang(8192) > gang(64) vector(128). */
static void matmul(int n, const double *a, const double *b, double *cm)
{
  int i, j, k;
  double c;
#pragma acc kernels copyin(a[0:n * n], b[0:n * n]) copyout(cm[0:n * n])
  {
#pragma acc loop independent vector(4)
    for (i = 0; i < n; i++) {
      c = i;
#pragma acc loop independent gang(16) vector(32)
      for (j = 0; j < n; j++) {
        c = 0.0;
        for (k = 0; k < n; k++)
          c += a[i * n + k] * b[k * n + j];
        cm[i * n + j] = c;
      }
    }
  }
}

static void matmul_mm(int n, const double *a, const double *b, double *cm)
{
  int i, j, k;
  double c;
#pragma acc kernels copyin(a[0:n * n], b[0:n * n]) copyout(cm[0:n * n])
  {
#pragma acc loop independent gang(8192)
    for (i = 0; i < n; i++) {
      c = i;
#pragma acc loop independent gang(64) vector(128)
      for (j = 0; j < n; j++) {
        c = 0.0;
        for (k = 0; k < n; k++)
          c += a[i * n + k] * b[k * n + j];
        cm[i * n + j] = c;
      }
    }
  }
}

static void check_matmul(const char *what,
                         void (*f)(int, const double *, const double *,
                                   double *), int n)
{
  double *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
  double *c = malloc(n * n * sizeof *c);
  for (int q = 0; q < n * n; q++) {
    a[q] = (q % 9) * 0.125;
    b[q] = (q % 5) * 0.25 - 0.5;
    c[q] = -7.0;
  }
  f(n, a, b, c);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      CHECK_REAL(what, c[i * n + j], s, 1e-12);
    }
  free(a);
  free(b);
  free(c);
}

int main(void)
{
  /* i beyond vector(128) and j beyond gang(63) x vector(2): strides */
  check_lap("laplacian_1", lap1, 150, 131, 9);
  /* i beyond gang(2) x vector(64), j beyond gang(32) x vector(4) */
  check_lap("laplacian_2", lap2, 140, 135, 7);
  /* i beyond gang(126), j beyond vector(128), k odd */
  check_lap("laplacian_3", lap3, 130, 133, 6);
  check_lap("laplacian_1 small", lap1, 5, 4, 3);

  enum { BX = 203, BY = 37 };
  float *w0 = malloc(BX * BY * sizeof *w0), *w1 = malloc(BX * BY * sizeof *w1);
  float *r1 = malloc(BX * BY * sizeof *r1), s[3] = {0.5f, 0.125f, 0.0625f};
  for (int q = 0; q < BX * BY; q++) {
    w0[q] = (float)(q % 23) * 0.5f;
    w1[q] = r1[q] = 3.0f;
  }
  blur(BX, BY, s, w0, w1);
  blur_ref(BX, BY, s, w0, r1);
  for (int q = 0; q < BX * BY; q++)
    CHECK_REAL("gaussblur", w1[q], r1[q], 1e-5);
  free(w0);
  free(w1);
  free(r1);

  enum { UX = 37, UY = 29, UZ = 11 };
  double *v = malloc(UX * UY * UZ * sizeof *v);
  for (int q = 0; q < UX * UY * UZ; q++)
    v[q] = q % 4;
  unsized(UX, UY, UZ, e2e_separate_memory() + 2, v);
  for (int k = 0; k < UZ; k++)
    for (int j = 0; j < UY; j++)
      for (int i = 0; i < UX; i++) {
        int q = (k * UY + j) * UX + i;
        CHECK_REAL("unsized", v[q], 2.0 * (q % 4 + 1 + i + 100 * j + 10000 * k),
                   0);
      }
  free(v);
  enum { TN = 150 };
  double *tr = malloc(TN * TN * sizeof *tr);
  for (int q = 0; q < TN * TN; q++)
    tr[q] = 1.0;
  triangle(TN, tr);
  for (int i = 0; i < TN; i++)
    for (int j = 0; j < TN; j++)
      CHECK_REAL("triangle", tr[i * TN + j], j <= i ? 1.0 + i - 0.5 * j : 1.0,
                 0);
  free(tr);
  enum { TY = 13, TX = 300 };
  float *t = malloc(TY * TX * sizeof *t);
  for (int q = 0; q < TY * TX; q++)
    t[q] = (float)(q % 7);
  tiling_not_tight(TY, TX, t);
  for (int q = 0; q < TY * TX; q++)
    CHECK_REAL("gang tiling", t[q], q % TX ? (float)(q % 7) * 2.0f + q / TX
                                           : (float)(q / TX), 0);
  free(t);
  check_jacobi(611, 23); /* i beyond gang(16) x vector(32) */
  check_matmul("matmul vector(4) > gang(16) vector(32)", matmul, 45);
  check_matmul("matmul gang(8192) > gang(64) vector(128)", matmul_mm, 37);
  return e2e_done();
}
