/* test_profile.c — ACCGPU_PROFILE's per-kernel values (runtime/profile.c):
 * the trip counts and parameter values a launch passes to
 * __accgpu_launch_trips become the kernel entry's `trips:` and `params:`
 * (the last launch's), unknown (negative) values and kernels without names
 * write none, and a launch queued on a device's worker keeps its own copy
 * of the values.  The file is read back with libyaml. */
#include <sched.h>
#include <yaml.h>

#include "fake_device.h"
#include "suite.h"

static const __accgpu_loc LP = {"prof.c", "main", "parallel", 21, 1};
static const __accgpu_loc LQ = {"prof.c", "main", "parallel", 35, 1};

/* Kernel: *x = v (the test checks that every launch ran). */
static void k_set(void **args) {
  int *x = *(int **)args[0];
  *x = *(int *)args[1];
}

static const uint32_t set_sizes[] = {sizeof(int *), sizeof(int)};
static const char *const ji[] = {"j", "i"};
static const char *const n_m[] = {"n", "m"};
static const char *const odd[] = {"a b"};
static const __accgpu_kernel kernels[] = {
    /* 0: a 2-deep nest, two parameters */
    {"k_nest", k_set, 2, set_sizes, &LP, 2, ji, 2, n_m},
    /* 1: nothing named */
    {"k_plain", k_set, 2, set_sizes, &LQ, 0, NULL, 0, NULL},
    /* 2: one loop, a name YAML must quote, no parameters */
    {"k_odd", k_set, 2, set_sizes, &LQ, 1, odd, 0, NULL}};
static void *mod_cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 3, kernels, "prof.c",
                                    "", NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

static int init_suite(void) {
  fake_install(1, 0);
  return 0;
}
static int clean_suite(void) {
  accgpu_profile_stop();
  return fake_uninstall();
}

static char path[300];

static void start(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/accgpu-prof-%d.yaml",
           tmp && *tmp ? tmp : "/tmp", (int)getpid());
  accgpu_profile_start(path);
}

/* Launches kernel K (x = V) with VALS (NULL: __accgpu_launch); X must
   then hold V. */
