/* real5_cfeat_types.c — C data shapes inside compute regions: compound
 * literals and designated initializers of structs and arrays, unions,
 * bit-fields, enums with a switch (fall-through, default), _Bool,
 * sizeof/offsetof/_Alignof, comma expressions, ?: with side effects, GNU
 * statement expressions, selections through pointers, multi-statement
 * macros, volatile locals, restrict, typedef'd arrays, arrays of structs
 * with array members, pointer-to-pointer walks, const globals and static
 * const tables, private arrays of structs.  Each against the same code run
 * serially on the host. */
#include "e2e.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { N = 257 };
typedef double vec3[3];
typedef struct { int id; vec3 pos; float w[4]; } part_t;
typedef struct { unsigned lo : 5; signed mid : 7; unsigned hi : 20; _Bool on : 1; } bits_t;
typedef union { double d; uint64_t u; int32_t half[2]; } dpun_t;
typedef enum { SHAPE_PT = 2, SHAPE_LINE = 5, SHAPE_TRI, SHAPE_QUAD = 10 } shape_t;

static const double cg_scale = 0.125;
static const int tbl[8] = {3, 1, 4, 1, 5, 9, 2, 6};
const float cg_coef[3] = {0.5f, -1.25f, 2.0f};

#define SWAP_INT(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)
#define ACC2(x, y, v) { (x) += (v); (y) -= (v); }

static double shapes(int i, const part_t *ps, const bits_t *bs) {
  double r = 0;
  /* compound literals and designated initializers */
  part_t q = (part_t){.id = i, .pos = {[2] = 1.5, [0] = i * 0.5}, .w = {[3] = 2.0f}};
  int arr[6] = {[1] = i, [4] = -i, 7};
  r += q.id + q.pos[0] + q.pos[1] + q.pos[2] + q.w[3] + q.w[0] + arr[1] + arr[4] + arr[5] + arr[0];
  r += ((int[]){i, 2 * i, 3 * i})[i % 3];
  /* union type punning */
  dpun_t u = {.d = 1.0 + i};
  r += (double)(u.u >> 52) + (u.half[1] & 0xfff);
  /* bit-fields: read, write, overflow wraps to the width */
  bits_t b = bs[i];
  b.lo += 7; b.mid -= 3; b.hi ^= 0x5a5a5; b.on = !b.on;
  r += b.lo + b.mid * 3 + (double)b.hi + b.on * 1000;
  /* enums and a switch with fall-through and default */
  shape_t s = (shape_t)((int[]){SHAPE_PT, SHAPE_LINE, SHAPE_TRI, SHAPE_QUAD, 42})[i % 5];
  switch (s) {
  case SHAPE_PT: r += 1;
  /* fall through */
  case SHAPE_LINE: r += 2; break;
  case SHAPE_TRI: r += 3;
  /* fall through */
  default: r += 4;
  /* fall through */
  case SHAPE_QUAD: r += 5;
  }
  /* _Bool, sizeof, offsetof, _Alignof */
  _Bool t = i & 4;
  r += t + (bool)(i % 7) * 2 + sizeof(part_t) + offsetof(part_t, w) + _Alignof(part_t) + sizeof(vec3);
  /* comma expression, ?: with side effects */
  int c = 0, d = 0;
  int e = (c += 2, d = c * i, d - 1);
  int f = (i & 1) ? (c++, c * 10) : (d--, d);
  r += e + f + c + d;
  /* GNU statement expression */
  r += ({ int z = i * 3; z % 11; });
  /* selection through pointers: the ?: chooses what to write */
  double lo = 0, hi = 0;
  *(i % 2 ? &lo : &hi) += i;
  r += lo * 2 + hi * 3;
  /* multi-statement macros */
  int m1 = i, m2 = -i;
  SWAP_INT(m1, m2);
  ACC2(m1, m2, 5);
  r += m1 * 7 + m2;
  /* volatile local */
  volatile int vv = i;
  vv += 3;
  r += vv;
  /* array of structs with array members, pointer-to-pointer walk */
  const part_t *pp[3] = {&ps[i], &ps[(i + 1) % N], &ps[(i + 7) % N]};
  const part_t **walk = pp;
  for (int k = 0; k < 3; k++, walk++) r += (*walk)->pos[k] + (**walk).w[k] + (*walk)->id;
  /* const globals, static const table */
  r += cg_scale * tbl[i & 7] + cg_coef[i % 3];
  return r;
}

static void restrict_axpy(int n, double a, const double *restrict x, double *restrict y) {
#pragma acc parallel loop present(x[0:n], y[0:n])
  for (int i = 0; i < n; i++) y[i] += a * x[i];
}

