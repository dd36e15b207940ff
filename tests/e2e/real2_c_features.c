/* real2_c_features.c — C as application codes write it inside compute
 * regions: `routine(name) seq` after a prototype and a routine defined
 * after its use, typedef'd enums and unions (type punning), structs with
 * bit-fields for packed flags, 3x3 matrix structs copied by value, pointer
 * differences, a `switch` with fall-through, `break`/`continue` in inner
 * loops, 64-bit FNV hashing, fixed-width and bool types, loops counting
 * down, by steps and with size_t/unsigned/long indices, and the block forms
 * of `atomic capture`, `atomic write` and a bare `atomic`. Each against
 * the same code run serially. */
#include "e2e.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef enum { RED, GREEN, BLUE } color_t;
typedef struct { unsigned kind : 3; unsigned flag : 1; int val : 12; } packed_t;
typedef union { float f; unsigned u; } pun_t;
typedef struct { double m[3][3]; } mat3;

static double det3(const mat3 *a) {
  return a->m[0][0] * (a->m[1][1] * a->m[2][2] - a->m[1][2] * a->m[2][1])
       - a->m[0][1] * (a->m[1][0] * a->m[2][2] - a->m[1][2] * a->m[2][0])
       + a->m[0][2] * (a->m[1][0] * a->m[2][1] - a->m[1][1] * a->m[2][0]);
}
static double body(int i, const packed_t *pk, const color_t *col) {
  register double acc = 0;
  mat3 a;
  for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) a.m[r][c] = (r == c) * 2.0 + ((i + r * 3 + c) % 5) * 0.1;
  mat3 b = a;            /* struct copy */
  b.m[0][0] += 1;
  acc += det3(&b) - det3(&a);
  double t[4] = {i * 1.0, acc, -1.0, 0.5};
  double *p = t + 1;
  ptrdiff_t d = &t[3] - p;
  acc += p[d] + (double)d;
  switch (col[i]) {
  case RED: acc += 1;   /* fall through */
  case GREEN: acc += 10; break;
  default: acc += 100;
  }
  packed_t k = pk[i];
  acc += k.kind + k.flag * 1000 + k.val;
  pun_t u; u.f = (float)i; acc += (u.u >> 23) & 0xff;
  for (int j = 0; j < 50; j++) { if (j * j > i) break; if (j % 2) continue; acc += j; }
  unsigned long long h = 1469598103934665603ULL;
  for (int j = 0; j < 8; j++) h = (h ^ (unsigned)(i + j)) * 1099511628211ULL;
  acc += (double)(h >> 40);
  double w[3] = {acc, (double)i, (double)RED};
  return w[0] + w[1] * 0.5 + (double)(sizeof(mat3) / 8);
}
static void test_c_features(void)
{
  enum { N = 300 };
  static packed_t pk[N];
  static color_t col[N];
  static double out[N];
  for (int i = 0; i < N; i++) {
    pk[i].kind = i % 8;
    pk[i].flag = i % 2;
    pk[i].val = (i % 100) - 50;
    col[i] = (color_t)(i % 3);
  }
#pragma acc parallel loop copyin(pk, col) copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = body(i, pk, col);
  for (int i = 0; i < N; i++)
    CHECK_REAL("c features", out[i], body(i, pk, col), 1e-12);
}

double ext_f(double x);
#pragma acc routine(ext_f) seq
double ext_f(double x) { return x * 2 + 1; }

#pragma acc routine seq
float later(float x);

typedef struct { float re, im; } cplx;
static void test_forms(void) {
  enum { N = 100 };
  double a[N]; float b[N]; int8_t c8[N]; uint16_t u16[N]; bool bb[N];
  long idx_sum = 0;
  for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop pcopy(a) pcopyout(b, c8, u16, bb)
  for (size_t i = 0; i < N; i++) {
    a[i] = ext_f(a[i]);
    b[i] = later((float)i);
    c8[i] = (int8_t)(i - 50);
    u16[i] = (uint16_t)(i * 1000);
    bb[i] = i % 3 == 0;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("routine(name)", a[i], i * 2 + 1, 0);
    CHECK_REAL("proto routine", b[i], i * 3.0f, 0);
    CHECK_INT("int8", c8[i], i - 50);
    CHECK_INT("u16", u16[i], (uint16_t)(i * 1000));
    CHECK_INT("bool", bb[i], i % 3 == 0);
  }
  /* decreasing, stepped, unsigned index loops */
  int d[N] = {0};
#pragma acc parallel loop copy(d)
  for (int i = N - 1; i >= 0; i -= 2) d[i] += 1;
#pragma acc parallel loop copy(d)
  for (unsigned i = 0; i < N; i += 3) d[i] += 10;
#pragma acc parallel loop copy(d) reduction(+:idx_sum)
  for (long i = 1; i <= N - 1; i++) { d[i] += 100; idx_sum += i; }
  for (int i = 0; i < N; i++) {
    int w = (i % 2 == 1) + (i % 3 == 0) * 10 + (i >= 1) * 100;
    CHECK_INT("loop forms", d[i], w);
  }
  CHECK_INT("idx sum", idx_sum, (long)N * (N - 1) / 2);
  /* atomic capture block forms, atomic write, bare atomic */
  int counter = 0, old[N], nw[N]; double acc = 1.0; int maxv = 0;
#pragma acc parallel loop copy(counter, acc, maxv) copyout(old, nw)
  for (int i = 0; i < N; i++) {
    int v, w;
#pragma acc atomic capture
    { v = counter; counter += 2; }
    old[i] = v;
#pragma acc atomic capture
    { counter++; w = counter; }
    nw[i] = w;
#pragma acc atomic
    acc *= 1.0;
    if (i == 37) {
#pragma acc atomic write
      maxv = i;
    }
  }
  CHECK_INT("capture counter", counter, 3 * N);
  CHECK_INT("atomic write", maxv, 37);
  char seen[3 * N + 1] = {0};
  for (int i = 0; i < N; i++) { if (old[i] >= 0 && old[i] < 3*N) seen[old[i]]++; if (nw[i] > 0 && nw[i] <= 3*N) seen[nw[i]]++; }
  int tot = 0; for (int i = 0; i <= 3 * N; i++) tot += seen[i];
  CHECK_INT("capture values", tot, 2 * N);
  /* struct array of complex, reduction on struct member via local */
  cplx z[N]; float sre = 0, sim = 0;
  for (int i = 0; i < N; i++) z[i].re = i, z[i].im = -i;
#pragma acc parallel loop copyin(z) reduction(+:sre, sim)
  for (int i = 0; i < N; i++) { cplx t = z[i]; sre += t.re; sim += t.im; }
  CHECK_REAL("sre", sre, N * (N - 1) / 2, 0);
  CHECK_REAL("sim", sim, -N * (N - 1) / 2, 0);
}
float later(float x) { return x * 3.0f; }

int main(void)
{
  test_c_features();
  test_forms();
  return e2e_done();
}
