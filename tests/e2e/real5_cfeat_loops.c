/* real5_cfeat_loops.c — loop shapes of scientific C inside `parallel
 * loop`, `kernels` and `serial`: counting down, steps of 2 and -3, `<=`,
 * `>=` and `!=` bounds, unsigned and size_t indices down to 0, long long
 * bounds beyond 2^31, bounds that are struct members or function calls
 * (evaluated once), goto/continue/break in loop bodies, `loop seq` inside
 * vector loops, while and do loops in the body.  Each loop marks the
 * iterations it ran; checked against the same loops run on the host. */
#include "e2e.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { N = 300 };
typedef struct { int lo, hi; struct { int step; } inner; } range_t;

static int calls;
static int bound(int n) { return n - 3; }
static int counted_bound(int n) { calls++; return n - 3; }

static int hit[N], want[N];
static void reset(void) { memset(hit, 0, sizeof hit); memset(want, 0, sizeof want); }
static void check(const char *what) {
  for (int i = 0; i < N; i++) CHECK_INT(what, hit[i], want[i]);
}

static void test_bounds(void) {
  reset();
  for (int i = N - 1; i >= 0; i -= 3) want[i] += 1;
  for (int i = 1; i <= N - 2; i += 2) want[i] += 10;
  for (int i = 5; i != N - 5; i++) want[i] += 100;
  for (int i = N - 1; i > 10; i--) want[i] += 1000;
  for (int i = N; i != 0; i -= 4) want[i - 1] += 10000;
#pragma acc parallel loop copy(hit)
  for (int i = N - 1; i >= 0; i -= 3) hit[i] += 1;
#pragma acc parallel loop copy(hit)
  for (int i = 1; i <= N - 2; i += 2) hit[i] += 10;
#pragma acc parallel copy(hit)
  for (int i = 5; i != N - 5; i++) hit[i] += 100; /* != is no acc loop */
#pragma acc kernels loop copy(hit)
  for (int i = N - 1; i > 10; i--) hit[i] += 1000;
#pragma acc serial copy(hit)
  for (int i = N; i != 0; i -= 4) hit[i - 1] += 10000;
  check("int bounds");
}

static void test_unsigned(void) {
  reset();
  unsigned n = N;
  for (unsigned u = n - 1; u != (unsigned)-1; u--) want[u] += 1;
  for (size_t s = N; s >= 1; s -= 2) want[s - 1] += 10;
  for (uint8_t b = 250; b > 9; b -= 7) want[b] += 100;
  for (unsigned u = 0; u <= n - 1; u += 5) want[u] += 1000;
#pragma acc kernels copy(hit)
  for (unsigned u = n - 1; u != (unsigned)-1; u--) hit[u] += 1;
#pragma acc parallel loop copy(hit)
  for (size_t s = N; s >= 1; s -= 2) hit[s - 1] += 10;
#pragma acc parallel loop copy(hit)
  for (uint8_t b = 250; b > 9; b -= 7) hit[b] += 100;
#pragma acc parallel loop copy(hit)
  for (unsigned u = 0; u <= n - 1; u += 5) hit[u] += 1000;
  check("unsigned bounds");
}

/* Plain loops in kernels over unsigned indices counting down through the
   wrap-around at 0 run as C runs them (sequentially): the size_t one was an
   internal compiler error, the unsigned one ran once. */
static void test_kernels_wrap(void) {
  reset();
  size_t n = N;
  unsigned un = N;
  for (size_t i = n - 1; i < n; i--) want[i] += 1;
  for (unsigned u = un - 1; u < un; u -= 2) want[u] += 10;
  for (unsigned u = un; u > 0; u--) want[u - 1] += 100;
#pragma acc kernels copy(hit)
  for (size_t i = n - 1; i < n; i--) hit[i] += 1;
#pragma acc kernels copy(hit)
  for (unsigned u = un - 1; u < un; u -= 2) hit[u] += 10;
#pragma acc kernels copy(hit)
  for (unsigned u = un; u > 0; u--) hit[u - 1] += 100;
  check("kernels unsigned wrap");
}

/* long long bounds beyond 2^31 with a long long step */
static void test_long_long(void) {
  reset();
  const long long base = 3000000000LL, step = 7;
  for (long long i = base; i < base + 7LL * N; i += step) want[(i - base) / 7] += 1;
  for (long long i = base + N - 1; i >= base; i--) want[i - base] += (int)(i % 5);
#pragma acc parallel loop copy(hit)
  for (long long i = base; i < base + 7LL * N; i += step) hit[(i - base) / 7] += 1;
#pragma acc parallel loop copy(hit)
  for (long long i = base + N - 1; i >= base; i--) hit[i - base] += (int)(i % 5);
  check("long long bounds");
}

