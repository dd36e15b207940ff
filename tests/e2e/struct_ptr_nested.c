/* struct_ptr_nested.c — pointers one struct deeper and in arrays of
 * structs: `copyin(s) copy(s.inner.a[0:n])`, and `enter data copyin(v[0:m])`
 * followed by a host loop of `enter data copyin(v[i].a[0:n])` (each device
 * v[i].a attached), compute over all of them, copy back per element.
 * Against serial loops. */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
} vec;

typedef struct {
  double w;
  vec inner;
} outer;

int main(void)
{
  enum { N = 200, M = 6 };
  outer s = {1.5, {N, malloc(N * sizeof(double))}};
  for (int i = 0; i < N; i++)
    s.inner.a[i] = i;
#pragma acc data copyin(s) copy(s.inner.a[0:N])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.inner.n; i++)
      s.inner.a[i] *= s.w;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("s.inner.a", s.inner.a[i], 1.5 * i, 0);

  vec *v = malloc(M * sizeof *v);
  for (int k = 0; k < M; k++) {
    v[k].n = N - k;
    v[k].a = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
      v[k].a[i] = k * 1000 + i;
  }
#pragma acc enter data copyin(v[0:M])
  for (int k = 0; k < M; k++) {
#pragma acc enter data copyin(v[k].a[0:v[k].n])
  }
#pragma acc parallel loop gang present(v[0:M])
  for (int k = 0; k < M; k++) {
#pragma acc loop vector
    for (int i = 0; i < v[k].n; i++)
      v[k].a[i] = 2 * v[k].a[i] + k;
  }
  for (int k = 0; k < M; k++) {
#pragma acc exit data copyout(v[k].a[0:v[k].n])
  }
#pragma acc exit data delete(v[0:M])
  for (int k = 0; k < M; k++)
    for (int i = 0; i < N; i++) {
      double want = k * 1000 + i;
      if (i < N - k)
        want = 2 * want + k;
      CHECK_REAL("v[k].a", v[k].a[i], want, 0);
    }
  for (int k = 0; k < M; k++)
    free(v[k].a);
  free(v);
  free(s.inner.a);
  return e2e_done();
}
