/* test_region.c — the region stack (Xu §5.1.1, Figure 5.1): nested data and
 * compute regions, copy-out at the level that created the data, every map
 * kind of a region (firstprivate, no_create, deviceptr, attach, zero
 * length, implicit sections), launches through the module cache, and the stack's errors. */
#include "fake_device.h"
#include "suite.h"

static const __accgpu_loc L0 = {"fig51.c", "main", "data", 1, 1};
static const __accgpu_loc L1 = {"fig51.c", "main", "data", 3, 1};
static const __accgpu_loc L2 = {"fig51.c", "main", "data", 5, 1};
static const __accgpu_loc LP = {"fig51.c", "main", "parallel", 7, 1};
static const __accgpu_loc LK = {"fig51.c", "main", "kernels", 9, 1};

#define N 256
static int x0[N], x1[N], x2[N], x3[N], x4[N];

/* Kernel: x[i] += v for i < n (runs on the fake device's queue). */
static void k_add(void **args) {
  int *x = *(int **)args[0];
  int n = *(int *)args[1], v = *(int *)args[2];
  for (int i = 0; i < n; i++)
    x[i] += v;
}
static const uint32_t k_add_sizes[] = {sizeof(int *), sizeof(int),
                                       sizeof(int)};
static const __accgpu_kernel kernels[] = {
    {"k_add", k_add, 3, k_add_sizes, &LP, 0, NULL, 0, NULL}};
static void *mod_cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 1, kernels, "fig51.c",
                                    "", NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

static void launch_add(void *dptr, int n, int v, int async) {
  void *args[] = {&dptr, &n, &v};
  __accgpu_launch(&LP, &mod, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){32, 1, 1}, 0, async, args);
}

static int init_suite(void) {
  fake_install(1, 0);
  return 0;
}
static int clean_suite(void) { return fake_uninstall(); }

static __accgpu_map m(void *h, size_t n, unsigned kind, const char *name) {
  return (__accgpu_map){h, n, kind, 0, name};
}

static void begin(const __accgpu_loc *loc, unsigned n, __accgpu_map *maps,
                  void **dev) {
  __accgpu_region_begin(loc, ACCGPU_CURRENT_DEVICE, acc_async_sync, n, maps,
                        dev);
}
static void end(const __accgpu_loc *loc) {
  __accgpu_region_end(loc, acc_async_sync);
}

static int present(int *x) { return acc_is_present(x, N * sizeof *x); }

/* Figure 5.1: data 0 { data 1 { data 2 { parallel; kernels } } }. */
static void test_figure_5_1(void) {
  int base = accgpu_region_depth();
  __accgpu_map d0 = m(x0, sizeof x0, ACCGPU_MAP_CREATE, "x0");
  __accgpu_map d1 = m(x1, sizeof x1, ACCGPU_MAP_CREATE, "x1");
  __accgpu_map d2 = m(x2, sizeof x2, ACCGPU_MAP_CREATE, "x2");
  __accgpu_map par[2] = {m(x3, sizeof x3, ACCGPU_MAP_CREATE, "x3"),
                         m(x0, sizeof x0, ACCGPU_MAP_PRESENT, "x0")};
  __accgpu_map ker = m(x4, sizeof x4, ACCGPU_MAP_CREATE, "x4");
  begin(&L0, 1, &d0, NULL);
  begin(&L1, 1, &d1, NULL);
  begin(&L2, 1, &d2, NULL);
  CU_ASSERT_EQUAL(accgpu_region_depth(), base + 3);
  begin(&LP, 2, par, NULL);
  CU_ASSERT_EQUAL(accgpu_region_depth(), base + 4);
  CU_ASSERT(present(x0) && present(x1) && present(x2) && present(x3));
  CU_ASSERT_EQUAL(accgpu_present_find(&accgpu_current()->present,
                                      (uintptr_t)x0)->structured, 2);
  end(&LP);
  CU_ASSERT_FALSE(present(x3));
  CU_ASSERT(present(x0));
  begin(&LK, 1, &ker, NULL);
  CU_ASSERT(present(x4) && present(x2));
  end(&LK);
  CU_ASSERT_FALSE(present(x4));
  end(&L2);
  CU_ASSERT_FALSE(present(x2));
  CU_ASSERT(present(x1));
  end(&L1);
  CU_ASSERT_FALSE(present(x1));
  CU_ASSERT(present(x0));
  end(&L0);
  CU_ASSERT_FALSE(present(x0));
  CU_ASSERT_EQUAL(accgpu_region_depth(), base);
}