static void launch(unsigned k, int v, const int64_t *vals) {
  static int x;
  __accgpu_map m = {&x, sizeof x, ACCGPU_MAP_COPY, 0, "x"};
  void *dev;
  __accgpu_region_begin(&LP, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &m,
                        &dev);
  void *args[] = {&dev, &v};
  if (vals)
    __accgpu_launch_trips(&LP, &mod, k, (__accgpu_dim3){1, 1, 1},
                          (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args,
                          vals);
  else
    __accgpu_launch(&LP, &mod, k, (__accgpu_dim3){1, 1, 1},
                    (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
  __accgpu_region_end(&LP, acc_async_sync);
  CU_ASSERT_EQUAL(x, v);
}

/* ---- reading the profile back ---- */

static yaml_node_t *get(yaml_document_t *doc, yaml_node_t *n,
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

/* Mapping N as "k=v,k=v" in file order; "-" when absent. */
static void flat(yaml_document_t *doc, yaml_node_t *n, char *out,
                 size_t len) {
  snprintf(out, len, "-");
  if (!n || n->type != YAML_MAPPING_NODE)
    return;
  size_t used = 0;
  out[0] = 0;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
       p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(doc, p->key);
    yaml_node_t *v = yaml_document_get_node(doc, p->value);
    used += snprintf(out + used, len - used, "%s%s=%s", used ? "," : "",
                     (char *)k->data.scalar.value,
                     (char *)v->data.scalar.value);
    if (used >= len)
      return;
  }
}

typedef struct seen {
  char kernel[64], launches[16], trips[128], params[128];
} seen;

/* Writes the profile and reads back its entries (at most MAX) into S;
   returns their count, -1 when the file is not YAML. */
static int read_back(seen *s, int max) {
  CU_ASSERT_EQUAL_FATAL(accgpu_profile_write(), 0);
  FILE *f = fopen(path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  int n = -1;
  if (yaml_parser_load(&parser, &doc)) {
    yaml_node_t *ks = get(&doc, yaml_document_get_root_node(&doc), "kernels");
    n = 0;
    for (yaml_node_item_t *i = ks ? ks->data.sequence.items.start : NULL;
         i && i < ks->data.sequence.items.top && n < max; i++, n++) {
      yaml_node_t *e = yaml_document_get_node(&doc, *i);
      yaml_node_t *k = get(&doc, e, "kernel"), *l = get(&doc, e, "launches");
      snprintf(s[n].kernel, sizeof s[n].kernel, "%s",
               k ? (char *)k->data.scalar.value : "?");
      snprintf(s[n].launches, sizeof s[n].launches, "%s",
               l ? (char *)l->data.scalar.value : "?");
      flat(&doc, get(&doc, e, "trips"), s[n].trips, sizeof s[n].trips);
      flat(&doc, get(&doc, e, "params"), s[n].params, sizeof s[n].params);
    }
    yaml_document_delete(&doc);
  }
  yaml_parser_delete(&parser);
  fclose(f);
  unlink(path);
  return n;
}

/* ---- tests ---- */

/* The last launch's values win; unknown ones and unnamed kernels write
   nothing; a kernel launched without values has none. */
static void test_trips_and_params(void) {
  start();
  int64_t first[] = {1022, 1022, 1024, 7};
  int64_t last[] = {30, -1, 32, -5}; /* i unknown, m negative */
  launch(0, 1, first);
  launch(1, 2, NULL);
  launch(0, 3, last);
  int64_t one[] = {5};
  launch(2, 4, one);
  seen s[4];
  int n = read_back(s, 4);
  CU_ASSERT_EQUAL_FATAL(n, 3);
  CU_ASSERT_STRING_EQUAL(s[0].kernel, "k_nest");
  CU_ASSERT_STRING_EQUAL(s[0].launches, "2");
  CU_ASSERT_STRING_EQUAL(s[0].trips, "j=30");
  CU_ASSERT_STRING_EQUAL(s[0].params, "n=32");
  CU_ASSERT_STRING_EQUAL(s[1].kernel, "k_plain");
  CU_ASSERT_STRING_EQUAL(s[1].trips, "-");
  CU_ASSERT_STRING_EQUAL(s[1].params, "-");
  CU_ASSERT_STRING_EQUAL(s[2].kernel, "k_odd");
  CU_ASSERT_STRING_EQUAL(s[2].trips, "a b=5");
  CU_ASSERT_STRING_EQUAL(s[2].params, "-");
  accgpu_profile_stop();
}

/* A launch after one with values, made without them (an older caller),
   leaves the entry without values: the profile says what the last launch
   said. */
static void test_last_launch_without_values(void) {
  start();
  int64_t v[] = {8, 9, 10, 11};
  launch(0, 5, v);
  seen s[1];
  CU_ASSERT_EQUAL_FATAL(read_back(s, 1), 1);
  CU_ASSERT_STRING_EQUAL(s[0].trips, "j=8,i=9");
  CU_ASSERT_STRING_EQUAL(s[0].params, "n=10,m=11");
  launch(0, 6, NULL);
  CU_ASSERT_EQUAL_FATAL(read_back(s, 1), 1);
  CU_ASSERT_STRING_EQUAL(s[0].launches, "2");
  CU_ASSERT_STRING_EQUAL(s[0].trips, "-");
  CU_ASSERT_STRING_EQUAL(s[0].params, "-");
  accgpu_profile_stop();
}

static int gate_open;

/* A worker task that holds the worker until the test opens the gate. */
static void gate(void *arg) {
  (void)arg;
  while (!__atomic_load_n(&gate_open, __ATOMIC_ACQUIRE))
    sched_yield();
}

/* A region given a device number runs on that device's worker: the launch
   is queued (behind a closed gate, so it runs after the call returned),
   and the caller's array changes right after the call. */
static void test_queued_launch_copies_values(void) {
  start();
  static int x;
  int64_t v[] = {100, 200, 300, 400};
  int val = 7;
  __accgpu_map m = {&x, sizeof x, ACCGPU_MAP_COPY, 0, "x"};
  void *dev;
  __accgpu_region_begin(&LP, 0, acc_async_sync, 1, &m, &dev);
  __atomic_store_n(&gate_open, 0, __ATOMIC_RELAXED);
  __accgpu_device_submit(0, gate, NULL, 0);
  void *args[] = {&dev, &val};
  __accgpu_launch_trips(&LP, &mod, 0, (__accgpu_dim3){1, 1, 1},
                        (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args, v);
  for (int i = 0; i < 4; i++)
    v[i] = -1;
  __atomic_store_n(&gate_open, 1, __ATOMIC_RELEASE);
  __accgpu_region_end(&LP, acc_async_sync);
  __accgpu_wait_device(&LP, 0);
  CU_ASSERT_EQUAL(x, 7);
  seen s[1];
  CU_ASSERT_EQUAL_FATAL(read_back(s, 1), 1);
  CU_ASSERT_STRING_EQUAL(s[0].trips, "j=100,i=200");
  CU_ASSERT_STRING_EQUAL(s[0].params, "n=300,m=400");
  accgpu_profile_stop();
}

ACCGPU_SUITE(profile, init_suite, clean_suite,
             ACCGPU_TEST(test_trips_and_params),
             ACCGPU_TEST(test_last_launch_without_values),
             ACCGPU_TEST(test_queued_launch_copies_values));
