/* test_mc_sched.c — when the multicore device deals a kernel's blocks
 * dynamically (runtime/multicore/mc.h): after MC_IMBALANCE_LIMIT uneven
 * static launches in a row, not after uneven launches that balanced ones
 * separate (a preempted thread on a loaded machine), and for good; a note
 * that changes nothing writes nothing (the count shares a cache line with
 * what every thread of a launch reads); the unevenness test itself. */
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

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

/* A kernel on a read-only page: a note that stores faults. */
static void test_unchanged_note_does_not_write(void) {
  long page = sysconf(_SC_PAGESIZE);
  accgpu_mc_kernel *k = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CU_ASSERT_FATAL(k != MAP_FAILED);
  k->imbalanced = 0;
  CU_ASSERT_EQUAL_FATAL(mprotect(k, (size_t)page, PROT_READ), 0);
  for (int i = 0; i < 3; i++)
    accgpu_mc_note(k, 0); /* balanced, balanced: 0 stays 0 */
  CU_ASSERT_EQUAL(k->imbalanced, 0);
  CU_ASSERT_EQUAL(mprotect(k, (size_t)page, PROT_READ | PROT_WRITE), 0);
  k->imbalanced = MC_IMBALANCE_LIMIT;
  CU_ASSERT_EQUAL_FATAL(mprotect(k, (size_t)page, PROT_READ), 0);
  accgpu_mc_note(k, 0); /* dynamic for good: nothing to write either */
  accgpu_mc_note(k, 1);
  CU_ASSERT_EQUAL(k->imbalanced, MC_IMBALANCE_LIMIT);
  munmap(k, (size_t)page);
}

/* accgpu_mc_uneven against the rule computed another way: sorted times,
   the mean summed from the largest down. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int uneven_ref(const double *t, int nt) {
  double s[64], sum = 0;
  for (int i = 0; i < nt; i++)
    s[i] = t[i];
  qsort(s, (size_t)nt, sizeof s[0], cmp_double);
  for (int i = nt - 1; i >= 0; i--)
    sum += s[i];
  return s[nt - 1] > 2e-4 && s[nt - 1] * nt > 1.5 * sum;
}

static void test_uneven_rule(void) {
  accgpu_mc_slot slot[64];
  double t[64];
  unsigned seed = 14;
  for (int round = 0; round < 2000; round++) {
    int nt = 1 + (int)(rand_r(&seed) % 64u);
    double scale = (rand_r(&seed) % 2u) ? 1e-3 : 1e-4; /* both sides of 0.2 ms */
    for (int i = 0; i < nt; i++) {
      int skew = rand_r(&seed) % 4u == 0;
      t[i] = scale * (skew ? 3 : 1) * (rand_r(&seed) % 1000u) / 1000.0;
      slot[i].seconds = t[i];
    }
    CU_ASSERT_EQUAL(accgpu_mc_uneven(slot, nt), uneven_ref(t, nt));
  }
  slot[0].seconds = 1e-3, slot[1].seconds = 1e-3;
  CU_ASSERT_FALSE(accgpu_mc_uneven(slot, 2)); /* even */
  slot[1].seconds = 1e-4;
  CU_ASSERT_TRUE(accgpu_mc_uneven(slot, 2)); /* 1 ms against a 0.55 ms mean */
  slot[0].seconds = 1.9e-4, slot[1].seconds = 0;
  CU_ASSERT_FALSE(accgpu_mc_uneven(slot, 2)); /* too short to count */
}

ACCGPU_SUITE(mc_sched, NULL, NULL, ACCGPU_TEST(test_consecutive_uneven_switch),
             ACCGPU_TEST(test_scattered_uneven_do_not),
             ACCGPU_TEST(test_switch_is_for_good),
             ACCGPU_TEST(test_unchanged_note_does_not_write),
             ACCGPU_TEST(test_uneven_rule));
