/* real3_laplace_kernels.c — NVIDIA's laplace2d course code in its
 * `kernels` versions: global `float A[NN][NM]` arrays, a host `while`
 * loop around a `kernels` region holding the stencil nest (the error as
 * `error = fmaxf(error, ...)` with no reduction clause: the compiler finds
 * it) and the copy-back nest, under `data copy(A) create(Anew)`; the same
 * with `kernels loop independent collapse(2) reduction(max:error)` and
 * `present(A, Anew)` in functions; a `kernels` region that sums with
 * `+=` into a scalar and counts into an int with no clause; and a
 * `kernels` region with a scalar written before the loop and read after
 * it on the host. Each against the same code run serially. */
#include "e2e.h"
#include <math.h>
#include <string.h>

#define NN 96
#define NM 80

static float A[NN][NM], Anew[NN][NM], Aref[NN][NM], Bref[NN][NM];

static void init(float (*a)[NM])
{
  memset(a, 0, sizeof(float) * NN * NM);
  for (int j = 0; j < NN; j++)
    a[j][0] = 1.0f + (float)j / NN;
}

static int laplace_ref(float (*a)[NM], float (*b)[NM], float tol,
                       int iter_max, float *err_out)
{
  float error = 1.0f;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    error = 0.0f;
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++) {
        b[j][i] = 0.25f * (a[j][i + 1] + a[j][i - 1] + a[j - 1][i] +
                           a[j + 1][i]);
        error = fmaxf(error, fabsf(b[j][i] - a[j][i]));
      }
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++)
        a[j][i] = b[j][i];
    iter++;
  }
  *err_out = error;
  return iter;
}

static void test_kernels_implicit(void)
{
  const float tol = 1.0e-5f;
  const int iter_max = 60;
  float error = 1.0f, rerr;
  int iter = 0;
  init(A);
  memset(Anew, 0, sizeof Anew);
#pragma acc data copy(A) create(Anew)
  while (error > tol && iter < iter_max) {
    error = 0.0f;
#pragma acc kernels
    {
      for (int j = 1; j < NN - 1; j++) {
        for (int i = 1; i < NM - 1; i++) {
          Anew[j][i] = 0.25f * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] +
                                A[j + 1][i]);
          error = fmaxf(error, fabsf(Anew[j][i] - A[j][i]));
        }
      }
      for (int j = 1; j < NN - 1; j++) {
        for (int i = 1; i < NM - 1; i++) {
          A[j][i] = Anew[j][i];
        }
      }
    }
    iter++;
  }
  init(Aref);
  int riter = laplace_ref(Aref, Bref, tol, iter_max, &rerr);
  CHECK_INT("laplace kernels iter", iter, riter);
  CHECK_REAL("laplace kernels error", error, rerr, 1e-5);
  for (int j = 0; j < NN; j++)
    for (int i = 0; i < NM; i++)
      CHECK_REAL("laplace kernels A", A[j][i], Aref[j][i], 1e-5);
}

static float calc_next(float (*a)[NM], float (*anew)[NM], int n, int m)
{
  float error = 0.0f;
#pragma acc kernels loop independent collapse(2) reduction(max:error) \
    present(a[0:n][0:m], anew[0:n][0:m])
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++) {
      anew[j][i] = 0.25f * (a[j][i + 1] + a[j][i - 1] + a[j - 1][i] +
                            a[j + 1][i]);
      error = fmaxf(error, fabsf(anew[j][i] - a[j][i]));
    }
  return error;
}

static void swap(float (*a)[NM], float (*anew)[NM], int n, int m)
{
#pragma acc kernels loop independent present(a[0:n][0:m], anew[0:n][0:m])
  for (int j = 1; j < n - 1; j++)
#pragma acc loop independent
    for (int i = 1; i < m - 1; i++)
      a[j][i] = anew[j][i];
}

static void test_kernels_functions(void)
{
  const float tol = 1.0e-5f;
  const int iter_max = 45;
  float error = 1.0f, rerr;
  int iter = 0;
  init(A);
  memset(Anew, 0, sizeof Anew);
#pragma acc enter data copyin(A) create(Anew)
  while (error > tol && iter < iter_max) {
    error = calc_next(A, Anew, NN, NM);
    swap(A, Anew, NN, NM);
    iter++;
  }
#pragma acc exit data copyout(A) delete(Anew)
  init(Aref);
  int riter = laplace_ref(Aref, Bref, tol, iter_max, &rerr);
  CHECK_INT("laplace fn iter", iter, riter);
  CHECK_REAL("laplace fn error", error, rerr, 1e-5);
  for (int j = 0; j < NN; j++)
    for (int i = 0; i < NM; i++)
      CHECK_REAL("laplace fn A", A[j][i], Aref[j][i], 1e-5);
}

/* Scalars accumulated in kernels regions with no clause. */
static void test_kernels_scalars(void)
{
  double sum = 0.0, rsum = 0.0;
  int count = 0, rcount = 0;
  long lsum = 5, rlsum = 5;
  for (int j = 0; j < NN; j++)
    for (int i = 0; i < NM; i++)
      A[j][i] = (float)((j * 7 + i * 3) % 17) - 8.0f;
#pragma acc kernels copyin(A)
  {
    for (int j = 0; j < NN; j++)
      for (int i = 0; i < NM; i++) {
        sum += A[j][i] * 0.5;
        if (A[j][i] > 0.0f)
          count++;
      }
    for (int j = 0; j < NN; j++)
      lsum += (long)A[j][j % NM];
  }
  for (int j = 0; j < NN; j++)
    for (int i = 0; i < NM; i++) {
      rsum += A[j][i] * 0.5;
      if (A[j][i] > 0.0f)
        rcount++;
    }
  for (int j = 0; j < NN; j++)
    rlsum += (long)A[j][j % NM];
  CHECK_REAL("kernels sum", sum, rsum, 1e-12);
  CHECK_INT("kernels count", count, rcount);
  CHECK_INT("kernels lsum", lsum, rlsum);

  /* A scalar set in the region before a loop, used inside it and read on
     the host after. */
  float scale = 0.0f, rscale;
  float out[NM], rout[NM];
#pragma acc kernels copyin(A) copyout(out)
  {
    scale = A[3][4] * 2.0f + 1.0f;
    for (int i = 0; i < NM; i++)
      out[i] = A[5][i] * scale;
  }
  rscale = A[3][4] * 2.0f + 1.0f;
  for (int i = 0; i < NM; i++)
    rout[i] = A[5][i] * rscale;
  CHECK_REAL("kernels scale", scale, rscale, 0);
  for (int i = 0; i < NM; i++)
    CHECK_REAL("kernels out", out[i], rout[i], 0);
}

int main(void)
{
  test_kernels_implicit();
  test_kernels_functions();
  test_kernels_scalars();
  return e2e_done();
}
