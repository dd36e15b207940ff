/* test_present.c — OpenACC 2.6 §2.6.7 reference counting through the
 * compiler's entry points and the API, on the fake device: structured vs
 * dynamic counts, copy-out only when both reach zero, finalize, present
 * failures, partial presence, acc_map_data entries, exit data on absent
 * data.  Device contents are read through the fake's host-visible memory. */
#include "fake_device.h"
#include "suite.h"

static const __accgpu_loc L_DATA = {"prog.c", "main", "data", 10, 1};
static const __accgpu_loc L_PAR = {"prog.c", "main", "parallel", 12, 3};
static const __accgpu_loc L_ENTER = {"prog.c", "main", "enter data", 20, 1};
static const __accgpu_loc L_EXIT = {"prog.c", "main", "exit data", 30, 1};

#define N 1000
static int a[N], b[N];

static int init_suite(void) {
  fake_install(1, 0);
  return 0;
}
static int clean_suite(void) {
  return fake_uninstall();
}

static accgpu_entry *entry_of(void *h) {
  return accgpu_present_find(&accgpu_current()->present, (uintptr_t)h);
}

static __accgpu_map item(void *h, size_t n, unsigned kind, const char *name) {
  return (__accgpu_map){h, n, kind, 0, name};
}

static void fill(int *x, int v) {
  for (int i = 0; i < N; i++)
    x[i] = v + i;
}

static int all_eq(const int *x, int v) {
  for (int i = 0; i < N; i++)
    if (x[i] != v + i)
      return 0;
  return 1;
}

/* Device copy of A as an int array (fake device memory is readable). */
static int *dev(void *h) { return acc_deviceptr(h); }

static void enter(unsigned kind, void *h, size_t n, unsigned flags) {
  __accgpu_map m = item(h, n, kind, "a[0:n]");
  m.flags = flags;
  __accgpu_enter_data(&L_ENTER, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m);
}

static void leave(unsigned kind, void *h, size_t n, unsigned flags) {
  __accgpu_map m = item(h, n, kind, "a[0:n]");
  m.flags = flags;
  __accgpu_exit_data(&L_EXIT, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m);
}

static void test_dynamic_counts(void) {
  fill(a, 0);
  enter(ACCGPU_MAP_COPYIN, a, sizeof a, 0);
  enter(ACCGPU_MAP_COPYIN, a, sizeof a, 0);
  CU_ASSERT_EQUAL(entry_of(a)->dynamic, 2);
  CU_ASSERT(all_eq(dev(a), 0));
  fill(dev(a), 100); /* a "kernel" */
  leave(ACCGPU_MAP_COPYOUT, a, sizeof a, 0);
  CU_ASSERT(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 0)); /* count 1 left: no copy-out yet */
  leave(ACCGPU_MAP_COPYOUT, a, sizeof a, 0);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 100));
}

static void test_structured_and_dynamic(void) {
  fill(a, 0);
  __accgpu_map m = item(a, sizeof a, ACCGPU_MAP_COPY, "a");
  void *d;
  __accgpu_region_begin(&L_DATA, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        &d);
  CU_ASSERT_EQUAL(d, acc_deviceptr(a));
  enter(ACCGPU_MAP_COPYIN, a, sizeof a, 0); /* present: count only */
  CU_ASSERT_EQUAL(entry_of(a)->structured, 1);
  CU_ASSERT_EQUAL(entry_of(a)->dynamic, 1);
  fill(dev(a), 7);
  __accgpu_region_end(&L_DATA, acc_async_sync);
  /* structured 0, dynamic 1: neither copied out nor freed */
  CU_ASSERT(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 0));
  leave(ACCGPU_MAP_COPYOUT, a, sizeof a, 0);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 7));
}

/* exit data delete inside a region that holds the data: the structured
   count keeps it; the region's end frees it without copy-out (copyin). */
static void test_delete_inside_region(void) {
  fill(a, 0);
  enter(ACCGPU_MAP_COPYIN, a, sizeof a, 0);
  __accgpu_map m = item(a, sizeof a, ACCGPU_MAP_PRESENT, "a");
  __accgpu_region_begin(&L_PAR, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        NULL);
  leave(ACCGPU_MAP_DELETE, a, sizeof a, 0);
  CU_ASSERT(acc_is_present(a, sizeof a));
  CU_ASSERT_EQUAL(entry_of(a)->dynamic, 0);
  fill(dev(a), 9);
  __accgpu_region_end(&L_PAR, acc_async_sync);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 0));
}

static void test_finalize(void) {
  fill(a, 0);
  for (int i = 0; i < 3; i++)
    acc_copyin(a, sizeof a);
  CU_ASSERT_EQUAL(entry_of(a)->dynamic, 3);
  fill(dev(a), 5);
  leave(ACCGPU_MAP_COPYOUT, a, sizeof a, ACCGPU_MAPF_FINALIZE);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  CU_ASSERT(all_eq(a, 5));
  /* API finalize variants */
  acc_create(b, sizeof b);
  acc_create(b, sizeof b);
  acc_delete_finalize(b, sizeof b);
  CU_ASSERT_FALSE(acc_is_present(b, sizeof b));
  acc_copyin(b, sizeof b);
  acc_copyin(b, sizeof b);
  fill(dev(b), 3);
  acc_copyout_finalize(b, sizeof b);
  CU_ASSERT(all_eq(b, 3));
}

