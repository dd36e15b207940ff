/* test_emulator_count.c — the emulator's per-launch counters
 * (runtime/emulator/counters.c) on tests/unit/kernels/emu_count.cu, whose
 * counts are computed by hand in its header: once as a checked image (every
 * counter) and once linked in without access hooks (no loads and stores
 * seen).  The kernel's result is checked against a serial computation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "emulator/emu.h"
#include "suite.h"

void emu_count__emu(void **);
extern const unsigned char emu_count_image[], emu_count_image_end[];

#define R 3 /* EMU_COUNT_R of the kernel */
static const uint32_t sz[] = {8, 8, 4};
static const __accgpu_kernel k_image[] = {
    {"emu_count", NULL, 3, sz, NULL, 0, NULL, 0, NULL}};
static const __accgpu_kernel k_linked[] = {
    {"emu_count", emu_count__emu, 3, sz, NULL, 0, NULL, 0, NULL}};
static void *cache_image, *cache_linked;

static const accgpu_backend *B = &accgpu_backend_emulator;
static struct accgpu_dev *dev;
static struct accgpu_queue *q;
static void *h_image, *h_linked;

static int suite_init(void) {
  static __accgpu_module m_image = {
      ACCGPU_ABI_VERSION, 1, k_image, "tests/unit/kernels/emu_count.cu",
      NULL, NULL, NULL, 0, &cache_image, NULL, 0, 0, NULL, 0, NULL};
  static const __accgpu_module m_linked = {
      ACCGPU_ABI_VERSION, 1, k_linked, "tests/unit/kernels/emu_count.cu",
      NULL, NULL, NULL, 0, &cache_linked, NULL, 0, 0, NULL, 0, NULL};
  m_image.emu_image = emu_count_image;
  m_image.emu_image_size = (size_t)(emu_count_image_end - emu_count_image);
  return B->open(0, &dev) || B->queue_create(dev, &q) ||
         B->module_load(dev, &m_image, &h_image) ||
         B->module_load(dev, &m_linked, &h_linked);
}

static int suite_clean(void) {
  int rc = B->module_unload(dev, h_image) | B->module_unload(dev, h_linked) |
           B->queue_destroy(q);
  B->close(dev);
  accgpu_emu_count_set(-1);
  return rc;
}

/* The kernel's result, serially: out[0] the atomics' sum, out[1 + g] v. */
static void count_ref(int *ref, const int *in, unsigned nb, unsigned T, int n) {
  int *v = calloc(nb * T, sizeof *v);
  for (unsigned g = 0; g < nb * T; g++)
    for (int i = 0; i < n; i++)
      v[g] = (int)((unsigned)v[g] * 3u + (unsigned)in[(long)g * n + i]);
  for (unsigned b = 0; b < nb; b++)
    for (int r = 0; r < R; r++) {
      int old[1024];
      memcpy(old, v + b * T, T * sizeof *v);
      for (unsigned t = 0; t < T; t++)
        v[b * T + t] = (int)((unsigned)v[b * T + t] + (unsigned)old[(t + 1) % T]);
    }
  ref[0] = 0;
  for (unsigned g = 0; g < nb * T; g++) {
    unsigned warp = g / 32 * 32, odd = 0;
    /* wrapping sums, as the kernel's (unsigned: no overflow in C) */
    ref[0] = (int)((unsigned)ref[0] + (unsigned)v[g]);
    if (g % 32 == 0) {
      for (unsigned l = 0; l < 32; l++)
        odd += (unsigned)v[warp + l] & 1u;
      ref[0] = (int)((unsigned)ref[0] + odd);
    }
    ref[1 + g] = v[g];
  }
  free(v);
}

/* Launches the kernel of module H on NB blocks of T threads with N
   loads per thread; checks the result; returns the counts. */
