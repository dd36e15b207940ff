/* test_multidev.c — several fake devices driven through deviceid-style
 * entry points (Xu §6.3.2): tasks run in FIFO order per device on the
 * device's worker, regions and launches queued there compute the right
 * result after wait device, kernel argument values are copied into the
 * task, and several host threads use the API on their own devices at the
 * same time (run under ThreadSanitizer by make test-tsan). */
#include <sched.h>

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
    {"k_scale", k_scale, 3, scale_sizes, &LP, 0, NULL, 0, NULL}};
static void *mod_cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 1, kernels, "multi.c",
                                    "", NULL, NULL, 0, &mod_cache, NULL, 0, 0, NULL, 0, NULL};

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

/* ---- acc_memcpy_d2d_async is queued on the source device's queue ---- */

static int gate; /* k_gate spins until it is set */
static void k_gate(void **args) {
  (void)args;
  while (!__atomic_load_n(&gate, __ATOMIC_ACQUIRE))
    sched_yield();
}
static const __accgpu_kernel gate_k[] = {
    {"k_gate", k_gate, 0, NULL, &LP, 0, NULL, 0, NULL}};
static void *gate_cache;
static const __accgpu_module gate_mod = {ACCGPU_ABI_VERSION, 1, gate_k,
                                         "multi.c", "", NULL, NULL, 0,
                                         &gate_cache, NULL, 0, 0, NULL, 0, NULL};

/* Device copy of host array H on device DEV (its memory is host-readable
   in the fake). */
static double *dev_copy(double *h, int dev) {
  acc_set_device_num(dev, acc_device_emulator);
  double *d = acc_deviceptr(h);
  acc_set_device_num(0, acc_device_emulator);
  return d;
}

/* Queue 4 of device 0 is held by a gate kernel: the copy from device 0
   (to device TO) must not have happened when the call returns, and must
   have once queue 4 of device 0 is waited for. */
static void d2d_async_case(int to) {
  static double y[N], z[N];
  for (int i = 0; i < N; i++)
    y[i] = i + to, z[i] = 0;
  acc_set_device_num(0, acc_device_emulator);
  acc_copyin(y, sizeof y);
  acc_set_device_num(to, acc_device_emulator);
  acc_copyin(z, sizeof z);
  acc_set_device_num(0, acc_device_emulator);
  __atomic_store_n(&gate, 0, __ATOMIC_RELEASE);
  __accgpu_launch(&LP, &gate_mod, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, 4, NULL);
  acc_memcpy_d2d_async(z, y, sizeof y, to, 0, 4);
  double *dz = dev_copy(z, to);
  CU_ASSERT_EQUAL(dz[N - 1], 0); /* still behind the gate */
  CU_ASSERT_FALSE(acc_async_test_device(4, 0));
  __atomic_store_n(&gate, 1, __ATOMIC_RELEASE);
  acc_wait_device(4, 0);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += dz[i] != i + to;
  CU_ASSERT_EQUAL(bad, 0);
  acc_set_device_num(to, acc_device_emulator);
  acc_delete(z, sizeof z);
  acc_set_device_num(0, acc_device_emulator);
  acc_delete(y, sizeof y);
}

static void test_memcpy_d2d_async(void) {
  unsigned long peers = fake.peer_copies;
  d2d_async_case(0); /* same device */
  d2d_async_case(1); /* peer */
  CU_ASSERT_EQUAL(fake.peer_copies, peers + 1);
  fake.no_peer = 1;
  d2d_async_case(2); /* staged through a pinned buffer */
  fake.no_peer = 0;
}

/* ---- Tasks use the submitter's default async queue ---- */

static unsigned long enqueued(struct accgpu_queue *q) {
  pthread_mutex_lock(&q->m);
  unsigned long n = q->enq;
  pthread_mutex_unlock(&q->m);
  return n;
}

