/* real_private_param.c — private(x) on a loop where x is a parameter of
 * the function (as published codes write `void step(int n, double t,
 * double *a)` with `private(t)` on the gang loop): each iteration writes
 * its own t and reads it back; the caller's t is not changed, and the
 * code around the loop keeps its t. Gang, vector and seq levels, a
 * combined construct, a pointer parameter and a routine's parameter. */
/* accgpu-test: private-copies */
#include "e2e.h"

#define N 200
#define M 16

/* Gang loop: t is this iteration's value; after the region the function
   still sees the t it was called with. */
static double gang_param(int n, double t, double *a, const double *b)
{
#pragma acc parallel loop gang private(t) copyin(b[0:n]) copyout(a[0:n])
  for (int i = 0; i < n; i++) {
    t = b[i] * 2.0;
    a[i] = t + t * t;
  }
  return t;
}

/* Vector loop inside a gang loop: the gang code's t (the parameter, read
   before and after the inner loop) is not the vector loop's. */
static void vector_param(int n, int m, double t, double *c, const double *b)
{
#pragma acc parallel loop gang copyin(b[0:n]) copyout(c[0:n*m]) firstprivate(t)
  for (int i = 0; i < n; i++) {
    double base = t + i;
#pragma acc loop vector private(t)
    for (int j = 0; j < m; j++) {
      t = b[i] * j;
      c[i * m + j] = t - base;
    }
    c[i * m] += t;
  }
}

/* A seq loop with private copies of an int and a pointer parameter. */
static void seq_params(int n, int m, int k, double *p, double *d)
{
#pragma acc parallel loop gang copy(d[0:n]) firstprivate(k, p)
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma acc loop seq private(k, p)
    for (int j = 0; j < m; j++) {
      k = i + j;
      p = &s;
      *p += k;
    }
    d[i] = s + k + (p == 0);
  }
}

/* A routine's parameter, private to its vector loop. */
#pragma acc routine vector
static double row_sum(const double *bi, double t, int m)
{
  double r = 0;
#pragma acc loop vector private(t) reduction(+:r)
  for (int j = 0; j < m; j++) {
    t = bi[j] * 3;
    r += t;
  }
  return r + t;
}

static void routine_param(int n, int m, const double *b, double *e)
{
#pragma acc parallel loop gang copyin(b[0:n*m]) copyout(e[0:n])
  for (int i = 0; i < n; i++)
    e[i] = row_sum(&b[i * m], 0.5, m);
}

/* firstprivate and private parameters of the construct: the host's
   parameters keep their values in the host fallback too. */
static double construct_params(double t, int k, double *a)
{
#pragma acc serial firstprivate(t) private(k) copyout(a[0:2])
  {
    t = t * 2;
    k = 5;
    a[0] = t;
    a[1] = k;
  }
  return t + k;
}

int main(void)
{
  static double a[N], b[N], c[N * M], d[N], e[N], bm[N * M];
  for (int i = 0; i < N; i++)
    b[i] = (i % 17) * 0.25 - 1;
  for (int i = 0; i < N * M; i++)
    bm[i] = (i % 13) * 0.5;
  double t_after = gang_param(N, 42.0, a, b);
  CHECK_REAL("caller's t", t_after, 42.0, 0);
  for (int i = 0; i < N; i++) {
    double t = b[i] * 2.0;
    CHECK_REAL("gang private param", a[i], t + t * t, 1e-15);
  }
  vector_param(N, M, 3.0, c, b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double want = b[i] * j - (3.0 + i) + (j == 0 ? 3.0 : 0);
      CHECK_REAL("vector private param", c[i * M + j], want, 1e-14);
    }
  seq_params(N, M, 1000, 0, d);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++)
      s += i + j;
    CHECK_REAL("seq private params", d[i], s + 1000 + 1, 0);
  }
  routine_param(N, M, bm, e);
  for (int i = 0; i < N; i++) {
    double r = 0;
    for (int j = 0; j < M; j++)
      r += bm[i * M + j] * 3;
    CHECK_REAL("routine private param", e[i], r + 0.5, 1e-14);
  }
  double f[2];
  CHECK_REAL("construct's params unchanged", construct_params(1.5, 1, f), 2.5,
             0);
  CHECK_REAL("firstprivate param", f[0], 3.0, 0);
  CHECK_REAL("private param", f[1], 5.0, 0);
  return e2e_done();
}
