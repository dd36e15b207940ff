/* test_api.c — the OpenACC API of include/openacc.h on the fake device (two
 * devices) and on the host: devices and properties, acc_malloc through the
 * pool, presence of partial ranges, interior device/host pointers, raw
 * copies, attach counts, update peer (direct and staged), and the one-line
 * errors of API misuse. */
#include <yaml.h>

#include "fake_device.h"
#include "suite.h"

#define N 512
static double a[N], b[N];

static int init_suite(void) {
  fake_install(2, 0);
  return 0;
}
static int clean_suite(void) { return fake_uninstall(); }

static void test_devices(void) {
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_emulator), 2);
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_host), 1);
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_none), 0);
  CU_ASSERT_EQUAL(acc_get_device_type(), acc_device_emulator);
  acc_set_device_num(1, acc_device_emulator);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_emulator), 1);
  CU_ASSERT_STRING_EQUAL(
      acc_get_property_string(1, acc_device_emulator, acc_property_name),
      "fake1");
  CU_ASSERT_EQUAL(acc_get_property(0, acc_device_emulator,
                                   acc_property_memory), (size_t)1 << 30);
  acc_set_device_num(0, acc_device_emulator);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_emulator), 0);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_host), 0);
  CU_ASSERT(acc_on_device(acc_device_host));
  CU_ASSERT_FALSE(acc_on_device(acc_device_not_host));
  CU_ASSERT_FALSE(acc_on_device(acc_device_emulator));
  __accgpu_devlimits lim;
  __accgpu_device_limits(ACCGPU_CURRENT_DEVICE, &lim);
  CU_ASSERT_EQUAL(lim.warp_size, 32);
  CU_ASSERT_EQUAL(lim.sm_count, 4);
  CU_ASSERT(__accgpu_offload_p(NULL, ACCGPU_CURRENT_DEVICE, 1));
  CU_ASSERT_FALSE(__accgpu_offload_p(NULL, ACCGPU_CURRENT_DEVICE, 0));
  CU_ASSERT_PTR_NULL(acc_get_cuda_stream(0));
}

/* Free memory drops by what acc_malloc took; a freed block is reused
   without a new backend allocation. */
static void test_malloc_pool(void) {
  size_t before = acc_get_property(0, acc_device_emulator,
                                   acc_property_free_memory);
  void *p = acc_malloc(1000);
  CU_ASSERT_PTR_NOT_NULL(p);
  CU_ASSERT_EQUAL(fake_dev_of(p, 1000), 0);
  CU_ASSERT(acc_get_property(0, acc_device_emulator,
                             acc_property_free_memory) < before);
  acc_free(p);
  unsigned long allocs = fake.mem_allocs;
  for (int i = 0; i < 100; i++) {
    void *q = acc_malloc(1000 + i % 24); /* all round to 1024 */
    acc_free(q);
  }
  CU_ASSERT_EQUAL(fake.mem_allocs, allocs);
  void *big = acc_malloc((size_t)9 << 20); /* beyond the pool: direct */
  CU_ASSERT_EQUAL(fake.mem_allocs, allocs + 1);
  acc_free(big);
  acc_free(NULL);
}

