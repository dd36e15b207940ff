/* reduction_unsigned.c — reduction(OP:unsigned) for every operator
 * OpenACC allows on unsigned (+ * max min & | ^ && ||),
 * all in one loop (several reduction clauses at once) at gang, worker
 * and vector level, on one
 * gang-worker-vector loop, and across nested gang/vector loops that reduce
 * into the same variables.  Each variable starts at a non-identity value,
 * which must take part in the result.  Reference: the same updates in
 * plain serial loops. */
#include "e2e.h"

#define N 256 /* rows (gang loop) */
#define M 100 /* columns (worker/vector loops) */
#define NM (N * M)

typedef unsigned T;
static T ar[NM], mu[NM], la[NM], lo[NM], ba[NM], bo[NM], bx[NM];
static T ref_add, row_add[N], rref_add[N];
static T ref_mul, row_mul[N], rref_mul[N];
static T ref_max, row_max[N], rref_max[N];
static T ref_min, row_min[N], rref_min[N];
static T ref_and, row_and[N], rref_and[N];
static T ref_or, row_or[N], rref_or[N];
static T ref_xor, row_xor[N], rref_xor[N];
static T ref_land, row_land[N], rref_land[N];
static T ref_lor, row_lor[N], rref_lor[N];

static void init(void) {
  for (long k = 0; k < NM; k++) {
    ar[k] = (T)(k * 37 % 101) * 1000u; /* large, no negatives */
    mu[k] = k % 2111 == 17 ? 2u : (k % 1999 == 11 ? 3u : 1u);
    la[k] = k % 1009 != 0;
    lo[k] = k % 1013 == 0;
    ba[k] = (T)~(1u << ((k * k + 3) % 29));
    bo[k] = (T)(1u << ((k * k + 5) % 30));
    bx[k] = (T)((unsigned)k * 2654435761u >> 2);
  }
  ref_add = 5;
  for (int k = 0; k < NM; k++)
    ref_add += ar[k];
  for (int i = 0; i < N; i++) {
    rref_add[i] = 5;
    for (int j = 0; j < M; j++)
      rref_add[i] += ar[i * M + j];
  }
  ref_mul = 2;
  for (int k = 0; k < NM; k++)
    ref_mul *= mu[k];
  for (int i = 0; i < N; i++) {
    rref_mul[i] = 2;
    for (int j = 0; j < M; j++)
      rref_mul[i] *= mu[i * M + j];
  }
  ref_max = 3;
  for (int k = 0; k < NM; k++)
    ref_max = ar[k] > ref_max ? ar[k] : ref_max;
  for (int i = 0; i < N; i++) {
    rref_max[i] = 3;
    for (int j = 0; j < M; j++)
      rref_max[i] = ar[i * M + j] > rref_max[i] ? ar[i * M + j] : rref_max[i];
  }
  ref_min = 3;
  for (int k = 0; k < NM; k++)
    ref_min = ar[k] < ref_min ? ar[k] : ref_min;
  for (int i = 0; i < N; i++) {
    rref_min[i] = 3;
    for (int j = 0; j < M; j++)
      rref_min[i] = ar[i * M + j] < rref_min[i] ? ar[i * M + j] : rref_min[i];
  }
  ref_and = (T)~0x10;
  for (int k = 0; k < NM; k++)
    ref_and &= ba[k];
  for (int i = 0; i < N; i++) {
    rref_and[i] = (T)~0x10;
    for (int j = 0; j < M; j++)
      rref_and[i] &= ba[i * M + j];
  }
  ref_or = 0x100000;
  for (int k = 0; k < NM; k++)
    ref_or |= bo[k];
  for (int i = 0; i < N; i++) {
    rref_or[i] = 0x100000;
    for (int j = 0; j < M; j++)
      rref_or[i] |= bo[i * M + j];
  }
  ref_xor = 0x5a5a;
  for (int k = 0; k < NM; k++)
    ref_xor ^= bx[k];
  for (int i = 0; i < N; i++) {
    rref_xor[i] = 0x5a5a;
    for (int j = 0; j < M; j++)
      rref_xor[i] ^= bx[i * M + j];
  }
  ref_land = 1;
  for (int k = 0; k < NM; k++)
    ref_land = ref_land && la[k];
  for (int i = 0; i < N; i++) {
    rref_land[i] = 1;
    for (int j = 0; j < M; j++)
      rref_land[i] = rref_land[i] && la[i * M + j];
  }
  ref_lor = 0;
  for (int k = 0; k < NM; k++)
    ref_lor = ref_lor || lo[k];
  for (int i = 0; i < N; i++) {
    rref_lor[i] = 0;
    for (int j = 0; j < M; j++)
      rref_lor[i] = rref_lor[i] || lo[i * M + j];
  }
}

