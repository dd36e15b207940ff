/* test_api33.c — the OpenACC 3.3 API (chapter 3 of the specification) on
 * the emulator: every C routine of the chapter is declared by openacc.h
 * with the specification's prototype and defined by libaccgpu (a table of
 * typed function pointers: a missing or different routine fails the build
 * of this file); acc_wait_any / acc_wait_any_device (3.2) return the queue
 * that finished while another is held by a gate kernel, ignore
 * acc_async_sync, take unused queues as finished (and every queue on the
 * host), and reject invalid async arguments.  The list is docs/runtime.md's "OpenACC API". */
#include "core.h"
#include "fake_device.h" /* expect_fatal */
#include "suite.h"

/* ---- every routine of OpenACC 3.3 chapter 3, with its C prototype ---- */

typedef void (*v_fn)(void);
#define API(name, type) {#name, (v_fn)(type)(name)}
static const struct {
  const char *name;
  v_fn fn;
} api33[] = {
    API(acc_get_num_devices, int (*)(acc_device_t)),
    API(acc_set_device_type, void (*)(acc_device_t)),
    API(acc_get_device_type, acc_device_t (*)(void)),
    API(acc_set_device_num, void (*)(int, acc_device_t)),
    API(acc_get_device_num, int (*)(acc_device_t)),
    API(acc_get_property,
        size_t (*)(int, acc_device_t, acc_device_property_t)),
    API(acc_get_property_string,
        const char *(*)(int, acc_device_t, acc_device_property_t)),
    API(acc_init, void (*)(acc_device_t)),
    API(acc_init_device, void (*)(int, acc_device_t)),
    API(acc_shutdown, void (*)(acc_device_t)),
    API(acc_shutdown_device, void (*)(int, acc_device_t)),
    API(acc_async_test, int (*)(int)),
    API(acc_async_test_device, int (*)(int, int)),
    API(acc_async_test_all, int (*)(void)),
    API(acc_async_test_all_device, int (*)(int)),
    API(acc_wait, void (*)(int)),
    API(acc_wait_device, void (*)(int, int)),
    API(acc_wait_all, void (*)(void)),
    API(acc_wait_all_device, void (*)(int)),
    API(acc_wait_async, void (*)(int, int)),
    API(acc_wait_device_async, void (*)(int, int, int)),
    API(acc_wait_all_async, void (*)(int)),
    API(acc_wait_all_device_async, void (*)(int, int)),
    API(acc_wait_any, int (*)(int, int[])),
    API(acc_wait_any_device, int (*)(int, int[], int)),
    API(acc_get_default_async, int (*)(void)),
    API(acc_set_default_async, void (*)(int)),
    API(acc_on_device, int (*)(acc_device_t)),
    API(acc_malloc, void *(*)(size_t)),
    API(acc_free, void (*)(void *)),
    API(acc_copyin, void *(*)(void *, size_t)),
    API(acc_copyin_async, void (*)(void *, size_t, int)),
    API(acc_create, void *(*)(void *, size_t)),
    API(acc_create_async, void (*)(void *, size_t, int)),
    API(acc_present_or_copyin, void *(*)(void *, size_t)),
    API(acc_pcopyin, void *(*)(void *, size_t)),
    API(acc_present_or_create, void *(*)(void *, size_t)),
    API(acc_pcreate, void *(*)(void *, size_t)),
    API(acc_copyout, void (*)(void *, size_t)),
    API(acc_copyout_async, void (*)(void *, size_t, int)),
    API(acc_copyout_finalize, void (*)(void *, size_t)),
    API(acc_copyout_finalize_async, void (*)(void *, size_t, int)),
    API(acc_delete, void (*)(void *, size_t)),
    API(acc_delete_async, void (*)(void *, size_t, int)),
    API(acc_delete_finalize, void (*)(void *, size_t)),
    API(acc_delete_finalize_async, void (*)(void *, size_t, int)),
    API(acc_update_device, void (*)(void *, size_t)),
    API(acc_update_device_async, void (*)(void *, size_t, int)),
    API(acc_update_self, void (*)(void *, size_t)),
    API(acc_update_self_async, void (*)(void *, size_t, int)),
    API(acc_map_data, void (*)(void *, void *, size_t)),
    API(acc_unmap_data, void (*)(void *)),
    API(acc_deviceptr, void *(*)(void *)),
    API(acc_hostptr, void *(*)(void *)),
    API(acc_is_present, int (*)(void *, size_t)),
    API(acc_memcpy_to_device, void (*)(void *, void *, size_t)),
    API(acc_memcpy_to_device_async, void (*)(void *, void *, size_t, int)),
    API(acc_memcpy_from_device, void (*)(void *, void *, size_t)),
    API(acc_memcpy_from_device_async, void (*)(void *, void *, size_t, int)),
    API(acc_memcpy_device, void (*)(void *, void *, size_t)),
    API(acc_memcpy_device_async, void (*)(void *, void *, size_t, int)),
    API(acc_attach, void (*)(void **)),
    API(acc_attach_async, void (*)(void **, int)),
    API(acc_detach, void (*)(void **)),
    API(acc_detach_async, void (*)(void **, int)),
    API(acc_detach_finalize, void (*)(void **)),
    API(acc_detach_finalize_async, void (*)(void **, int)),
    API(acc_memcpy_d2d, void (*)(void *, void *, size_t, int, int)),
    API(acc_memcpy_d2d_async, void (*)(void *, void *, size_t, int, int, int)),
};