static void test_presence(void) {
  acc_copyin(a + 100, 100 * sizeof *a);
  CU_ASSERT(acc_is_present(a + 100, 100 * sizeof *a));
  CU_ASSERT(acc_is_present(a + 150, 10 * sizeof *a));
  CU_ASSERT(acc_is_present(a + 199, 0));
  CU_ASSERT_FALSE(acc_is_present(a + 150, 100 * sizeof *a)); /* partial */
  CU_ASSERT_FALSE(acc_is_present(a + 99, 2 * sizeof *a));
  CU_ASSERT_FALSE(acc_is_present(a + 200, sizeof *a));
  double *d = acc_deviceptr(a + 100);
  CU_ASSERT_EQUAL(fake_dev_of(d, 100 * sizeof *a), 0);
  CU_ASSERT_EQUAL(acc_deviceptr(a + 123), (void *)(d + 23));
  CU_ASSERT_EQUAL(acc_hostptr(d + 23), (void *)(a + 123));
  CU_ASSERT_PTR_NULL(acc_deviceptr(a + 200));
  CU_ASSERT_PTR_NULL(acc_hostptr(a));
  /* acc_copyin of present data counts and returns the same address */
  CU_ASSERT_EQUAL(acc_copyin(a + 120, 8), (void *)(d + 20));
  CU_ASSERT_EQUAL(acc_pcreate(a + 100, 8), (void *)d);
  acc_delete(a + 100, 8);
  acc_delete(a + 100, 8);
  CU_ASSERT(acc_is_present(a + 100, 8));
  acc_delete(a + 100, 100 * sizeof *a);
  CU_ASSERT_FALSE(acc_is_present(a + 100, 8));
  /* the current device only */
  acc_copyin(b, sizeof b);
  acc_set_device_num(1, acc_device_emulator);
  CU_ASSERT_FALSE(acc_is_present(b, sizeof b));
  acc_set_device_num(0, acc_device_emulator);
  acc_delete(b, sizeof b);
}

static void test_update_and_memcpy(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  double *d = acc_copyin(a, sizeof a);
  for (int i = 0; i < N; i++)
    a[i] = -i;
  acc_update_device(a + 10, 10 * sizeof *a); /* part of it */
  CU_ASSERT_EQUAL(d[9], 9);
  CU_ASSERT_EQUAL(d[10], -10);
  CU_ASSERT_EQUAL(d[20], 20);
  d[30] = 0.5;
  acc_update_self(a + 30, sizeof *a);
  CU_ASSERT_EQUAL(a[30], 0.5);
  CU_ASSERT_EQUAL(a[31], -31);
  double v = 42, w = 0;
  acc_memcpy_to_device(d + 1, &v, sizeof v);
  acc_memcpy_device(d + 2, d + 1, sizeof v);
  acc_memcpy_from_device(&w, d + 2, sizeof w);
  CU_ASSERT_EQUAL(w, 42);
  acc_delete(a, sizeof a);
}

static void test_attach_counts(void) {
  struct {
    double *p;
  } s = {b};
  acc_copyin(&s, sizeof s);
  void **dp = acc_deviceptr(&s.p);
  acc_copyin(b, sizeof b);
  acc_attach((void **)&s.p);
  CU_ASSERT_EQUAL(*dp, acc_deviceptr(b));
  acc_attach((void **)&s.p);
  acc_detach((void **)&s.p);
  CU_ASSERT_EQUAL(*dp, acc_deviceptr(b)); /* count 1 left */
  acc_detach((void **)&s.p);
  CU_ASSERT_EQUAL(*dp, (void *)b); /* detached: host value */
  acc_attach((void **)&s.p);
  acc_attach((void **)&s.p);
  acc_detach_finalize((void **)&s.p);
  CU_ASSERT_EQUAL(*dp, (void *)b);
  acc_delete(b, sizeof b);
  acc_delete(&s, sizeof s);
}

static void peer_roundtrip(void) {
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;
  acc_set_device_num(0, acc_device_emulator);
  acc_copyin(a, sizeof a);
  acc_set_device_num(1, acc_device_emulator);
  acc_create(b, sizeof b);
  acc_update_peer(b, 1, a, 0, sizeof a);
  acc_copyout(b, sizeof b);
  acc_set_device_num(0, acc_device_emulator);
  acc_delete(a, sizeof a);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(b[i], i);
}

static void test_update_peer(void) {
  unsigned long peers = fake.peer_copies;
  peer_roundtrip();
  CU_ASSERT_EQUAL(fake.peer_copies, peers + 1);
  fake.no_peer = 1; /* the runtime must stage through the host */
  peer_roundtrip();
  fake.no_peer = 0;
}

