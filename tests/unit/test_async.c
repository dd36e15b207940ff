/* test_async.c — async queues on a fake device whose queues really run
 * later, on their own threads: results appear only after a wait, a queue
 * blocked on a gate reports busy, wait_async orders queues, the default
 * async queue, async region exits that copy out, and device memory of an
 * async copy-out that must not be reused before the copy ran. */
#include <sched.h>

#include "fake_device.h"
#include "suite.h"

static const __accgpu_loc LP = {"async.c", "f", "parallel", 5, 1};

#define N 1024
static int a[N], b[N];

static int gate;         /* kernels k_gate wait until it is set */
static int order[8], norder;
static pthread_mutex_t order_m = PTHREAD_MUTEX_INITIALIZER;

static void k_gate(void **args) {
  int tag = *(int *)args[0];
  while (!__atomic_load_n(&gate, __ATOMIC_ACQUIRE))
    sched_yield();
  pthread_mutex_lock(&order_m);
  order[norder++] = tag;
  pthread_mutex_unlock(&order_m);
}
static void k_add(void **args) {
  int *x = *(int **)args[0];
  int n = *(int *)args[1], v = *(int *)args[2];
  for (int i = 0; i < n; i++)
    x[i] += v;
}
static const uint32_t gate_sizes[] = {sizeof(int)};
static const uint32_t add_sizes[] = {sizeof(int *), sizeof(int), sizeof(int)};
static const __accgpu_kernel kernels[] = {
    {"k_gate", k_gate, 1, gate_sizes, &LP, 0, NULL, 0, NULL},
    {"k_add", k_add, 3, add_sizes, &LP, 0, NULL, 0, NULL}};
static void *mod_cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 2, kernels, "async.c",
                                    "", NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

static void launch(unsigned k, void **args, int async) {
  __accgpu_launch(&LP, &mod, k, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, async, args);
}
static void launch_gate(int tag, int async) {
  void *args[] = {&tag};
  launch(0, args, async);
}
static void launch_add(void *d, int n, int v, int async) {
  void *args[] = {&d, &n, &v};
  launch(1, args, async);
}

static int init_suite(void) {
  fake_install(1, 1);
  return 0;
}
static int clean_suite(void) { return fake_uninstall(); }

static void test_gate_busy_then_idle(void) {
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  norder = 0;
  launch_gate(1, 3);
  CU_ASSERT_EQUAL(acc_async_test(3), 0); /* blocked on the gate */
  CU_ASSERT_EQUAL(acc_async_test_all(), 0);
  CU_ASSERT_EQUAL(acc_async_test(4), 1); /* never used: idle */
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(3);
  CU_ASSERT_EQUAL(acc_async_test(3), 1);
  CU_ASSERT_EQUAL(norder, 1);
}

/* Queue 2 waits for queue 1: its kernel runs after queue 1's gate. */
static void test_wait_async_orders_queues(void) {
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  norder = 0;
  launch_gate(1, 1);
  acc_wait_async(1, 2);
  int tag2 = 2;
  void *args[] = {&tag2};
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  launch(0, args, 2);
  CU_ASSERT_EQUAL(acc_async_test(2), 0);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait_all();
  CU_ASSERT_EQUAL(norder, 2);
  CU_ASSERT_EQUAL(order[0], 1);
  CU_ASSERT_EQUAL(order[1], 2);
}

/* copyin, kernel, copyout all on queue 5; correct only after the wait. */
static void test_async_pipeline(void) {
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < N; i++)
    a[i] = i;
  acc_copyin_async(a, sizeof a, 5);
  int *d = acc_deviceptr(a);
  CU_ASSERT_PTR_NOT_NULL(d);
  launch_add(d, N, 3, 5);
  acc_copyout_async(a, sizeof a, 5);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a)); /* unmapped at once */
  acc_wait(5);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(a[i], i + 3);
}

/* An async copy-out's device block stays allocated until the copy ran:
   a block handed out meanwhile and overwritten must not be it. */
static void test_no_early_free(void) {
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  for (int i = 0; i < N; i++)
    b[i] = 7;
  acc_copyin(b, sizeof b);
  launch_gate(0, 6); /* holds queue 6 */
  acc_copyout_async(b, sizeof b, 6);
  int *other = acc_malloc(sizeof b);
  int junk[N];
  memset(junk, 0x55, sizeof junk);
  acc_memcpy_to_device(other, junk, sizeof junk);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(6);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(b[i], 7);
  acc_free(other);
}

/* A compute region with async(7): copy-in, kernel and copy-out queued. */
static void test_async_region(void) {
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < N; i++)
    a[i] = 2 * i;
  __accgpu_map m = {a, sizeof a, ACCGPU_MAP_COPY, 0, "a"};
  void *d;
  __accgpu_region_begin(&LP, ACCGPU_CURRENT_DEVICE, 7, 1, &m, &d);
  launch_add(d, N, 1, 7);
  __accgpu_region_end(&LP, 7);
  __accgpu_wait(&LP, ACCGPU_CURRENT_DEVICE, 1, (int[]){7}, acc_async_sync);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(a[i], 2 * i + 1);
}

/* acc_async_noval goes to the default queue: a real queue (0) that
   acc_get_default_async names, which acc_set_default_async moves and
   acc_async_default restores. */
