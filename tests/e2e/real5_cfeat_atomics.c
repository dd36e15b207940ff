/* real5_cfeat_atomics.c — atomic update and capture on struct members,
 * members of array elements, array members of structs and elements
 * reached through pointers, of types int, unsigned, long long, unsigned
 * long long, short, char, float and double, with +, -, *, &, |, ^, <<,
 * >>, min-by-hand and the capture forms (v = x++, v = x op= e, the block
 * forms), from parallel loops, vector loops, serial, kernels and a routine.
 * Totals are checked exactly against serial loops (float values are
 * multiples of 1/8); captured values must form the sequence a serial run
 * would hand out, in some order. */
#include "e2e.h"
#include <stdint.h>
#include <string.h>

enum { N = 4000, B = 13 };
typedef struct {
  int count;
  unsigned mask;
  long long total;
  unsigned long long bits;
  short s;
  signed char c;
  float fsum;
  double dsum;
  int hist[B];
  double dh[B];
} stats_t;

#pragma acc routine seq
static void bump(stats_t *st, int i) {
#pragma acc atomic update
  st->hist[i % B] += 2;
#pragma acc atomic update
  st->dh[(i * 3) % B] -= 0.125;
}

static void test_members(void) {
  stats_t st, want;
  memset(&st, 0, sizeof st);
  memset(&want, 0, sizeof want);
  st.mask = want.mask = 0xffffffffu;
  st.c = want.c = 100;
  st.s = want.s = -30000;
  static stats_t cells[4];
  memset(cells, 0, sizeof cells);
  stats_t wcells[4];
  memset(wcells, 0, sizeof wcells);
  for (int i = 0; i < N; i++) {
    want.count++;
    want.mask &= ~(1u << (i % 32)) | (i % 97 == 0 ? 0u : 1u << (i % 32));
    want.total += (long long)i * 1000003LL;
    want.bits ^= 1ULL << (i % 64);
    want.s += 3;
    want.c -= (signed char)(i % 2);
    want.fsum += (i % 8) * 0.125f;
    want.dsum -= (i % 5) * 0.25;
    want.hist[i % B] += 2;
    want.dh[(i * 3) % B] -= 0.125;
    wcells[i % 4].count += i;
    wcells[i % 4].hist[i % B]++;
  }
  stats_t *sp = &st;
#pragma acc parallel loop copy(st, cells)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    st.count++;
#pragma acc atomic update
    st.mask &= ~(1u << (i % 32)) | (i % 97 == 0 ? 0u : 1u << (i % 32));
#pragma acc atomic update
    st.total += (long long)i * 1000003LL;
#pragma acc atomic update
    st.bits ^= 1ULL << (i % 64);
#pragma acc atomic update
    st.s += 3;
#pragma acc atomic update
    st.c -= (signed char)(i % 2);
#pragma acc atomic update
    st.fsum += (i % 8) * 0.125f;
#pragma acc atomic update
    st.dsum = st.dsum - (i % 5) * 0.25;
    bump(&st, i);
#pragma acc atomic update
    cells[i % 4].count += i;
#pragma acc atomic
    cells[i % 4].hist[i % B]++;
  }
  CHECK_INT("count", st.count, want.count);
  CHECK_INT("mask", st.mask, want.mask);
  CHECK_INT("total", st.total, want.total);
  CHECK_INT("bits", (long long)st.bits, (long long)want.bits);
  CHECK_INT("short", st.s, want.s);
  CHECK_INT("char", st.c, want.c);
  CHECK_REAL("fsum", st.fsum, want.fsum, 0);
  CHECK_REAL("dsum", st.dsum, want.dsum, 0);
  for (int k = 0; k < B; k++) {
    CHECK_INT("routine hist", st.hist[k], want.hist[k]);
    CHECK_REAL("routine dh", st.dh[k], want.dh[k], 0);
  }
  for (int c = 0; c < 4; c++) {
    CHECK_INT("cells count", cells[c].count, wcells[c].count);
    for (int k = 0; k < B; k++) CHECK_INT("cells hist", cells[c].hist[k], wcells[c].hist[k]);
  }
  /* through a pointer, in a vector loop and in serial */
  int before = sp->count;
