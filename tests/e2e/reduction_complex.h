/* reduction_complex.h — the body of reduction_complex_{float,double}.c:
 * reduction(+) and reduction(*) on a complex type C (real parts R) at
 * every level: gang, gang worker vector, worker, vector, worker vector,
 * gang with an inner vector loop, the construct's own clause, kernels
 * loops (sequential in one thread; independent: gangs and vector lanes);
 * a complex array; each variable starts at a value other than the
 * identity.
 * Reference: the same updates in serial loops with the same type; sums
 * within RTOL of the sum of magnitudes (they cancel), products within
 * RTOL relative (rounding and the order of the factors differ). */
#include <complex.h>

#define N 192 /* rows (gang loop) */
#define M 80  /* columns (worker/vector loops) */
#define NM (N * M)

static C x[NM], y[NM];        /* terms of sums, factors of products */
static C rs[N], rp[N];        /* per-row results */

static void init(void) {
  for (int k = 0; k < NM; k++) {
    x[k] = (R)((k * 37 % 101) - 50) * (R)0.25
           + (R)((k * 11 % 23) - 11) * (R)0.5 * I;
    /* near the unit circle, so that thousands of factors stay finite */
    R a = (R)((k * 7 % 31) - 15) * (R)0.01, m = 1 + (R)((k % 5) - 2) * 1e-3f;
    y[k] = m * ((R)cos(a) + (R)sin(a) * I);
  }
}

static double mag(C z) { return cabs((double complex)z); }

/* Sum of magnitudes of the terms K0..K0+N-1 with stride S, plus S0. */
static double scale(C s0, int k0, int n, int s) {
  double m = mag(s0);
  for (int i = 0; i < n; i++)
    m += mag(x[k0 + i * s]);
  return m;
}

#define CHECK_SUM(what, got, want, sc)                                        \
  do {                                                                        \
    CHECK_ABS(what " (real)", creal(got), creal(want), RTOL * (sc));          \
    CHECK_ABS(what " (imag)", cimag(got), cimag(want), RTOL * (sc));          \
  } while (0)
#define CHECK_PROD(what, got, want)                                           \
  do {                                                                        \
    CHECK_ABS(what " (real)", creal(got), creal(want), RTOL * mag(want));     \
    CHECK_ABS(what " (imag)", cimag(got), cimag(want), RTOL * mag(want));     \
  } while (0)

static const C S0 = (R)3 - (R)1 * I, P0 = (R)0.5 + (R)0.5 * I;

static void ref_all(C *s, C *p) {
  *s = S0;
  *p = P0;
  for (int k = 0; k < NM; k++) {
    *s += x[k];
    *p *= y[k];
  }
}

#define PR(x) _Pragma(#x)
/* All of x and y reduced from S0 and P0 by a loop with DIRECTIVE. */
#define FLAT(WHAT, DIRECTIVE)                                                 \
  s = S0, p = P0;                                                             \
  PR(DIRECTIVE reduction(+:s) reduction(*:p) copyin(x, y))                    \
  for (int k = 0; k < NM; k++) {                                              \
    s += x[k];                                                                \
    p *= y[k];                                                                \
  }                                                                           \
  CHECK_SUM("+ " WHAT, s, ws, sc);                                            \
  CHECK_PROD("* " WHAT, p, wp);

static void test_flat(void) {
  C ws, wp, s, p;
  ref_all(&ws, &wp);
  double sc = scale(S0, 0, NM, 1);
  FLAT("gang", acc parallel loop gang)
  FLAT("gang worker vector", acc parallel loop gang worker vector
       num_workers(4) vector_length(64))
  FLAT("kernels loop", acc kernels loop)
  FLAT("kernels loop independent", acc kernels loop independent)
  s = S0, p = P0;
  /* the construct's clause; the loops name the variables again */
#pragma acc parallel num_gangs(24) vector_length(32) reduction(+:s) \
    reduction(*:p) copyin(x, y)
  {
#pragma acc loop gang reduction(+:s) reduction(*:p)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(+:s) reduction(*:p)
      for (int j = 0; j < M; j++) {
        s += x[i * M + j];
        p *= y[i * M + j];
      }
    }
  }
  CHECK_SUM("+ parallel clause, gang + vector", s, ws, sc);
  CHECK_PROD("* parallel clause, gang + vector", p, wp);
  s = S0, p = P0;
  /* the construct's clause only: the loops get it */
#pragma acc parallel num_gangs(24) num_workers(2) reduction(+:s) \
    reduction(*:p) copyin(x, y)
  {
#pragma acc loop gang worker
    for (int k = 0; k < NM; k++) {
      s += x[k];
      p *= y[k];
    }
  }
  CHECK_SUM("+ parallel clause, loop without", s, ws, sc);
  CHECK_PROD("* parallel clause, loop without", p, wp);
}

