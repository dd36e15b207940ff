/* kernels_auto_nest.c — nests of `loop` directives with no gang, worker,
 * vector, seq or independent clause in a kernels region (`auto` there,
 * OpenACC 3.3 §2.9.7).  Before session 24 only the innermost loop of such
 * a nest was parallelized (the dependence test stopped at the inner acc
 * loop), while the same nest without directives got gang (outer) and
 * vector (inner), as NVHPC gives both spellings.  Now the test looks into
 * the inner acc loops, with their index ranges: an outer loop free of
 * carried dependences takes the gangs; one that carries a dependence
 * stays sequential, its inner loop on vector lanes of one gang (gangs
 * would race from one outer iteration to the next); reductions declared
 * on the loops are honoured at the level chosen; 3-deep nests get gang,
 * sequential, vector as plain nests do; `collapse` on an auto loop is
 * tested level by level.  Every result is checked against a serial
 * reference computed here. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <stdlib.h>

#include "e2e.h"

#define N 96
#define M 20

static double a[N][N], b[N][N], c[N][N], t[N][N], w[N][N];
static double r[N], rr[N], x[M][M][M], y[M][M][M];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      b[i][j] = (i * 31 + j * 17) % 23 * 0.125;
      c[i][j] = (i * 7 + j * 3) % 11 * 0.5;
      t[i][j] = i + 0.01 * j;
      w[i][j] = 0;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++)
        x[i][j][k] = (i + 2 * j + 3 * k) % 7 * 0.25;
}

/* Independent outer loop: gang; inner: vector. */
static void stencil(void)
{
#pragma acc kernels copyin(b) copyout(a)
  {
#pragma acc loop /* accgpu-expect-note: loop parallelized across gangs$ */
    for (int i = 1; i < N - 1; i++)
#pragma acc loop /* accgpu-expect-note: loop parallelized across vector */
      for (int j = 1; j < N - 1; j++)
        a[i][j] = 0.25 * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1]
                          + b[i][j + 1]);
  }
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      CHECK_REAL("stencil", a[i][j],
                 0.25 * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1]
                         + b[i][j + 1]), 1e-15);
}

/* The outer loop carries a dependence (row i reads row i - 1 at j - 1 and
   j + 1): sequential, the inner loop on one gang's vector lanes. */