static void test_host_device(void) {
  acc_set_device_type(acc_device_host);
  CU_ASSERT_EQUAL(acc_get_device_type(), acc_device_host);
  CU_ASSERT_EQUAL(acc_copyin(a, sizeof a), (void *)a);
  CU_ASSERT(acc_is_present(b, sizeof b));
  CU_ASSERT_EQUAL(acc_deviceptr(a + 3), (void *)(a + 3));
  CU_ASSERT_FALSE(__accgpu_offload_p(NULL, ACCGPU_CURRENT_DEVICE, 1));
  CU_ASSERT_FALSE(__accgpu_offload_p(NULL, 3, 1)); /* deviceid(3): host */
  __accgpu_map m = {a, sizeof a, ACCGPU_MAP_COPY, 0, "a"};
  void *dev;
  __accgpu_region_begin(NULL, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        &dev);
  CU_ASSERT_EQUAL(dev, (void *)a);
  __accgpu_region_end(NULL, acc_async_sync);
  void *p = acc_malloc(64);
  acc_free(p);
  acc_set_device_num(0, acc_device_emulator);
}

/* acc_shutdown frees every device block; the next use starts afresh. */
static void test_shutdown_reinit(void) {
  acc_copyin(a, sizeof a);
  void *p = acc_malloc(100);
  (void)p;
  acc_shutdown(acc_device_emulator);
  CU_ASSERT_PTR_NULL(fake.allocs);
  CU_ASSERT_FALSE(acc_is_present(a, sizeof a));
  CU_ASSERT_PTR_NOT_NULL(acc_copyin(a, sizeof a));
  acc_delete(a, sizeof a);
}

/* (acc_copyout of absent data is no action: OpenACC 3.3 §2.7.8) */
static void child_update_absent(void) { acc_update_self(a, sizeof a); }
static void child_free_bogus(void) { acc_free(a); }
static void child_bad_device(void) { acc_set_device_num(5, acc_device_emulator); }
static void child_peer_absent(void) { acc_update_peer(b, 1, a, 0, 8); }

static void test_api_errors(void) {
  static const char *const w1[] = {"accgpu: error: acc_update_self: 0x",
                                   "(4096 bytes) is not present on device 0 "
                                   "(emulator)", NULL};
  static const char *const w2[] = {"acc_free:", "not allocated by acc_malloc",
                                   NULL};
  static const char *const w3[] = {"acc_set_device_num", "emulator device 5",
                                   "2 available", NULL};
  static const char *const w4[] = {"acc_update_peer", "not present", NULL};
  expect_fatal(child_update_absent, w1);
  expect_fatal(child_free_bogus, w2);
  expect_fatal(child_bad_device, w3);
  expect_fatal(child_peer_absent, w4);
}

ACCGPU_SUITE(api, init_suite, clean_suite, ACCGPU_TEST(test_devices),
             ACCGPU_TEST(test_malloc_pool), ACCGPU_TEST(test_presence),
             ACCGPU_TEST(test_update_and_memcpy),
             ACCGPU_TEST(test_attach_counts), ACCGPU_TEST(test_update_peer),
             ACCGPU_TEST(test_host_device), ACCGPU_TEST(test_shutdown_reinit),
             ACCGPU_TEST(test_api_errors));

/* ==== api_emu: the real emulator backend under the core ====
 *
 * A hand-built module runs emu_vadd (tests/unit/kernels/emu_basic.cu, built
 * for the CPU) through region_begin / launch / region_end, synchronously,
 * asynchronously and on two emulator devices named by deviceid; the
 * not_host numbering puts a fake nvidia device before the emulator's; and a
 * program linked with the static libaccgpu.a finds the emulator. */

void emu_vadd__emu(void **args);

#define EN 3000
static float ea[EN], eb[EN], ec[EN];
static const __accgpu_loc ELOC = {"emu_api.c", "main", "parallel", 7, 1};
static const uint32_t vadd_sizes[] = {sizeof(float *), sizeof(float *),
                                      sizeof(float *), sizeof(int)};
static const __accgpu_kernel emu_kernels[] = {
    {"emu_vadd", emu_vadd__emu, 4, vadd_sizes, &ELOC, 0, NULL, 0, NULL}};
