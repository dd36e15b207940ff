/* test_multidev.c — several fake devices driven through deviceid-style
 * entry points (Xu §6.3.2): tasks run in FIFO order per device on the
 * device's worker, regions and launches queued there compute the right
 * result after wait device, kernel argument values are copied into the
 * task, and several host threads use the API on their own devices at the
 * same time (run under ThreadSanitizer by make test-tsan). */
#include "fake_device.h"
#include "suite.h"

static const __accgpu_loc LP = {"multi.c", "main", "parallel", 40, 1};

#define NDEV 3
#define N 3000

static int init_suite(void) {
  fake_install(NDEV, 1);
  return 0;
}
static int clean_suite(void) { return fake_uninstall(); }

/* ---- FIFO order of submitted tasks ---- */

static int log_[NDEV][200], nlog[NDEV]; /* written by each worker only */

typedef struct rec_arg {
  int dev, seq;
} rec_arg;

static void rec_task(void *p) {
  rec_arg *r = p;
  log_[r->dev][nlog[r->dev]++] = r->seq;
}

static void test_fifo_per_device(void) {
  for (int s = 0; s < 200; s++)
    for (int d = 0; d < NDEV; d++) {
      rec_arg r = {d, s};
      __accgpu_device_submit(d, rec_task, &r, sizeof r); /* r is copied */
    }
  for (int d = 0; d < NDEV; d++)
    __accgpu_wait_device(&LP, d);
  for (int d = 0; d < NDEV; d++) {
    CU_ASSERT_EQUAL(nlog[d], 200);
    for (int s = 0; s < 200; s++)
      CU_ASSERT_EQUAL_FATAL(log_[d][s], s);
  }
}

/* ---- Regions and launches on each device's worker ---- */

static void k_scale(void **args) {
  double *x = *(double **)args[0];
  int n = *(int *)args[1];
  double f = *(double *)args[2];
  for (int i = 0; i < n; i++)
    x[i] *= f;
}
static const uint32_t scale_sizes[] = {sizeof(double *), sizeof(int),
                                       sizeof(double)};
static const __accgpu_kernel kernels[] = {
    {"k_scale", k_scale, 3, scale_sizes, &LP}};
static void *mod_cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 1, kernels, "multi.c",
                                    "", NULL, NULL, 0, &mod_cache};

static double x[N];

/* Each device scales its third of X in a compute region with copy(); the
   factor lives in a variable changed right after each launch. */
static void test_regions_on_workers(void) {
  for (int i = 0; i < N; i++)
    x[i] = i;
  int part = N / NDEV;
  for (int d = 0; d < NDEV; d++) {
    __accgpu_map m = {x + d * part, part * sizeof *x, ACCGPU_MAP_COPY, 0,
                      "x[d*part:part]"};
    void *dev;
    __accgpu_region_begin(&LP, d, acc_async_sync, 1, &m, &dev);
    CU_ASSERT_EQUAL(fake_dev_of(dev, part * sizeof *x), d);
    double f = d + 2;
    int n = part;
    void *args[] = {&dev, &n, &f};
    __accgpu_launch(&LP, &mod, 0, (__accgpu_dim3){1, 1, 1},
                    (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
    f = -1; /* the queued launch must have its own copy */
    n = 0;
    __accgpu_region_end(&LP, acc_async_sync);
  }
  for (int d = 0; d < NDEV; d++)
    __accgpu_wait_device(&LP, d);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(x[i], (double)i * (i / part + 2));
}

/* enter data / update / exit data with a device number, then update peer
   moves a block from device 0 to device 1. */
static void test_enter_exit_and_peer(void) {
  static double y[N], z[N];
  for (int i = 0; i < N; i++)
    y[i] = i, z[i] = 0;
  __accgpu_map in = {y, sizeof y, ACCGPU_MAP_COPYIN, 0, "y"};
  __accgpu_map cz = {z, sizeof z, ACCGPU_MAP_CREATE, 0, "z"};
  __accgpu_map out = {z, sizeof z, ACCGPU_MAP_COPYOUT, 0, "z"};
  __accgpu_map del = {y, sizeof y, ACCGPU_MAP_DELETE, 0, "y"};
  __accgpu_enter_data(&LP, 0, acc_async_sync, 1, &in);
  __accgpu_enter_data(&LP, 1, acc_async_sync, 1, &cz);
  __accgpu_wait_device(&LP, 0);
  __accgpu_wait_device(&LP, 1);
  __accgpu_update_peer(&LP, z, 1, y, 0, sizeof y, "z");
  __accgpu_exit_data(&LP, 1, acc_async_sync, 1, &out);
  __accgpu_exit_data(&LP, 0, acc_async_sync, 1, &del);
  __accgpu_wait(&LP, 1, 0, NULL, acc_async_sync);
  __accgpu_wait_device(&LP, 0);
  for (int i = 0; i < N; i++)
    CU_ASSERT_EQUAL_FATAL(z[i], i);
}

/* ---- Several host threads, each on its own device ---- */

typedef struct thr {
  int dev, ok;
  double data[512];
} thr;

static void *thread_main(void *p) {
  thr *t = p;
  acc_set_device_num(t->dev, acc_device_emulator);
  t->ok = 1;
  for (int it = 0; it < 20; it++) {
    for (int i = 0; i < 512; i++)
      t->data[i] = i + it;
    double *d = acc_copyin(t->data, sizeof t->data);
    t->ok &= fake_dev_of(d, sizeof t->data) == t->dev;
    t->ok &= acc_is_present(t->data, sizeof t->data);
    d[5] = -1; /* stand-in for a kernel */
    void *tmp = acc_malloc(100 + it);
    acc_free(tmp);
    acc_copyout(t->data, sizeof t->data);
    t->ok &= t->data[5] == -1 && t->data[6] == 6 + it;
    t->ok &= !acc_is_present(t->data, sizeof t->data);
  }
  return NULL;
}

static void test_threads_own_devices(void) {
  pthread_t th[4];
  static thr t[4];
  for (int i = 0; i < 4; i++) {
    t[i].dev = i % NDEV; /* threads 0 and 3 share device 0 */
    pthread_create(&th[i], NULL, thread_main, &t[i]);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    CU_ASSERT(t[i].ok);
  }
}

ACCGPU_SUITE(multidev, init_suite, clean_suite,
             ACCGPU_TEST(test_fifo_per_device),
             ACCGPU_TEST(test_regions_on_workers),
             ACCGPU_TEST(test_enter_exit_and_peer),
             ACCGPU_TEST(test_threads_own_devices));