/* copy(x) on data and parallel: only the outer exit copies out. */
static void test_copy_at_outer_level(void) {
  for (int i = 0; i < N; i++)
    x0[i] = i;
  __accgpu_map outer = m(x0, sizeof x0, ACCGPU_MAP_COPY, "x0");
  __accgpu_map inner = m(x0, sizeof x0, ACCGPU_MAP_COPY, "x0");
  void *dev_outer, *dev_inner;
  begin(&L0, 1, &outer, &dev_outer);
  begin(&LP, 1, &inner, &dev_inner);
  CU_ASSERT_EQUAL(dev_outer, dev_inner);
  CU_ASSERT_NOT_EQUAL(dev_inner, (void *)x0);
  launch_add(dev_inner, N, 10, acc_async_sync);
  end(&LP);
  CU_ASSERT_EQUAL(x0[5], 5); /* inner exit: count 1 left, no copy-out */
  launch_add(dev_outer, N, 1, acc_async_sync);
  end(&L0);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(x0[i], i + 11);
}

/* copyin: device gets host values; copyout: host gets device values, the
   device copy starts as garbage, not as host data. */
static void test_copyin_copyout(void) {
  for (int i = 0; i < N; i++)
    x1[i] = 2 * i, x2[i] = -1;
  __accgpu_map maps[2] = {m(x1, sizeof x1, ACCGPU_MAP_COPYIN, "x1"),
                          m(x2, sizeof x2, ACCGPU_MAP_COPYOUT, "x2")};
  void *dev[2];
  begin(&LP, 2, maps, dev);
  CU_ASSERT_EQUAL(((int *)dev[0])[7], 14);
  CU_ASSERT_NOT_EQUAL(((int *)dev[1])[7], -1);
  memcpy(dev[1], dev[0], sizeof x1);
  launch_add(dev[1], N, 1, acc_async_sync);
  launch_add(dev[0], N, 100, acc_async_sync);
  end(&LP);
  for (int i = 0; i < N; i++) {
    CU_ASSERT_EQUAL_FATAL(x2[i], 2 * i + 1);
    CU_ASSERT_EQUAL_FATAL(x1[i], 2 * i); /* copyin: never copied back */
  }
}

static void test_other_kinds(void) {
  struct {
    double v[4];
  } fp = {{1, 2, 3, 4}};
  int *dp = acc_malloc(sizeof x3);
  size_t live = accgpu_current()->pool.live_bytes;
  __accgpu_map maps[5] = {
      m(&fp, sizeof fp, ACCGPU_MAP_FIRSTPRIVATE, "fp"),
      m(x3, sizeof x3, ACCGPU_MAP_NO_CREATE, "x3"),
      m(dp, sizeof x3, ACCGPU_MAP_DEVICEPTR, "dp"),
      m(x4, 0, ACCGPU_MAP_COPYIN, "x4[0:0]"),
      m(x0, sizeof x0, ACCGPU_MAP_NO_CREATE, "x0")};
  maps[3].flags = ACCGPU_MAPF_ZERO_LEN_OK;
  void *dev[5];
  acc_copyin(x0, sizeof x0);
  begin(&LP, 5, maps, dev);
  CU_ASSERT_NOT_EQUAL(dev[0], (void *)&fp);
  CU_ASSERT_EQUAL(((double *)dev[0])[2], 3.0); /* firstprivate copy */
  CU_ASSERT_EQUAL(dev[1], (void *)x3);         /* absent: host address */
  CU_ASSERT_FALSE(present(x3));                /* ... and not created */
  CU_ASSERT_EQUAL(dev[2], (void *)dp);
  CU_ASSERT_PTR_NULL(dev[3]);                  /* zero length, absent */
  CU_ASSERT_EQUAL(dev[4], acc_deviceptr(x0));  /* present: device copy */
  end(&LP);
  CU_ASSERT(present(x0)); /* no_create took a structured ref only */
  acc_delete(x0, sizeof x0);
  CU_ASSERT_FALSE(present(x0));
  CU_ASSERT_EQUAL(accgpu_current()->pool.live_bytes, live); /* fp freed */
  acc_free(dp);
}