static void carried(void)
{
  double want[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      want[i][j] = c[i][j];
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N - 1; j++)
      want[i][j] = 0.5 * (want[i - 1][j - 1] + want[i - 1][j + 1]);
#pragma acc kernels copy(c)
  {
#pragma acc loop /* accgpu-expect-note: loop run sequentially */
    for (int i = 1; i < N; i++)
#pragma acc loop /* accgpu-expect-note: loop parallelized across vector */
      for (int j = 1; j < N - 1; j++)
        c[i][j] = 0.5 * (c[i - 1][j - 1] + c[i - 1][j + 1]);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("carried", c[i][j], want[i][j], 1e-12);
}

/* In-place transpose: iteration i writes a[i][j] and reads a[j][i], which
   iteration j writes: carried, sequential. */
static void transpose(void)
{
  double want[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      want[i][j] = t[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      want[i][j] = want[j][i] + 1;
#pragma acc kernels copy(t)
  {
#pragma acc loop /* accgpu-expect-note: loop run sequentially */
    for (int i = 0; i < N; i++)
#pragma acc loop /* accgpu-expect-note: run sequentially */
      for (int j = 0; j < N; j++)
        t[i][j] = t[j][i] + 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK_REAL("transpose", t[i][j], want[i][j], 0);
}

/* Reductions declared on the auto loops: on both (gang and vector), on
   the outer one only (the inner loop, which would need one, stays
   sequential), and on the inner one into a local of the outer body. */
static void reductions(void)
{
  double s = 0, s2 = 0, want = 0, want2 = 0;
#pragma acc kernels copyin(b, c) copyout(r, rr)
  {
#pragma acc loop reduction(+:s) /* accgpu-expect-note: parallelized across gangs$ */
    for (int i = 0; i < N; i++)
#pragma acc loop reduction(+:s) /* accgpu-expect-note: reduction.*across vector */
      for (int j = 0; j < N; j++)
        s += b[i][j] * c[i][j];
#pragma acc loop reduction(+:s2) /* accgpu-expect-note: across gangs and vector */
    for (int i = 0; i < N; i++)
#pragma acc loop /* accgpu-expect-note: run sequentially */
      for (int j = 0; j < N; j++)
        s2 += b[i][j] - c[i][j];
#pragma acc loop /* accgpu-expect-note: parallelized across gangs$ */
    for (int i = 0; i < N; i++) {
      double row = 0;
#pragma acc loop reduction(+:row) /* accgpu-expect-note: parallelized across vector */
      for (int j = 0; j < N; j++)
        row += b[i][j] * (j + 1);
      r[i] = row;
      rr[i] = 2 * row;
    }
  }
  for (int i = 0; i < N; i++) {
    double row = 0;
    for (int j = 0; j < N; j++) {
      want += b[i][j] * c[i][j];
      want2 += b[i][j] - c[i][j];
      row += b[i][j] * (j + 1);
    }
    CHECK_REAL("row sum", r[i], row, 1e-12);
    CHECK_REAL("row sum 2", rr[i], 2 * row, 1e-12);
  }
  CHECK_REAL("reduction on both", s, want, 1e-10);
  CHECK_REAL("reduction on the outer", s2, want2, 1e-10);
}

/* 3-deep: gang, sequential, vector (as plain nests); indices declared
   outside the region. */
static void deep(void)
{
  int i, j, k;
#pragma acc kernels copyin(x) copyout(y)
  {
#pragma acc loop /* accgpu-expect-note: parallelized across gangs$ */
    for (i = 0; i < M; i++)
#pragma acc loop /* accgpu-expect-note: run sequentially */
      for (j = 0; j < M; j++)
#pragma acc loop /* accgpu-expect-note: parallelized across vector */
        for (k = 0; k < M; k++)
          y[i][j][k] = 2 * x[i][j][k] + x[(i + 1) % M][j][k];
  }
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < M; k++)
        CHECK_REAL("3-deep", y[i][j][k],
                   2 * x[i][j][k] + x[(i + 1) % M][j][k], 0);
}

/* collapse(2) on an auto loop: independent (gangs and vector), carried
   in its first level, carried in its second (both sequential). */
static void collapsed(void)
{
  double want[N][N], want2[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      want[i][j] = i == 0 ? 1 : want[i - 1][j] * 0.5 + b[i][j];
      want2[i][j] = j == 0 ? 2 : want2[i][j - 1] * 0.25 + c[i][j];
    }
#pragma acc kernels copyin(b, c) copy(w, a, t)
  {
#pragma acc loop collapse(2) /* accgpu-expect-note: across gangs and vector */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        a[i][j] = b[i][j] * 3 - 1;
#pragma acc loop collapse(2) /* accgpu-expect-note: run sequentially */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        w[i][j] = i == 0 ? 1 : w[i - 1][j] * 0.5 + b[i][j];
#pragma acc loop collapse(2) /* accgpu-expect-note: run sequentially */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        t[i][j] = j == 0 ? 2 : t[i][j - 1] * 0.25 + c[i][j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      CHECK_REAL("collapse", a[i][j], b[i][j] * 3 - 1, 0);
      CHECK_REAL("collapse carried", w[i][j], want[i][j], 1e-12);
      CHECK_REAL("collapse carried 2", t[i][j], want2[i][j], 1e-12);
    }
}

int main(void)
{
  init();
  stencil();
  carried();
  transpose();
  reductions();
  deep();
  collapsed();
  return e2e_done();
}