/* A subsection of a mapped array is present; its count is the array's. */
static void test_subsection(void) {
  fill(a, 0);
  acc_copyin(a, sizeof a);
  enter(ACCGPU_MAP_COPYIN, a + 10, 20 * sizeof *a, 0);
  CU_ASSERT_EQUAL(entry_of(a)->dynamic, 2);
  CU_ASSERT_EQUAL((int *)acc_deviceptr(a + 10), dev(a) + 10);
  dev(a)[10] = -1;
  dev(a)[50] = -2;
  leave(ACCGPU_MAP_COPYOUT, a + 10, 20 * sizeof *a, 0);
  CU_ASSERT(acc_is_present(a, sizeof a));
  acc_copyout(a + 10, 20 * sizeof *a); /* last ref: copies the section */
  CU_ASSERT_EQUAL(a[10], -1);
  CU_ASSERT_EQUAL(a[50], 50); /* outside the section: untouched */
  CU_ASSERT_FALSE(acc_is_present(a, 1));
}

static void test_exit_absent_is_noop(void) {
  fill(a, 0);
  leave(ACCGPU_MAP_COPYOUT, a, sizeof a, 0);
  leave(ACCGPU_MAP_DELETE, a, sizeof a, ACCGPU_MAPF_FINALIZE);
  CU_ASSERT(all_eq(a, 0));
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
}

static void test_map_data_never_freed(void) {
  void *d = acc_malloc(sizeof a);
  fill(a, 0);
  acc_map_data(a, d, sizeof a);
  CU_ASSERT_EQUAL(acc_deviceptr(a), d);
  CU_ASSERT_EQUAL(acc_hostptr((char *)d + 8), (char *)a + 8);
  __accgpu_map m = item(a, sizeof a, ACCGPU_MAP_COPY, "a");
  __accgpu_region_begin(&L_DATA, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        NULL);
  __accgpu_region_end(&L_DATA, acc_async_sync);
  acc_copyin(a, sizeof a);
  acc_delete_finalize(a, sizeof a);
  CU_ASSERT(acc_is_present(a, sizeof a)); /* never freed by the runtime */
  acc_unmap_data(a);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  acc_free(d);
}

/* ---- Error paths, each in a child process ---- */

static void child_present_missing(void) {
  __accgpu_map m = item(a, 4000, ACCGPU_MAP_PRESENT, "a[0:n]");
  __accgpu_region_begin(&L_PAR, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        NULL);
}

static void test_present_failure(void) {
  static const char *const want[] = {
      "prog.c:12 (parallel in main): 'a[0:n]' (4000 bytes at 0x",
      "is not present on device 0 (emulator)", NULL};
  expect_fatal(child_present_missing, want);
}

static void child_partial(void) {
  acc_copyin(a, 100 * sizeof *a);
  __accgpu_map m = item(a + 50, 100 * sizeof *a, ACCGPU_MAP_COPYIN, "a[50:100]");
  __accgpu_region_begin(&L_PAR, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        NULL);
}

static void test_partial_failure(void) {
  static const char *const want[] = {"prog.c:12 (parallel in main)",
                                     "'a[50:100]'", "only partly present",
                                     NULL};
  expect_fatal(child_partial, want);
}

static void child_update_absent(void) {
  __accgpu_map m = item(b, 40, ACCGPU_MAP_UPDATE_SELF, "b[0:10]");
  __accgpu_update(&L_EXIT, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m);
}

static void test_update_absent(void) {
  static const char *const want[] = {"prog.c:30", "'b[0:10]'",
                                     "is not present", NULL};
  expect_fatal(child_update_absent, want);
  /* ... unless if_present */
  __accgpu_map m = item(b, 40, ACCGPU_MAP_UPDATE_SELF, "b[0:10]");
  m.flags = ACCGPU_MAPF_IF_PRESENT;
  __accgpu_update(&L_EXIT, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m);
}

static void child_oom(void) {
  fake.mem_limit = 1 << 20;
  __accgpu_map m = item(a, (size_t)8 << 20, ACCGPU_MAP_CREATE, "big[0:n]");
  __accgpu_region_begin(&L_DATA, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        NULL);
}

static void test_out_of_memory(void) {
  static const char *const want[] = {
      "prog.c:10 (data in main): out of memory allocating 'big[0:n]' "
      "(8388608 bytes) on device 0 (emulator)", "fakeMalloc", NULL};
  expect_fatal(child_oom, want);
}

/* The refcount table must be empty again: every test above cleaned up. */
static void test_table_empty(void) {
  CU_ASSERT_EQUAL(accgpu_present_count(&accgpu_current()->present), 0);
}

ACCGPU_SUITE(present, init_suite, clean_suite,
             ACCGPU_TEST(test_dynamic_counts),
             ACCGPU_TEST(test_structured_and_dynamic),
             ACCGPU_TEST(test_delete_inside_region), ACCGPU_TEST(test_finalize),
             ACCGPU_TEST(test_subsection),
             ACCGPU_TEST(test_exit_absent_is_noop),
             ACCGPU_TEST(test_map_data_never_freed),
             ACCGPU_TEST(test_present_failure),
             ACCGPU_TEST(test_partial_failure),
             ACCGPU_TEST(test_update_absent), ACCGPU_TEST(test_out_of_memory),
             ACCGPU_TEST(test_table_empty));
