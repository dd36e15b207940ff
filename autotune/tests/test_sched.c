/* Thread-block dispatch (Eq. 7.1, 7.2), grids and the launch space. */
#include <string.h>

#include "../tune.h"
#include "tune_test.h"

/* The seed's Kepler example (§7.3.3): 15 SMs, 2048 threads and at most 16
 * blocks per SM. */
static tune_gpu kepler(void) {
  tune_gpu g;
  memset(&g, 0, sizeof g);
  g.sms = 15, g.max_threads_sm = 2048, g.max_blocks_sm = 16;
  g.max_threads_block = 1024, g.warp = 32;
  return g;
}

static void test_active_blocks_eq_7_2(void) {
  tune_gpu g = kepler();
  CU_ASSERT_EQUAL(accgpu_tune_active_blocks(&g, 1024), 2);
  CU_ASSERT_EQUAL(accgpu_tune_active_blocks(&g, 256), 8);
  CU_ASSERT_EQUAL(accgpu_tune_active_blocks(&g, 128), 16);
  CU_ASSERT_EQUAL(accgpu_tune_active_blocks(&g, 32), 16); /* block limit */
}

static void test_waves_and_round_robin(void) {
  /* §7.3.3: 60 blocks, 2 per SM on 15 SMs -> two waves of 30. */
  CU_ASSERT_EQUAL(accgpu_tune_waves(60, 2, 15), 2);
  CU_ASSERT_EQUAL(accgpu_tune_waves(61, 2, 15), 3);
  CU_ASSERT_EQUAL(accgpu_tune_waves(30, 2, 15), 1);
  int64_t w;
  int sm, slot;
  /* "Thread block 0 and thread block 15 are assigned to SM 0." */
  accgpu_tune_dispatch(0, 2, 15, &w, &sm, &slot);
  CU_ASSERT(w == 0 && sm == 0 && slot == 0);
  accgpu_tune_dispatch(15, 2, 15, &w, &sm, &slot);
  CU_ASSERT(w == 0 && sm == 0 && slot == 1);
  accgpu_tune_dispatch(16, 2, 15, &w, &sm, &slot);
  CU_ASSERT(w == 0 && sm == 1 && slot == 1);
  accgpu_tune_dispatch(30, 2, 15, &w, &sm, &slot);
  CU_ASSERT(w == 1 && sm == 0 && slot == 0);
  accgpu_tune_dispatch(59, 2, 15, &w, &sm, &slot);
  CU_ASSERT(w == 1 && sm == 14 && slot == 1);
}

/* A double nest j (y) x i (x) with trips NY x NX. */
static tune_kernel nest(int64_t ny, int64_t nx) {
  tune_kernel k;
  memset(&k, 0, sizeof k);
  k.npar = k.nvars = 2;
  k.vars[0].trip = ny;
  k.vars[1].trip = nx;
  return k;
}

static void test_grids_follow_patterns(void) {
  tune_kernel k = nest(100, 1000);
  int64_t g[3];
  accgpu_tune_full_grid(&k, accgpu_tune_pattern_find("2_1"), (int[3]){128, 1, 1}, g);
  CU_ASSERT(g[0] == 100 && g[1] == 1 && g[2] == 1);
  accgpu_tune_full_grid(&k, accgpu_tune_pattern_find("2_2"), (int[3]){128, 1, 1}, g);
  CU_ASSERT(g[0] == 8 && g[1] == 100);
  accgpu_tune_full_grid(&k, accgpu_tune_pattern_find("2_3"), (int[3]){32, 8, 1}, g);
  CU_ASSERT(g[0] == 32 && g[1] == 13);
}

static void test_launch_space(void) {
  tune_gpu gp = kepler();
  tune_kernel k = nest(4096, 4096);
  const tune_pattern *p;
  int np = accgpu_tune_patterns(2, &p);
  CU_ASSERT_EQUAL(np, 3);
  int has_default = 0;
  for (int i = 0; i < np; i++) {
    tune_config c[256];
    int n = accgpu_tune_configs(&k, &gp, &p[i], c, 256);
    CU_ASSERT(n > 0);
    for (int j = 0; j < n; j++) {
      int t = c[j].block[0] * c[j].block[1] * c[j].block[2];
      CU_ASSERT(t % 32 == 0 && t <= 1024);
      CU_ASSERT(c[j].grid[1] <= 65535 && c[j].grid[2] <= 65535);
      has_default |= strcmp(p[i].name, "2_1") == 0 && c[j].block[0] == 128 &&
                     c[j].grid[0] == 4096;
    }
  }
  CU_ASSERT(has_default);
  CU_ASSERT_EQUAL(accgpu_tune_patterns(3, &p), 4);
  CU_ASSERT_STRING_EQUAL(p[0].name, "3_1");
}

/* What the plugin can apply (docs/tuning.md): 2_3 puts the outer loop on
 * threadIdx.y (a worker loop), 2_1 and 2_2 use threadIdx.x only. */
static void test_openacc_expressible(void) {
  tune_gpu gp = kepler();
  const tune_pattern *w = accgpu_tune_pattern_find("2_3");
  const tune_pattern *v = accgpu_tune_pattern_find("2_1");
  CU_ASSERT_FATAL(w && v);
  struct { const tune_pattern *p; int bx, by, bz, ok; } cases[] = {
      {w, 32, 32, 1, 1},  /* one warp per worker */
      {w, 64, 8, 1, 1},   /* two warps per worker, 8 named barriers */
      {w, 64, 16, 1, 0},  /* 16 workers wider than a warp: 15 barriers */
      {w, 16, 64, 1, 0},  /* half a warp per worker */
      {w, 32, 2, 2, 0},   /* no level on threadIdx.z */
      {v, 16, 1, 1, 1},   /* no worker loop: any x */
      {v, 1024, 1, 1, 1},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tune_config c = {cases[i].p, {cases[i].bx, cases[i].by, cases[i].bz},
                     {1, 1, 1}};
    CU_ASSERT_EQUAL(accgpu_tune_openacc_ok(&c, &gp), cases[i].ok);
  }
}

TUNE_SUITE(tune_sched, TUNE_TEST(test_active_blocks_eq_7_2),
           TUNE_TEST(test_waves_and_round_robin),
           TUNE_TEST(test_grids_follow_patterns), TUNE_TEST(test_launch_space),
           TUNE_TEST(test_openacc_expressible));
