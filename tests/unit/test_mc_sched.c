/* test_mc_sched.c — when the multicore device deals a kernel's blocks
 * dynamically (runtime/multicore/mc.h): after MC_IMBALANCE_LIMIT uneven
 * static launches in a row, not after uneven launches that balanced ones
 * separate (a preempted thread on a loaded machine), and for good; a note
 * that changes nothing writes nothing (the count shares a cache line with
 * what every thread of a launch reads); ACCGPU_MC_SCHEDULE's forced
 * choices; the unevenness test itself. */
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "multicore/mc.h"
#include "suite.h"

static int dynamic(const accgpu_mc_kernel *k) {
  return accgpu_mc_dynamic(MC_SCHED_AUTO, k);
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

/* ACCGPU_MC_SCHEDULE=static or dynamic decides whatever the launches
   showed (the multicore device's default gangs follow it: one block per
   thread statically, four dynamically). */
static void test_forced_schedule_wins(void) {
  accgpu_mc_kernel k = {0};
  CU_ASSERT_FALSE(accgpu_mc_dynamic(MC_SCHED_STATIC, &k));
  CU_ASSERT_TRUE(accgpu_mc_dynamic(MC_SCHED_DYNAMIC, &k));
  accgpu_mc_note(&k, 1);
  accgpu_mc_note(&k, 1);
  CU_ASSERT_TRUE(accgpu_mc_dynamic(MC_SCHED_AUTO, &k));
  CU_ASSERT_FALSE(accgpu_mc_dynamic(MC_SCHED_STATIC, &k));
  CU_ASSERT_TRUE(accgpu_mc_dynamic(MC_SCHED_DYNAMIC, &k));
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

/* Launches of kernel K taking SECONDS[i], uneven when UNEVEN[i], noted as
   team.c does (only timed launches are noted); returns how many were
   timed and sets *SWITCHED to the first launch after which K is dealt
   dynamically (-1: never). */
static int run_launches(accgpu_mc_kernel *k, unsigned *launches,
                        const double *seconds, const int *uneven, int n,
                        int *switched) {
  int timed = 0;
  *switched = -1;
  for (int i = 0; i < n; i++) {
    if (accgpu_mc_timed(k, launches)) {
      timed++;
      accgpu_mc_note_time(k, seconds[i]);
      accgpu_mc_note(k, seconds[i] > 2e-4 && uneven[i]);
    }
    if (*switched < 0 && dynamic(k))
      *switched = i;
  }
  return timed;
}

/* Timing a launch costs more than a tiny launch (session 10): a kernel
   whose launches are short is timed once, then at one launch in
   MC_TIMED_EVERY; a long uneven one is timed at every launch and switches
   as soon as before (its second launch); one that grows from short to
   long and uneven switches within MC_TIMED_EVERY + 2 launches. */
static void test_timing_sampled(void) {
  enum { N = 160 };
  double tiny[N], grows[N];
  int even[N], skewed[N], sw;
  for (int i = 0; i < N; i++) {
    tiny[i] = 3e-6, even[i] = 0, skewed[i] = 1;
    grows[i] = i < 50 ? 3e-6 : 5e-3;
  }
  accgpu_mc_kernel k = {0};
  unsigned launches = 0;
  int timed = run_launches(&k, &launches, tiny, skewed, N, &sw);
  CU_ASSERT_EQUAL(timed, 1 + (int)((N - 1) / MC_TIMED_EVERY));
  CU_ASSERT_EQUAL(sw, -1);
  accgpu_mc_kernel tri = {0};
  launches = 0;
  double longs[N];
  for (int i = 0; i < N; i++)
    longs[i] = 5e-3;
  CU_ASSERT_EQUAL(run_launches(&tri, &launches, longs, skewed, N, &sw), N);
  CU_ASSERT_EQUAL(sw, 1);
  accgpu_mc_kernel bal = {0};
  launches = 0;
  CU_ASSERT_EQUAL(run_launches(&bal, &launches, longs, even, N, &sw), N);
  CU_ASSERT_EQUAL(sw, -1);
  accgpu_mc_kernel g = {0};
  launches = 0;
  run_launches(&g, &launches, grows, skewed, N, &sw);
  CU_ASSERT_TRUE(sw >= 50 && sw <= 50 + (int)MC_TIMED_EVERY + 1);
}

/* A brief kernel stays brief without a store (its line is read by every
   launch of it, as accgpu_mc_note's). */
static void test_unchanged_time_note_does_not_write(void) {
  long page = sysconf(_SC_PAGESIZE);
  accgpu_mc_kernel *k = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CU_ASSERT_FATAL(k != MAP_FAILED);
  accgpu_mc_note_time(k, 1e-6);
  CU_ASSERT_TRUE(k->brief);
  CU_ASSERT_EQUAL_FATAL(mprotect(k, (size_t)page, PROT_READ), 0);
  for (int i = 0; i < 3; i++)
    accgpu_mc_note_time(k, 2e-6);
  CU_ASSERT_TRUE(k->brief);
  munmap(k, (size_t)page);
}

ACCGPU_SUITE(mc_sched, NULL, NULL, ACCGPU_TEST(test_consecutive_uneven_switch),
             ACCGPU_TEST(test_scattered_uneven_do_not),
             ACCGPU_TEST(test_switch_is_for_good),
             ACCGPU_TEST(test_forced_schedule_wins),
             ACCGPU_TEST(test_unchanged_note_does_not_write),
             ACCGPU_TEST(test_uneven_rule),
             ACCGPU_TEST(test_timing_sampled),
             ACCGPU_TEST(test_unchanged_time_note_does_not_write));
