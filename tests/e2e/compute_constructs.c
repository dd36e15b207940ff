/* compute_constructs.c — serial, kernels (sequential code and loops), the
 * if clause, async/wait, num_gangs/num_workers/vector_length expressions,
 * collapse and tile, a routine called from gang and vector loops, and a
 * function without the routine directive (compiled as seq). */
#include "e2e.h"

#define N 300
#define M 40

#pragma acc routine seq
static double poly(double x) { return (x * 0.5 + 2.0) * x - 1.0; }

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(void) {
  static double a[N * M], ra[N * M];
  static int c[N], rc[N];
  int sep = e2e_separate_memory();
  int ng = 7, nw = 2, vl = 32;
  for (int i = 0; i < N * M; i++)
    a[i] = i * 0.001;

#pragma acc parallel loop collapse(2) num_gangs(ng * 2) num_workers(nw) \
    vector_length(vl + 32) copy(a)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i * M + j] = poly(a[i * M + j]) + i - j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ra[i * M + j] = poly((i * M + j) * 0.001) + i - j;
  for (int i = 0; i < N * M; i++)
    CHECK_REAL("collapse + routine", a[i], ra[i], 1e-12);

#pragma acc parallel loop tile(8, 8) copy(a)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i * M + j] *= 2;
  for (int i = 0; i < N * M; i++)
    CHECK_REAL("tile", a[i], 2 * ra[i], 1e-12);

  /* serial: runs once, in order. */
  int order[N];
#pragma acc serial copyout(order)
  {
    int k = 0;
    for (int i = N - 1; i >= 0; i--)
      order[k++] = i;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("serial order", order[i], N - 1 - i);

  /* kernels: sequential statements run once, loops over the data. */
  int count = 0;
#pragma acc kernels copy(c, count)
  {
    for (int i = 0; i < N; i++)
      c[i] = clampi(i - 100, 0, 150);
    for (int i = 1; i < N; i++)
      c[i] += c[i - 1] % 7; /* a carried dependence */
    count = count + 1;
  }
  for (int i = 0; i < N; i++)
    rc[i] = clampi(i - 100, 0, 150);
  for (int i = 1; i < N; i++)
    rc[i] += rc[i - 1] % 7;
  for (int i = 0; i < N; i++)
    CHECK_INT("kernels dependence", c[i], rc[i]);
  CHECK_INT("kernels statement once", count, 1);

  /* if(0): the host runs it on the host arrays. */
  int flag = 0;
#pragma acc parallel loop if(flag) copy(c)
  for (int i = 0; i < N; i++)
    c[i] = -i;
  for (int i = 0; i < N; i++)
    CHECK_INT("if(0) host", c[i], -i);

  /* async + wait. */
#pragma acc data copy(c)
  {
#pragma acc parallel loop async(2) present(c)
    for (int i = 0; i < N; i++)
      c[i] = i * 3;
#pragma acc parallel loop async(2) wait(2) present(c)
    for (int i = 0; i < N; i++)
      c[i] += 1;
#pragma acc wait(2)
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("async chain", c[i], i * 3 + 1);
  (void)sep;
  return e2e_done();
}
