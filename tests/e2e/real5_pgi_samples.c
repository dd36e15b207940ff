/* real5_pgi_samples.c — loop nests as the PGI / NVIDIA OpenACC guides and
 * samples write them in C: the 2-D Jacobi of the getting-started guide
 * with `kernels loop gang(32), vector(16)` over rows holding `loop
 * gang(16), vector(32)` over columns (a gang loop inside a gang loop,
 * which PGI compilers map to a 2-D grid and 2.9.2 forbids only in
 * `parallel`), the error as a max found in the same `kernels` with
 * `reduction(max:err)`, the copy-back nest with the same clauses and the
 * whole under `data copy(A) create(Anew)`; a matrix multiply with the
 * same two-level gang tiling and a `loop seq` dot product in a local sum;
 * a three-level nest `gang` / `gang` / `gang vector`; and a vector add on
 * `restrict` pointers with `kernels loop independent`. Against the same
 * code run serially. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NN 40
#define MM 36

static float A[NN][MM], Anew[NN][MM], R[NN][MM], Rnew[NN][MM];

static void jacobi_init(float (*a)[MM])
{
  memset(a, 0, sizeof(float) * NN * MM);
  for (int j = 0; j < NN; j++)
    a[j][0] = 1.0f;
}

static int jacobi(float tol, int iter_max, float *err_out)
{
  float err = 1.0f;
  int iter = 0;
#pragma acc data copy(A) create(Anew)
  while (err > tol && iter < iter_max) {
    err = 0.0f;
#pragma acc kernels loop gang(32), vector(16) reduction(max:err)
    for (int j = 1; j < NN - 1; j++) {
#pragma acc loop gang(16), vector(32) reduction(max:err)
      for (int i = 1; i < MM - 1; i++) {
        Anew[j][i] = 0.25f * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] +
                              A[j + 1][i]);
        err = fmaxf(err, fabsf(Anew[j][i] - A[j][i]));
      }
    }
#pragma acc kernels loop gang(32), vector(16)
    for (int j = 1; j < NN - 1; j++) {
#pragma acc loop gang(16), vector(32)
      for (int i = 1; i < MM - 1; i++)
        A[j][i] = Anew[j][i];
    }
    iter++;
  }
  *err_out = err;
  return iter;
}

static int jacobi_ref(float tol, int iter_max, float *err_out)
{
  float err = 1.0f;
  int iter = 0;
  while (err > tol && iter < iter_max) {
    err = 0.0f;
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < MM - 1; i++) {
        Rnew[j][i] = 0.25f * (R[j][i + 1] + R[j][i - 1] + R[j - 1][i] +
                              R[j + 1][i]);
        err = fmaxf(err, fabsf(Rnew[j][i] - R[j][i]));
      }
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < MM - 1; i++)
        R[j][i] = Rnew[j][i];
    iter++;
  }
  *err_out = err;
  return iter;
}

#define MS 24
static void matmul(int n, const float *restrict a, const float *restrict b,
                   float *restrict c)
{
#pragma acc kernels loop gang, vector(8) copyin(a[0:n * n], b[0:n * n]) \
    copyout(c[0:n * n])
  for (int i = 0; i < n; i++) {
#pragma acc loop gang, vector(16)
    for (int j = 0; j < n; j++) {
      float sum = 0.0f;
#pragma acc loop seq
      for (int k = 0; k < n; k++)
        sum += a[i * n + k] * b[k * n + j];
      c[i * n + j] = sum;
    }
  }
}

/* three gang levels: the outer two take gang dimensions 3 and 2 */
static void scale3(int nz, int ny, int nx, double *restrict v, double s)
{
#pragma acc kernels loop gang copy(v[0:nz * ny * nx])
  for (int k = 0; k < nz; k++)
#pragma acc loop gang
    for (int j = 0; j < ny; j++)
#pragma acc loop gang vector(32)
      for (int i = 0; i < nx; i++)
        v[(k * ny + j) * nx + i] = v[(k * ny + j) * nx + i] * s + k - j;
}

static void vecadd(int n, const float *restrict a, const float *restrict b,
                   float *restrict r)
{
#pragma acc kernels loop independent copyin(a[0:n], b[0:n]) copyout(r[0:n])
  for (int i = 0; i < n; i++)
    r[i] = a[i] + b[i];
}

int main(void)
{
  float err, rerr;
  jacobi_init(A);
  jacobi_init(R);
  int it = jacobi(1e-4f, 60, &err);
  int rit = jacobi_ref(1e-4f, 60, &rerr);
  CHECK_INT("jacobi iterations", it, rit);
  CHECK_REAL("jacobi error", err, rerr, 1e-6);
  for (int j = 0; j < NN; j++)
    for (int i = 0; i < MM; i++)
      CHECK_REAL("jacobi A", A[j][i], R[j][i], 1e-6);

  float *a = malloc(MS * MS * sizeof *a), *b = malloc(MS * MS * sizeof *b);
  float *c = malloc(MS * MS * sizeof *c);
  for (int q = 0; q < MS * MS; q++) {
    a[q] = (q % 9) * 0.125f;
    b[q] = (q % 5) * 0.25f - 0.5f;
  }
  matmul(MS, a, b, c);
  for (int i = 0; i < MS; i++)
    for (int j = 0; j < MS; j++) {
      float s = 0.0f;
      for (int k = 0; k < MS; k++)
        s += a[i * MS + k] * b[k * MS + j];
      CHECK_REAL("matmul", c[i * MS + j], s, 1e-5);
    }

  enum { Z = 5, Y = 6, X = 40 };
  double *v = malloc(Z * Y * X * sizeof *v);
  for (int q = 0; q < Z * Y * X; q++)
    v[q] = q * 0.5;
  scale3(Z, Y, X, v, 2.0);
  for (int k = 0; k < Z; k++)
    for (int j = 0; j < Y; j++)
      for (int i = 0; i < X; i++) {
        int q = (k * Y + j) * X + i;
        CHECK_REAL("scale3", v[q], q * 0.5 * 2.0 + k - j, 0);
      }

  float *r = malloc(MS * MS * sizeof *r);
  vecadd(MS * MS, a, b, r);
  for (int q = 0; q < MS * MS; q++)
    CHECK_REAL("vecadd", r[q], a[q] + b[q], 0);
  free(a);
  free(b);
  free(c);
  free(r);
  free(v);
  return e2e_done();
}