static void *emu_mod_cache;
static const __accgpu_module emu_mod = {
    ACCGPU_ABI_VERSION, 1, emu_kernels, "emu_api.c", "", NULL, NULL, 0,
    &emu_mod_cache, NULL, 0, 0, NULL, 0, NULL};

static int emu_init(void) {
  setenv("ACCGPU_EMU_DEVICES", "2", 1);
  accgpu_core_set_backend(acc_device_emulator, NULL); /* recount: 2 */
  acc_set_device_num(0, acc_device_emulator);
  return 0;
}

static int emu_clean(void) {
  accgpu_core_set_backend(acc_device_nvidia, NULL);
  accgpu_core_set_backend(acc_device_emulator, NULL);
  unsetenv("ACCGPU_EMU_DEVICES");
  acc_set_device_type(acc_device_host);
  return 0;
}

static void emu_fill(void) {
  for (int i = 0; i < EN; i++)
    ea[i] = (float)i, eb[i] = (float)(3 * i % 17), ec[i] = -1;
}

static int emu_check(int lo, int hi) {
  int bad = 0;
  for (int i = lo; i < hi; i++)
    bad += ec[i] != ea[i] + eb[i];
  return bad;
}

/* c[lo:hi] = a[lo:hi] + b[lo:hi] in a compute region on DEVICE. */
static void emu_region(int device, int async, int lo, int hi) {
  size_t bytes = (size_t)(hi - lo) * sizeof(float);
  __accgpu_map m[3] = {{ea + lo, bytes, ACCGPU_MAP_COPYIN, 0, "a[lo:n]"},
                       {eb + lo, bytes, ACCGPU_MAP_COPYIN, 0, "b[lo:n]"},
                       {ec + lo, bytes, ACCGPU_MAP_COPYOUT, 0, "c[lo:n]"}};
  void *dev[3];
  __accgpu_region_begin(&ELOC, device, async, 3, m, dev);
  int n = hi - lo;
  void *args[4] = {&dev[2], &dev[0], &dev[1], &n};
  __accgpu_dim3 grid = {(unsigned)(n + 127) / 128, 1, 1}, block = {128, 1, 1};
  __accgpu_launch(&ELOC, &emu_mod, 0, grid, block, 0, async, args);
  n = -1; /* a queued launch must have copied the value */
  __accgpu_region_end(&ELOC, async);
}

static void test_emu_sync(void) {
  emu_fill();
  CU_ASSERT_EQUAL(acc_get_device_type(), acc_device_emulator);
  emu_region(ACCGPU_CURRENT_DEVICE, acc_async_sync, 0, EN);
  CU_ASSERT_EQUAL(emu_check(0, EN), 0);
  CU_ASSERT_FALSE(acc_is_present(ec, sizeof ec));
}

static void test_emu_async(void) {
  emu_fill();
  emu_region(ACCGPU_CURRENT_DEVICE, 3, 0, EN);
  acc_wait(3);
  CU_ASSERT_EQUAL(emu_check(0, EN), 0);
  CU_ASSERT(acc_async_test(3));
}

/* Each emulator device computes half, named by deviceid, sync and async. */
static void test_emu_two_devices(void) {
  CU_ASSERT_EQUAL_FATAL(acc_get_num_devices(acc_device_emulator), 2);
  for (int async = acc_async_sync; async <= 1; async += 1 - acc_async_sync) {
    emu_fill();
    emu_region(0, async, 0, EN / 2);
    emu_region(1, async, EN / 2, EN);
    __accgpu_wait_device(&ELOC, 0);
    __accgpu_wait_device(&ELOC, 1);
    CU_ASSERT_EQUAL(emu_check(0, EN), 0);
  }
  /* deviceid(1) data is on device 1 only. */
  __accgpu_map m = {ea, sizeof ea, ACCGPU_MAP_COPYIN, 0, "a"};
  __accgpu_enter_data(&ELOC, 1, acc_async_sync, 1, &m);
  __accgpu_wait_device(&ELOC, 1);
  CU_ASSERT_FALSE(acc_is_present(ea, sizeof ea));
  acc_set_device_num(1, acc_device_emulator);
  CU_ASSERT(acc_is_present(ea, sizeof ea));
  acc_delete(ea, sizeof ea);
  acc_set_device_num(0, acc_device_emulator);
}