static void run(void *h, unsigned nb, unsigned T, int n,
                accgpu_emu_counts *tot, accgpu_emu_counts *max,
                uint64_t *blocks) {
  size_t nin = (size_t)nb * T * n, nout = 1 + nb * T;
  int *in = malloc(nin * 4 + 4), *out = calloc(nout, 4), *ref = malloc(nout * 4);
  for (size_t i = 0; i < nin; i++)
    in[i] = (int)(i * 7919u % 1000u);
  void *din = NULL, *dout = NULL;
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, nin * 4 + 4, &din), 0);
  CU_ASSERT_EQUAL_FATAL(B->mem_alloc(dev, nout * 4, &dout), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q, din, in, nin * 4), 0);
  CU_ASSERT_EQUAL(B->copy_h2d(q, dout, out, nout * 4), 0);
  void *args[] = {&dout, &din, &n};
  accgpu_launch_cfg c = {{nb, 1, 1}, {T, 1, 1}, 0};
  CU_ASSERT_EQUAL(B->launch(q, h, 0, &c, args), 0);
  CU_ASSERT_EQUAL(B->copy_d2h(q, out, dout, nout * 4), 0);
  CU_ASSERT_EQUAL_FATAL(B->queue_sync(q), 0);
  count_ref(ref, in, nb, T, n);
  CU_ASSERT_EQUAL(memcmp(out, ref, nout * 4), 0);
  CU_ASSERT_EQUAL(accgpu_emu_counts_last(tot, max, blocks), 0);
  B->mem_free(dev, din);
  B->mem_free(dev, dout);
  free(in);
  free(out);
  free(ref);
}

/* What the kernel's header says one block of T threads does. */
static void expect(accgpu_emu_counts *e, unsigned T, int n, int loads) {
  unsigned warps = T / 32;
  memset(e, 0, sizeof *e);
  e->v[EMU_CNT_BAR] = 2 * R;
  e->v[EMU_CNT_ROWBAR] = 1;
  e->v[EMU_CNT_SHFL] = 5 * warps;
  e->v[EMU_CNT_WSYNC] = warps;
  e->v[EMU_CNT_VOTE] = warps;
  if (!loads)
    return; /* no access hooks: loads, stores and atomics unseen */
  e->v[EMU_CNT_ATOM] = warps;
  e->v[EMU_CNT_GL_LD] = (uint64_t)T * n;
  e->v[EMU_CNT_GL_ST] = T;
  e->v[EMU_CNT_SH_LD] = (uint64_t)T * R;
  e->v[EMU_CNT_SH_ST] = (uint64_t)T * R;
}

static void check(void *h, unsigned nb, unsigned T, int n, int loads) {
  accgpu_emu_counts tot, max, e;
  uint64_t blocks = 0;
  run(h, nb, T, n, &tot, &max, &blocks);
  expect(&e, T, n, loads);
  CU_ASSERT_EQUAL(blocks, nb);
  for (unsigned i = 0; i < EMU_CNT_N; i++) {
    CU_ASSERT_EQUAL(max.v[i], e.v[i]);
    CU_ASSERT_EQUAL(tot.v[i], e.v[i] * nb);
    if (max.v[i] != e.v[i])
      fprintf(stderr, "\n  %s: %llu per block, expected %llu",
              accgpu_emu_count_names[i], (unsigned long long)max.v[i],
              (unsigned long long)e.v[i]);
  }
}

static void test_checked_image_counts(void) {
  accgpu_emu_count_set(1);
  check(h_image, 3, 64, 10, 1);
  check(h_image, 2, 128, 37, 1);
  check(h_image, 1, 32, 0, 1);
  accgpu_emu_count_set(-1);
}

static void test_linked_kernel_counts_sync_only(void) {
  accgpu_emu_count_set(1);
  check(h_linked, 3, 64, 10, 0);
  accgpu_emu_count_set(-1);
}

/* Off: a launch leaves the last counts as they were. */
static void test_off_counts_nothing(void) {
  accgpu_emu_counts tot, max, tot2, max2;
  uint64_t blocks = 0, blocks2 = 0;
  accgpu_emu_count_set(1);
  run(h_image, 1, 64, 3, &tot, &max, &blocks);
  accgpu_emu_count_set(0);
  run(h_image, 4, 96, 5, &tot2, &max2, &blocks2);
  accgpu_emu_count_set(-1);
  CU_ASSERT_EQUAL(blocks2, 1);
  CU_ASSERT_EQUAL(memcmp(&tot, &tot2, sizeof tot), 0);
  CU_ASSERT_EQUAL(memcmp(&max, &max2, sizeof max), 0);
}

ACCGPU_SUITE(emulator_count, suite_init, suite_clean,
             ACCGPU_TEST(test_checked_image_counts),
             ACCGPU_TEST(test_linked_kernel_counts_sync_only),
             ACCGPU_TEST(test_off_counts_nothing));
