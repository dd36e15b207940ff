/* real5_cfeat_routines.c — C inside `routine seq/vector/worker` functions
 * and helpers without a directive: static inline helpers called with and
 * without `routine`, structs returned by value, typedef'd array
 * parameters, `static const` tables local to a routine and at file scope,
 * recursion, pointer-to-pointer walks, `restrict` parameters, a `loop seq`
 * inside a routine's vector loop, a vector routine with a private array of
 * structs and a reduction, and a switch with fall-through in a routine.
 * Checked against the same functions run serially on the host. */
#include "e2e.h"
#include <stddef.h>
#include <stdint.h>

enum { N = 200, W = 24 };
typedef float row_t[W];
typedef struct { double lo, hi; int n; } span_t;

/* A routine may use a global only with `declare` (GCC's error otherwise,
   by the spec: docs/conformance.md); compute regions map it implicitly. */
static const unsigned short primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
#pragma acc declare copyin(primes)

static inline double sq(double x) { return x * x; }

#pragma acc routine seq
static inline span_t span_of(const float *restrict r, int n) {
  span_t s = {r[0], r[0], 0};
  for (int k = 1; k < n; k++) {
    if (r[k] < s.lo) s.lo = r[k];
    if (r[k] > s.hi) s.hi = r[k];
    s.n += r[k] > 0;
  }
  return s;
}

#pragma acc routine seq
static int classify(int v) {
  static const char code[6] = {'a', 'b', 'c', 'd', 'e', 'f'};
  int r = 0;
  switch (v % 6) {
  case 0: r += code[0];
  /* fall through */
  case 1: r += code[1]; break;
  case 4: return code[4] + primes[v % 10];
  default: r -= code[v % 6];
  }
  return r;
}

#pragma acc routine seq
static long gcd_rec(long a, long b) { return b == 0 ? a : gcd_rec(b, a % b); }

static double walk(double **rows, int i) {
  double s = 0;
  for (double **p = rows + i; p < rows + i + 3; p++)
    for (double *q = *p; q < *p + 4; q++) s += *q * (q - *p + 1);
  return s;
}

static double row_work(const row_t *m, int i) {
  span_t s = span_of(m[i], W);
  return sq(s.hi - s.lo) + s.n + classify(i) + (double)gcd_rec(i * 12 + 6, 18 + i % 7 * 6);
}

#pragma acc routine vector
static double row_vec(const row_t *m, int i, double *scratch) {
  typedef struct { float v; int k; } pick_t;
  pick_t best[4];
  double sum = 0;
#pragma acc loop vector reduction(+: sum)
  for (int k = 0; k < W; k++) {
    double t = 0;
#pragma acc loop seq
    for (int j = 0; j <= k; j += 3) t += m[i][j];
    scratch[i * W + k] = t;
    sum += t * primes[k % 10];
  }
  for (int c = 0; c < 4; c++) best[c] = (pick_t){m[i][c * 6], c};
  for (int c = 1; c < 4; c++)
    if (best[c].v > best[0].v) best[0] = best[c];
  return sum + best[0].v + best[0].k;
}

#pragma acc routine worker
static void rows_worker(const row_t *m, double *out, int lo, int hi) {
#pragma acc loop worker
  for (int i = lo; i < hi; i++) out[i] = row_work(m, i) * 0.5;
}

static void test_routines(void) {
  static row_t m[N];
  static double a[N], b[N], c[N], d[N], scr[N * W], wscr[N * W];
  static double pool[N + 3][4];
  static double *rows[N + 3];
  for (int i = 0; i < N; i++)
    for (int k = 0; k < W; k++) m[i][k] = (float)(((i * 31 + k * 17) % 97) - 40) * 0.25f;
  for (int i = 0; i < N + 3; i++) {
    rows[i] = pool[i];
    for (int k = 0; k < 4; k++) pool[i][k] = i - k * 0.5;
  }
#pragma acc data copyin(m, pool) create(rows)
  {
#pragma acc parallel loop present(pool, rows)
    for (int i = 0; i < N + 3; i++) rows[i] = pool[i]; /* device addresses */
#pragma acc parallel loop copyout(a, b) present(m, rows)
    for (int i = 0; i < N; i++) {
      a[i] = row_work(m, i);
      b[i] = walk(rows, i);
    }
#pragma acc parallel loop gang vector_length(32) copyout(c, scr) present(m)
    for (int i = 0; i < N; i++) c[i] = row_vec(m, i, scr);
#pragma acc parallel num_gangs(4) num_workers(4) vector_length(32) copyout(d) present(m)
    {
#pragma acc loop gang
      for (int g = 0; g < 4; g++) rows_worker(m, d, g * N / 4, (g + 1) * N / 4);
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("seq routines", a[i], row_work(m, i), 0);
    CHECK_REAL("pointer walk", b[i], walk(rows, i), 0);
    CHECK_REAL("vector routine", c[i], row_vec(m, i, wscr), 1e-12);
    CHECK_REAL("worker routine", d[i], row_work(m, i) * 0.5, 0);
  }
  for (int i = 0; i < N * W; i++) CHECK_REAL("vector scratch", scr[i], wscr[i], 0);
}

int main(void) {
  test_routines();
  return e2e_done();
}