/* ACCGPU_MAPF_IMPLICIT (a section the compiler inferred): one overlapping
   present data uses that data as is (no copy, no partly-present error), an
   acc_malloc address is passed as is, any other maps as its kind says. */
static void test_implicit_section(void) {
  const size_t half = N / 2 * sizeof(int);
  for (int i = 0; i < N; i++)
    x1[i] = i, x2[i] = 3 * i;
  acc_copyin(x1, half);
  x1[3] = -5; /* on the host only */
  int *dp = acc_malloc(sizeof x3);
  __accgpu_map maps[3] = {m(x1, sizeof x1, ACCGPU_MAP_COPY, "x1[0:256]"),
                          m(dp, sizeof x3, ACCGPU_MAP_COPY, "dp[0:256]"),
                          m(x2, sizeof x2, ACCGPU_MAP_COPYIN, "x2[0:256]")};
  for (int k = 0; k < 3; k++)
    maps[k].flags = ACCGPU_MAPF_IMPLICIT;
  void *dev[3];
  begin(&LP, 3, maps, dev);
  CU_ASSERT_EQUAL(dev[0], acc_deviceptr(x1));
  CU_ASSERT_EQUAL(((int *)dev[0])[3], 3); /* not copied again */
  CU_ASSERT_EQUAL(dev[1], (void *)dp);
  CU_ASSERT_NOT_EQUAL(dev[2], (void *)x2);
  CU_ASSERT_EQUAL(((int *)dev[2])[7], 21); /* copied in */
  launch_add(dev[0], N / 2, 10, acc_async_sync);
  end(&LP);
  CU_ASSERT_EQUAL(x1[3], -5); /* still present: nothing copied back */
  CU_ASSERT(acc_is_present(x1, half));
  CU_ASSERT_FALSE(present(x2));
  acc_copyout(x1, half);
  for (int i = 0; i < N / 2; i++)
    CU_ASSERT_EQUAL_FATAL(x1[i], i + 10);
  acc_free(dp);
}

/* Sections of arrays used without a data clause (ACCGPU_MAPF_PART_OF, the
   whole array next): the entry holding the section is used (the second of
   two blocks entered separately); a section beside the present block is
   mapped alone; with nothing present the whole array is. */
static void test_array_part(void) {
  const size_t q = N / 4 * sizeof(int);
  for (int i = 0; i < N; i++)
    x1[i] = i, x2[i] = 2 * i;
  acc_copyin(x1, q);
  acc_copyin(x1 + N / 4, q);
  x1[N / 4 + 1] = -1; /* on the host only */
  __accgpu_map maps[6] = {
      m(x1 + N / 4, 8 * sizeof(int), ACCGPU_MAP_COPY, "x1[64:8]"),
      m(x1, sizeof x1, ACCGPU_MAP_COPY, "x1"),
      m(x1 + N / 2, 8 * sizeof(int), ACCGPU_MAP_COPY, "x1[128:8]"),
      m(x1, sizeof x1, ACCGPU_MAP_COPY, "x1"),
      m(x2 + 4, 8 * sizeof(int), ACCGPU_MAP_COPYIN, "x2[4:8]"),
      m(x2, sizeof x2, ACCGPU_MAP_COPY, "x2")};
  for (int k = 0; k < 6; k += 2) {
    maps[k].flags = ACCGPU_MAPF_IMPLICIT | ACCGPU_MAPF_PART_OF;
    maps[k + 1].flags = ACCGPU_MAPF_WHOLE;
  }
  void *dev[6];
  begin(&LP, 6, maps, dev);
  CU_ASSERT_EQUAL(dev[0], acc_deviceptr(x1 + N / 4));
  CU_ASSERT_EQUAL(((int *)dev[0])[1], N / 4 + 1); /* not copied again */
  CU_ASSERT_PTR_NOT_NULL(acc_deviceptr(x1 + N / 2));
  CU_ASSERT_EQUAL(dev[2], acc_deviceptr(x1 + N / 2));
  CU_ASSERT_FALSE(acc_is_present(x1 + N / 2 + 8, sizeof(int)));
  CU_ASSERT(acc_is_present(x2, sizeof x2)); /* all of it */
  CU_ASSERT_EQUAL(dev[4], acc_deviceptr(x2 + 4));
  CU_ASSERT_EQUAL(((int *)dev[4])[0], 8);
  acc_memcpy_to_device((int *)dev[4] - 4, &(int){-7}, sizeof(int));
  end(&LP);
  CU_ASSERT_EQUAL(x1[N / 4 + 1], -1); /* still present: nothing back */
  CU_ASSERT_FALSE(acc_is_present(x1 + N / 2, sizeof(int)));
  CU_ASSERT_FALSE(present(x2));
  CU_ASSERT_EQUAL(x2[0], -7); /* copied back whole: the whole item's kind */
  acc_delete(x1, q);
  acc_delete(x1 + N / 4, q);
}

