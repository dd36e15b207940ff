/* The reuse-distance engine against a brute-force LRU stack. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../costmodel/rd.h"
#include "tune_test.h"

/* Brute force: the stack holds keys most recent first; the distance is the
 * key's depth.  Returns ACCGPU_RD_INF on first access. */
static uint64_t stack_access(uint64_t *stack, int *n, uint64_t key) {
  int i = 0;
  while (i < *n && stack[i] != key)
    i++;
  uint64_t d = i < *n ? (uint64_t)i : ACCGPU_RD_INF;
  if (i == *n)
    (*n)++;
  memmove(stack + 1, stack, (size_t)i * sizeof *stack);
  stack[0] = key;
  return d;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Runs LEN accesses over RANGE keys (mixing a hot set so that short and
 * long distances both occur); every distance must match, or with a capped
 * engine (CAP > 0) every distance below CAP, the others being >= CAP.
 * DENSE keys are 0..RANGE-1 (buckets of 8 neighbours shared) and carry
 * caller data (AUX: 0 for a key not held, else what was last stored); the
 * others are sparse and large (a bucket each). */
static void check_random(int len, uint64_t range, uint32_t cap, int dense) {
  accgpu_rd rd;
  CU_ASSERT_EQUAL_FATAL(accgpu_rd_init(&rd), 0);
  accgpu_rd_set_cap(&rd, cap);
  uint64_t *stack = malloc((size_t)len * sizeof *stack);
  uint8_t *want_aux = calloc(range, sizeof *want_aux);
  int n = 0, bad = 0, bad_aux = 0;
  for (int i = 0; i < len; i++) {
    uint64_t r = next_rand();
    uint64_t key = (r & 3) ? (r >> 8) % 16 : (r >> 8) % range;
    if (!dense)
      key = key * 0x100000001ull; /* sparse, large keys */
    uint64_t want = stack_access(stack, &n, key);
    uint8_t *aux = NULL;
    uint64_t got = dense ? accgpu_rd_access_aux(&rd, key, &aux)
                         : accgpu_rd_access(&rd, key);
    int ok = got == want || (cap && want >= cap && got >= cap);
    if (!ok && !bad++)
      CU_FAIL("reuse distance differs from the LRU stack");
    if (aux) {
      bad_aux += *aux != (got == ACCGPU_RD_INF ? 0 : want_aux[key]);
      *aux = want_aux[key] = (uint8_t)(i + 1);
    }
  }
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT_EQUAL(bad_aux, 0);
  free(stack);
  free(want_aux);
  accgpu_rd_free(&rd);
}

static void test_rd_random_small(void) {
  check_random(20000, 50, 0, 0);
  check_random(20000, 50, 0, 1);
}
/* More distinct keys than the initial tables: exercises rehash and
 * timestamp compaction. */
static void test_rd_random_large(void) {
  check_random(30000, 5000, 0, 0);
  check_random(30000, 5000, 0, 1);
}
/* A capped engine forgets keys many times over (deletions by backward
 * shift, then compactions of a tree holding forgotten 1s). */
static void test_rd_capped(void) {
  check_random(30000, 5000, 300, 0);
  check_random(20000, 50, 20, 0);
  check_random(30000, 5000, 300, 1);
  check_random(20000, 50, 20, 1);
}

/* accgpu_rd_hit against the LRU stack: a hit exactly when the distance is
 * below CAP, with caller data kept for held keys; twice on one engine
 * (reset between), so lazy mode is entered again. */
static void check_hit(int len, uint64_t range, uint32_t cap) {
  accgpu_rd rd;
  CU_ASSERT_EQUAL_FATAL(accgpu_rd_init(&rd), 0);
  accgpu_rd_set_cap(&rd, cap);
  uint64_t *stack = malloc((size_t)len * sizeof *stack);
  uint8_t *want_aux = calloc(range, sizeof *want_aux);
  for (int round = 0; round < 2; round++) {
    int n = 0, bad = 0, bad_aux = 0;
    memset(want_aux, 0, range * sizeof *want_aux);
    for (int i = 0; i < len; i++) {
      uint64_t r = next_rand();
      uint64_t key = (r & 3) ? (r >> 8) % 16 : (r >> 8) % range;
      uint64_t want = stack_access(stack, &n, key);
      uint8_t *aux;
      int hit = accgpu_rd_hit(&rd, key, &aux);
      bad += hit != (want < cap);
      bad_aux += *aux != (hit ? want_aux[key] : 0) && want < cap;
      *aux = want_aux[key] = (uint8_t)(i + 1);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(bad_aux, 0);
    accgpu_rd_reset(&rd);
  }
  free(stack);
  free(want_aux);
  accgpu_rd_free(&rd);
}

/* Fewer keys than the cap (lazy throughout), a few more (ordered once),
 * many more (then forgotten and compacted). */
static void test_rd_hit(void) {
  check_hit(20000, 50, 64);
  check_hit(30000, 400, 300);
  check_hit(30000, 5000, 300);
  check_hit(20000, 50, 20);
  check_hit(30000, 1200, 1000); /* ordered after > 2048 stamps */
}

static void test_rd_reset(void) {
  accgpu_rd rd;
  CU_ASSERT_EQUAL_FATAL(accgpu_rd_init(&rd), 0);
  accgpu_rd_access(&rd, 1);
  accgpu_rd_access(&rd, 2);
  accgpu_rd_reset(&rd);
  CU_ASSERT_EQUAL(accgpu_rd_access(&rd, 1), ACCGPU_RD_INF);
  CU_ASSERT_EQUAL(accgpu_rd_access(&rd, 2), ACCGPU_RD_INF);
  CU_ASSERT_EQUAL(accgpu_rd_access(&rd, 1), 1);
  accgpu_rd_free(&rd);
}

/* Seed Table 7.2: 16-byte lines, 32-byte cache (2 lines). */
static void test_rd_seed_table_7_2(void) {
  static const uint64_t addr[8] = {0, 8, 16, 96, 8, 16, 17, 104};
  static const uint64_t want[8] = {ACCGPU_RD_INF, 0, ACCGPU_RD_INF,
                                   ACCGPU_RD_INF, 2, 2, 0, 2};
  static const int hit[8] = {0, 1, 0, 0, 0, 0, 1, 0};
  accgpu_rd rd;
  CU_ASSERT_EQUAL_FATAL(accgpu_rd_init(&rd), 0);
  for (int i = 0; i < 8; i++) {
    uint64_t d = accgpu_rd_access(&rd, addr[i] / 16);
    CU_ASSERT_EQUAL(d, want[i]);
    CU_ASSERT_EQUAL(d < 2, hit[i]);
  }
  accgpu_rd_free(&rd);
}

TUNE_SUITE(tune_rd, TUNE_TEST(test_rd_random_small),
           TUNE_TEST(test_rd_random_large), TUNE_TEST(test_rd_capped),
           TUNE_TEST(test_rd_hit), TUNE_TEST(test_rd_reset),
           TUNE_TEST(test_rd_seed_table_7_2));