/* Whole-array reductions: gang loop, gang worker vector loop. */
static void test_flat(void) {
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_and = (T)~0x10;
    T r_or = 0x100000;
    T r_xor = 0x5a5a;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&:r_and) \
    reduction(|:r_or) reduction(^:r_xor) reduction(&&:r_land) \
    reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
    copyin(lo[0:NM]) copyin(ba[0:NM]) copyin(bo[0:NM]) copyin(bx[0:NM])
    for (int k = 0; k < NM; k++) {
      r_add += ar[k];
      r_mul *= mu[k];
      r_max = ar[k] > r_max ? ar[k] : r_max;
      r_min = ar[k] < r_min ? ar[k] : r_min;
      r_and &= ba[k];
      r_or |= bo[k];
      r_xor ^= bx[k];
      r_land = r_land && la[k];
      r_lor = r_lor || lo[k];
    }
    CHECK_INT("+ gang", (long long)r_add, (long long)ref_add);
    CHECK_INT("* gang", (long long)r_mul, (long long)ref_mul);
    CHECK_INT("max gang", (long long)r_max, (long long)ref_max);
    CHECK_INT("min gang", (long long)r_min, (long long)ref_min);
    CHECK_INT("& gang", (long long)r_and, (long long)ref_and);
    CHECK_INT("| gang", (long long)r_or, (long long)ref_or);
    CHECK_INT("^ gang", (long long)r_xor, (long long)ref_xor);
    CHECK_INT("&& gang", (long long)r_land, (long long)ref_land);
    CHECK_INT("|| gang", (long long)r_lor, (long long)ref_lor);
  }
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_and = (T)~0x10;
    T r_or = 0x100000;
    T r_xor = 0x5a5a;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang worker vector num_workers(4) \
    vector_length(32) \
    reduction(+:r_add) reduction(*:r_mul) reduction(max:r_max) \
    reduction(min:r_min) reduction(&:r_and) reduction(|:r_or) \
    reduction(^:r_xor) reduction(&&:r_land) reduction(||:r_lor) \
    copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM]) \
    copyin(ba[0:NM]) copyin(bo[0:NM]) copyin(bx[0:NM])
    for (int k = 0; k < NM; k++) {
      r_add += ar[k];
      r_mul *= mu[k];
      r_max = ar[k] > r_max ? ar[k] : r_max;
      r_min = ar[k] < r_min ? ar[k] : r_min;
      r_and &= ba[k];
      r_or |= bo[k];
      r_xor ^= bx[k];
      r_land = r_land && la[k];
      r_lor = r_lor || lo[k];
    }
    CHECK_INT("+ gang worker vector", (long long)r_add, (long long)ref_add);
    CHECK_INT("* gang worker vector", (long long)r_mul, (long long)ref_mul);
    CHECK_INT("max gang worker vector", (long long)r_max, (long long)ref_max);
    CHECK_INT("min gang worker vector", (long long)r_min, (long long)ref_min);
    CHECK_INT("& gang worker vector", (long long)r_and, (long long)ref_and);
    CHECK_INT("| gang worker vector", (long long)r_or, (long long)ref_or);
    CHECK_INT("^ gang worker vector", (long long)r_xor, (long long)ref_xor);
    CHECK_INT("&& gang worker vector", (long long)r_land, (long long)ref_land);
    CHECK_INT("|| gang worker vector", (long long)r_lor, (long long)ref_lor);
  }
}