/* bounds from struct members and a call: evaluated once, on the host */
static void test_expr_bounds(void) {
  reset();
  range_t r = {.lo = 4, .hi = N - 2, .inner = {.step = 3}};
  for (int i = r.lo; i < r.hi; i += r.inner.step) want[i] += 1;
  for (int i = 0; i < bound(N); i++) want[i] += 10;
  for (int i = 2; i < bound(N); i += 3) want[i] += 100;
  const range_t *rp = &r;
#pragma acc parallel loop copy(hit) copyin(r)
  for (int i = r.lo; i < r.hi; i += r.inner.step) hit[i] += 1;
#pragma acc parallel loop copy(hit)
  for (int i = 0; i < bound(N); i++) hit[i] += 10;
  /* a bound computed on the host before the region, once */
  int before = calls;
#pragma acc parallel copy(hit) copyin(rp[0:1])
  {
#pragma acc loop
    for (int i = rp->lo - 2; i < bound(N); i += rp->inner.step) hit[i] += 100;
  }
  int hi = counted_bound(N);
#pragma acc parallel loop copy(hit)
  for (int i = 0; i < hi; i++) hit[i] += 1000;
  for (int i = 0; i < counted_bound(N); i++) want[i] += 1000;
  check("expression bounds");
  CHECK_INT("bound() calls", calls - before, 1 + N - 2);
}

/* goto, continue and break in bodies; break in a seq inner loop.  The
   jumps are written into the region's body itself (a macro) and into the
   host's reference function. */
#define ROW_BODY(i, v, s, out)                                                \
  for (int j = 0; j < 40; j++) {                                              \
    if (v[(i + j) % N] % 7 == 0) break;                                       \
    if (j % 3 == 1) continue;                                                 \
    s += v[(i + j) % N];                                                      \
  }                                                                           \
  if (i % 5 == 0) goto out;                                                   \
  s *= 2

static int row(int i, const int *v) {
  int s = 0;
  ROW_BODY(i, v, s, out);
out:
  return s;
}

static void test_jumps(void) {
  static int v[N], out[N], out2[N], out3[N];
  for (int i = 0; i < N; i++) v[i] = (i * 37 + 11) % 101;
#pragma acc parallel loop copyin(v) copyout(out)
  for (int i = 0; i < N; i++) {
    int s = 0;
    ROW_BODY(i, v, s, out);
  out:
    out[i] = s;
  }
#pragma acc parallel loop gang copyin(v) copyout(out2)
  for (int i = 0; i < N; i++) {
    int s = 0, stop = 0;
#pragma acc loop seq /* GCC refuses break here (docs/compiler.md) */
    for (int j = 0; j < 40; j++) {
      stop |= v[(i + j) % N] % 7 == 0;
      if (stop) continue;
      if (j % 3 == 1) continue;
      s += v[(i + j) % N];
    }
    if (i % 5 != 0) s *= 2;
    out2[i] = s;
  }
#pragma acc serial copyin(v) copyout(out3)
  for (int i = 0; i < N; i++) {
    if (i % 4 == 3) { out3[i] = -1; continue; }
    out3[i] = row(i, v);
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("goto/break", out[i], row(i, v));
    CHECK_INT("seq break", out2[i], row(i, v));
    CHECK_INT("serial continue", out3[i], i % 4 == 3 ? -1 : row(i, v));
  }
}

/* loop seq inside vector loops; while and do in the body */
static void test_seq_in_vector(void) {
  enum { R = 32, C = 48 };
  static double a[R][C], out[R][C], want[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) a[i][j] = (i * C + j) % 13 - 6;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      double s = 0;
      for (int k = j; k >= 0; k -= 2) s += a[i][k];
      int n = j; while (n > 1) n = n % 2 ? 3 * n + 1 : n / 2;
      int m = 0; do { m += 3; } while (m < j);
      want[i][j] = s + n + m;
    }
#pragma acc parallel loop gang vector_length(32) copyin(a) copyout(out)
  for (int i = 0; i < R; i++) {
#pragma acc loop vector
    for (int j = 0; j < C; j++) {
      double s = 0;
#pragma acc loop seq
      for (int k = j; k >= 0; k -= 2) s += a[i][k];
      int n = j; while (n > 1) n = n % 2 ? 3 * n + 1 : n / 2;
      int m = 0; do { m += 3; } while (m < j);
      out[i][j] = s + n + m;
    }
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) CHECK_REAL("seq in vector", out[i][j], want[i][j], 0);
}

/* kernels: down-counting and strided nests the compiler analyses */
static void test_kernels_nests(void) {
  enum { R = 40, C = 30 };
  static int a[R][C], want[R][C];
  for (int i = R - 1; i >= 0; i--)
    for (int j = 0; j < C; j += 2) want[i][j] = i * 100 + j;
  for (int i = 0; i < R; i++)
    for (int j = 1; j < C; j += 2) want[i][j] = -1;
#pragma acc kernels copyout(a)
  {
    for (int i = R - 1; i >= 0; i--)
      for (int j = 0; j < C; j += 2) a[i][j] = i * 100 + j;
    for (int i = 0; i < R; i++)
      for (int j = C - 1; j >= 1; j -= 2) a[i][j] = -1;
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) CHECK_INT("kernels nests", a[i][j], want[i][j]);
}

/* collapse of loops with unusual forms */
static void test_collapse(void) {
  reset();
  for (int i = 9; i >= 0; i--)
    for (unsigned j = 0; j <= 28; j += 2) want[i * 30 + j] += 1;
#pragma acc parallel loop collapse(2) copy(hit)
  for (int i = 9; i >= 0; i--)
    for (unsigned j = 0; j <= 28; j += 2) hit[i * 30 + j] += 1;
  check("collapse");
}

int main(void) {
  test_bounds();
  test_unsigned();
  test_long_long();
  test_kernels_wrap();
  test_expr_bounds();
  test_jumps();
  test_seq_in_vector();
  test_kernels_nests();
  test_collapse();
  return e2e_done();
}
