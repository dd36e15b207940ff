/* Warp coalescing into 128-byte lines and 32-byte sectors, hand-computed. */
#include "../costmodel/coalesce.h"
#include "tune_test.h"

#define LS 7 /* 128-byte lines */
#define SS 5 /* 32-byte sectors */

static int run(uint64_t first, int64_t stride, int n, int elem,
               tune_tx *tx) {
  uint64_t a[32];
  for (int i = 0; i < n; i++)
    a[i] = first + (uint64_t)(i * stride);
  return accgpu_tune_coalesce(a, n, elem, LS, SS, tx);
}

static void test_coalesce_unit_stride(void) {
  tune_tx tx[TUNE_MAX_TX];
  /* 32 floats from an aligned address: one line, all four sectors. */
  CU_ASSERT_EQUAL(run(4096, 4, 32, 4, tx), 1);
  CU_ASSERT_EQUAL(tx[0].line, 4096 >> 7);
  CU_ASSERT_EQUAL(tx[0].sectors, 0xf);
  /* 32 doubles: two lines of four sectors. */
  CU_ASSERT_EQUAL(run(4096, 8, 32, 8, tx), 2);
  CU_ASSERT_EQUAL(tx[1].line, (4096 >> 7) + 1);
  CU_ASSERT_EQUAL(tx[0].sectors & tx[1].sectors, 0xf);
  /* Misaligned by one float: line 32 sectors 0-3, line 33 sector 0. */
  CU_ASSERT_EQUAL(run(4100, 4, 32, 4, tx), 2);
  CU_ASSERT_EQUAL(tx[0].sectors, 0xf);
  CU_ASSERT_EQUAL(tx[1].sectors, 0x1);
}

static void test_coalesce_broadcast_and_stride(void) {
  tune_tx tx[TUNE_MAX_TX];
  /* Every lane the same float: one line, one sector. */
  CU_ASSERT_EQUAL(run(4196, 0, 32, 4, tx), 1);
  CU_ASSERT_EQUAL(tx[0].sectors, 1u << ((4196 % 128) / 32));
  /* Stride of a 4096-float row: 32 lines, one sector each. */
  CU_ASSERT_EQUAL(run(0, 16384, 32, 4, tx), 32);
  for (int i = 0; i < 32; i++)
    CU_ASSERT_EQUAL(tx[i].sectors, 1);
  /* Stride 8 bytes of floats: 256 bytes = 2 lines, all sectors. */
  CU_ASSERT_EQUAL(run(0, 8, 32, 4, tx), 2);
  /* Reverse order comes out sorted by line. */
  CU_ASSERT_EQUAL(run(1024, -128, 8, 4, tx), 8);
  for (int i = 1; i < 8; i++)
    CU_ASSERT(tx[i - 1].line < tx[i].line);
  /* An element straddling a line boundary touches both lines. */
  uint64_t a = 124;
  CU_ASSERT_EQUAL(accgpu_tune_coalesce(&a, 1, 8, LS, SS, tx), 2);
  CU_ASSERT_EQUAL(tx[0].sectors, 0x8);
  CU_ASSERT_EQUAL(tx[1].sectors, 0x1);
}

TUNE_SUITE(tune_coalesce, TUNE_TEST(test_coalesce_unit_stride),
           TUNE_TEST(test_coalesce_broadcast_and_stride));
