/* reduction_longlong.c — reduction(OP:long long) for every operator
 * OpenACC allows on long long (+ * max min & | ^ && ||),
 * at gang, worker and vector level,
 * on one gang-worker-vector loop, and across nested gang/vector loops
 * that reduce into the same variable.
 * The reduction variable starts at a non-identity value, which must take
 * part in the result.  Reference: the same updates in plain serial loops. */
#include "e2e.h"

#define N 256 /* rows (gang loop) */
#define M 100 /* columns (worker/vector loops) */
#define NM (N * M)

typedef long long T;
static T ar[NM], mu[NM], la[NM], lo[NM], ba[NM], bo[NM], bx[NM];
static T row[N], ref_row[N];

static void init(void) {
  for (long k = 0; k < NM; k++) {
    ar[k] = (T)((k * 37 % 101) - 50) * 1000003LL + k % 7;
    mu[k] = k % 2111 == 17 ? 2 : (k % 1999 == 11 ? -1 : 1);
    la[k] = k % 1009 != 0;
    lo[k] = k % 1013 == 0;
    ba[k] = (T)~(1LL << ((k * k + 3) % 61));
    bo[k] = (T)(1LL << ((k * k + 5) % 62));
    bx[k] = (T)((unsigned long long)k * 0x9E3779B97F4A7C15ull >> 2);
  }
}

