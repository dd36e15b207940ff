/* The cost formula (Eq. 7.3-7.7) on a worked example, and the simulator on
 * kernels small enough to count by hand. */
#include <string.h>

#include "../tune.h"
#include "tune_test.h"

static tune_gpu small_gpu(int sms, int64_t l1_lines) {
  tune_gpu g;
  memset(&g, 0, sizeof g);
  g.sms = sms, g.max_threads_sm = 64, g.max_blocks_sm = 2;
  g.max_threads_block = 1024, g.warp = 32;
  g.l1_bytes = l1_lines * 128, g.l2_bytes = 1 << 20;
  g.line_bytes = 128, g.sector_bytes = 32;
  g.lat_l1 = 30, g.lat_l2 = 200, g.lat_dram = 400;
  return g;
}

/* 100 global loads (full lines), L1 miss rate 0.25, L2 miss rate 0.4:
 * Eq. 7.5: 100 * 0.75 * 30          =  2250
 * Eq. 7.6: 100 * 0.25 * 4 * 200     = 20000
 * Eq. 7.7: 100 * 0.25 * 0.4 * 4 * 400 = 16000   -> 38250. */
static void test_cost_worked_example(void) {
  tune_gpu g = small_gpu(1, 4);
  tune_result r;
  memset(&r, 0, sizeof r);
  r.l1_loads = 100, r.l1_hits = 75;
  r.l2_loads = 25 * 4, r.l2_hits = 60;
  CU_ASSERT_DOUBLE_EQUAL(accgpu_tune_cost(&g, &r), 38250.0, 1e-9);
  r.st_sectors = 10; /* stores: L2 latency per sector */
  CU_ASSERT_DOUBLE_EQUAL(accgpu_tune_cost(&g, &r), 40250.0, 1e-9);
}

/* for (i = 0; i < 256; i++) { x = a[i]; y = a[i]; }  with refs R. */
static tune_kernel loop_kernel(tune_ref *r, tune_op *ops) {
  tune_kernel k;
  memset(&k, 0, sizeof k);
  memset(r, 0, 2 * sizeof *r);
  k.npar = k.nvars = 1;
  k.vars[0].trip = 256;
  k.narrays = 1;
  for (int i = 0; i < 2; i++) {
    r[i].elem = 4, r[i].affine = 1, r[i].ecoef[0] = 1;
    ops[i] = (tune_op){TUNE_OP_REF, i, 0};
  }
  k.refs = r, k.nrefs = 2, k.ops = ops, k.nops = 2;
  return k;
}

static void test_sim_hand_counted(void) {
  tune_ref r[2];
  tune_op ops[2];
  tune_kernel k = loop_kernel(r, ops);
  tune_config c = {accgpu_tune_pattern_find("1_1"), {32, 1, 1}, {8, 1, 1}};
  tune_sim_opts o = {TUNE_INTERLEAVE_MODELED, 0};
  tune_result res;
  /* 8 blocks of one warp, 2 SMs x 2 resident blocks: 2 waves.  Each warp
   * loads one line twice; between the two, the other warp on the SM loads
   * its line: distance 1.  With 4 lines of L1: 8 of 16 loads hit; the 8
   * misses fetch 4 sectors each from L2, all cold. */
  tune_gpu g = small_gpu(2, 4);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_simulate(&k, &g, &c, &o, &res), 0);
  CU_ASSERT_EQUAL(res.waves, 2);
  CU_ASSERT_DOUBLE_EQUAL(res.l1_loads, 16, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l1_hits, 8, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l2_loads, 32, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l2_hits, 0, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.lane_accesses, 512, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.cost, 8 * 30 + 32 * 200 + 32 * 400.0, 1e-9);
  /* A one-line L1 loses the line in between: no hits, and the second
   * loads now hit in L2. */
  g = small_gpu(2, 1);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_simulate(&k, &g, &c, &o, &res), 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l1_hits, 0, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l2_loads, 64, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l2_hits, 32, 0);
}

/* Uncoalesced: a[32*i] puts every lane on its own line (one sector). */
static void test_sim_uncoalesced(void) {
  tune_ref r[2];
  tune_op ops[2];
  tune_kernel k = loop_kernel(r, ops);
  r[0].ecoef[0] = r[1].ecoef[0] = 32;
  tune_config c = {accgpu_tune_pattern_find("1_1"), {32, 1, 1}, {8, 1, 1}};
  tune_sim_opts o = {TUNE_INTERLEAVE_MODELED, 0};
  tune_result res;
  tune_gpu g = small_gpu(2, 1024);
  CU_ASSERT_EQUAL_FATAL(accgpu_tune_simulate(&k, &g, &c, &o, &res), 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l1_loads, 2 * 256, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l1_hits, 256, 0);
  CU_ASSERT_DOUBLE_EQUAL(res.l2_loads, 256, 0); /* one sector per miss */
}

TUNE_SUITE(tune_cost, TUNE_TEST(test_cost_worked_example),
           TUNE_TEST(test_sim_hand_counted), TUNE_TEST(test_sim_uncoalesced));
