/* test_memcheck.c — the emulator's memcheck on a checked image built here
 * the way the plugin builds one (module-build.c, -fsanitize=thread hooks),
 * launched through the ABI on the emulator.  Each bad access must stop the
 * program with one error naming the check, the kernel, its construct and
 * what the address is; good accesses must run (no false report). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accgpu_abi.h"
#include "child.h"
#include "openacc.h"
#include "suite.h"
#include "../../plugin/module-build.h"

static const char src[] =
    "ACCGPU_KERNEL void mc_scale(float *y, const float *x, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = 2.0f * x[i];\n"
    "}\n"
    "ACCGPU_EMU_ENTRY(mc_scale) {\n"
    "  mc_scale(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, const float *),\n"
    "        ACCGPU_ARG(2, int));\n"
    "}\n"
    "ACCGPU_KERNEL void mc_dyn(float *y, int n) {\n"
    "  ACCGPU_DYN_SHARED(float, s);\n"
    "  s[threadIdx.x] = (float)threadIdx.x;\n"
    "  __syncthreads();\n"
    "  if ((int)threadIdx.x < n) y[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];\n"
    "}\n"
    "ACCGPU_EMU_ENTRY(mc_dyn) { mc_dyn(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, int)); }\n"
    "ACCGPU_KERNEL void mc_stat(float *y, int k) {\n"
    "  __shared__ float s[64];\n"
    "  s[threadIdx.x] = 1.0f;\n"
    "  __syncthreads();\n"
    "  y[threadIdx.x] = s[threadIdx.x + k];\n"
    "}\n"
    "ACCGPU_EMU_ENTRY(mc_stat) { mc_stat(ACCGPU_ARG(0, float *), ACCGPU_ARG(1, int)); }\n";

static const uint32_t sizes3[] = {8, 8, 4}, sizes2[] = {8, 4};
static const __accgpu_loc loc = {"memcheck_test.c", "main", "parallel", 42, 1};
static const __accgpu_kernel kernels[] = {
    {"mc_scale", NULL, 3, sizes3, &loc, 0, NULL, 0, NULL},
    {"mc_dyn", NULL, 2, sizes2, &loc, 0, NULL, 0, NULL},
    {"mc_stat", NULL, 2, sizes2, &loc, 0, NULL, 0, NULL},
};
static void *cache;
static __accgpu_module mod = {ACCGPU_ABI_VERSION, 3, kernels, "memcheck_test.c",
                              src, NULL, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
static unsigned char *image;

static int suite_init(void) {
  size_t size = 0;
  char *log = NULL;
  if (accgpu_mb_build_emu_image(src, "include", NULL, 1, &image, &size,
                                &log) != ACCGPU_MB_OK) {
    fprintf(stderr, "memcheck: image build failed: %s\n", log ? log : "");
    free(log);
    return 1;
  }
  free(log);
  mod.emu_image = image;
  mod.emu_image_size = size;
  return 0;
}

static int suite_clean(void) {
  free(image);
  return 0;
}

static void launch(unsigned k, unsigned threads, unsigned shared, void **args) {
  __accgpu_dim3 g = {1, 1, 1}, b = {threads, 1, 1};
  __accgpu_launch(&loc, &mod, k, g, b, shared, acc_async_sync, args);
}

static void run_scale(float *y, const float *x, int n) {
  void *args[] = {&y, &x, &n};
  launch(0, 64, 0, args);
}

/* In bounds: runs and computes (in a child, like the faults: the device's
   queue threads must not exist before a fork).  Exits 2 on a wrong value. */
