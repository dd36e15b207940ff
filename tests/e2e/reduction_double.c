/* reduction_double.c — reduction(OP:double) for every operator
 * OpenACC allows on double (+ * max min && ||),
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

typedef double T;
static T ar[NM], mu[NM], la[NM], lo[NM];
static T ref_add, row_add[N], rref_add[N];
static T ref_mul, row_mul[N], rref_mul[N];
static T ref_max, row_max[N], rref_max[N];
static T ref_min, row_min[N], rref_min[N];
static T ref_land, row_land[N], rref_land[N];
static T ref_lor, row_lor[N], rref_lor[N];

static void init(void) {
  for (long k = 0; k < NM; k++) {
    ar[k] = (T)((k * 37 % 101) - 50) * (T)0.25;
    mu[k] = k % 2111 == 17 ? (T)2 : (k % 1999 == 11 ? (T)-0.5 : (T)1);
    la[k] = k % 1009 != 0;
    lo[k] = k % 1013 == 0;
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
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&&:r_land) \
    reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
    copyin(lo[0:NM])
    for (int k = 0; k < NM; k++) {
      r_add += ar[k];
      r_mul *= mu[k];
      r_max = ar[k] > r_max ? ar[k] : r_max;
      r_min = ar[k] < r_min ? ar[k] : r_min;
      r_land = r_land && la[k];
      r_lor = r_lor || lo[k];
    }
    CHECK_REAL("+ gang", r_add, ref_add, 1e-12);
    CHECK_REAL("* gang", r_mul, ref_mul, 1e-12);
    CHECK_REAL("max gang", r_max, ref_max, 1e-12);
    CHECK_REAL("min gang", r_min, ref_min, 1e-12);
    CHECK_REAL("&& gang", r_land, ref_land, 1e-12);
    CHECK_REAL("|| gang", r_lor, ref_lor, 1e-12);
  }
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang worker vector num_workers(4) \
    vector_length(32) \
    reduction(+:r_add) reduction(*:r_mul) reduction(max:r_max) \
    reduction(min:r_min) reduction(&&:r_land) reduction(||:r_lor) \
    copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM])
    for (int k = 0; k < NM; k++) {
      r_add += ar[k];
      r_mul *= mu[k];
      r_max = ar[k] > r_max ? ar[k] : r_max;
      r_min = ar[k] < r_min ? ar[k] : r_min;
      r_land = r_land && la[k];
      r_lor = r_lor || lo[k];
    }
    CHECK_REAL("+ gang worker vector", r_add, ref_add, 1e-12);
    CHECK_REAL("* gang worker vector", r_mul, ref_mul, 1e-12);
    CHECK_REAL("max gang worker vector", r_max, ref_max, 1e-12);
    CHECK_REAL("min gang worker vector", r_min, ref_min, 1e-12);
    CHECK_REAL("&& gang worker vector", r_land, ref_land, 1e-12);
    CHECK_REAL("|| gang worker vector", r_lor, ref_lor, 1e-12);
  }
}

/* Row reductions: a worker or a vector loop inside a gang loop. */
static void test_rows(void) {
#pragma acc parallel loop gang num_workers(8) copyin(ar[0:NM]) \
    copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM]) copyout(row_add[0:N]) \
    copyout(row_mul[0:N]) copyout(row_max[0:N]) copyout(row_min[0:N]) \
    copyout(row_land[0:N]) copyout(row_lor[0:N])
  for (int i = 0; i < N; i++) {
    T s_add = 5;
    T s_mul = 2;
    T s_max = 3;
    T s_min = 3;
    T s_land = 1;
    T s_lor = 0;
#pragma acc loop worker reduction(+:s_add) reduction(*:s_mul) \
    reduction(max:s_max) reduction(min:s_min) reduction(&&:s_land) \
    reduction(||:s_lor)
    for (int j = 0; j < M; j++) {
      s_add += ar[i * M + j];
      s_mul *= mu[i * M + j];
      s_max = ar[i * M + j] > s_max ? ar[i * M + j] : s_max;
      s_min = ar[i * M + j] < s_min ? ar[i * M + j] : s_min;
      s_land = s_land && la[i * M + j];
      s_lor = s_lor || lo[i * M + j];
    }
    row_add[i] = s_add;
    row_mul[i] = s_mul;
    row_max[i] = s_max;
    row_min[i] = s_min;
    row_land[i] = s_land;
    row_lor[i] = s_lor;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("+ worker (row)", row_add[i], rref_add[i], 1e-12);
    CHECK_REAL("* worker (row)", row_mul[i], rref_mul[i], 1e-12);
    CHECK_REAL("max worker (row)", row_max[i], rref_max[i], 1e-12);
    CHECK_REAL("min worker (row)", row_min[i], rref_min[i], 1e-12);
    CHECK_REAL("&& worker (row)", row_land[i], rref_land[i], 1e-12);
    CHECK_REAL("|| worker (row)", row_lor[i], rref_lor[i], 1e-12);
  }
