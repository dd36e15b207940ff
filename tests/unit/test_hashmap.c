/* test_hashmap.c — the runtime's data structures against brute-force
 * models on random operation sequences: the ordered index (floor search),
 * the pointer map, the present table (containment, overlap, reverse
 * lookup, page cache after removals) and the pool's size classes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "hashmap/oindex.h"
#include "hashmap/present.h"
#include "hashmap/ptrmap.h"
#include "pool.h"
#include "suite.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* ---- oindex vs. a flat array of present flags ---- */

#define KEYS 4096
static void test_oindex_random(void) {
  static char in[KEYS];
  accgpu_oindex oi;
  accgpu_oindex_init(&oi);
  memset(in, 0, sizeof in);
  size_t count = 0;
  for (int step = 0; step < 60000; step++) {
    uintptr_t k = next_rand() % KEYS;
    int op = (int)(next_rand() % 3);
    if (op == 0 && !in[k]) {
      CU_ASSERT_EQUAL_FATAL(accgpu_oindex_insert(&oi, k * 8 + 8,
                                                 (void *)(k * 8 + 8)), 0);
      in[k] = 1;
      count++;
    } else if (op == 1) {
      void *v = accgpu_oindex_remove(&oi, k * 8 + 8);
      CU_ASSERT_EQUAL(v, in[k] ? (void *)(k * 8 + 8) : NULL);
      count -= in[k];
      in[k] = 0;
    } else {
      uintptr_t q = next_rand() % (KEYS * 8 + 16), found = 0;
      void *v = accgpu_oindex_floor(&oi, q, &found);
      /* model: largest present key <= q */
      long best = -1;
      long start = (long)((q >= 8 ? q - 8 : 0) / 8);
      for (long i = start < KEYS ? start : KEYS - 1; i >= 0; i--)
        if (in[i] && (uintptr_t)i * 8 + 8 <= q) {
          best = i;
          break;
        }
      if (best < 0) {
        CU_ASSERT_PTR_NULL(v);
      } else {
        CU_ASSERT_EQUAL((uintptr_t)v, (uintptr_t)best * 8 + 8);
        CU_ASSERT_EQUAL(found, (uintptr_t)best * 8 + 8);
      }
    }
    CU_ASSERT_EQUAL_FATAL(oi.count, count);
  }
  accgpu_oindex_fini(&oi);
}

/* Ascending and descending bulk inserts split leaves at both ends. */
static void test_oindex_sequential(void) {
  accgpu_oindex oi;
  accgpu_oindex_init(&oi);
  for (uintptr_t k = 1; k <= 1000; k++)
    CU_ASSERT_EQUAL(accgpu_oindex_insert(&oi, k * 2, (void *)k), 0);
  for (uintptr_t k = 3000; k > 2000; k--)
    CU_ASSERT_EQUAL(accgpu_oindex_insert(&oi, k * 2, (void *)k), 0);
  for (uintptr_t k = 1; k <= 3000; k++) {
    uintptr_t want = k <= 1000 || k > 2000 ? k : 1000;
    CU_ASSERT_EQUAL((uintptr_t)accgpu_oindex_floor(&oi, k * 2 + 1, NULL),
                    want);
  }
  CU_ASSERT_PTR_NULL(accgpu_oindex_floor(&oi, 1, NULL));
  for (uintptr_t k = 1; k <= 1000; k++)
    CU_ASSERT_EQUAL((uintptr_t)accgpu_oindex_remove(&oi, k * 2), k);
  CU_ASSERT_EQUAL(oi.count, 1000);
  CU_ASSERT_EQUAL((uintptr_t)accgpu_oindex_floor(&oi, 4003, NULL), 2001);
  accgpu_oindex_fini(&oi);
}

/* ---- ptrmap vs. a direct table ---- */

static void test_ptrmap_random(void) {
  static uintptr_t model[2048];
  accgpu_ptrmap m;
  accgpu_ptrmap_init(&m);
  memset(model, 0, sizeof model);
  size_t count = 0;
  for (int step = 0; step < 100000; step++) {
    uintptr_t k = next_rand() % 2048, key = (k + 1) << 12, v;
    switch (next_rand() % 3) {
    case 0:
      CU_ASSERT_EQUAL(accgpu_ptrmap_put(&m, key, step + 1), 0);
      count += model[k] == 0;
      model[k] = step + 1;
      break;
    case 1:
      CU_ASSERT_EQUAL(accgpu_ptrmap_del(&m, key, &v), model[k] != 0);
      if (model[k])
        CU_ASSERT_EQUAL(v, model[k]);
      count -= model[k] != 0;
      model[k] = 0;
      break;
    default:
      if (model[k]) {
        CU_ASSERT(accgpu_ptrmap_get(&m, key, &v) && v == model[k]);
      } else {
        CU_ASSERT_FALSE(accgpu_ptrmap_get(&m, key, &v));
      }
    }
    CU_ASSERT_EQUAL_FATAL(m.count, count);
  }
  accgpu_ptrmap_fini(&m);
}

