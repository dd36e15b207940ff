/* compute_kernels_nests.c — plain loop nests in kernels regions, found
 * parallel by the dependence test on symbolic subscripts: the outer loop on
 * gangs, the inner one on vector lanes (a[i*m + j] with symbolic m, 2-D
 * arrays and rows of variable length, 3-D row-major, a transposition,
 * inner loops with symbolic bounds, indices declared outside the region, a
 * short outer loop).  Each result is compared with the same computation
 * done serially.  The accgpu-expect-note comments check the mapping notes. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define NR 67
#define NC 45

static void stencil(const double *b, double *a, int n, int m) {
  int i, j;
#pragma acc kernels copyin(b[0:n*m]) copy(a[0:n*m])
  {
    for (i = 1; i < n - 1; i++)    /* accgpu-expect-note: across gangs$ */
      for (j = 1; j < m - 1; j++)  /* accgpu-expect-note: across vector */
        a[i * m + j] = 0.25 * (b[(i - 1) * m + j] + b[(i + 1) * m + j] +
                               b[i * m + j - 1] + b[i * m + j + 1]);
  }
}

static void stencil_ref(const double *b, double *a, int n, int m) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      a[i * m + j] = 0.25 * (b[(i - 1) * m + j] + b[(i + 1) * m + j] +
                             b[i * m + j - 1] + b[i * m + j + 1]);
}

/* In place, each element read and written by its own iteration. */
static void scale_rows(double *a, const double *s, int n, int m) {
#pragma acc kernels copy(a[0:n*m]) copyin(s[0:n])
  for (int i = 0; i < n; i++) {    /* accgpu-expect-note: across gangs$ */
    double f = s[i] * 2.0;
    for (int j = 0; j < m; j++)    /* accgpu-expect-note: across vector */
      a[i * m + j] = a[i * m + j] * f + (double)j;
  }
}

/* Row sums: the inner loop is a reduction into a local of the gang loop. */
static void row_sums(const double *a, double *r, int n, int m) {
#pragma acc kernels copyin(a[0:n*m]) copyout(r[0:n])
  for (int i = 0; i < n; i++) {    /* accgpu-expect-note: across gangs$ */
    double t = 0.0;
    for (int j = 0; j < m; j++)    /* accgpu-expect-note: reduction\(\+:.+t.+\) */
      t += a[i * m + j];
    r[i] = t;
  }
}

/* 2-D arrays with constant sizes; the outer loop reads the previous row:
   carried, so the host runs it and launches the inner loop across gangs. */
static double g[NR][NC], rg[NR][NC];

static void column_prefix(int n, int m) {
#pragma acc kernels copy(g)
  for (int i = 1; i < n; i++)      /* accgpu-expect-note: runs on the host */
    for (int j = 0; j < m; j++)    /* accgpu-expect-note: across gangs */
      g[i][j] += g[i - 1][j];
}

/* 3-D, row-major with two symbolic extents. */
static void smooth3(const float *u, float *v, int n1, int n2, int n3) {
#pragma acc kernels copyin(u[0:n1*n2*n3]) copyout(v[0:n1*n2*n3])
  for (int i = 0; i < n1; i++)     /* accgpu-expect-note: across gangs$ */
    for (int j = 0; j < n2; j++)
      for (int k = 0; k < n3; k++) /* accgpu-expect-note: across vector */
        v[(i * n2 + j) * n3 + k] = 0.5f * u[(i * n2 + j) * n3 + k] + 1.0f;
}

/* Pointers to variable-length rows: a[i][j] with a row length m. */
static void vla_rows(int n, int m, double (*a)[m], double (*b)[m]) {
#pragma acc kernels copyin(b[0:n][0:m]) copyout(a[0:n][0:m])
  for (int i = 0; i < n; i++)      /* accgpu-expect-note: across gangs$ */
    for (int j = 0; j < m; j++)    /* accgpu-expect-note: across vector */
      a[i][j] = b[i][j] * 2.0 + (j > 0 ? b[i][j - 1] : 0.0);
}

/* Transposition: the store is column-major, b[j*n + i] with 0 <= i < n. */
static void transpose(const double *a, double *b, int n, int m) {
#pragma acc kernels copyin(a[0:n*m]) copyout(b[0:n*m])
  for (int i = 0; i < n; i++)      /* accgpu-expect-note: across gangs$ */
    for (int j = 0; j < m; j++)    /* accgpu-expect-note: across vector */
      b[j * n + i] = a[i * m + j];
}

/* A short independent outer loop: sequential in each thread, the long
   inner loop gets gangs and lanes. */
static void components(int n, double *x) {
#pragma acc kernels copy(x[0:3*n])
  for (int c = 0; c < 3; c++)      /* accgpu-expect-note: sequentially in each thread */
    for (int i = 0; i < n; i++)    /* accgpu-expect-note: across gangs and vector */
      x[c * n + i] = x[c * n + i] * (c + 1);
}

int main(void) {
  int n = NR, m = NC;
  static double a[NR * NC], ra[NR * NC], b[NR * NC], s[NR], r[NR], rr[NR];
  for (int k = 0; k < NR * NC; k++) {
    b[k] = (k % 17) * 0.5;
    a[k] = ra[k] = -1.0;
  }
  stencil(b, a, n, m);
  stencil_ref(b, ra, n, m);
  for (int k = 0; k < NR * NC; k++)
    CHECK_REAL("stencil", a[k], ra[k], 1e-12);

  for (int i = 0; i < NR; i++)
    s[i] = i * 0.125;
  for (int k = 0; k < NR * NC; k++)
    a[k] = ra[k] = (k % 7) * 1.5;
  scale_rows(a, s, n, m);
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      ra[i * NC + j] = ra[i * NC + j] * (s[i] * 2.0) + (double)j;
  for (int k = 0; k < NR * NC; k++)
    CHECK_REAL("scale_rows", a[k], ra[k], 1e-12);

  row_sums(a, r, n, m);
  for (int i = 0; i < NR; i++) {
    rr[i] = 0.0;
    for (int j = 0; j < NC; j++)
      rr[i] += a[i * NC + j];
    CHECK_REAL("row_sums", r[i], rr[i], 1e-12);
  }

  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      g[i][j] = rg[i][j] = (i * 3 + j) % 5;
  column_prefix(n, m);
  for (int i = 1; i < NR; i++)
    for (int j = 0; j < NC; j++)
      rg[i][j] += rg[i - 1][j];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      CHECK_REAL("column_prefix", g[i][j], rg[i][j], 1e-12);

  enum { A = 9, B = 11, C = 40 };
  static float u[A * B * C], v[A * B * C];
  for (int k = 0; k < A * B * C; k++)
    u[k] = (float)(k % 13);
  smooth3(u, v, A, B, C);
  for (int k = 0; k < A * B * C; k++)
    CHECK_REAL("smooth3", v[k], 0.5f * u[k] + 1.0f, 1e-6);
  transpose(b, a, n, m);
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      CHECK_REAL("transpose", a[j * NR + i], b[i * NC + j], 0);

  static double va[NR][NC], vb[NR][NC], x[3 * NR];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      vb[i][j] = i + 0.5 * j;
  vla_rows(n, m, va, vb);
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      CHECK_REAL("vla_rows", va[i][j],
                 vb[i][j] * 2.0 + (j > 0 ? vb[i][j - 1] : 0.0), 1e-12);
  for (int k = 0; k < 3 * NR; k++)
    x[k] = k;
  components(n, x);
  for (int k = 0; k < 3 * NR; k++)
    CHECK_REAL("components", x[k], (double)k * (k / NR + 1), 1e-12);
  return e2e_done();
}