#pragma acc parallel loop gang vector_length(64) copyin(ar[0:NM]) \
    copyin(mu[0:NM]) copyin(la[0:NM]) copyin(lo[0:NM]) copyout(row_add[0:N]) \
    copyout(row_mul[0:N]) copyout(row_max[0:N]) copyout(row_min[0:N]) \
    copyout(row_land[0:N]) copyout(row_lor[0:N])
  for (int i = 0; i < N; i++) {
    T s_add = 5;
    T s_mul = 2;
    T s_max = 3;
    T s_min = 3;
    T s_land = 1;
    T s_lor = 0;
#pragma acc loop vector reduction(+:s_add) reduction(*:s_mul) \
    reduction(max:s_max) reduction(min:s_min) reduction(&&:s_land) \
    reduction(||:s_lor)
    for (int j = 0; j < M; j++) {
      s_add += ar[i * M + j];
      s_mul *= mu[i * M + j];
      s_max = ar[i * M + j] > s_max ? ar[i * M + j] : s_max;
      s_min = ar[i * M + j] < s_min ? ar[i * M + j] : s_min;
      s_land = s_land && la[i * M + j];
      s_lor = s_lor || lo[i * M + j];
    }
    row_add[i] = s_add;
    row_mul[i] = s_mul;
    row_max[i] = s_max;
    row_min[i] = s_min;
    row_land[i] = s_land;
    row_lor[i] = s_lor;
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("+ vector (row)", row_add[i], rref_add[i], 1e-12);
    CHECK_REAL("* vector (row)", row_mul[i], rref_mul[i], 1e-12);
    CHECK_REAL("max vector (row)", row_max[i], rref_max[i], 1e-12);
    CHECK_REAL("min vector (row)", row_min[i], rref_min[i], 1e-12);
    CHECK_REAL("&& vector (row)", row_land[i], rref_land[i], 1e-12);
    CHECK_REAL("|| vector (row)", row_lor[i], rref_lor[i], 1e-12);
  }
}

/* The same variables reduced by a gang loop and by the loop inside it. */
static void test_nested(void) {
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
      reduction(max:r_max) reduction(min:r_min) reduction(&&:r_land) \
      reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
      copyin(lo[0:NM])
    for (int i = 0; i < N; i++) {
#pragma acc loop vector reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&&:r_land) \
    reduction(||:r_lor)
      for (int j = 0; j < M; j++) {
        r_add += ar[i * M + j];
        r_mul *= mu[i * M + j];
        r_max = ar[i * M + j] > r_max ? ar[i * M + j] : r_max;
        r_min = ar[i * M + j] < r_min ? ar[i * M + j] : r_min;
        r_land = r_land && la[i * M + j];
        r_lor = r_lor || lo[i * M + j];
      }
    }
    CHECK_REAL("+ gang+vector nested", r_add, ref_add, 1e-12);
    CHECK_REAL("* gang+vector nested", r_mul, ref_mul, 1e-12);
    CHECK_REAL("max gang+vector nested", r_max, ref_max, 1e-12);
    CHECK_REAL("min gang+vector nested", r_min, ref_min, 1e-12);
    CHECK_REAL("&& gang+vector nested", r_land, ref_land, 1e-12);
    CHECK_REAL("|| gang+vector nested", r_lor, ref_lor, 1e-12);
  }
  {
    T r_add = 5;
    T r_mul = 2;
    T r_max = 3;
    T r_min = 3;
    T r_land = 1;
    T r_lor = 0;
#pragma acc parallel loop gang reduction(+:r_add) reduction(*:r_mul) \
      reduction(max:r_max) reduction(min:r_min) reduction(&&:r_land) \
      reduction(||:r_lor) copyin(ar[0:NM]) copyin(mu[0:NM]) copyin(la[0:NM]) \
      copyin(lo[0:NM])
    for (int i = 0; i < N; i++) {
#pragma acc loop worker vector reduction(+:r_add) reduction(*:r_mul) \
    reduction(max:r_max) reduction(min:r_min) reduction(&&:r_land) \
    reduction(||:r_lor)
      for (int j = 0; j < M; j++) {
        r_add += ar[i * M + j];
        r_mul *= mu[i * M + j];
        r_max = ar[i * M + j] > r_max ? ar[i * M + j] : r_max;
        r_min = ar[i * M + j] < r_min ? ar[i * M + j] : r_min;
        r_land = r_land && la[i * M + j];
        r_lor = r_lor || lo[i * M + j];
      }
    }
    CHECK_REAL("+ gang+worker-vector nested", r_add, ref_add, 1e-12);
    CHECK_REAL("* gang+worker-vector nested", r_mul, ref_mul, 1e-12);
    CHECK_REAL("max gang+worker-vector nested", r_max, ref_max, 1e-12);
    CHECK_REAL("min gang+worker-vector nested", r_min, ref_min, 1e-12);
    CHECK_REAL("&& gang+worker-vector nested", r_land, ref_land, 1e-12);
    CHECK_REAL("|| gang+worker-vector nested", r_lor, ref_lor, 1e-12);
  }
}

int main(void) {
  init();
  test_flat();
  test_rows();
  test_nested();
  return e2e_done();
}
