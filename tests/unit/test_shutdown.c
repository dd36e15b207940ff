/* test_shutdown.c — acc_shutdown while other host threads use the device
 * (issue 11, item 1).  Six threads run data regions with asynchronous
 * kernels (emu_vadd on the real emulator), acc_copyin/acc_wait/acc_copyout
 * and acc_malloc/acc_free, while two more shut the emulator down again and
 * again.  Shutdown waits for the regions open on other threads and for
 * their operations in flight (docs/runtime.md, "Shutdown"), so every result
 * matches the serial sum and nothing is freed under a user.  Run by make
 * test, make test-asan and make test-tsan; ROUNDS repeats the race, which
 * crashed or tripped ASan in most rounds before shutdown waited. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "child.h"
#include "core.h"
#include "suite.h"

void emu_vadd__emu(void **args);

#define SN 512
#define USERS 6
#define CLOSERS 2
#define ITERS 40
#define ROUNDS 6

static const __accgpu_loc SLOC = {"shutdown.c", "user", "parallel", 12, 1};
static const uint32_t vadd_sizes[] = {sizeof(float *), sizeof(float *),
                                      sizeof(float *), sizeof(int)};
static const __accgpu_kernel sd_kernels[] = {
    {"emu_vadd", emu_vadd__emu, 4, vadd_sizes, &SLOC, 0, NULL, 0, NULL}};
static void *sd_cache;
static const __accgpu_module sd_mod = {ACCGPU_ABI_VERSION, 1, sd_kernels,
                                       "shutdown.c", "", NULL, NULL, 0,
                                       &sd_cache, NULL, 0, 0, NULL, 0, NULL};

typedef struct user {
  int id, bad;
  float a[SN], b[SN], c[SN];
} user;

static int stop_closers;

static int sd_init(void) {
  unsetenv("ACCGPU_EMU_DEVICES");
  accgpu_core_set_backend(acc_device_emulator, NULL);
  return 0;
}

static int sd_clean(void) {
  acc_set_device_type(acc_device_host);
  return 0;
}

/* c = a + b in a data region with an async kernel on queue ID + 1. */
static void region_round(user *u, int it) {
  size_t bytes = sizeof u->a;
  for (int i = 0; i < SN; i++)
    u->a[i] = (float)(i + it), u->b[i] = (float)(u->id * i % 13), u->c[i] = -1;
  __accgpu_map m[3] = {{u->a, bytes, ACCGPU_MAP_COPYIN, 0, "a"},
                       {u->b, bytes, ACCGPU_MAP_COPYIN, 0, "b"},
                       {u->c, bytes, ACCGPU_MAP_COPYOUT, 0, "c"}};
  void *dev[3];
  int q = u->id + 1, n = SN;
  __accgpu_region_begin(&SLOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 3, m,
                        dev);
  void *args[4] = {&dev[2], &dev[0], &dev[1], &n};
  __accgpu_launch(&SLOC, &sd_mod, 0, (__accgpu_dim3){SN / 128, 1, 1},
                  (__accgpu_dim3){128, 1, 1}, 0, q, args);
  acc_wait(q);
  __accgpu_region_end(&SLOC, acc_async_sync);
  for (int i = 0; i < SN; i++)
    u->bad += u->c[i] != u->a[i] + u->b[i];
}

/* The API inside a region (which keeps the device open: dynamic data and
   acc_malloc memory do not outlive a shutdown), then waits outside it. */
static void api_round(user *u, int it) {
  __accgpu_map m = {u->c, sizeof u->c, ACCGPU_MAP_CREATE, 0, "c"};
  void *dev;
  for (int i = 0; i < SN; i++)
    u->a[i] = (float)(i * it);
  __accgpu_region_begin(&SLOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        &dev);
  acc_copyin_async(u->a, sizeof u->a, u->id + 1);
  acc_async_test(u->id + 1);
  acc_wait(u->id + 1);
  acc_copyout(u->a, sizeof u->a);
  void *p = acc_malloc(1000 + (size_t)it);
  acc_free(p);
  __accgpu_region_end(&SLOC, acc_async_sync);
  acc_async_test(u->id + 1);
  acc_wait(u->id + 1);
  acc_wait_all();
  for (int i = 0; i < SN; i++)
    u->bad += u->a[i] != (float)(i * it);
}

static void *user_main(void *p) {
  user *u = p;
  acc_set_device_type(acc_device_emulator);
  for (int it = 0; it < ITERS; it++) {
    if (u->id % 3 == 2)
      api_round(u, it);
    else
      region_round(u, it);
  }
  return NULL;
}

static void *closer_main(void *p) {
  (void)p;
  while (!__atomic_load_n(&stop_closers, __ATOMIC_ACQUIRE)) {
    acc_shutdown(acc_device_emulator);
    sched_yield();
  }
  return NULL;
}

static void test_shutdown_concurrent(void) {
  static user us[USERS];
  for (int r = 0; r < ROUNDS; r++) {
    pthread_t ut[USERS], ct[CLOSERS];
    __atomic_store_n(&stop_closers, 0, __ATOMIC_RELEASE);
    for (int k = 0; k < CLOSERS; k++)
      CU_ASSERT_EQUAL_FATAL(pthread_create(&ct[k], NULL, closer_main, NULL), 0);
    for (int k = 0; k < USERS; k++) {
      us[k].id = k;
      us[k].bad = 0;
      CU_ASSERT_EQUAL_FATAL(pthread_create(&ut[k], NULL, user_main, &us[k]), 0);
    }
    for (int k = 0; k < USERS; k++)
      pthread_join(ut[k], NULL);
    __atomic_store_n(&stop_closers, 1, __ATOMIC_RELEASE);
    for (int k = 0; k < CLOSERS; k++)
      pthread_join(ct[k], NULL);
    for (int k = 0; k < USERS; k++)
      CU_ASSERT_EQUAL(us[k].bad, 0);
  }
  /* A user's region after the closers' last shutdown leaves the device
     open, its queue threads running: a child forked later (the next test)
     would inherit queues whose threads it does not have, and wait for
     them forever (seen 1 run in 5 under load). */
  acc_shutdown(acc_device_emulator);
}

/* Shutting down the device of a region the caller itself has open would
   pull the data out from under it: an error naming the call and the
   region's line (libgomp: "shutdown in 'acc data' region"). */
static void shutdown_in_region(void) {
  static float x[16];
  __accgpu_map m = {x, sizeof x, ACCGPU_MAP_COPY, 0, "x"};
  void *dev;
  acc_set_device_type(acc_device_emulator);
  __accgpu_region_begin(&SLOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        &dev);
  acc_shutdown(acc_device_emulator);
}

static void test_shutdown_in_own_region(void) {
  expect_fatal(shutdown_in_region,
               (const char *const[]){"acc_shutdown", "shutdown.c:12",
                                     "region", NULL});
}

ACCGPU_SUITE(shutdown, sd_init, sd_clean,
             ACCGPU_TEST(test_shutdown_concurrent),
             ACCGPU_TEST(test_shutdown_in_own_region));
