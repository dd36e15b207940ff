/* real5_cfeat_pointers.c — pointers and jumps as scientific C writes them
 * in compute regions: negative offsets from a pointer into an array
 * (p[-1], *(p - 2): an internal compiler error before, the offset being a
 * constant of pointer type read as unsigned), a ?: choosing which array to
 * update through a pointer, goto out of two nested loops, string literal
 * lookups, a short loop index collapsed, variable steps
 * (negative, unsigned subtracted), unions in firstprivate and local
 * copies, a const table of structs with array members, float math
 * (frexpf, modff, remquof, ...) and bit builtins; in kernels, a pointer
 * set into another array before the region (a wrong answer before).
 * Checked against the same code run serially on the host. */
#include "e2e.h"
#include <math.h>
#include <stdlib.h>

enum { N = 96 };
typedef enum { RED, GREEN, BLUE, NCOL } color_t;
typedef struct { union { double d[2]; long long q[2]; } u; int tag; } cell_t;
static const struct { int k; double w[3]; } ktab[3] = {
    {1, {0.5, 0.25, 0.125}}, {2, {1, 2, 3}}, {3, {-1, -2, -3}}};

static double stencil(const double *a, int i) {
  const double *p = a + i + 2; /* a[i+2]: p[-2] .. p[0] */
  return p[-2] * 0.25 + *(p - 1) * 0.5 + p[0] * 0.25;
}

static double nested_goto(int i) {
  double s = 0;
  for (int j = 0; j < 10; j++)
    for (int k = 0; k < 10; k++) {
      if (j * k > i) goto done;
      s += j - k + "0123456789abcdef"[(i + j) & 15];
    }
done:
  return s;
}

static void test_offsets_and_jumps(void) {
  static double a[N + 2], b[N], c[N], e[N + 1], out[N], out2[N], out3[N];
  static double wb[N], wc[N];
  for (int i = 0; i < N + 2; i++) a[i] = (i * 7 % 11) - 5.0;
  for (int i = 0; i < N; i++) {
    b[i] = wb[i] = i;
    c[i] = wc[i] = -i;
  }
  for (int i = 0; i < N + 1; i++) e[i] = i * i % 17;
  for (int i = 0; i < N; i++) *(i % 3 ? &wb[i] : &wc[i]) += stencil(a, i);
#pragma acc parallel loop copyin(a) copy(b, c, e) copyout(out, out2, out3)
  for (int i = 0; i < N; i++) {
    *(i % 3 ? &b[i] : &c[i]) += stencil(a, i);
    double *q = &out[N - 1];
    q[i - (N - 1)] = nested_goto(i);
    const double *r = a + N + 1;
    out2[i] = r[-(N + 1 - i)] - *(r - 1 - (N - i));
    double *m = &e[N - 1] - (N - 1 - i);
    out3[i] = i > 0 ? m[-1] : 0; /* MEM[m + -8B] */
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("selected b", b[i], wb[i], 0);
    CHECK_REAL("selected c", c[i], wc[i], 0);
    CHECK_REAL("nested goto", out[i], nested_goto(i), 0);
    CHECK_REAL("negative offsets", out2[i], a[i] - a[i], 0);
    CHECK_REAL("constant negative offset", out3[i], i > 0 ? e[i - 1] : 0, 0);
  }
  /* the same in kernels (a loop the compiler analyses) */
  static double k[N];
#pragma acc kernels copyin(a) copyout(k)
  for (int i = 0; i < N; i++) {
    const double *p = a + i + 2;
    k[i] = p[-2] + p[-1] * 2;
  }
  for (int i = 0; i < N; i++) CHECK_REAL("kernels p[-1]", k[i], a[i] + a[i + 1] * 2, 0);
}

/* kernels: a pointer the function set into another array before the
   region (`double *p = a + 1`) is mapped as its own section, yet reaches
   a's memory: the loop carries a dependence and must stay sequential (it
   was parallelized, the pointer taken for a distinct array); a pointer
   from malloc stays distinct. */