static void test_api33_complete(void) {
  for (size_t i = 0; i < sizeof api33 / sizeof *api33; i++)
    if (!api33[i].fn) {
      fprintf(stdout, "\n  %s is NULL", api33[i].name);
      CU_FAIL("routine missing");
    }
  /* the 3.x async-argument values */
  CU_ASSERT(acc_async_noval < 0 && acc_async_sync < 0 &&
            acc_async_default < 0);
  CU_ASSERT(acc_async_noval != acc_async_sync &&
            acc_async_sync != acc_async_default);
}

/* ---- acc_wait_any on the emulator ---- */

void emu_gate__emu(void **args);
void emu_set_flag__emu(void **args);

static const __accgpu_loc WLOC = {"wait_any.c", "main", "parallel", 3, 1};
static const uint32_t pp_sizes[] = {sizeof(int *), sizeof(int *)};
static const uint32_t pi_sizes[] = {sizeof(int *), sizeof(int)};
static const __accgpu_kernel wkernels[] = {
    {"emu_gate", emu_gate__emu, 2, pp_sizes, &WLOC, 0, NULL, 0, NULL},
    {"emu_set_flag", emu_set_flag__emu, 2, pi_sizes, &WLOC, 0, NULL, 0,
     NULL}};
static void *wmod_cache;
static const __accgpu_module wmod = {ACCGPU_ABI_VERSION, 2, wkernels,
                                     "wait_any.c", "", NULL, NULL, 0,
                                     &wmod_cache, NULL, 0, 0, NULL, 0, NULL};

enum { GATE_THREADS = 32 };

static void launch2(unsigned k, void *a0, void *a1, int async) {
  void *args[] = {a0, a1};
  __accgpu_launch(&WLOC, &wmod, k, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){GATE_THREADS, 1, 1}, 0, async, args);
}

/* Holds queue ASYNC until *FLAG (device memory) is set; writes OUT. */
static void gate(int *out, int *flag, int async) {
  launch2(0, &out, &flag, async);
}
static void release(int *flag, int async) {
  int one = 1;
  launch2(1, &flag, &one, async);
  /* the emulator runs a deferred queue's work once tested or waited on
     (emulator/queue.c); the gate spins until then */
  acc_async_test(async);
}

/* A zeroed device int. */
static int *dev_flag(void) {
  int zero = 0, *f = acc_malloc(sizeof zero);
  acc_memcpy_to_device(f, &zero, sizeof zero);
  return f;
}

static int w_init(void) {
  setenv("ACCGPU_EMU_DEVICES", "2", 1);
  accgpu_core_set_backend(acc_device_emulator, NULL); /* recount: 2 */
  acc_set_device_num(0, acc_device_emulator);
  return 0;
}

static int w_clean(void) {
  accgpu_core_set_backend(acc_device_emulator, NULL);
  unsetenv("ACCGPU_EMU_DEVICES");
  acc_set_device_type(acc_device_host);
  return 0;
}

/* The gate's output: out[i] = 3 * i for every thread. */
static int gate_done(int *out_dev) {
  int out[GATE_THREADS], bad = 0;
  acc_memcpy_from_device(out, out_dev, sizeof out);
  for (int i = 0; i < GATE_THREADS; i++)
    bad += out[i] != 3 * i;
  return !bad;
}