/* Row reductions: a worker or a vector loop inside a gang loop. */
static void test_rows(void) {
#pragma acc parallel loop gang num_workers(8) copyin(ar[0:NM]) \
    copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM]) copyin(ba[0:NM]) \
    copyin(bo[0:NM]) copyin(bx[0:NM]) copyout(row_add[0:N]) \
    copyout(row_mul[0:N]) copyout(row_max[0:N]) copyout(row_min[0:N]) \
    copyout(row_and[0:N]) copyout(row_or[0:N]) copyout(row_xor[0:N]) \
    copyout(row_land[0:N]) copyout(row_lor[0:N])
  for (int i = 0; i < N; i++) {
    T s_add = 5;
    T s_mul = 2;
    T s_max = 3;
    T s_min = 3;
    T s_and = (T)~0x10;
    T s_or = 0x100000;
    T s_xor = 0x5a5a;
    T s_land = 1;
    T s_lor = 0;
#pragma acc loop worker reduction(+:s_add) reduction(*:s_mul) \
    reduction(max:s_max) reduction(min:s_min) reduction(&:s_and) \
    reduction(|:s_or) reduction(^:s_xor) reduction(&&:s_land) \
    reduction(||:s_lor)
    for (int j = 0; j < M; j++) {
      s_add += ar[i * M + j];
      s_mul *= mu[i * M + j];
      s_max = ar[i * M + j] > s_max ? ar[i * M + j] : s_max;
      s_min = ar[i * M + j] < s_min ? ar[i * M + j] : s_min;
      s_and &= ba[i * M + j];
      s_or |= bo[i * M + j];
      s_xor ^= bx[i * M + j];
      s_land = s_land && la[i * M + j];
      s_lor = s_lor || lo[i * M + j];
    }
    row_add[i] = s_add;
    row_mul[i] = s_mul;
    row_max[i] = s_max;
    row_min[i] = s_min;
    row_and[i] = s_and;
    row_or[i] = s_or;
    row_xor[i] = s_xor;
    row_land[i] = s_land;
    row_lor[i] = s_lor;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("+ worker (row)", (long long)row_add[i], (long long)rref_add[i]);
    CHECK_INT("* worker (row)", (long long)row_mul[i], (long long)rref_mul[i]);
    CHECK_INT("max worker (row)",
              (long long)row_max[i], (long long)rref_max[i]);
    CHECK_INT("min worker (row)",
              (long long)row_min[i], (long long)rref_min[i]);
    CHECK_INT("& worker (row)", (long long)row_and[i], (long long)rref_and[i]);
    CHECK_INT("| worker (row)", (long long)row_or[i], (long long)rref_or[i]);
    CHECK_INT("^ worker (row)", (long long)row_xor[i], (long long)rref_xor[i]);
    CHECK_INT("&& worker (row)",
              (long long)row_land[i], (long long)rref_land[i]);
    CHECK_INT("|| worker (row)", (long long)row_lor[i], (long long)rref_lor[i]);
  }
#pragma acc parallel loop gang vector_length(64) copyin(ar[0:NM]) \
    copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM]) copyin(ba[0:NM]) \
    copyin(bo[0:NM]) copyin(bx[0:NM]) copyout(row_add[0:N]) \
    copyout(row_mul[0:N]) copyout(row_max[0:N]) copyout(row_min[0:N]) \
    copyout(row_and[0:N]) copyout(row_or[0:N]) copyout(row_xor[0:N]) \
    copyout(row_land[0:N]) copyout(row_lor[0:N])
  for (int i = 0; i < N; i++) {
    T s_add = 5;
    T s_mul = 2;
    T s_max = 3;
    T s_min = 3;
    T s_and = (T)~0x10;
    T s_or = 0x100000;
    T s_xor = 0x5a5a;
    T s_land = 1;
    T s_lor = 0;
#pragma acc loop vector reduction(+:s_add) reduction(*:s_mul) \
    reduction(max:s_max) reduction(min:s_min) reduction(&:s_and) \
    reduction(|:s_or) reduction(^:s_xor) reduction(&&:s_land) \
    reduction(||:s_lor)
    for (int j = 0; j < M; j++) {
      s_add += ar[i * M + j];
      s_mul *= mu[i * M + j];
      s_max = ar[i * M + j] > s_max ? ar[i * M + j] : s_max;
      s_min = ar[i * M + j] < s_min ? ar[i * M + j] : s_min;
      s_and &= ba[i * M + j];
      s_or |= bo[i * M + j];
      s_xor ^= bx[i * M + j];
      s_land = s_land && la[i * M + j];
      s_lor = s_lor || lo[i * M + j];
    }
    row_add[i] = s_add;
    row_mul[i] = s_mul;
    row_max[i] = s_max;
    row_min[i] = s_min;
    row_and[i] = s_and;
    row_or[i] = s_or;
    row_xor[i] = s_xor;
    row_land[i] = s_land;
    row_lor[i] = s_lor;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("+ vector (row)", (long long)row_add[i], (long long)rref_add[i]);
    CHECK_INT("* vector (row)", (long long)row_mul[i], (long long)rref_mul[i]);
    CHECK_INT("max vector (row)",
              (long long)row_max[i], (long long)rref_max[i]);
    CHECK_INT("min vector (row)",
              (long long)row_min[i], (long long)rref_min[i]);
    CHECK_INT("& vector (row)", (long long)row_and[i], (long long)rref_and[i]);
    CHECK_INT("| vector (row)", (long long)row_or[i], (long long)rref_or[i]);
    CHECK_INT("^ vector (row)", (long long)row_xor[i], (long long)rref_xor[i]);
    CHECK_INT("&& vector (row)",
              (long long)row_land[i], (long long)rref_land[i]);
    CHECK_INT("|| vector (row)", (long long)row_lor[i], (long long)rref_lor[i]);
  }
}