static void child_good(void) {
  acc_set_device_type(acc_device_emulator);
  float h[64], out[64];
  for (int i = 0; i < 64; i++)
    h[i] = (float)i;
  float *x = acc_malloc(sizeof h), *y = acc_malloc(sizeof h);
  acc_memcpy_to_device(x, h, sizeof h);
  run_scale(y, x, 64);
  acc_memcpy_from_device(out, y, sizeof out);
  for (int i = 0; i < 64; i++)
    if (out[i] != 2.0f * i) {
      fprintf(stderr, "scale: y[%d] = %g\n", i, out[i]);
      _exit(2);
    }
  int n = 64;
  void *dargs[] = {&y, &n};
  launch(1, 64, 64 * sizeof(float), dargs);
  acc_memcpy_from_device(out, y, sizeof out);
  for (int i = 0; i < 64; i++)
    if (out[i] != 63.0f - i) {
      fprintf(stderr, "dyn: y[%d] = %g\n", i, out[i]);
      _exit(2);
    }
  int k = 0;
  void *sargs[] = {&y, &k};
  launch(2, 64, 0, sargs);
  acc_memcpy_from_device(out, y, sizeof out);
  if (out[7] != 1.0f) {
    fprintf(stderr, "stat: y[7] = %g\n", out[7]);
    _exit(2);
  }
  acc_free(x);
  acc_free(y);
}

static void test_good_accesses(void) {
  char err[4096];
  int st = run_child(child_good, err, sizeof err);
  CU_ASSERT_EQUAL(st, 0);
  CU_ASSERT_STRING_EQUAL(err, "");
  if (st != 0 || err[0])
    printf("\n  good accesses: exit %d: %s", st, err);
}

static void child_host_pointer(void) {
  acc_set_device_type(acc_device_emulator);
  static float h[64];
  float *y = acc_malloc(sizeof h);
  run_scale(y, h, 64); /* x is host memory */
}

static void child_past_end(void) {
  acc_set_device_type(acc_device_emulator);
  float *x = acc_malloc(60 * sizeof(float)), *y = acc_malloc(64 * sizeof(float));
  run_scale(y, x, 64); /* reads x[60..63] */
}

static void child_freed(void) {
  acc_set_device_type(acc_device_emulator);
  float *x = acc_malloc(64 * sizeof(float)), *y = acc_malloc(64 * sizeof(float));
  acc_free(x);
  run_scale(y, x, 64);
}

static void child_dyn_shared(void) {
  acc_set_device_type(acc_device_emulator);
  float *y = acc_malloc(64 * sizeof(float));
  int n = 64;
  void *args[] = {&y, &n};
  launch(1, 64, 32 * sizeof(float), args); /* 32 floats for 64 threads */
}

static void child_static_shared(void) {
  acc_set_device_type(acc_device_emulator);
  float *y = acc_malloc(64 * sizeof(float));
  int k = 100000;
  void *args[] = {&y, &k};
  launch(2, 64, 0, args);
}

static void child_copy_overrun(void) {
  acc_set_device_type(acc_device_emulator);
  size_t big = 1 << 20;
  char *h = calloc(1, big), *d = acc_malloc(64);
  acc_memcpy_to_device(d, h, big);
}

static void test_faults(void) {
  const char *host[] = {"memcheck: invalid read of 4 bytes", "kernel mc_scale",
                        "parallel at memcheck_test.c:42 in main",
                        "host memory, not device memory", NULL};
  const char *past[] = {"memcheck: invalid read", "thread (60,0,0)",
                        "past the end of a device allocation", NULL};
  const char *freed[] = {"memcheck: invalid read", "freed device memory", NULL};
  const char *dyn[] = {"memcheck: invalid write", "kernel mc_dyn",
                       "dynamic shared memory beyond", NULL};
  const char *stat[] = {"memcheck: invalid read", "kernel mc_stat",
                        "outside the block's __shared__ variables", NULL};
  const char *copy[] = {"acc_memcpy_to_device", "runs into", NULL};
  expect_fatal(child_host_pointer, host);
  expect_fatal(child_past_end, past);
  expect_fatal(child_freed, freed);
  expect_fatal(child_dyn_shared, dyn);
  expect_fatal(child_static_shared, stat);
  expect_fatal(child_copy_overrun, copy);
}

ACCGPU_SUITE(memcheck, suite_init, suite_clean, ACCGPU_TEST(test_good_accesses),
             ACCGPU_TEST(test_faults));