#pragma acc parallel num_gangs(4) vector_length(64) copy(sp[0:1])
  {
#pragma acc loop gang vector
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
      sp->count += 1;
#pragma acc atomic update
      sp->hist[i % B] *= 1;
    }
  }
#pragma acc serial copy(sp[0:1])
  {
#pragma acc atomic update
    sp->total = 7 + sp->total;
  }
  CHECK_INT("pointer member", sp->count, before + N);
  CHECK_INT("serial member", sp->total, want.total + 7);
}

/* captures: each capture gets a distinct old value */
static void test_capture(void) {
  struct { long long ll; unsigned u; float f; double d; int arr[3]; } q = {0, 0, 0, 0, {0, 0, 0}};
  static long long got_ll[N];
  static unsigned got_u[N];
  static double got_d[N];
  static float got_f[N];
  static int got_a[N];
#pragma acc parallel loop copy(q) copyout(got_ll, got_u, got_d, got_f, got_a)
  for (int i = 0; i < N; i++) {
    long long v;
#pragma acc atomic capture
    v = q.ll++;
    got_ll[i] = v;
#pragma acc atomic capture
    got_u[i] = q.u += 3u;
#pragma acc atomic capture
    { got_d[i] = q.d; q.d += 0.5; }
#pragma acc atomic capture
    { q.f = q.f + 1.0f; got_f[i] = q.f; }
#pragma acc atomic capture
    got_a[i] = q.arr[1]++;
  }
  static char seen[3 * N + 4];
  memset(seen, 0, sizeof seen);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (got_ll[i] < 0 || got_ll[i] >= N || seen[got_ll[i]]++) bad++;
  }
  CHECK_INT("capture ll distinct", bad, 0);
  memset(seen, 0, sizeof seen);
  bad = 0;
  for (int i = 0; i < N; i++) {
    unsigned k = got_u[i] / 3u;
    if (got_u[i] % 3u || k < 1 || k > N || seen[k]++) bad++;
  }
  CHECK_INT("capture u distinct", bad, 0);
  memset(seen, 0, sizeof seen);
  bad = 0;
  for (int i = 0; i < N; i++) {
    int k = (int)(got_d[i] * 2), kf = (int)got_f[i];
    if (k < 0 || k >= N || seen[k] & 1) bad++;
    else seen[k] |= 1;
    if (kf < 1 || kf > N || seen[kf - 1] & 2) bad++;
    else seen[kf - 1] |= 2;
    if (got_a[i] < 0 || got_a[i] >= N || seen[got_a[i]] & 4) bad++;
    else seen[got_a[i]] |= 4;
  }
  CHECK_INT("capture d/f/arr distinct", bad, 0);
  CHECK_INT("ll final", q.ll, N);
  CHECK_INT("u final", q.u, 3 * N);
  CHECK_REAL("d final", q.d, N * 0.5, 0);
  CHECK_REAL("f final", q.f, N, 0);
  CHECK_INT("arr final", q.arr[1], N);
  CHECK_INT("arr untouched", q.arr[0] + q.arr[2], 0);
}