/* not_host numbering: one (fake) nvidia device, then the 2 emulator
   devices; deviceid counts over the domain the thread selected. */
static void test_not_host_numbering(void) {
  accgpu_backend nv = fake_backend;
  nv.name = "nvidia";
  nv.type = acc_device_nvidia;
  fake.ndev = 1;
  accgpu_core_set_backend(acc_device_nvidia, &nv);
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_not_host), 3);
  CU_ASSERT_EQUAL(acc_get_num_devices(acc_device_nvidia), 1);
  acc_set_device_num(2, acc_device_not_host);
  CU_ASSERT_EQUAL(acc_get_device_type(), acc_device_emulator);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_emulator), 1);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_not_host), 2);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_default), 2);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_nvidia), 0);
  /* deviceid(0) is nvidia 0, deviceid(1) emulator 0. */
  emu_fill();
  emu_region(1, acc_async_sync, 0, EN);
  __accgpu_wait_device(&ELOC, 1);
  CU_ASSERT_EQUAL(emu_check(0, EN), 0);
  __accgpu_map m = {ea, sizeof ea, ACCGPU_MAP_COPYIN, 0, "a"};
  __accgpu_enter_data(&ELOC, 0, acc_async_sync, 1, &m);
  __accgpu_wait_device(&ELOC, 0);
  acc_set_device_num(0, acc_device_not_host);
  CU_ASSERT_EQUAL(acc_get_device_type(), acc_device_nvidia);
  CU_ASSERT_EQUAL(fake_dev_of(acc_deviceptr(ea), sizeof ea), 0);
  acc_delete(ea, sizeof ea);
  /* Selecting a concrete type narrows the numbering to it. */
  acc_set_device_type(acc_device_emulator);
  CU_ASSERT_EQUAL(acc_get_device_num(acc_device_default), 0);
  accgpu_core_set_backend(acc_device_nvidia, NULL);
  CU_ASSERT_PTR_NULL(fake.allocs);
  fake.ndev = 2;
}

/* ---- ACCGPU_PROFILE (written by the static program below) ---- */

/* Value node of KEY in mapping N of DOC, or NULL. */
static yaml_node_t *ymap(yaml_document_t *doc, yaml_node_t *n,
                         const char *key) {
  if (!n || n->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
       p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(doc, p->key);
    if (k->type == YAML_SCALAR_NODE &&
        !strcmp((char *)k->data.scalar.value, key))
      return yaml_document_get_node(doc, p->value);
  }
  return NULL;
}

static const char *yscalar(yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (char *)n->data.scalar.value : "";
}

/* Item I of sequence N as a string ("" when absent). */
static const char *yitem(yaml_document_t *doc, yaml_node_t *n, int i) {
  if (!n || n->type != YAML_SEQUENCE_NODE ||
      n->data.sequence.items.start + i >= n->data.sequence.items.top)
    return "";
  return yscalar(
      yaml_document_get_node(doc, n->data.sequence.items.start[i]));
}

/* The profile the static program wrote at exit: one kernel, launched 3
   times, the last with grid 3x1x1. */
static void check_profile(const char *path) {
  FILE *f = fopen(path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  CU_ASSERT_FATAL(yaml_parser_load(&parser, &doc));
  yaml_node_t *ks = ymap(&doc, yaml_document_get_root_node(&doc), "kernels");
  CU_ASSERT(ks && ks->type == YAML_SEQUENCE_NODE &&
            ks->data.sequence.items.top - ks->data.sequence.items.start == 1);
  yaml_node_t *k = ks ? yaml_document_get_node(
                            &doc, ks->data.sequence.items.start[0])
                      : NULL;
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "id")), "prog.c:12:main");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "kernel")), "k_set");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "file")), "prog.c");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "line")), "12");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "function")), "main");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "construct")), "parallel");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "device")), "emulator 1");
  CU_ASSERT_STRING_EQUAL(yscalar(ymap(&doc, k, "launches")), "3");
  yaml_node_t *g = ymap(&doc, k, "grid"), *b = ymap(&doc, k, "block");
  CU_ASSERT_STRING_EQUAL(yitem(&doc, g, 0), "3");
  CU_ASSERT_STRING_EQUAL(yitem(&doc, g, 1), "1");
  CU_ASSERT_STRING_EQUAL(yitem(&doc, b, 0), "32");
  CU_ASSERT_STRING_EQUAL(yitem(&doc, b, 2), "1");
  double total = atof(yscalar(ymap(&doc, k, "time_total_s")));
  double least = atof(yscalar(ymap(&doc, k, "time_min_s")));
  CU_ASSERT(total >= 3 * least && least >= 0);
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  fclose(f);
}

