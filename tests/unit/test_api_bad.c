/* test_api_bad.c — bad input to the public API of include/openacc.h, table
 * driven (issue 11, item 9): null pointers, sizes that wrap the address
 * space, invalid async arguments and device numbers, unknown device types
 * and properties.  Each case runs in a child on the emulator and must
 * either do what the specification defines (exit 0, nothing on stderr) or
 * stop with exit status 1 and one error line naming the routine; never a
 * crash or a silent success. */
#include <stdint.h>
#include <stdlib.h>

#include "child.h"
#include "core.h"
#include "suite.h"

#define HUGE_N ((size_t)-1 - 64)
#define BAD_TYPE ((acc_device_t)77)

static double buf[64];
static void *not_dev = (void *)(uintptr_t)0x10;

static void emu(void) { acc_set_device_type(acc_device_emulator); }

/* Each case: a body run on the emulator. */
#define CASE(name, body)                                                     \
  static void name(void) {                                                   \
    emu();                                                                   \
    body;                                                                    \
  }

/* Async arguments: only >= 0, acc_async_sync, acc_async_noval and
   acc_async_default are valid. */
CASE(wait_bad, acc_wait(-99))
CASE(wait_device_bad, acc_wait_device(-99, 0))
CASE(test_bad, acc_async_test(-99))
CASE(test_device_bad, acc_async_test_device(-99, 0))
CASE(wait_async_bad1, acc_wait_async(-99, 1))
CASE(wait_async_bad2, acc_wait_async(1, -99))
CASE(wait_all_async_bad, acc_wait_all_async(-99))
CASE(async_wait_bad, acc_async_wait(-99))
CASE(copyin_async_bad, acc_copyin_async(buf, sizeof buf, -99))
CASE(update_async_bad, acc_update_self_async(buf, sizeof buf, -7))
CASE(set_default_bad, acc_set_default_async(-99))
CASE(stream_bad, acc_get_cuda_stream(-99))
CASE(wait_any_bad, acc_wait_any(1, (int[]){-99}))
CASE(wait_any_count, acc_wait_any(-1, NULL))
CASE(wait_ok, acc_wait(5); acc_wait(acc_async_noval); acc_wait(acc_async_sync);
     acc_async_test(acc_async_default))

/* Device numbers and types. */
CASE(set_num_big, acc_set_device_num(99, acc_device_emulator))
CASE(set_num_neg, acc_set_device_num(-5, acc_device_emulator);
     if (acc_get_device_num(acc_device_emulator) != 0) exit(3))
CASE(set_type_bad, acc_set_device_type(BAD_TYPE))
CASE(init_bad, acc_init(BAD_TYPE))
CASE(shutdown_bad, acc_shutdown(BAD_TYPE))
CASE(init_device_bad, acc_init_device(-1, acc_device_emulator))
CASE(shutdown_device_bad, acc_shutdown_device(42, acc_device_emulator))
CASE(prop_dev_bad, acc_get_property(-1, acc_device_emulator,
                                    acc_property_memory))
CASE(prop_type_bad, acc_get_property(0, BAD_TYPE, acc_property_memory))
CASE(prop_string_bad, acc_get_property_string(7, acc_device_emulator,
                                              acc_property_name))
CASE(prop_unknown, if (acc_get_property(0, acc_device_emulator,
                                        (acc_device_property_t)99) != 0 ||
                       acc_get_property_string(0, acc_device_emulator,
                                               (acc_device_property_t)99))
                     exit(3))
CASE(num_devices_bad, if (acc_get_num_devices(BAD_TYPE) != 0 ||
                          acc_on_device(BAD_TYPE)) exit(3))
CASE(wait_devnum_bad, acc_wait_device(1, 99))
CASE(test_all_devnum_bad, acc_async_test_all_device(-3))
CASE(peer_dev_bad, acc_update_peer(buf, 99, buf, 0, sizeof buf))
CASE(d2d_dev_bad, acc_memcpy_d2d(buf, buf, sizeof buf, 0, -2))

/* Null pointers: the data routines take no action (OpenACC 3.3 §3.2); the
   routines that must have memory to work on say so. */