/* kernels with atomics on array elements of small types */
static void test_small_types(void) {
  static unsigned char uc[B];
  static short sh[B];
  static unsigned short us[B];
  static uint64_t u64[B];
  unsigned char wuc[B] = {0};
  short wsh[B] = {0};
  unsigned short wus[B] = {0};
  uint64_t wu64[B] = {0};
  for (int i = 0; i < N; i++) {
    wuc[i % B] += 1;
    wsh[(i * 5) % B] -= 2;
    wus[i % B] |= (unsigned short)(1u << (i % 16));
    wu64[i % B] += (uint64_t)i << 33;
  }
#pragma acc kernels copy(uc, sh, us, u64)
  {
#pragma acc loop independent
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
      uc[i % B] += 1;
#pragma acc atomic update
      sh[(i * 5) % B] -= 2;
#pragma acc atomic update
      us[i % B] |= (unsigned short)(1u << (i % 16));
#pragma acc atomic update
      u64[i % B] += (uint64_t)i << 33;
    }
  }
  for (int k = 0; k < B; k++) {
    CHECK_INT("uchar", uc[k], wuc[k]);
    CHECK_INT("short", sh[k], wsh[k]);
    CHECK_INT("ushort", us[k], wus[k]);
    CHECK_INT("u64", (long long)u64[k], (long long)wu64[k]);
  }
}

/* 1- and 2-byte captures, in a routine, and once per gang in redundant code */
#pragma acc routine seq
static short take(short *s, int k) {
  short v;
#pragma acc atomic capture
  { v = *s; *s += (short)k; }
  return v;
}

static void test_small_capture(void) {
  enum { G = 5, M = 300 };
  struct { char tag; unsigned char n; short s; _Bool flag; } c = {'x', 0, 0, 0};
  static unsigned char got_n[M];
  static short got_s[M];
  int gangs = 0;
#pragma acc parallel num_gangs(G) vector_length(32) copy(c, gangs) copyout(got_n, got_s)
  {
#pragma acc atomic update
    c.flag |= 1;
#pragma acc atomic update
    gangs++;
#pragma acc loop gang vector
    for (int i = 0; i < M; i++) {
#pragma acc atomic capture
      got_n[i] = c.n++;
      got_s[i] = take(&c.s, 2);
    }
  }
  CHECK_INT("flag", c.flag, 1);
  CHECK_INT("tag untouched", c.tag, 'x');
  CHECK_INT("uchar wraps", c.n, (unsigned char)M);
  CHECK_INT("short total", c.s, 2 * M);
  static char seen[2 * M];
  memset(seen, 0, sizeof seen);
  int bad = 0;
  for (int i = 0; i < M; i++) {
    if (got_s[i] < 0 || got_s[i] >= 2 * M || got_s[i] % 2 || seen[got_s[i]]++) bad++;
  }
  CHECK_INT("short captures distinct", bad, 0);
  int hist[256] = {0};
  for (int i = 0; i < M; i++) hist[got_n[i]]++;
  for (int k = 0; k < 256; k++) CHECK_INT("uchar captures", hist[k], (M / 256) + (k < M % 256));
  CHECK_TRUE("gangs", gangs >= 1 && gangs <= G);
}

/* atomic read and write of narrow scalars, a shift update */
static void test_small_read_write(void) {
  enum { M = 300 };
  unsigned char c = 200, rd[M];
  short s = 5, srd[M];
  signed char sc = 0;
  _Bool flag = 0;
  unsigned short us = 1;
#pragma acc parallel loop copy(c, s, sc, flag, us) copyout(rd, srd)
  for (int i = 0; i < M; i++) {
    unsigned char v;
#pragma acc atomic read
    v = c;
    rd[i] = v;
#pragma acc atomic read
    srd[i] = s;
    if (i == 17) {
#pragma acc atomic write
      sc = -7;
#pragma acc atomic write
      flag = 1;
    }
    if (i < 15) {
#pragma acc atomic update
      us <<= 1;
    }
  }
  for (int i = 0; i < M; i++) {
    CHECK_INT("atomic read uchar", rd[i], c);
    CHECK_INT("atomic read short", srd[i], s);
  }
  CHECK_INT("atomic write schar", sc, -7);
  CHECK_INT("atomic write bool", flag, 1);
  CHECK_INT("atomic shift ushort", us, 1u << 15);
}

int main(void) {
  test_small_read_write();
  test_small_capture();
  test_members();
  test_capture();
  test_small_types();
  return e2e_done();
}
