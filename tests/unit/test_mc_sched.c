/* test_mc_sched.c — when the multicore device deals a kernel's blocks
 * dynamically (runtime/multicore/mc.h): after MC_IMBALANCE_LIMIT uneven
 * static launches in a row, not after uneven launches that balanced ones
 * separate (a preempted thread on a loaded machine), and for good. */
#include "multicore/mc.h"
#include "suite.h"

static int dynamic(const accgpu_mc_kernel *k) {
  return k->imbalanced >= MC_IMBALANCE_LIMIT;
}

/* Launches (1: uneven, 0: balanced) noted on a fresh kernel. */
static int after(const int *launch, int n) {
  accgpu_mc_kernel k = {0};
  for (int i = 0; i < n; i++)
    accgpu_mc_note(&k, launch[i]);
  return dynamic(&k);
}

static void test_consecutive_uneven_switch(void) {
  int tri[] = {1, 1};
  int later[] = {0, 0, 0, 1, 1};
  CU_ASSERT_TRUE(after(tri, 2));
  CU_ASSERT_TRUE(after(later, 5));
}

static void test_scattered_uneven_do_not(void) {
  int noise[] = {1, 0, 1, 0, 0, 1, 0, 1, 0};
  int one[] = {1};
  CU_ASSERT_FALSE(after(noise, 9));
  CU_ASSERT_FALSE(after(one, 1));
}

static void test_switch_is_for_good(void) {
  int tri_then_even[] = {1, 1, 0, 0, 0};
  CU_ASSERT_TRUE(after(tri_then_even, 5));
}

ACCGPU_SUITE(mc_sched, NULL, NULL, ACCGPU_TEST(test_consecutive_uneven_switch),
             ACCGPU_TEST(test_scattered_uneven_do_not),
             ACCGPU_TEST(test_switch_is_for_good));