/* Source of a program that uses only the OpenACC API and the compiler's
   entry points: linked with the static archive it must still pull the
   emulator in.  Its kernel is a C function (an emu_entry). */
static const char static_prog[] =
    "#include <accgpu_abi.h>\n"
    "#include <openacc.h>\n"
    "#include <stdlib.h>\n"
    "static const __accgpu_loc L = {\"prog.c\", \"main\", \"parallel\", 12, 1};\n"
    "static void k(void **a) {\n"
    "  __atomic_store_n(*(int **)a[0], 42, __ATOMIC_RELAXED);\n"
    "}\n"
    "static const uint32_t sz[] = {sizeof(int *)};\n"
    "static const __accgpu_kernel ks[] = {{\"k_set\", k, 1, sz, &L, 0, NULL, 0,\n"
    "                                      NULL}};\n"
    "static void *cache;\n"
    "static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 1, ks, \"prog.c\",\n"
    "                                    \"\", 0, 0, 0, &cache, NULL, 0, 0, NULL, 0, NULL};\n"
    "int main(void) {\n"
    "  static double x[100];\n"
    "  if (acc_get_device_type() != acc_device_emulator) return 2;\n"
    "  if (acc_get_num_devices(acc_device_emulator) != 2) return 3;\n"
    "  int nv = acc_get_num_devices(acc_device_nvidia);\n"
    "  int nh = acc_get_num_devices(acc_device_not_host);\n"
    "  if (nh != 2 + nv && !(nv == 2 && nh == 2)) return 4;\n"
    "  acc_set_device_num(1, acc_device_default);\n"
    "  if (acc_get_device_type() != acc_device_emulator ||\n"
    "      acc_get_device_num(acc_device_emulator) != 1) return 5;\n"
    "  for (int i = 0; i < 100; i++) x[i] = i;\n"
    "  acc_copyin(x, sizeof x);\n"
    "  for (int i = 0; i < 100; i++) x[i] = 0;\n"
    "  acc_copyout(x, sizeof x);\n"
    "  for (int i = 0; i < 100; i++) if (x[i] != i) return 6;\n"
    "  int y = 0;\n"
    "  __accgpu_map m = {&y, sizeof y, ACCGPU_MAP_COPY, 0, \"y\"};\n"
    "  void *d;\n"
    "  for (unsigned i = 1; i <= 3; i++) {\n"
    "    __accgpu_region_begin(&L, -1, acc_async_sync, 1, &m, &d);\n"
    "    void *args[] = {&d};\n"
    "    __accgpu_dim3 g = {i, 1, 1}, b = {32, 1, 1};\n"
    "    __accgpu_launch(&L, &mod, 0, g, b, 0, acc_async_sync, args);\n"
    "    __accgpu_region_end(&L, acc_async_sync);\n"
    "  }\n"
    "  if (y != 42) return 7;\n"
    "  /* Without a GPU acc_device_nvidia names the emulator's devices; \n"
    "     acc_memcpy_d2d counts over the current type (OpenACC 3.x). */\n"
    "  if (getenv(\"STAND_IN\") && nv != 2) return 11;\n"
    "  if (nv < 2) return 0;\n"
    "  static double p[64], q[64];\n"
    "  for (int i = 0; i < 64; i++) p[i] = i + 0.5, q[i] = -1;\n"
    "  acc_set_device_num(1, acc_device_nvidia);\n"
    "  if (acc_get_device_num(acc_device_nvidia) != 1) return 8;\n"
    "  acc_copyin(q, sizeof q);\n"
    "  acc_set_device_num(0, acc_device_nvidia);\n"
    "  acc_copyin(p, sizeof p);\n"
    "  if (acc_is_present(q, sizeof q)) return 9;\n"
    "  acc_memcpy_d2d(q, p, sizeof p, 1, 0);\n"
    "  acc_delete(p, sizeof p);\n"
    "  acc_set_device_num(1, acc_device_nvidia);\n"
    "  acc_copyout(q, sizeof q);\n"
    "  for (int i = 0; i < 64; i++) if (q[i] != i + 0.5) return 10;\n"
    "  return 0;\n"
    "}\n";

