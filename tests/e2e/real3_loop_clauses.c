/* real3_loop_clauses.c — loop forms and schedule clauses as tuned
 * application codes write them: `num_gangs`/`num_workers`/`vector_length`
 * computed at run time by the caller, explicit `gang(static:*)`,
 * `worker(4)`, `vector(32)` sizes on a `kernels loop`, `tile(32,4)` and `tile(*,*)`,
 * `collapse(2)` with `reduction` over int64 and `max`, collapse over
 * loops counting down, `int64_t`/`size_t`/`unsigned`/`short` indices,
 * `for (i = n - 1; i >= 0; i--)`, `for (size_t i = n; i > 0; i--)`, steps
 * held in variables (positive and negative), `<=` bounds with steps 2 and
 * 3, bounds read from a struct through a pointer, a private array of a
 * compile-time size filled and reduced per iteration. Each against the
 * same loops run serially. */
#include "e2e.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int nx, ny; double h; } grid_t;

static void launch_sized(const grid_t *g, double *out, int ng, int nw, int vl)
{
  int nx = g->nx, ny = g->ny;
#pragma acc parallel num_gangs(ng) num_workers(nw) vector_length(vl) \
    copyout(out[0:nx*ny])
  {
#pragma acc loop gang(static:*)
    for (int j = 0; j < ny; j++) {
#pragma acc loop worker
      for (int ib = 0; ib < nx; ib += 32) {
#pragma acc loop vector
        for (int i = ib; i < (ib + 32 < nx ? ib + 32 : nx); i++)
          out[j * nx + i] = g->h * (j * 1000 + i);
      }
    }
  }
}

static void test_runtime_sizes(void)
{
  grid_t g = {77, 19, 0.5};
  double *out = malloc(77 * 19 * sizeof *out);
  int shapes[][3] = {{1, 1, 1}, {7, 2, 32}, {64, 4, 128}, {3, 8, 64}};
  for (int s = 0; s < 4; s++) {
    memset(out, 0, 77 * 19 * sizeof *out);
    launch_sized(&g, out, shapes[s][0], shapes[s][1], shapes[s][2]);
    for (int j = 0; j < g.ny; j++)
      for (int i = 0; i < g.nx; i++)
        CHECK_REAL("sized", out[j * g.nx + i], 0.5 * (j * 1000 + i), 0);
  }
  free(out);
}

static void test_explicit_sizes(void)
{
  enum { N = 200, M = 150 };
  static float a[N][M], b[N][M], t[M][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (float)(i * M + j);
  /* sizes on worker and vector: a kernels construct's loops may have them */
#pragma acc kernels loop gang(static:*) worker(4) vector(32) collapse(2) \
    copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = a[i][j] * 2.0f;
#pragma acc parallel loop tile(32, 4) copyin(a) copyout(t)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      t[j][i] = a[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      CHECK_REAL("explicit sizes", b[i][j], a[i][j] * 2.0f, 0);
      CHECK_REAL("tile transpose", t[j][i], a[i][j], 0);
    }
#pragma acc parallel loop tile(*, *) copyin(a) copyout(b)
  for (int i = N - 1; i >= 0; i--)
    for (int j = M - 1; j >= 0; j--)
      b[i][j] = a[i][j] + 1.0f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK_REAL("tile star down", b[i][j], a[i][j] + 1.0f, 0);
}

static void test_collapse_reductions(void)
{
  const int64_t n = 300, m = 170;
  int32_t *v = malloc(n * m * sizeof *v);
  for (int64_t i = 0; i < n * m; i++)
    v[i] = (int32_t)((i * 2654435761u) % 100003) - 50000;
  int64_t sum = 0, rsum = 0;
  int32_t mx = INT32_MIN, rmx = INT32_MIN;
  double wsum = 0, rwsum = 0;
#pragma acc parallel loop collapse(2) copyin(v[0:n*m]) \
    reduction(+:sum, wsum) reduction(max:mx)
  for (int64_t i = n - 1; i >= 0; i--)
    for (int64_t j = 0; j < m; j++) {
      int32_t x = v[i * m + j];
      sum += (int64_t)x * (i + 1);
      wsum += x * 0.5;
      if (x > mx)
        mx = x;
    }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < m; j++) {
      int32_t x = v[i * m + j];
      rsum += (int64_t)x * (i + 1);
      rwsum += x * 0.5;
      if (x > rmx)
        rmx = x;
    }
  CHECK_INT("collapse int64 sum", sum, rsum);
  CHECK_INT("collapse max", mx, rmx);
  CHECK_REAL("collapse wsum", wsum, rwsum, 1e-12);
  free(v);
}