/* ---- + ---- */
static void test_add(void) {
  T r, ref;
  ref = 5;
  for (int k = 0; k < NM; k++)
    ref += ar[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 5;
    for (int j = 0; j < M; j++)
      ref_row[i] += ar[i * M + j];
  }

  r = 5;
#pragma acc parallel loop gang reduction(+:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r += ar[k];
  CHECK_INT("+ gang", (long long)r, (long long)ref);

  r = 5;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(+:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r += ar[k];
  CHECK_INT("+ gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 5;
#pragma acc loop worker reduction(+:s)
    for (int j = 0; j < M; j++)
      s += ar[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("+ worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 5;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < M; j++)
      s += ar[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("+ vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 5;
#pragma acc parallel loop gang reduction(+:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(+:r)
    for (int j = 0; j < M; j++)
      r += ar[i * M + j];
  }
  CHECK_INT("+ gang+vector nested", (long long)r, (long long)ref);

  r = 5;
#pragma acc parallel loop gang reduction(+:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(+:r)
    for (int j = 0; j < M; j++)
      r += ar[i * M + j];
  }
  CHECK_INT("+ gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- * ---- */
static void test_mul(void) {
  T r, ref;
  ref = 2;
  for (int k = 0; k < NM; k++)
    ref *= mu[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 2;
    for (int j = 0; j < M; j++)
      ref_row[i] *= mu[i * M + j];
  }

  r = 2;
#pragma acc parallel loop gang reduction(*:r) copyin(mu[0:NM])
  for (int k = 0; k < NM; k++)
    r *= mu[k];
  CHECK_INT("* gang", (long long)r, (long long)ref);

  r = 2;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(*:r) copyin(mu[0:NM])
  for (int k = 0; k < NM; k++)
    r *= mu[k];
  CHECK_INT("* gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(mu[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 2;
#pragma acc loop worker reduction(*:s)
    for (int j = 0; j < M; j++)
      s *= mu[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("* worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(mu[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 2;
#pragma acc loop vector reduction(*:s)
    for (int j = 0; j < M; j++)
      s *= mu[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("* vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 2;
#pragma acc parallel loop gang reduction(*:r) copyin(mu[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(*:r)
    for (int j = 0; j < M; j++)
      r *= mu[i * M + j];
  }
  CHECK_INT("* gang+vector nested", (long long)r, (long long)ref);

  r = 2;
#pragma acc parallel loop gang reduction(*:r) copyin(mu[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(*:r)
    for (int j = 0; j < M; j++)
      r *= mu[i * M + j];
  }
  CHECK_INT("* gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- max ---- */
static void test_max(void) {
  T r, ref;
  ref = 3;
  for (int k = 0; k < NM; k++)
    ref = ar[k] > ref ? ar[k] : ref;
  for (int i = 0; i < N; i++) {
    ref_row[i] = 3;
    for (int j = 0; j < M; j++)
      ref_row[i] = ar[i * M + j] > ref_row[i] ? ar[i * M + j] : ref_row[i];
  }

  r = 3;
#pragma acc parallel loop gang reduction(max:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r = ar[k] > r ? ar[k] : r;
  CHECK_INT("max gang", (long long)r, (long long)ref);

  r = 3;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(max:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r = ar[k] > r ? ar[k] : r;
  CHECK_INT("max gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 3;
#pragma acc loop worker reduction(max:s)
    for (int j = 0; j < M; j++)
      s = ar[i * M + j] > s ? ar[i * M + j] : s;
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("max worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 3;
#pragma acc loop vector reduction(max:s)
    for (int j = 0; j < M; j++)
      s = ar[i * M + j] > s ? ar[i * M + j] : s;
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("max vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 3;
#pragma acc parallel loop gang reduction(max:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(max:r)
    for (int j = 0; j < M; j++)
      r = ar[i * M + j] > r ? ar[i * M + j] : r;
  }
  CHECK_INT("max gang+vector nested", (long long)r, (long long)ref);

  r = 3;
#pragma acc parallel loop gang reduction(max:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(max:r)
    for (int j = 0; j < M; j++)
      r = ar[i * M + j] > r ? ar[i * M + j] : r;
  }
  CHECK_INT("max gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- min ---- */
static void test_min(void) {
  T r, ref;
  ref = 3;
  for (int k = 0; k < NM; k++)
    ref = ar[k] < ref ? ar[k] : ref;
  for (int i = 0; i < N; i++) {
    ref_row[i] = 3;
    for (int j = 0; j < M; j++)
      ref_row[i] = ar[i * M + j] < ref_row[i] ? ar[i * M + j] : ref_row[i];
  }

  r = 3;
#pragma acc parallel loop gang reduction(min:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r = ar[k] < r ? ar[k] : r;
  CHECK_INT("min gang", (long long)r, (long long)ref);

  r = 3;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(min:r) copyin(ar[0:NM])
  for (int k = 0; k < NM; k++)
    r = ar[k] < r ? ar[k] : r;
  CHECK_INT("min gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 3;
#pragma acc loop worker reduction(min:s)
    for (int j = 0; j < M; j++)
      s = ar[i * M + j] < s ? ar[i * M + j] : s;
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("min worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(ar[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 3;
#pragma acc loop vector reduction(min:s)
    for (int j = 0; j < M; j++)
      s = ar[i * M + j] < s ? ar[i * M + j] : s;
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("min vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 3;
#pragma acc parallel loop gang reduction(min:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(min:r)
    for (int j = 0; j < M; j++)
      r = ar[i * M + j] < r ? ar[i * M + j] : r;
  }
  CHECK_INT("min gang+vector nested", (long long)r, (long long)ref);

  r = 3;
#pragma acc parallel loop gang reduction(min:r) copyin(ar[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(min:r)
    for (int j = 0; j < M; j++)
      r = ar[i * M + j] < r ? ar[i * M + j] : r;
  }
  CHECK_INT("min gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- & ---- */
static void test_and(void) {
  T r, ref;
  ref = (long long)~0x10;
  for (int k = 0; k < NM; k++)
    ref &= ba[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = (long long)~0x10;
    for (int j = 0; j < M; j++)
      ref_row[i] &= ba[i * M + j];
  }

  r = (long long)~0x10;
#pragma acc parallel loop gang reduction(&:r) copyin(ba[0:NM])
  for (int k = 0; k < NM; k++)
    r &= ba[k];
  CHECK_INT("& gang", (long long)r, (long long)ref);

  r = (long long)~0x10;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(&:r) copyin(ba[0:NM])
  for (int k = 0; k < NM; k++)
    r &= ba[k];
  CHECK_INT("& gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(ba[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = (long long)~0x10;
#pragma acc loop worker reduction(&:s)
    for (int j = 0; j < M; j++)
      s &= ba[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("& worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(ba[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = (long long)~0x10;
#pragma acc loop vector reduction(&:s)
    for (int j = 0; j < M; j++)
      s &= ba[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("& vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = (long long)~0x10;
#pragma acc parallel loop gang reduction(&:r) copyin(ba[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(&:r)
    for (int j = 0; j < M; j++)
      r &= ba[i * M + j];
  }
  CHECK_INT("& gang+vector nested", (long long)r, (long long)ref);

  r = (long long)~0x10;
#pragma acc parallel loop gang reduction(&:r) copyin(ba[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(&:r)
    for (int j = 0; j < M; j++)
      r &= ba[i * M + j];
  }
  CHECK_INT("& gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- | ---- */
static void test_or(void) {
  T r, ref;
  ref = 0x100000;
  for (int k = 0; k < NM; k++)
    ref |= bo[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 0x100000;
    for (int j = 0; j < M; j++)
      ref_row[i] |= bo[i * M + j];
  }

  r = 0x100000;
#pragma acc parallel loop gang reduction(|:r) copyin(bo[0:NM])
  for (int k = 0; k < NM; k++)
    r |= bo[k];
  CHECK_INT("| gang", (long long)r, (long long)ref);

  r = 0x100000;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(|:r) copyin(bo[0:NM])
  for (int k = 0; k < NM; k++)
    r |= bo[k];
  CHECK_INT("| gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(bo[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0x100000;
#pragma acc loop worker reduction(|:s)
    for (int j = 0; j < M; j++)
      s |= bo[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("| worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(bo[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0x100000;
#pragma acc loop vector reduction(|:s)
    for (int j = 0; j < M; j++)
      s |= bo[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("| vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 0x100000;
#pragma acc parallel loop gang reduction(|:r) copyin(bo[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(|:r)
    for (int j = 0; j < M; j++)
      r |= bo[i * M + j];
  }
  CHECK_INT("| gang+vector nested", (long long)r, (long long)ref);

  r = 0x100000;
#pragma acc parallel loop gang reduction(|:r) copyin(bo[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(|:r)
    for (int j = 0; j < M; j++)
      r |= bo[i * M + j];
  }
  CHECK_INT("| gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- ^ ---- */
static void test_xor(void) {
  T r, ref;
  ref = 0x5a5a;
  for (int k = 0; k < NM; k++)
    ref ^= bx[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 0x5a5a;
    for (int j = 0; j < M; j++)
      ref_row[i] ^= bx[i * M + j];
  }

  r = 0x5a5a;
#pragma acc parallel loop gang reduction(^:r) copyin(bx[0:NM])
  for (int k = 0; k < NM; k++)
    r ^= bx[k];
  CHECK_INT("^ gang", (long long)r, (long long)ref);

  r = 0x5a5a;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(^:r) copyin(bx[0:NM])
  for (int k = 0; k < NM; k++)
    r ^= bx[k];
  CHECK_INT("^ gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(bx[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0x5a5a;
#pragma acc loop worker reduction(^:s)
    for (int j = 0; j < M; j++)
      s ^= bx[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("^ worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(bx[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0x5a5a;
#pragma acc loop vector reduction(^:s)
    for (int j = 0; j < M; j++)
      s ^= bx[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("^ vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 0x5a5a;
#pragma acc parallel loop gang reduction(^:r) copyin(bx[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(^:r)
    for (int j = 0; j < M; j++)
      r ^= bx[i * M + j];
  }
  CHECK_INT("^ gang+vector nested", (long long)r, (long long)ref);

  r = 0x5a5a;
#pragma acc parallel loop gang reduction(^:r) copyin(bx[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(^:r)
    for (int j = 0; j < M; j++)
      r ^= bx[i * M + j];
  }
  CHECK_INT("^ gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- && ---- */
static void test_land(void) {
  T r, ref;
  ref = 1;
  for (int k = 0; k < NM; k++)
    ref = ref && la[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 1;
    for (int j = 0; j < M; j++)
      ref_row[i] = ref_row[i] && la[i * M + j];
  }

  r = 1;
#pragma acc parallel loop gang reduction(&&:r) copyin(la[0:NM])
  for (int k = 0; k < NM; k++)
    r = r && la[k];
  CHECK_INT("&& gang", (long long)r, (long long)ref);

  r = 1;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(&&:r) copyin(la[0:NM])
  for (int k = 0; k < NM; k++)
    r = r && la[k];
  CHECK_INT("&& gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(la[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 1;
#pragma acc loop worker reduction(&&:s)
    for (int j = 0; j < M; j++)
      s = s && la[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("&& worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(la[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 1;
#pragma acc loop vector reduction(&&:s)
    for (int j = 0; j < M; j++)
      s = s && la[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("&& vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 1;
#pragma acc parallel loop gang reduction(&&:r) copyin(la[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(&&:r)
    for (int j = 0; j < M; j++)
      r = r && la[i * M + j];
  }
  CHECK_INT("&& gang+vector nested", (long long)r, (long long)ref);

  r = 1;
#pragma acc parallel loop gang reduction(&&:r) copyin(la[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(&&:r)
    for (int j = 0; j < M; j++)
      r = r && la[i * M + j];
  }
  CHECK_INT("&& gang+worker-vector nested", (long long)r, (long long)ref);
}

/* ---- || ---- */
static void test_lor(void) {
  T r, ref;
  ref = 0;
  for (int k = 0; k < NM; k++)
    ref = ref || lo[k];
  for (int i = 0; i < N; i++) {
    ref_row[i] = 0;
    for (int j = 0; j < M; j++)
      ref_row[i] = ref_row[i] || lo[i * M + j];
  }

  r = 0;
#pragma acc parallel loop gang reduction(||:r) copyin(lo[0:NM])
  for (int k = 0; k < NM; k++)
    r = r || lo[k];
  CHECK_INT("|| gang", (long long)r, (long long)ref);

  r = 0;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) \
    reduction(||:r) copyin(lo[0:NM])
  for (int k = 0; k < NM; k++)
    r = r || lo[k];
  CHECK_INT("|| gang worker vector", (long long)r, (long long)ref);

#pragma acc parallel loop gang num_workers(8) copyin(lo[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0;
#pragma acc loop worker reduction(||:s)
    for (int j = 0; j < M; j++)
      s = s || lo[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("|| worker (row)", (long long)row[i], (long long)ref_row[i]);

#pragma acc parallel loop gang vector_length(64) copyin(lo[0:NM]) \
    copyout(row[0:N])
  for (int i = 0; i < N; i++) {
    T s = 0;
#pragma acc loop vector reduction(||:s)
    for (int j = 0; j < M; j++)
      s = s || lo[i * M + j];
    row[i] = s;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("|| vector (row)", (long long)row[i], (long long)ref_row[i]);

  r = 0;
#pragma acc parallel loop gang reduction(||:r) copyin(lo[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(||:r)
    for (int j = 0; j < M; j++)
      r = r || lo[i * M + j];
  }
  CHECK_INT("|| gang+vector nested", (long long)r, (long long)ref);

  r = 0;
#pragma acc parallel loop gang reduction(||:r) copyin(lo[0:NM])
  for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(||:r)
    for (int j = 0; j < M; j++)
      r = r || lo[i * M + j];
  }
  CHECK_INT("|| gang+worker-vector nested", (long long)r, (long long)ref);
}

int main(void) {
  init();
  test_add();
  test_mul();
  test_max();
  test_min();
  test_and();
  test_or();
  test_xor();
  test_land();
  test_lor();
  return e2e_done();
}