/* Runs ARGV (with ENV) and returns its exit status, -1 when it did not
   run or exit. */
static int spawn_wait(char *const argv[], char *const env[]) {
  pid_t pid;
  int st;
  fflush(NULL);
  pid = fork();
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    dup2(fd, 1);
    execve(argv[0][0] == '/' ? argv[0] : "/usr/bin/gcc", argv, env);
    _exit(127);
  }
  if (pid < 0 || waitpid(pid, &st, 0) != pid)
    return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_emu_static_link(void) {
  char exe[4096], lib[4200], dir[256], src[300], bin[300], inc[4200];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0 || access("/usr/bin/gcc", X_OK) != 0) {
    fprintf(stdout, "\n  skipped: no gcc or no /proc/self/exe");
    return;
  }
  exe[n] = 0;
  *strrchr(exe, '/') = 0; /* .../build[/asan]/tests */
  *strrchr(exe, '/') = 0;
  snprintf(lib, sizeof lib, "%s/libaccgpu.a", exe);
  snprintf(inc, sizeof inc, "-I%s/../include", exe);
  if (strstr(exe, "/asan") || strstr(exe, "/tsan"))
    snprintf(inc, sizeof inc, "-I%s/../../include", exe);
  const char *san = strstr(exe, "/asan") ? "-fsanitize=address,undefined"
                    : strstr(exe, "/tsan") ? "-fsanitize=thread" : "-O0";
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/accgpu-static-XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
  snprintf(src, sizeof src, "%s/p.c", dir);
  snprintf(bin, sizeof bin, "%s/p", dir);
  FILE *f = fopen(src, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fputs(static_prog, f);
  fclose(f);
  char *cc[] = {"gcc", (char *)san, inc, "-o", bin, src, lib, "-lpthread",
                "-ldl", "-lm", NULL};
  extern char **environ;
  CU_ASSERT_EQUAL(spawn_wait(cc, environ), 0);
  char *run[] = {bin, NULL};
  char prof[320], prof_env[340];
  snprintf(prof, sizeof prof, "%s/prof.yaml", dir);
  snprintf(prof_env, sizeof prof_env, "ACCGPU_PROFILE=%s", prof);
  /* No GPU here: the program checks that acc_device_nvidia names the
     emulator's two devices (STAND_IN). */
  char *env[] = {"ACC_DEVICE_TYPE=emulator", "ACCGPU_EMU_DEVICES=2", prof_env,
                 "TSAN_OPTIONS=report_signal_unsafe=0", NULL, NULL};
  if (accgpu_type_count(acc_device_nvidia) == 0)
    env[4] = "STAND_IN=1";
  CU_ASSERT_EQUAL(spawn_wait(run, env), 0);
  check_profile(prof);
  unlink(prof);
  unlink(bin);
  unlink(src);
  rmdir(dir);
}

ACCGPU_SUITE(api_emu, emu_init, emu_clean, ACCGPU_TEST(test_emu_sync),
             ACCGPU_TEST(test_emu_async), ACCGPU_TEST(test_emu_two_devices),
             ACCGPU_TEST(test_not_host_numbering),
             ACCGPU_TEST(test_emu_static_link));