/* The same variables reduced by a gang loop and by the loop inside it. */
static void test_nested(void) {
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_and = (T)~0x10;
    T r_or = 0x100000;
    T r_xor = 0x5a5a;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
      reduction(max:r_max) reduction(min:r_min) reduction(&:r_and) \
      reduction(|:r_or) reduction(^:r_xor) reduction(&&:r_land) \
      reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
      copyin(lo[0:NM]) copyin(ba[0:NM]) copyin(bo[0:NM]) copyin(bx[0:NM])
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&:r_and) \
    reduction(|:r_or) reduction(^:r_xor) reduction(&&:r_land) \
    reduction(||:r_lor)
      for (int j = 0; j < M; j++) {
        r_add += ar[i * M + j];
        r_mul *= mu[i * M + j];
        r_max = ar[i * M + j] > r_max ? ar[i * M + j] : r_max;
        r_min = ar[i * M + j] < r_min ? ar[i * M + j] : r_min;
        r_and &= ba[i * M + j];
        r_or |= bo[i * M + j];
        r_xor ^= bx[i * M + j];
        r_land = r_land && la[i * M + j];
        r_lor = r_lor || lo[i * M + j];
      }
    }
    CHECK_INT("+ gang+vector nested", (long long)r_add, (long long)ref_add);
    CHECK_INT("* gang+vector nested", (long long)r_mul, (long long)ref_mul);
    CHECK_INT("max gang+vector nested", (long long)r_max, (long long)ref_max);
    CHECK_INT("min gang+vector nested", (long long)r_min, (long long)ref_min);
    CHECK_INT("& gang+vector nested", (long long)r_and, (long long)ref_and);
    CHECK_INT("| gang+vector nested", (long long)r_or, (long long)ref_or);
    CHECK_INT("^ gang+vector nested", (long long)r_xor, (long long)ref_xor);
    CHECK_INT("&& gang+vector nested", (long long)r_land, (long long)ref_land);
    CHECK_INT("|| gang+vector nested", (long long)r_lor, (long long)ref_lor);
  }
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_and = (T)~0x10;
    T r_or = 0x100000;
    T r_xor = 0x5a5a;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
      reduction(max:r_max) reduction(min:r_min) reduction(&:r_and) \
      reduction(|:r_or) reduction(^:r_xor) reduction(&&:r_land) \
      reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
      copyin(lo[0:NM]) copyin(ba[0:NM]) copyin(bo[0:NM]) copyin(bx[0:NM])
    for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&:r_and) \
    reduction(|:r_or) reduction(^:r_xor) reduction(&&:r_land) \
    reduction(||:r_lor)
      for (int j = 0; j < M; j++) {
        r_add += ar[i * M + j];
        r_mul *= mu[i * M + j];
        r_max = ar[i * M + j] > r_max ? ar[i * M + j] : r_max;
        r_min = ar[i * M + j] < r_min ? ar[i * M + j] : r_min;
        r_and &= ba[i * M + j];
        r_or |= bo[i * M + j];
        r_xor ^= bx[i * M + j];
        r_land = r_land && la[i * M + j];
        r_lor = r_lor || lo[i * M + j];
      }
    }
    CHECK_INT("+ gang+worker-vector nested",
                (long long)r_add, (long long)ref_add);
    CHECK_INT("* gang+worker-vector nested",
                (long long)r_mul, (long long)ref_mul);
    CHECK_INT("max gang+worker-vector nested",
                (long long)r_max, (long long)ref_max);
    CHECK_INT("min gang+worker-vector nested",
                (long long)r_min, (long long)ref_min);
    CHECK_INT("& gang+worker-vector nested",
                (long long)r_and, (long long)ref_and);
    CHECK_INT("| gang+worker-vector nested",
                (long long)r_or, (long long)ref_or);
    CHECK_INT("^ gang+worker-vector nested",
                (long long)r_xor, (long long)ref_xor);
    CHECK_INT("&& gang+worker-vector nested",
                (long long)r_land, (long long)ref_land);
    CHECK_INT("|| gang+worker-vector nested",
                (long long)r_lor, (long long)ref_lor);
  }
}

int main(void) {
  init();
  test_flat();
  test_rows();
  test_nested();
  return e2e_done();
}