CASE(null_data_ok,
     if (acc_copyin(NULL, 8) || acc_create(NULL, 8) || acc_deviceptr(NULL) ||
         acc_hostptr(NULL) || acc_is_present(NULL, 8)) exit(3);
     acc_copyout(NULL, 8); acc_delete(NULL, 8); acc_update_device(NULL, 8);
     acc_update_self(NULL, 8); acc_free(NULL); acc_copyin(buf, 0))
CASE(map_null, acc_map_data(NULL, not_dev, 8))
CASE(unmap_null, acc_unmap_data(NULL))
CASE(attach_null, acc_attach(NULL))
CASE(detach_null, acc_detach(NULL))
CASE(memcpy_to_null, acc_memcpy_to_device(NULL, buf, 8))
CASE(memcpy_to_null_src, acc_memcpy_to_device(acc_malloc(8), NULL, 8))
CASE(memcpy_from_null, acc_memcpy_from_device(buf, NULL, 8))
CASE(memcpy_device_null, acc_memcpy_device(NULL, acc_malloc(8), 8))
CASE(memcpy_to_host_addr, acc_memcpy_to_device(buf, buf, sizeof buf))
CASE(memcpy_from_not_dev, acc_memcpy_from_device(buf, not_dev, 8))
CASE(free_not_dev, acc_free(not_dev))

/* Sizes that wrap around the address space ("negative" sizes). */
CASE(copyin_huge, acc_copyin(buf, HUGE_N))
CASE(create_huge, acc_create(buf, (size_t)-1))
CASE(present_huge, if (acc_is_present(buf, (size_t)-1)) exit(3))
CASE(copyout_huge, acc_copyout(buf, (size_t)-1))
CASE(update_huge, acc_update_device(buf, HUGE_N))
CASE(map_huge, acc_map_data(buf, not_dev, (size_t)-1))
CASE(malloc_huge, acc_malloc((size_t)-1))
CASE(memcpy_huge, acc_memcpy_to_device(acc_malloc(8), buf, HUGE_N))

typedef struct bad_case {
  const char *name;
  void (*fn)(void);
  const char *want; /* in the one error line; NULL: must run cleanly */
} bad_case;