static void test_wait_any_one_done(void) {
  CU_ASSERT_EQUAL_FATAL(acc_get_device_type(), acc_device_emulator);
  int *f1 = dev_flag(), *f2 = dev_flag();
  int *o1 = acc_malloc(GATE_THREADS * sizeof(int));
  int *o2 = acc_malloc(GATE_THREADS * sizeof(int));
  gate(o1, f1, 1);
  gate(o2, f2, 2);
  CU_ASSERT_EQUAL(acc_async_test(1), 0);
  CU_ASSERT_EQUAL(acc_async_test(2), 0);
  release(f2, 5);
  int q[] = {1, acc_async_sync, 2};
  CU_ASSERT_EQUAL(acc_wait_any(3, q), 2); /* queue 2, index 2 */
  CU_ASSERT(gate_done(o2));
  CU_ASSERT_EQUAL(acc_async_test(1), 0); /* still held */
  /* a queue never used is done */
  int q2[] = {1, 9};
  CU_ASSERT_EQUAL(acc_wait_any(2, q2), 1);
  release(f1, 5);
  CU_ASSERT_EQUAL(acc_wait_any(1, q), 0);
  CU_ASSERT(gate_done(o1));
  acc_free(o1);
  acc_free(o2);
  acc_free(f1);
  acc_free(f2);
}

/* The default queue by acc_async_noval; nothing to wait for: -1. */
static void test_wait_any_sync_and_noval(void) {
  int s[] = {acc_async_sync, acc_async_sync};
  CU_ASSERT_EQUAL(acc_wait_any(2, s), -1);
  CU_ASSERT_EQUAL(acc_wait_any(0, NULL), -1);
  int *f = dev_flag(), *o = acc_malloc(GATE_THREADS * sizeof(int));
  gate(o, f, acc_get_default_async());
  int q[] = {acc_async_noval};
  CU_ASSERT_EQUAL(acc_async_test(acc_async_noval), 0);
  release(f, 4);
  CU_ASSERT_EQUAL(acc_wait_any(1, q), 0);
  CU_ASSERT(gate_done(o));
  CU_ASSERT_EQUAL(acc_async_test(acc_get_default_async()), 1);
  acc_free(o);
  acc_free(f);
}

/* acc_wait_any_device looks at the queues of the device it names: queue 1
   is held on device 0, idle on device 1. */
static void test_wait_any_device(void) {
  CU_ASSERT_EQUAL_FATAL(acc_get_num_devices(acc_device_emulator), 2);
  int *f = dev_flag(), *o = acc_malloc(GATE_THREADS * sizeof(int));
  gate(o, f, 1);
  int q[] = {1};
  CU_ASSERT_EQUAL(acc_wait_any_device(1, q, 1), 0);
  CU_ASSERT_EQUAL(acc_async_test_device(1, 0), 0);
  release(f, 3);
  CU_ASSERT_EQUAL(acc_wait_any_device(1, q, 0), 0);
  CU_ASSERT(gate_done(o));
  acc_free(o);
  acc_free(f);
}

/* On the host every queue is done at once. */
static void test_wait_any_host(void) {
  acc_set_device_type(acc_device_host);
  int q[] = {acc_async_sync, 4, 2};
  CU_ASSERT_EQUAL(acc_wait_any(3, q), 1);
  CU_ASSERT_EQUAL(acc_wait_any(1, q), -1);
  acc_set_device_num(0, acc_device_emulator);
}

static void child_bad_async(void) {
  int q[] = {1, -7};
  acc_wait_any(2, q);
}
static void child_bad_count(void) { acc_wait_any(-1, NULL); }
static void child_bad_device(void) {
  int q[] = {1};
  acc_wait_any_device(1, q, 5);
}

static void test_wait_any_errors(void) {
  static const char *const w1[] = {"acc_wait_any: wait_arg[1] = -7",
                                   "not a valid async argument", NULL};
  static const char *const w2[] = {"acc_wait_any: invalid count -1", NULL};
  static const char *const w3[] = {"acc_wait_any_device", "device 5", NULL};
  expect_fatal(child_bad_async, w1);
  expect_fatal(child_bad_count, w2);
  expect_fatal(child_bad_device, w3);
}

ACCGPU_SUITE(api33, w_init, w_clean, ACCGPU_TEST(test_api33_complete),
             ACCGPU_TEST(test_wait_any_one_done),
             ACCGPU_TEST(test_wait_any_sync_and_noval),
             ACCGPU_TEST(test_wait_any_device),
             ACCGPU_TEST(test_wait_any_host),
             ACCGPU_TEST(test_wait_any_errors));