static void test_default_async(void) {
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  CU_ASSERT_EQUAL(acc_get_default_async(), 0);
  launch_gate(0, acc_async_noval);
  CU_ASSERT_EQUAL(acc_async_test(0), 0); /* the same queue */
  CU_ASSERT_EQUAL(acc_async_test(9), 1);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(0);
  CU_ASSERT_EQUAL(acc_async_test(acc_async_noval), 1);
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  acc_set_default_async(9);
  CU_ASSERT_EQUAL(acc_get_default_async(), 9);
  launch_gate(0, acc_async_noval);
  CU_ASSERT_EQUAL(acc_async_test(9), 0);
  CU_ASSERT_EQUAL(acc_async_test(0), 1);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(acc_async_noval);
  CU_ASSERT_EQUAL(acc_async_test(9), 1);
  acc_set_default_async(acc_async_default);
  CU_ASSERT_EQUAL(acc_get_default_async(), 0);
  acc_set_default_async(4);
  acc_set_default_async(acc_async_noval);
  CU_ASSERT_EQUAL(acc_get_default_async(), 0);
}

static void bad_default_async(void) { acc_set_default_async(-7); }

/* An async value that names no queue is an error naming the routine. */
static void test_default_async_invalid(void) {
  char out[512];
  CU_ASSERT_EQUAL(run_child(bad_default_async, out, sizeof out), 1);
  CU_ASSERT_PTR_NOT_NULL(
      strstr(out, "acc_set_default_async: invalid async argument -7"));
  CU_ASSERT_EQUAL(acc_get_default_async(), 0); /* the parent's is untouched */
}

static void fill(int *x, int v) {
  for (int i = 0; i < N; i++)
    x[i] = v + i;
}

/* Async uploads read the host buffer at the call (staged), not when the
   queue runs: queue 8 is held by a gate, the host overwrites the buffer
   after each call, and the device must hold the values of the call.
   Covers acc_copyin_async, acc_update_device_async, enter data copyin
   async, a region's copyin with async, acc_memcpy_to_device_async. */
static void test_async_upload_snapshot(void) {
  static int ref[N], got[N];
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  launch_gate(0, 8);
  fill(a, 100);
  acc_copyin_async(a, sizeof a, 8);
  fill(a, -1000);
  CU_ASSERT_EQUAL(acc_async_test(8), 0); /* nothing ran yet */
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(8);
  fill(ref, 100);
  acc_memcpy_from_device(got, acc_deviceptr(a), sizeof got);
  CU_ASSERT_EQUAL(memcmp(got, ref, sizeof got), 0);

  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  launch_gate(0, 8);
  fill(a, 200);
  acc_update_device_async(a, sizeof a, 8);
  fill(a, -2000);
  __accgpu_map m = {b, sizeof b, ACCGPU_MAP_COPYIN, 0, "b"};
  fill(b, 300);
  __accgpu_enter_data(&LP, ACCGPU_CURRENT_DEVICE, 8, 1, &m);
  fill(b, -3000);
  int *dev = acc_malloc(sizeof got);
  fill(got, 400);
  acc_memcpy_to_device_async(dev, got, sizeof got, 8);
  fill(got, -4000);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(8);
  fill(ref, 200);
  acc_memcpy_from_device(got, acc_deviceptr(a), sizeof got);
  CU_ASSERT_EQUAL(memcmp(got, ref, sizeof got), 0);
  fill(ref, 300);
  acc_memcpy_from_device(got, acc_deviceptr(b), sizeof got);
  CU_ASSERT_EQUAL(memcmp(got, ref, sizeof got), 0);
  fill(ref, 400);
  acc_memcpy_from_device(got, dev, sizeof got);
  CU_ASSERT_EQUAL(memcmp(got, ref, sizeof got), 0);
  acc_free(dev);
  acc_delete(a, sizeof a);
  acc_delete(b, sizeof b);

  /* A compute region with async: its copyin is staged too. */
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  launch_gate(0, 8);
  fill(a, 500);
  __accgpu_map r = {a, sizeof a, ACCGPU_MAP_COPY, 0, "a"};
  void *d;
  __accgpu_region_begin(&LP, ACCGPU_CURRENT_DEVICE, 8, 1, &r, &d);
  fill(a, -5000);
  launch_add(d, N, 1, 8);
  __accgpu_region_end(&LP, 8);
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait(8);
  fill(ref, 501);
  CU_ASSERT_EQUAL(memcmp(a, ref, sizeof a), 0);

  /* Staging buffers went back to their pool after the copies, and a warm
     pool serves the next upload without a backend allocation. */
  accgpu_pool *sp = &accgpu_current()->staging;
  pthread_mutex_lock(&sp->lock);
  size_t live = sp->live_bytes;
  unsigned long allocs = sp->backend_allocs;
  pthread_mutex_unlock(&sp->lock);
  CU_ASSERT_EQUAL(live, 0);
  acc_copyin_async(a, sizeof a, 8);
  acc_wait(8);
  acc_delete(a, sizeof a);
  pthread_mutex_lock(&sp->lock);
  CU_ASSERT_EQUAL(sp->live_bytes, 0);
  CU_ASSERT_EQUAL(sp->backend_allocs, allocs);
  pthread_mutex_unlock(&sp->lock);
}

ACCGPU_SUITE(async, init_suite, clean_suite,
             ACCGPU_TEST(test_gate_busy_then_idle),
             ACCGPU_TEST(test_wait_async_orders_queues),
             ACCGPU_TEST(test_async_pipeline), ACCGPU_TEST(test_no_early_free),
             ACCGPU_TEST(test_async_region), ACCGPU_TEST(test_default_async),
             ACCGPU_TEST(test_default_async_invalid),
             ACCGPU_TEST(test_async_upload_snapshot));