/* ---- present table vs. a list of ranges ---- */

#define NR 300
typedef struct range {
  int live;
  accgpu_entry e;
} range;

static range *model_find(range *r, uintptr_t a) {
  for (int i = 0; i < NR; i++)
    if (r[i].live && a >= r[i].e.host && a < r[i].e.host + r[i].e.bytes)
      return &r[i];
  return NULL;
}

static range *model_find_dev(range *r, uintptr_t a) {
  for (int i = 0; i < NR; i++)
    if (r[i].live && a >= r[i].e.dev && a < r[i].e.dev + r[i].e.bytes)
      return &r[i];
  return NULL;
}

static int model_overlaps(range *r, uintptr_t a, size_t n) {
  for (int i = 0; i < NR; i++)
    if (r[i].live && a < r[i].e.host + r[i].e.bytes && r[i].e.host < a + n)
      return 1;
  return 0;
}

/* Slot I owns host [I*64K, I*64K+64K) and device [I*64K + 1G, ...): random
   sizes inside make gaps, page-crossing and page-sharing ranges. */
static void test_present_random(void) {
  static range r[NR];
  static accgpu_present t;
  memset(r, 0, sizeof r);
  accgpu_present_init(&t);
  for (int step = 0; step < 40000; step++) {
    int i = (int)(next_rand() % NR);
    uintptr_t base = (uintptr_t)(i + 1) << 16;
    if (next_rand() % 2 == 0) {
      if (r[i].live) {
        accgpu_present_remove(&t, &r[i].e);
        r[i].live = 0;
      } else {
        size_t off = next_rand() % 8192, n = 1 + next_rand() % 40000;
        r[i].e = (accgpu_entry){.host = base + off, .dev = base + off +
                                (1u << 30), .bytes = n};
        CU_ASSERT_EQUAL(accgpu_present_insert(&t, &r[i].e), 0);
        r[i].live = 1;
      }
    }
    for (int q = 0; q < 4; q++) {
      uintptr_t a = (uintptr_t)(next_rand() % ((NR + 2) << 16));
      range *m = model_find(r, a);
      CU_ASSERT_EQUAL(accgpu_present_find(&t, a), m ? &m->e : NULL);
      m = model_find_dev(r, a + (1u << 30));
      CU_ASSERT_EQUAL(accgpu_present_find_dev(&t, a + (1u << 30)),
                      m ? &m->e : NULL);
      size_t n = 1 + next_rand() % 70000;
      CU_ASSERT_EQUAL(accgpu_present_overlap(&t, a, n) != NULL,
                      model_overlaps(r, a, n));
    }
  }
  size_t live = 0;
  for (int i = 0; i < NR; i++)
    live += r[i].live;
  CU_ASSERT_EQUAL(accgpu_present_count(&t), live);
  accgpu_present_fini(&t);
}

/* A removed entry must not be returned from the page cache. */
static void test_present_cache_invalidation(void) {
  static accgpu_present t;
  accgpu_entry a = {.host = 0x100000, .dev = 0x900000, .bytes = 0x3000};
  accgpu_entry b = {.host = 0x100000, .dev = 0xa00000, .bytes = 0x10};
  accgpu_present_init(&t);
  CU_ASSERT_EQUAL(accgpu_present_insert(&t, &a), 0);
  CU_ASSERT_EQUAL(accgpu_present_find(&t, 0x101234), &a); /* cached */
  accgpu_present_remove(&t, &a);
  CU_ASSERT_PTR_NULL(accgpu_present_find(&t, 0x101234));
  CU_ASSERT_EQUAL(accgpu_present_insert(&t, &b), 0);
  CU_ASSERT_PTR_NULL(accgpu_present_find(&t, 0x101234));
  CU_ASSERT_EQUAL(accgpu_present_find(&t, 0x10000f), &b);
  CU_ASSERT_PTR_NULL(accgpu_present_find(&t, 0x100010));
  accgpu_present_fini(&t);
}

/* Pool classes: never smaller than asked, at most 25% (or 256 B) bigger,
   monotone. */
static void test_pool_round(void) {
  size_t prev = 0;
  for (size_t n = 1; n <= ACCGPU_POOL_MAX; n += 1 + n / 97) {
    size_t r = accgpu_pool_round(n);
    CU_ASSERT_FATAL(r >= n);
    CU_ASSERT(r <= 256 || r - n <= n / 4 + 1);
    CU_ASSERT(r >= prev);
    prev = r;
  }
  CU_ASSERT_EQUAL(accgpu_pool_round(ACCGPU_POOL_MAX + 1), ACCGPU_POOL_MAX + 1);
}

ACCGPU_SUITE(hashmap, NULL, NULL, ACCGPU_TEST(test_oindex_random),
             ACCGPU_TEST(test_oindex_sequential),
             ACCGPU_TEST(test_ptrmap_random),
             ACCGPU_TEST(test_present_random),
             ACCGPU_TEST(test_present_cache_invalidation),
             ACCGPU_TEST(test_pool_round));
