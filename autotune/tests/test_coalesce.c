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

/* Brute force: the set of (line, sector) pairs of every byte touched. */
static int reference(const uint64_t *a, int n, int elem, tune_tx *out) {
  int nt = 0;
  for (int i = 0; i < n; i++)
    for (uint64_t b = a[i]; b < a[i] + (uint64_t)elem; b++) {
      uint64_t line = b >> LS;
      uint32_t bit = 1u << ((b >> SS) & 3);
      int j = 0;
      while (j < nt && out[j].line != line)
        j++;
      if (j == nt) {
        out[nt].line = line;
        out[nt++].sectors = 0;
      }
      out[j].sectors |= bit;
    }
  /* Sorted by line, as the coalescer returns them. */
  for (int i = 1; i < nt; i++)
    for (int j = i; j > 0 && out[j - 1].line > out[j].line; j--) {
      tune_tx t = out[j];
      out[j] = out[j - 1];
      out[j - 1] = t;
    }
  return nt;
}

/* Random warps (ascending runs, descending and shuffled lanes, elements
 * straddling sectors and lines) against the brute-force byte sets. */
static void test_coalesce_random(void) {
  uint64_t x = 12345;
  int bad = 0;
  for (int iter = 0; iter < 3000; iter++) {
    static const int elems[] = {1, 4, 8, 16, 48};
    int elem = elems[iter % 5], n = 1 + iter % 32;
    uint64_t a[32], base = 1u << 20;
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      int64_t step = (int64_t)((x >> 33) % 9) - 2;
      a[i] = iter % 3 == 0 ? base + (x >> 40) % 4096
                           : base + (uint64_t)(i * step * elem) +
                                 (uint64_t)(iter % 7);
    }
    tune_tx got[TUNE_MAX_TX], want[TUNE_MAX_TX];
    int ng = accgpu_tune_coalesce(a, n, elem, LS, SS, got);
    int nw = reference(a, n, elem, want);
    int same = ng == nw;
    for (int i = 0; same && i < nw; i++)
      same = got[i].line == want[i].line && got[i].sectors == want[i].sectors;
    bad += !same;
  }
  CU_ASSERT_EQUAL(bad, 0);
}

TUNE_SUITE(tune_coalesce, TUNE_TEST(test_coalesce_unit_stride),
           TUNE_TEST(test_coalesce_broadcast_and_stride),
           TUNE_TEST(test_coalesce_random));