static void test_index_types(void)
{
  enum { N = 1000 };
  static int a[N], b[N], c[N], d[N], e[N];
  memset(a, 0, sizeof a), memset(b, 0, sizeof b), memset(c, 0, sizeof c);
  memset(d, 0, sizeof d), memset(e, 0, sizeof e);
  size_t n = N;
  unsigned un = N;
  short sn = 999;
  int step = 3, nstep = -2;
#pragma acc data copy(a, b, c, d, e)
  {
#pragma acc parallel loop
    for (size_t i = n; i > 0; i--)
      a[i - 1] = (int)(i - 1) * 2;
#pragma acc parallel loop
    for (unsigned i = un - 1; i >= 2; i -= 2)
      b[i] = (int)i + 1;
#pragma acc parallel loop
    for (short i = 0; i <= sn; i += 2)
      c[i] = i;
#pragma acc parallel loop
    for (int i = 1; i <= N - 1; i += step)
      d[i] = -i;
#pragma acc parallel loop
    for (int i = N - 1; i >= 0; i += nstep)
      e[i] = 7;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("size_t down", a[i], i * 2);
    CHECK_INT("unsigned down by 2", b[i],
              (i >= 2 && (N - 1 - i) % 2 == 0) ? i + 1 : 0);
    CHECK_INT("short <= step 2", c[i], i % 2 == 0 ? i : 0);
    CHECK_INT("runtime step", d[i], (i >= 1 && (i - 1) % 3 == 0) ? -i : 0);
    CHECK_INT("runtime negative step", e[i], (N - 1 - i) % 2 == 0 ? 7 : 0);
  }
}

#define NP 6
static void test_private_array(void)
{
  const int n = 500;
  double *in = malloc(n * NP * sizeof *in), *out = malloc(n * sizeof *out);
  double work[NP];
  for (int i = 0; i < n * NP; i++)
    in[i] = (i % 13) * 0.25;
#pragma acc parallel loop private(work) copyin(in[0:n*NP]) copyout(out[0:n])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < NP; k++)
      work[k] = in[i * NP + k] * (k + 1);
    for (int k = NP - 1; k > 0; k--)
      work[k - 1] += work[k];
    out[i] = work[0];
  }
  for (int i = 0; i < n; i++) {
    double r = 0;
    for (int k = 0; k < NP; k++)
      r += in[i * NP + k] * (k + 1);
    CHECK_REAL("private array", out[i], r, 1e-12);
  }
  free(in), free(out);
}

/* A struct's bounds through a pointer, a gang loop with a worker loop
   over rows and a vector reduction inside. */
static void test_struct_bounds(void)
{
  grid_t g = {90, 40, 0.25}, *gp = &g;
  double *f = malloc(90 * 40 * sizeof *f), rows[40], rrows[40];
  for (int i = 0; i < 90 * 40; i++)
    f[i] = (i % 17) * 0.5 - 3;
  int nw = 4;
#pragma acc parallel num_gangs(5) num_workers(nw) vector_length(32) \
    copyin(f[0:gp->nx*gp->ny], gp[0:1]) copyout(rows)
  {
#pragma acc loop gang worker
    for (int j = 0; j < gp->ny; j++) {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int i = 0; i < gp->nx; i++)
        s += f[j * gp->nx + i] * gp->h;
      rows[j] = s;
    }
  }
  for (int j = 0; j < g.ny; j++) {
    rrows[j] = 0;
    for (int i = 0; i < g.nx; i++)
      rrows[j] += f[j * g.nx + i] * g.h;
    CHECK_REAL("struct bounds", rows[j], rrows[j], 1e-12);
  }
  free(f);
}

int main(void)
{
  test_runtime_sizes();
  test_explicit_sizes();
  test_collapse_reductions();
  test_index_types();
  test_private_array();
  test_struct_bounds();
  return e2e_done();
}
