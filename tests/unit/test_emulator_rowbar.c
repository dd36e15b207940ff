/* test_emulator_rowbar.c — the emulator's named barriers (PTX bar.sync ID,
 * COUNT), which __accgpu_sync_row() uses to synchronize one worker whose
 * vector lanes span several warps (tests/unit/kernels/emu_rowbar.cu).
 * Results are checked against a serial computation done here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "suite.h"

void emu_rowbar__emu(void **);
void emu_badbar__emu(void **);
void emu_rowexit__emu(void **);

enum { K_ROWBAR, K_BADBAR, K_ROWEXIT, K_N };
static const uint32_t sz_pp[] = {8, 8};
static const uint32_t sz_pu[] = {8, 4};
static const uint32_t sz_p[] = {8};
static const __accgpu_kernel kernels[K_N] = {
    {"emu_rowbar", emu_rowbar__emu, 2, sz_pp, NULL, 0, NULL, 0, NULL},
    {"emu_badbar", emu_badbar__emu, 2, sz_pu, NULL, 0, NULL, 0, NULL},
    {"emu_rowexit", emu_rowexit__emu, 1, sz_p, NULL, 0, NULL, 0, NULL},
};
static void *mod_cache;
static const __accgpu_module mod = {
    ACCGPU_ABI_VERSION, K_N, kernels, "tests/unit/kernels/emu_rowbar.cu",
    NULL, NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

static const accgpu_backend *B = &accgpu_backend_emulator;
static struct accgpu_dev *dev;
static struct accgpu_queue *q;
static void *modh;

static int suite_init(void) {
  return B->open(0, &dev) || B->queue_create(dev, &q) ||
         B->module_load(dev, &mod, &modh);
}

static int suite_clean(void) {
  int rc = B->module_unload(dev, modh) | B->queue_destroy(q);
  B->close(dev);
  return rc;
}

static int launch(unsigned k, unsigned gx, unsigned bx, unsigned by,
                  void **args) {
  accgpu_launch_cfg c = {{gx, 1, 1}, {bx, by, 1}, 0};
  return B->launch(q, modh, k, &c, args);
}

/* Serial reference of one row of emu_rowbar: STEPS smoothing steps. */
static void smooth_ref(float *t, unsigned n, unsigned steps) {
  float u[256];
  for (unsigned s = 0; s < steps; s++) {
    for (unsigned j = 0; j < n; j++)
      u[j] = j > 0 && j + 1 < n ? (t[j - 1] + t[j] + t[j + 1]) / 3.0f : t[j];
    memcpy(t, u, n * sizeof *u);
  }
}

/* Rows of BX threads, BY rows a block, 3 blocks. */
static void rowbar_case(unsigned bx, unsigned by) {
  unsigned nb = 3, n = nb * bx * by;
  float *in = malloc(n * 4), *out = malloc(n * 4), *ref = malloc(n * 4);
  for (unsigned i = 0; i < n; i++)
    in[i] = ref[i] = (float)((i * 7919u) % 1000u);
  void *din = NULL, *dout = NULL;
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, n * 4, &din), 0);
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, n * 4, &dout), 0);
  CU_ASSERT_EQUAL_FATAL(B->copy_h2d(q, din, in, n * 4), 0);
  void *args[] = {&dout, &din};
  CU_ASSERT_EQUAL(launch(K_ROWBAR, nb, bx, by, args), 0);
  CU_ASSERT_EQUAL(B->copy_d2h(q, out, dout, n * 4), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_sync(q), 0);
  for (unsigned b = 0; b < nb; b++)
    for (unsigned y = 0; y < by; y++)
      smooth_ref(ref + (b * by + y) * bx, bx, y + 1);
  int bad = 0;
  for (unsigned i = 0; i < n; i++)
    bad += fabsf(out[i] - ref[i]) > 1e-5f * fabsf(ref[i]);
  CU_ASSERT_EQUAL(bad, 0);
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(in);
  free(out);
  free(ref);
}

static void test_rows_wider_than_a_warp(void) {
  rowbar_case(64, 15);
  rowbar_case(96, 5);
  rowbar_case(256, 3);
}

static void test_rows_of_one_warp(void) { rowbar_case(32, 15); }

static void test_bad_barrier_fails_launch(void) {
  void *d = NULL;
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, 64 * 4, &d), 0);
  unsigned ids[] = {0, 16};
  for (int i = 0; i < 2; i++) {
    void *args[] = {&d, &ids[i]};
    CU_ASSERT_EQUAL(launch(K_BADBAR, 1, 64, 1, args), 0);
    CU_ASSERT_EQUAL(B->queue_sync(q), -1);
    const char *e = accgpu_last_error(NULL);
    CU_ASSERT(strstr(e, "emu_badbar") && strstr(e, "bar.sync"));
  }
  unsigned ok = 3;
  void *args[] = {&d, &ok};
  CU_ASSERT_EQUAL(launch(K_BADBAR, 1, 64, 1, args), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), 0);
  B->mem_free(dev, d);
}

static void test_exited_lane_deadlocks(void) {
  void *d = NULL;
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, 128 * 4, &d), 0);
  void *args[] = {&d};
  CU_ASSERT_EQUAL(launch(K_ROWEXIT, 1, 64, 2, args), 0);
  CU_ASSERT_EQUAL(B->queue_sync(q), -1);
  const char *e = accgpu_last_error(NULL);
  CU_ASSERT(strstr(e, "deadlock") && strstr(e, "63 at named barriers"));
  CU_ASSERT_EQUAL(B->queue_sync(q), 0); /* reported once */
  B->mem_free(dev, d);
  rowbar_case(64, 4); /* the runners recovered */
}

ACCGPU_SUITE(emulator_rowbar, suite_init, suite_clean,
             ACCGPU_TEST(test_rows_wider_than_a_warp),
             ACCGPU_TEST(test_rows_of_one_warp),
             ACCGPU_TEST(test_bad_barrier_fails_launch),
             ACCGPU_TEST(test_exited_lane_deadlocks))
