/* data_array_params_implicit.c — array parameters (`double A[NI][NK]`,
 * `int n, double A[n][n]`) used in compute constructs without a data
 * clause behave as array variables do: the section the construct touches
 * when it can be inferred (the present data holding it is used), else the
 * whole declared array, present-or-copy; no longer the pointer alone
 * (memcheck's "host memory" on the emulator).  Constant bounds in
 * `parallel loop` and `kernels`, variable bounds, an indirect subscript
 * (whole array, and no -Wall warning), the array entered by the caller
 * (used as is, so the host copy stays old until exit data on a device
 * with its own memory), a row block entered by the caller; each checked
 * against serial loops. */
/* accgpu-test: cflags -Wall -fplugin-arg-accgpu-info */
/* accgpu-test: no-warnings */
#include "e2e.h"

#define NI 20
#define NK 12
#define N 16

static void scale_rows(int ni, int nk, double A[NI][NK], double B[NI][NK])
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copyin\(A\[0:ni\]\) */
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      B[i][k] = 2 * A[i][k] + k;
}

static void kernels_sum(int n, double x[N], double y[N])
{
#pragma acc kernels /* accgpu-expect-note: implicit copy\(y\[0:n\]\) */
  for (int i = 0; i < n; i++)
    y[i] += x[i] * x[i];
}

static void vla_transpose(int n, double A[n][n], double T[n][n])
{
#pragma acc parallel loop /* accgpu-expect-note: implicit copy\(A\[0:n\]\) of the array parameter .A., its declared bound */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      T[j][i] = A[i][j] - i;
}

static void gather(int n, const int idx[N], double src[N], double dst[N])
{
#pragma acc parallel loop copyin(idx[0:n]) /* accgpu-expect-note: implicit copy\(src\[0:16\]\) of the array parameter .src., its declared bound */
  for (int i = 0; i < n; i++)
    dst[i] = src[idx[i]];
}

static void bump(int lo, int hi, double R[N][NK])
{
#pragma acc parallel loop
  for (int i = lo; i < hi; i++)
    for (int k = 0; k < NK; k++)
      R[i][k] += 1;
}

static double A[NI][NK], B[NI][NK], R[N][NK], refR[N][NK];

int main(void)
{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (i * 5 + k) % 7;
  scale_rows(NI, NK, A, B);
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      CHECK_REAL("rows B", B[i][k], 2 * A[i][k] + k, 0);

  {
    double x[N], y[N];
    for (int i = 0; i < N; i++)
      x[i] = i * 0.5, y[i] = i;
    kernels_sum(N, x, y);
    for (int i = 0; i < N; i++)
      CHECK_REAL("kernels y", y[i], i + x[i] * x[i], 0);
  }

  {
    int n = 9;
    double S[9][9], T[9][9];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        S[i][j] = i * 10 + j;
    vla_transpose(n, S, T);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        CHECK_REAL("vla T", T[j][i], S[i][j] - i, 0);
  }

  {
    int idx[N];
    double src[N], dst[N];
    for (int i = 0; i < N; i++)
      idx[i] = (i * 7) % N, src[i] = i * 1.5, dst[i] = -1;
    gather(N, idx, src, dst);
    for (int i = 0; i < N; i++)
      CHECK_REAL("gather dst", dst[i], src[idx[i]], 0);
  }

  /* the whole array entered: the construct uses the device copy */
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NK; k++)
      R[i][k] = refR[i][k] = i + k;
#pragma acc enter data copyin(R)
  bump(0, N, R);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NK; k++)
      CHECK_REAL("entered R (host)", R[i][k],
                 refR[i][k] + !e2e_separate_memory(), 0);
#pragma acc exit data copyout(R)
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NK; k++)
      CHECK_REAL("entered R", R[i][k], refR[i][k] + 1, 0);

  /* a row block entered: the construct touching those rows uses it */
#pragma acc enter data copyin(R[4:6][0:NK])
  bump(4, 10, R);
#pragma acc exit data copyout(R[4:6][0:NK])
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NK; k++)
      CHECK_REAL("block R", R[i][k], refR[i][k] + 1 + (i >= 4 && i < 10), 0);
  return e2e_done();
}