/* Row references: row i from S0 / P0. */
static void ref_rows(C *s, C *p) {
  for (int i = 0; i < N; i++) {
    s[i] = S0;
    p[i] = P0;
    for (int j = 0; j < M; j++) {
      s[i] += x[i * M + j];
      p[i] *= y[i * M + j];
    }
  }
}

static void check_rows(const char *what) {
  static C ws[N], wp[N];
  ref_rows(ws, wp);
  for (int i = 0; i < N; i++) {
    double sc = scale(S0, i * M, M, 1);
    CHECK_ABS(what, creal(rs[i]), creal(ws[i]), RTOL * sc);
    CHECK_ABS(what, cimag(rs[i]), cimag(ws[i]), RTOL * sc);
    CHECK_ABS(what, creal(rp[i]), creal(wp[i]), RTOL * mag(wp[i]));
    CHECK_ABS(what, cimag(rp[i]), cimag(wp[i]), RTOL * mag(wp[i]));
  }
}

/* Row i of x and y reduced from S0 and P0 by an inner loop INNER of a gang
   loop with clauses OUTER. */
#define ROWS(OUTER, INNER)                                                    \
  PR(acc parallel loop gang OUTER copyin(x, y) copyout(rs, rp))               \
  for (int i = 0; i < N; i++) {                                               \
    C s = S0, p = P0;                                                         \
    PR(acc loop INNER reduction(+:s) reduction(*:p))                          \
    for (int j = 0; j < M; j++) {                                             \
      s += x[i * M + j];                                                      \
      p *= y[i * M + j];                                                      \
    }                                                                         \
    rs[i] = s;                                                                \
    rp[i] = p;                                                                \
  }

static void test_rows(void) {
  ROWS(num_workers(8), worker)
  check_rows("worker (row)");
  ROWS(vector_length(96), vector)
  check_rows("vector (row)");
  ROWS(num_workers(2) vector_length(32), worker vector)
  check_rows("worker vector (row)");
}

/* Columns: a worker loop over rows inside a gang loop over 4 columns,
   with an inner vector loop that gathers into the worker's partial. */
static void test_nest(void) {
  enum { G = 4 };
  static C cs[G], cp[G];
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyin(x, y) \
    copyout(cs, cp)
  for (int g = 0; g < G; g++) {
    C s = S0, p = P0;
#pragma acc loop worker reduction(+:s) reduction(*:p)
    for (int i = g; i < N; i += G) {
#pragma acc loop vector reduction(+:s) reduction(*:p)
      for (int j = 0; j < M; j++) {
        s += x[i * M + j];
        p *= y[i * M + j];
      }
    }
    cs[g] = s;
    cp[g] = p;
  }
  for (int g = 0; g < G; g++) {
    C ws = S0, wp = P0;
    double sc = mag(S0);
    for (int i = g; i < N; i += G)
      for (int j = 0; j < M; j++) {
        ws += x[i * M + j];
        wp *= y[i * M + j];
        sc += mag(x[i * M + j]);
      }
    CHECK_SUM("+ worker + vector nest", cs[g], ws, sc);
    CHECK_PROD("* worker + vector nest", cp[g], wp);
  }
}

/* A complex array reduced element by element (OpenACC 2.7).  Not with
   GCC's own OpenACC (the gomp mode of run.sh), whose gimplifier crashes on
   array reductions of compute constructs (reduction_array.c fails there).
   The note (-fplugin-arg-accgpu-info) names the array. */
static void test_array(void) {
#if !defined(_OPENACC) || defined(OPENACC_H) /* not GCC's openacc.h */
  C h[4] = {S0, 1, 2, -I}, g[4] = {P0, 1, I, -1};
  C wh[4] = {S0, 1, 2, -I}, wg[4] = {P0, 1, I, -1};
  double sc[4] = {mag(S0), 1, 2, 1};
  for (int k = 0; k < NM; k++) {
    wh[k % 4] += x[k];
    wg[k % 4] *= y[k];
    sc[k % 4] += mag(x[k]);
  }
#pragma acc parallel loop gang vector reduction(+:h) reduction(*:g) /* accgpu-expect-note: reduction\(\+:.h. across gangs */ \
    copyin(x, y)
  for (int k = 0; k < NM; k++) {
    h[k % 4] += x[k];
    g[k % 4] *= y[k];
  }
  for (int e = 0; e < 4; e++) {
    CHECK_SUM("+ array gang vector", h[e], wh[e], sc[e]);
    CHECK_PROD("* array gang vector", g[e], wg[e]);
  }
#endif
}

int main(void) {
  init();
  test_array();
  test_flat();
  test_rows();
  test_nest();
  return e2e_done();
}