static void test_kernels_alias(void) {
  static double a[N + 1], w[N + 1];
  for (int i = 0; i <= N; i++) a[i] = w[i] = i % 7;
  double *p = a + 1, *wp = w + 1;
#pragma acc kernels copy(a)
  for (int i = 0; i < N; i++) p[i] = a[i] + 1;
  for (int i = 0; i < N; i++) wp[i] = w[i] + 1;
  for (int i = 0; i <= N; i++) CHECK_REAL("kernels alias", a[i], w[i], 0);
  double *m = malloc(N * sizeof *m);
#pragma acc kernels copyin(a) copyout(m[0:N])
  for (int i = 0; i < N; i++) m[i] = a[i] * 2;
  for (int i = 0; i < N; i++) CHECK_REAL("kernels malloc", m[i], a[i] * 2, 0);
  free(m);
}

static void test_index_forms(void) {
  static int hit[NCOL * N];
  int want[NCOL * N] = {0};
  /* (an enum index: real5_cfeat_enum_index.c) */
#pragma acc parallel loop collapse(2) copy(hit)
  for (int col = RED; col <= BLUE; col++)
    for (short j = 0; j < N; j++) hit[col * N + j] += col + 1;
  for (color_t col = RED; col <= BLUE; col++)
    for (short j = 0; j < N; j++) want[col * N + j] += col + 1;
  for (int i = 0; i < NCOL * N; i++) CHECK_INT("enum index", hit[i], want[i]);
  int s = -3, cnt = 0, wcnt = 0;
  unsigned us = 5, cnt2 = 0, wcnt2 = 0;
#pragma acc parallel loop reduction(+: cnt)
  for (int i = 100; i > 0; i += s) cnt += i;
#pragma acc parallel loop reduction(+: cnt2)
  for (unsigned u = 100; u >= 10; u -= us) cnt2 += u;
  for (int i = 100; i > 0; i += s) wcnt += i;
  for (unsigned u = 100; u >= 10; u -= us) wcnt2 += u;
  CHECK_INT("variable negative step", cnt, wcnt);
  CHECK_INT("variable unsigned step", cnt2, wcnt2);
}

static double cell_value(cell_t cl, int i) {
  cell_t t = cl;
  t.u.d[1] += i;
  t.tag += i;
  return t.u.d[0] + t.u.d[1] + (double)(t.u.q[0] & 0xff) + ktab[i % 3].w[i % 3] * ktab[i % 3].k + t.tag;
}

static void test_unions(void) {
  cell_t cl = {{{1.5, 2.5}}, 7};
  static double r[N];
#pragma acc parallel loop firstprivate(cl) copyout(r)
  for (int i = 0; i < N; i++) r[i] = cell_value(cl, i);
  for (int i = 0; i < N; i++) CHECK_REAL("unions", r[i], cell_value(cl, i), 0);
}

static float fmath(int i) {
  float x = (i - 30) * 0.37f, ip;
  int e, q;
  float m = frexpf(x, &e);
  float fr = modff(x, &ip);
  /* remquof's quotient: C promises its sign and 3 low bits (CUDA gives
     those, glibc more: 8 apart on an H200). */
  return fmodf(x, 1.3f) + remainderf(x, 0.7f) + m + e + ldexpf(x, 3) + fr + ip
         + remquof(x, 0.9f, &q) + (q & 7) + nearbyintf(x) + fmaxf(x, 0.f) + lroundf(x);
}

static double bits(int i) {
  float x = (i - 30) * 0.37f;
  return abs(i - 30) + labs(i - 30L) + llabs(i - 30LL) + __builtin_popcountll(0xf0f0ULL * i)
         + __builtin_clzll(i + 1ULL) + __builtin_ffs(i) + __builtin_parity(i) + isgreater(x, 1.0f)
         + (x != x) + (isinf(INFINITY) ? 1 : 0) + (isnan(NAN) ? 2 : 0);
}

static void test_math(void) {
  static float fo[N];
  static double dd[N];
#pragma acc parallel loop copyout(fo, dd)
  for (int i = 0; i < N; i++) {
    fo[i] = fmath(i);
    dd[i] = bits(i);
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("float math", fo[i], fmath(i), 1e-6);
    CHECK_REAL("bit builtins", dd[i], bits(i), 0);
  }
}

int main(void) {
  test_offsets_and_jumps();
  test_kernels_alias();
  test_index_forms();
  test_unions();
  test_math();
  return e2e_done();
}
