/* test_cuda_policy.c — the nvidia backend's pure decisions
 * (runtime/cuda/cuda-policy.h): which embedded cubin a device runs, and how
 * a block fits a kernel's thread limit. */
#include "cuda/cuda-policy.h"
#include "suite.h"

static const unsigned char bytes[4] = {0x7f, 'E', 'L', 'F'};
#define CUBIN(a) {a, "cubin sm_" #a, bytes, sizeof bytes}

static void test_pick_cubin(void) {
  const __accgpu_cubin c[] = {CUBIN(80), CUBIN(90), CUBIN(86), CUBIN(120)};
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 9, 0), 1);   /* H100, H200 */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 8, 0), 0);   /* A100 */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 8, 6), 2);   /* exact */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 8, 9), 2);   /* newest 8.x */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 2, 8, 9), 0);
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 12, 1), 3);
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 7, 5), -1);  /* older: PTX */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 4, 10, 0), -1); /* newer major */
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(c, 0, 9, 0), -1);
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(NULL, 2, 9, 0), -1);
  const __accgpu_cubin empty[] = {{90, "cubin sm_90", NULL, 0}, CUBIN(80)};
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(empty, 2, 9, 0), -1);
  CU_ASSERT_EQUAL(accgpu_cuda_pick_cubin(empty, 2, 8, 0), 1);
}

/* BX x BY x BZ against MAX: the return value and the block after. */
static void fit(unsigned bx, unsigned by, unsigned bz, unsigned max, int want,
                unsigned want_bx, unsigned want_by) {
  CU_ASSERT_EQUAL(accgpu_cuda_fit_block(&bx, &by, bz, max), want);
  CU_ASSERT_EQUAL(bx, want_bx);
  CU_ASSERT_EQUAL(by, want_by);
}

static void test_fit_block(void) {
  fit(128, 8, 1, 1024, 0, 128, 8);
  /* compute_reduction_wide on the H200: 72 registers, 896 threads */
  fit(128, 8, 1, 896, 1, 128, 7);
  fit(1024, 1, 1, 896, 2, 896, 1);
  fit(96, 3, 1, 128, 1, 96, 1);
  fit(32, 4, 2, 128, 1, 32, 2);
  fit(512, 2, 1, 384, 2, 384, 1);
  fit(100, 1, 1, 80, 2, 64, 1); /* whole warps */
  fit(64, 1, 1, 16, -1, 64, 1);
  fit(1024, 4, 1, 0, 0, 1024, 4); /* limit unknown */
  fit(65536, 65536, 1, 1024, 2, 1024, 1);
}

ACCGPU_SUITE(cuda_policy, NULL, NULL, ACCGPU_TEST(test_pick_cubin),
             ACCGPU_TEST(test_fit_block));
