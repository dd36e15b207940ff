/* loop_private_section.c — `private(tmp[0:8])` and `firstprivate(w[0:4])`
 * with a section of an array variable (OpenACC var-lists take subarrays;
 * GCC 12's parser does not): the whole array is private to each iteration
 * (loop), gang (parallel) or copy (firstprivate); `kernels private(a[0:n])`
 * too (NVHPC's kernels private). Also a 2-D scratch array and several
 * items in one clause. Against serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 300
#define W 8

int main(void)
{
  double x[N + W], y[N], z[N], v[N], ry[N], rz[N], rv[N];
  double tmp[W], t2[2][W], w[4] = {1.0, -2.0, 0.5, 3.0};
  int idx[W];
  for (int i = 0; i < N + W; i++)
    x[i] = (i % 13) * 0.25 - 1.0;
#pragma acc parallel loop copyin(x) copyout(y) private(tmp[0:W], idx[0:8])
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < W; k++)
      tmp[k] = x[i + k] * (k + 1), idx[k] = W - 1 - k;
    double s = 0;
    for (int k = 0; k < W; k++)
      s += tmp[idx[k]] * k;
    y[i] = s;
  }
#pragma acc parallel copyin(x) copyout(z, v) firstprivate(w[0:4])
  {
#pragma acc loop gang private(t2[0:2][0:W])
    for (int i = 0; i < N; i++) {
      for (int k = 0; k < W; k++)
        t2[0][k] = x[i + k], t2[1][k] = x[i + k] * x[i + k];
      double s = 0;
      for (int k = 0; k < W; k++)
        s += t2[0][k] * w[k % 4] + t2[1][k];
      z[i] = s;
    }
#pragma acc loop gang vector
    for (int i = 0; i < N; i++)
      v[i] = w[i % 4] * 2;
  }
  double kz[N];
#pragma acc kernels copyin(x) copyout(kz) private(tmp[0:W])
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < W; k++)
      tmp[k] = x[i + k] - k;
    kz[i] = tmp[0] * tmp[W - 1];
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("kernels private(tmp[0:W])", kz[i],
               x[i] * (x[i + W - 1] - (W - 1)), 1e-12);
  for (int i = 0; i < N; i++) {
    double s = 0, t[W];
    for (int k = 0; k < W; k++)
      t[k] = x[i + k] * (k + 1);
    for (int k = 0; k < W; k++)
      s += t[W - 1 - k] * k;
    ry[i] = s;
    s = 0;
    for (int k = 0; k < W; k++)
      s += x[i + k] * w[k % 4] + x[i + k] * x[i + k];
    rz[i] = s;
    rv[i] = w[i % 4] * 2;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("private(tmp[0:W])", y[i], ry[i], 1e-12);
    CHECK_REAL("private(t2[0:2][0:W])", z[i], rz[i], 1e-12);
    CHECK_REAL("firstprivate(w[0:4])", v[i], rv[i], 0);
  }
  return e2e_done();
}