static const bad_case cases[] = {
    {"acc_wait(-99)", wait_bad, "acc_wait: invalid async argument -99"},
    {"acc_wait_device(-99)", wait_device_bad, "acc_wait_device: invalid async"},
    {"acc_async_test(-99)", test_bad, "acc_async_test: invalid async"},
    {"acc_async_test_device(-99)", test_device_bad,
     "acc_async_test_device: invalid async"},
    {"acc_wait_async(-99, 1)", wait_async_bad1, "acc_wait_async: invalid async"},
    {"acc_wait_async(1, -99)", wait_async_bad2, "acc_wait_async: invalid async"},
    {"acc_wait_all_async(-99)", wait_all_async_bad,
     "acc_wait_all_async: invalid async"},
    {"acc_async_wait(-99)", async_wait_bad, "invalid async argument -99"},
    {"acc_copyin_async(-99)", copyin_async_bad,
     "acc_copyin_async: invalid async"},
    {"acc_update_self_async(-7)", update_async_bad,
     "acc_update_self_async: invalid async"},
    {"acc_set_default_async(-99)", set_default_bad,
     "acc_set_default_async: invalid async"},
    {"acc_get_cuda_stream(-99)", stream_bad, "acc_get_cuda_stream: invalid async"},
    {"acc_wait_any({-99})", wait_any_bad, "acc_wait_any: wait_arg[0]"},
    {"acc_wait_any(-1, NULL)", wait_any_count, "acc_wait_any: invalid count"},
    {"valid async arguments", wait_ok, NULL},
    {"acc_set_device_num(99)", set_num_big,
     "acc_set_device_num: emulator device 99 does not exist"},
    {"acc_set_device_num(-5): the default device", set_num_neg, NULL},
    {"acc_set_device_type(77)", set_type_bad,
     "acc_set_device_type: invalid device type 77"},
    {"acc_init(77)", init_bad, "acc_init: invalid device type 77"},
    {"acc_shutdown(77)", shutdown_bad, "acc_shutdown: invalid device type 77"},
    {"acc_init_device(-1)", init_device_bad,
     "acc_init_device: emulator device -1 does not exist"},
    {"acc_shutdown_device(42)", shutdown_device_bad,
     "acc_shutdown_device: emulator device 42 does not exist"},
    {"acc_get_property(-1)", prop_dev_bad, "acc_get_property: emulator device -1"},
    {"acc_get_property(type 77)", prop_type_bad,
     "acc_get_property: invalid device type 77"},
    {"acc_get_property_string(7)", prop_string_bad,
     "acc_get_property_string: emulator device 7"},
    {"unknown property: 0 / NULL", prop_unknown, NULL},
    {"acc_get_num_devices(77), acc_on_device(77): 0", num_devices_bad, NULL},
    {"acc_wait_device(devnum 99)", wait_devnum_bad,
     "acc_wait_device: emulator device 99"},
    {"acc_async_test_all_device(-3)", test_all_devnum_bad,
     "acc_async_test_all_device: emulator device -3"},
    {"acc_update_peer(to 99)", peer_dev_bad, "acc_update_peer: emulator device 99"},
    {"acc_memcpy_d2d(from -2)", d2d_dev_bad, "acc_memcpy_d2d: emulator device -2"},
    {"NULL data: no action", null_data_ok, NULL},
    {"acc_map_data(NULL)", map_null, "acc_map_data: invalid arguments"},
    {"acc_unmap_data(NULL)", unmap_null, "acc_unmap_data: (nil) was not mapped"},
    {"acc_attach(NULL)", attach_null, "acc_attach: cannot attach: pointer (nil)"},
    {"acc_detach(NULL)", detach_null, "acc_detach: cannot attach: pointer (nil)"},
    {"acc_memcpy_to_device(NULL dest)", memcpy_to_null,
     "acc_memcpy_to_device: NULL"},
    {"acc_memcpy_to_device(NULL src)", memcpy_to_null_src,
     "acc_memcpy_to_device: NULL"},
    {"acc_memcpy_from_device(NULL src)", memcpy_from_null,
     "acc_memcpy_from_device: NULL"},
    {"acc_memcpy_device(NULL dest)", memcpy_device_null,
     "acc_memcpy_device: NULL"},
    {"acc_memcpy_to_device(host address)", memcpy_to_host_addr,
     "acc_memcpy_to_device: "},
    {"acc_memcpy_from_device(not device memory)", memcpy_from_not_dev,
     "acc_memcpy_from_device: "},
    {"acc_free(not device memory)", free_not_dev,
     "acc_free: 0x10 was not allocated by acc_malloc"},
    {"acc_copyin(huge)", copyin_huge, "acc_copyin: "},
    {"acc_create((size_t)-1)", create_huge, "acc_create: "},
    {"acc_is_present((size_t)-1): 0", present_huge, NULL},
    {"acc_copyout((size_t)-1)", copyout_huge, "acc_copyout: "},
    {"acc_update_device(huge)", update_huge, "acc_update_device: "},
    {"acc_map_data((size_t)-1)", map_huge, "acc_map_data: "},
    {"acc_malloc((size_t)-1)", malloc_huge, "acc_malloc: "},
    {"acc_memcpy_to_device(huge)", memcpy_huge, "acc_memcpy_to_device: "},
};

/* Exit 0 and silence, or exit 1 with one line "accgpu: error: ...WANT...". */
static int case_ok(const bad_case *c, int st, const char *out) {
  if (!c->want)
    return st == 0 && !*out;
  const char *nl = strchr(out, '\n');
  return st == 1 && !strncmp(out, "accgpu: error: ", 15) && nl && !nl[1] &&
         strstr(out, c->want);
}

static void test_api_bad_input(void) {
  char out[4096];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int st = run_child(cases[i].fn, out, sizeof out);
    if (!case_ok(&cases[i], st, out)) {
      fprintf(stdout, "\n  %s: exit %d, stderr: %s", cases[i].name, st, out);
      CU_FAIL("bad input case");
    }
  }
}

static int bad_init(void) {
  unsetenv("ACCGPU_EMU_DEVICES");
  accgpu_core_set_backend(acc_device_emulator, NULL);
  return 0;
}

ACCGPU_SUITE(api_bad, bad_init, NULL, ACCGPU_TEST(test_api_bad_input));