/* copy(s) copy(s.p[0:n]) attach(s.p): the device copy of s.p points at the
   device copy of the array while the region lasts. */
static void test_attach_in_region(void) {
  struct s {
    int *p;
    int n;
  } s = {x1, N};
  __accgpu_map maps[3] = {m(&s, sizeof s, ACCGPU_MAP_COPY, "s"),
                          m(x1, sizeof x1, ACCGPU_MAP_COPY, "s.p[0:n]"),
                          m(&s.p, sizeof s.p, ACCGPU_MAP_ATTACH, "s.p")};
  void *dev[3];
  begin(&L0, 3, maps, dev);
  struct s *ds = dev[0];
  CU_ASSERT_EQUAL((void *)ds->p, dev[1]);
  CU_ASSERT_EQUAL(s.p, x1); /* host pointer untouched */
  end(&L0);
  CU_ASSERT_EQUAL(s.p, x1); /* copy-out of s restores the host pointer */
  CU_ASSERT_FALSE(present(x1));
}

static void test_module_loaded_once(void) {
  unsigned long loads = fake.loads;
  for (int i = 0; i < N; i++)
    x2[i] = i;
  acc_copyin(x2, sizeof x2);
  for (int i = 0; i < 5; i++)
    launch_add(acc_deviceptr(x2), N, 1, acc_async_sync);
  CU_ASSERT(fake.loads <= loads + 1);
  CU_ASSERT_PTR_NOT_NULL(mod_cache);
  for (int i = 0; i < N; i++)
    x2[i] = 0;
  acc_copyout(x2, sizeof x2);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(x2[i], i + 5);
}

static void child_end_without_begin(void) {
  while (accgpu_region_depth() > 0)
    __accgpu_region_end(&L0, acc_async_sync);
  __accgpu_region_end(&L2, acc_async_sync);
}