static void test_task_default_async(void) {
  static double w[N];
  accgpu_device *d = accgpu_device_get(acc_device_emulator, 1, "test");
  pthread_mutex_lock(&d->lock);
  struct accgpu_queue *q7 = accgpu_queue_get(d, 7, NULL);
  struct accgpu_queue *q0 = accgpu_queue_get(d, 0, NULL);
  pthread_mutex_unlock(&d->lock);
  unsigned long before = enqueued(q7), before0 = enqueued(q0);
  acc_set_default_async(7);
  __accgpu_map in = {w, sizeof w, ACCGPU_MAP_COPYIN, 0, "w"};
  __accgpu_enter_data(&LP, 1, acc_async_noval, 1, &in);
  __accgpu_wait_device(&LP, 1);
  acc_set_default_async(acc_async_noval);
  /* The copy (and its staging buffer's release) went to queue 7, nothing
     to the initial default queue 0. */
  CU_ASSERT(enqueued(q7) > before);
  CU_ASSERT_EQUAL(enqueued(q0), before0);
  __accgpu_map del = {w, sizeof w, ACCGPU_MAP_DELETE, 0, "w"};
  __accgpu_exit_data(&LP, 1, acc_async_sync, 1, &del);
  __accgpu_wait_device(&LP, 1);
}

/* ---- Two workers, each entering a region on the other's device ---- */

static pthread_barrier_t both;
static pthread_mutex_t done_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done_c = PTHREAD_COND_INITIALIZER;
static int ndone;
static double cross[2][N];

typedef struct cross_arg {
  int other;
} cross_arg;

/* On worker 1 - OTHER: scale cross[OTHER] by OTHER + 2 in a compute
   region on device OTHER, after both tasks have started. */
static void cross_task(void *p) {
  int o = ((cross_arg *)p)->other, n = N;
  double f = o + 2;
  pthread_barrier_wait(&both);
  __accgpu_map m = {cross[o], sizeof cross[o], ACCGPU_MAP_COPY, 0, "c"};
  void *dev;
  __accgpu_region_begin(&LP, o, acc_async_sync, 1, &m, &dev);
  void *args[] = {&dev, &n, &f};
  __accgpu_launch(&LP, &mod, 0, (__accgpu_dim3){1, 1, 1},
                  (__accgpu_dim3){1, 1, 1}, 0, acc_async_sync, args);
  __accgpu_region_end(&LP, acc_async_sync);
  pthread_mutex_lock(&done_m);
  ndone++;
  pthread_cond_signal(&done_c);
  pthread_mutex_unlock(&done_m);
}

static void test_workers_cross_regions(void) {
  pthread_barrier_init(&both, NULL, 2);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < N; i++)
      cross[k][i] = i;
  for (int k = 0; k < 2; k++) {
    cross_arg a = {1 - k};
    __accgpu_device_submit(k, cross_task, &a, sizeof a);
  }
  /* A deadlock would hang the suite: give up after a minute. */
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 60;
  pthread_mutex_lock(&done_m);
  while (ndone < 2 &&
         pthread_cond_timedwait(&done_c, &done_m, &until) == 0)
    ;
  int finished = ndone == 2;
  pthread_mutex_unlock(&done_m);
  if (!finished) {
    fprintf(stdout, "\n  DEADLOCK: two workers entering regions on each "
            "other's device\n");
    fflush(NULL);
    _exit(1);
  }
  __accgpu_wait_device(&LP, 0);
  __accgpu_wait_device(&LP, 1);
  pthread_barrier_destroy(&both);
  int bad = 0;
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < N; i++)
      bad += cross[k][i] != (double)i * (k + 2);
  CU_ASSERT_EQUAL(bad, 0);
}

ACCGPU_SUITE(multidev, init_suite, clean_suite,
             ACCGPU_TEST(test_memcpy_d2d_async),
             ACCGPU_TEST(test_task_default_async),
             ACCGPU_TEST(test_workers_cross_regions),
             ACCGPU_TEST(test_fifo_per_device),
             ACCGPU_TEST(test_regions_on_workers),
             ACCGPU_TEST(test_enter_exit_and_peer),
             ACCGPU_TEST(test_threads_own_devices));