static void test_shapes(void) {
  static part_t ps[N];
  static bits_t bs[N];
  static double out[N], ser[N], k_out[N], s_out[N];
  for (int i = 0; i < N; i++) {
    ps[i].id = i;
    for (int k = 0; k < 3; k++) ps[i].pos[k] = i * 0.25 + k;
    for (int k = 0; k < 4; k++) ps[i].w[k] = (float)(i % 5) - k;
    bs[i].lo = i & 31; bs[i].mid = (i % 120) - 60; bs[i].hi = i * 3001; bs[i].on = i & 1;
  }
  for (int i = 0; i < N; i++) ser[i] = shapes(i, ps, bs);
#pragma acc parallel loop copyin(ps, bs) copyout(out)
  for (int i = 0; i < N; i++) out[i] = shapes(i, ps, bs);
#pragma acc kernels copyin(ps, bs) copyout(k_out)
  for (int i = 0; i < N; i++) k_out[i] = shapes(i, ps, bs);
#pragma acc serial copyin(ps, bs) copyout(s_out)
  for (int i = 0; i < N; i++) s_out[i] = shapes(i, ps, bs);
  for (int i = 0; i < N; i++) {
    CHECK_REAL("parallel shapes", out[i], ser[i], 0);
    CHECK_REAL("kernels shapes", k_out[i], ser[i], 0);
    CHECK_REAL("serial shapes", s_out[i], ser[i], 0);
  }
}

/* Inline in the loop body rather than in a function. */
static void test_inline_body(void) {
  static int out[N], want[N];
  static bits_t bo[N], bw[N];
  for (int i = 0; i < N; i++) {
    bits_t b = {.lo = (unsigned)i, .mid = -i, .hi = (unsigned)i << 3, .on = i % 3 == 0};
    want[i] = b.lo + b.mid + (int)b.hi + b.on + tbl[(i * 5) & 7] + ((int[3]){1, 2, 3})[i % 3];
    bw[i] = b;
  }
#pragma acc parallel loop copyout(out, bo)
  for (int i = 0; i < N; i++) {
    bits_t b = {.lo = (unsigned)i, .mid = -i, .hi = (unsigned)i << 3, .on = i % 3 == 0};
    out[i] = b.lo + b.mid + (int)b.hi + b.on + tbl[(i * 5) & 7] + ((int[3]){1, 2, 3})[i % 3];
    bo[i] = b;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("inline body", out[i], want[i]);
    CHECK_INT("bits lo", bo[i].lo, bw[i].lo);
    CHECK_INT("bits mid", bo[i].mid, bw[i].mid);
    CHECK_INT("bits hi", bo[i].hi, bw[i].hi);
    CHECK_INT("bits on", bo[i].on, bw[i].on);
  }
}

/* private arrays of structs, a struct copied in and out by value */
static void test_private_structs(void) {
  enum { G = 64, M = 8 };
  static double out[G], want[G];
  static part_t res[G], rw[G];
  part_t scratch[M];
  for (int g = 0; g < G; g++) {
    double s = 0;
    for (int k = 0; k < M; k++) {
      scratch[k] = (part_t){.id = g + k, .pos = {g, k, g * k}, .w = {1, 2, 3, (float)k}};
      s += scratch[k].pos[2] + scratch[k].w[3] + scratch[k].id;
    }
    want[g] = s;
    rw[g] = scratch[g % M];
  }
#pragma acc parallel loop gang private(scratch) copyout(out, res)
  for (int g = 0; g < G; g++) {
    double s = 0;
#pragma acc loop vector
    for (int k = 0; k < M; k++)
      scratch[k] = (part_t){.id = g + k, .pos = {g, k, g * k}, .w = {1, 2, 3, (float)k}};
#pragma acc loop seq
    for (int k = 0; k < M; k++) s += scratch[k].pos[2] + scratch[k].w[3] + scratch[k].id;
    out[g] = s;
    res[g] = scratch[g % M];
  }
  for (int g = 0; g < G; g++) {
    CHECK_REAL("private structs", out[g], want[g], 0);
    CHECK_INT("struct out id", res[g].id, rw[g].id);
    CHECK_REAL("struct out pos", res[g].pos[2], rw[g].pos[2], 0);
    CHECK_REAL("struct out w", res[g].w[3], rw[g].w[3], 0);
  }
}

static void test_restrict(void) {
  static double x[N], y[N], want[N];
  for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1 - i; want[i] = y[i] + 2.5 * x[i]; }
#pragma acc data copyin(x) copy(y)
  restrict_axpy(N, 2.5, x, y);
  for (int i = 0; i < N; i++) CHECK_REAL("restrict", y[i], want[i], 0);
}

int main(void) {
  test_shapes();
  test_inline_body();
  test_private_structs();
  test_restrict();
  return e2e_done();
}