static void child_bad_abi(void) {
  static void *cache;
  static const __accgpu_module old = {ACCGPU_ABI_VERSION + 7, 1, kernels,
                                      "old.c", "", NULL, NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};
  int n = 0, v = 0;
  void *p = NULL, *args[] = {&p, &n, &v};
  __accgpu_launch(&LK, &old, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
}

/* A cubin table whose image is not an ELF file. */
static void child_bad_cubins(void) {
  static void *cache;
  static const unsigned char text[64] = "not a cubin";
  static const __accgpu_cubin cubins[] = {{90, "cubin sm_90", text, 64}};
  static const __accgpu_module bad = {ACCGPU_ABI_VERSION, 1, kernels, "bad.c",
                                      "", NULL, NULL, 0, &cache, NULL, 0, 1,
                                      cubins, 0, NULL};
  int n = 0, v = 0;
  void *p = NULL, *args[] = {&p, &n, &v};
  __accgpu_launch(&LK, &bad, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
}

static void child_launch_fails(void) {
  fake.fail_launch = 1;
  launch_add(NULL, 0, 0, acc_async_sync);
}

static void test_errors(void) {
  static const char *const w3[] = {"fig51.c:7 (parallel in main)",
                                   "kernel k_add failed to launch on device 0 "
                                   "(emulator): fakeLaunch(k_add): too many "
                                   "resources", NULL};
  expect_fatal(child_launch_fails, w3);
  static const char *const w1[] = {"fig51.c:5 (data in main)",
                                   "never entered", NULL};
  static const char *const w2[] = {"fig51.c:9 (kernels in main)", "old.c",
                                   "ABI version", NULL};
  expect_fatal(child_end_without_begin, w1);
  expect_fatal(child_bad_abi, w2);
  static const char *const w4[] = {"fig51.c:9 (kernels in main)", "bad.c",
                                   "malformed cubin table (entry 0 of 1)",
                                   NULL};
  expect_fatal(child_bad_cubins, w4);
}

/* ACCGPU_TIME: the table has one block per construct with the kernel and
   the transfers, counts and bytes. */
static void child_timed(void) {
  accgpu_timing = 1;
  __accgpu_map mp = m(x3, sizeof x3, ACCGPU_MAP_COPY, "x3[0:n]");
  void *d;
  for (int i = 0; i < 3; i++) {
    begin(&LP, 1, &mp, &d);
    launch_add(d, N, 1, acc_async_sync);
    end(&LP);
  }
  /* A module not loaded yet: its load is timed and named. */
  static void *cache;
  static const __accgpu_module fresh = {ACCGPU_ABI_VERSION, 1, kernels,
                                        "fig51.c", "", NULL, NULL, 0, &cache,
                                        NULL, 0, 0, NULL, 0, NULL};
  int n = 0, v = 0;
  void *p = NULL, *args[] = {&p, &n, &v};
  __accgpu_launch(&LK, &fresh, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
  /* Two launches' counters (as the emulator reports them) add up. */
  static const char *const names[2] = {"bar", "gl.ld"};
  const uint64_t tot[2] = {6, 300}, max1[2] = {2, 100}, max2[2] = {1, 120};
  accgpu_time_counts(kernels[0].name, &LP, 2, names, tot, max1, 3);
  accgpu_time_counts(kernels[0].name, &LP, 2, names, tot, max2, 3);
  accgpu_time_report();
}

static void test_time_report(void) {
  char out[4096];
  CU_ASSERT_EQUAL(run_child(child_timed, out, sizeof out), 0);
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "fig51.c:7 (parallel in main)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "kernel      k_add "));
  char *up = strstr(out, "upload      x3[0:n]");
  CU_ASSERT(up && strstr(up, "count        3") && strstr(up, "bytes 3072"));
  CU_ASSERT_PTR_NOT_NULL(strstr(out, "download    x3[0:n]"));
  char *k = strstr(out, "kernel      k_add ");
  CU_ASSERT(k && strstr(k, "counts (6 blocks): bar 12 gl.ld 600\n"));
  CU_ASSERT(k && strstr(k, "max per block:      bar 2 gl.ld 120\n"));
  char *blk = strstr(out, "fig51.c:9 (kernels in main)\n");
  char *load = blk ? strstr(blk, "\n    load        fake image ") : NULL;
  CU_ASSERT(load && strncmp(strstr(load, "count"), "count        1 ", 14) == 0);
}

ACCGPU_SUITE(region, init_suite, clean_suite, ACCGPU_TEST(test_figure_5_1),
             ACCGPU_TEST(test_copy_at_outer_level),
             ACCGPU_TEST(test_copyin_copyout), ACCGPU_TEST(test_other_kinds),
             ACCGPU_TEST(test_attach_in_region),
             ACCGPU_TEST(test_implicit_section), ACCGPU_TEST(test_array_part),
             ACCGPU_TEST(test_module_loaded_once), ACCGPU_TEST(test_errors),
             ACCGPU_TEST(test_time_report));
