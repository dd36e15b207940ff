/* fake_device.h — a device backend for the runtime's unit tests, plus test
 * helpers.  Included (static) by the runtime's test files, so each file has
 * its own instance.
 *
 * "Device" memory is malloc'd but tracked: every copy checks that its device
 * side lies inside a live allocation of the right device and that its host
 * side does not, so a runtime that hands a host address to the device (or
 * the reverse) fails the copy.  In async mode each queue is a thread that
 * runs its operations later (after a short sleep), so a missing wait shows
 * up as stale data.  Kernels are the test's own C functions (emu_entry),
 * run on the queue with argument values copied at launch time.          */
#ifndef ACCGPU_FAKE_DEVICE_H
#define ACCGPU_FAKE_DEVICE_H 1

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "core.h"

#define FAKE_MAXDEV 8

struct accgpu_dev {
  int ordinal;
};

typedef struct fake_alloc {
  char *p;
  size_t n;
  int dev;
  struct fake_alloc *next;
} fake_alloc;

typedef struct fake_op {
  int kind; /* 0 copy, 1 callback, 2 launch, 3 wait-other, 4 memset */
  void *dst;
  const void *src;
  size_t n;
  void (*fn)(void *);
  void *arg;
  void (*kern)(void **);
  unsigned nargs;
  void *argv[16];
  unsigned char vals[16][64];
  struct accgpu_queue *other;
  unsigned long ticket;
  struct fake_op *next;
} fake_op;

struct accgpu_queue {
  int dev;
  pthread_t thread;
  pthread_mutex_t m;
  pthread_cond_t cv;
  fake_op *head, *tail;
  unsigned long enq, done;
  int stop, threaded;
};

static struct {
  pthread_mutex_t m;
  fake_alloc *allocs;
  int ndev;
  int async;        /* queues run later on their own thread */
  int no_peer;      /* copy_peer unsupported: runtime must stage */
  int fail_launch;  /* launches fail with a backend error */
  size_t mem_limit; /* per device, 0 = unlimited */
  size_t used[FAKE_MAXDEV];
  unsigned long mem_allocs, peer_copies, launches, loads;
  struct accgpu_dev devs[FAKE_MAXDEV];
} fake = {.m = PTHREAD_MUTEX_INITIALIZER, .ndev = 2};

static fake_alloc *fake_find(const void *p, size_t n) {
  for (fake_alloc *a = fake.allocs; a; a = a->next)
    if ((const char *)p >= a->p && (const char *)p + n <= a->p + a->n)
      return a;
  return NULL;
}

/* Device of the allocation holding [P, P+N), -1 when host memory. */
__attribute__((unused)) static int fake_dev_of(const void *p, size_t n) {
  pthread_mutex_lock(&fake.m);
  fake_alloc *a = fake_find(p, n);
  int d = a ? a->dev : -1;
  pthread_mutex_unlock(&fake.m);
  return d;
}

static int fake_count(void) { return fake.ndev; }
static int fake_open(int ordinal, struct accgpu_dev **out) {
  fake.devs[ordinal].ordinal = ordinal;
  *out = &fake.devs[ordinal];
  return 0;
}
static void fake_close(struct accgpu_dev *d) { (void)d; }
static int fake_props(struct accgpu_dev *d, accgpu_devprops *out) {
  memset(out, 0, sizeof *out);
  snprintf(out->name, sizeof out->name, "fake%d", d->ordinal);
  strcpy(out->vendor, "tests");
  strcpy(out->driver, "fake 1.0");
  out->total_mem = (size_t)1 << 30;
  out->sm_count = 4;
  out->max_threads_per_block = 1024;
  out->warp_size = 32;
  out->max_blocks_per_sm = 16;
  return 0;
}
static int fake_mem_info(struct accgpu_dev *d, size_t *f, size_t *t) {
  pthread_mutex_lock(&fake.m);
  *t = (size_t)1 << 30;
  *f = *t - fake.used[d->ordinal];
  pthread_mutex_unlock(&fake.m);
  return 0;
}
static int fake_mem_alloc(struct accgpu_dev *d, size_t n, void **p) {
  pthread_mutex_lock(&fake.m);
  if (fake.mem_limit && fake.used[d->ordinal] + n > fake.mem_limit) {
    pthread_mutex_unlock(&fake.m);
    accgpu_set_error(ACCGPU_ERR_NOMEM, "fakeMalloc(device %d, %zu B): out of "
                     "memory", d->ordinal, n);
    return -1;
  }
  fake_alloc *a = malloc(sizeof *a);
  a->p = malloc(n);
  memset(a->p, 0xAB, n); /* garbage, like fresh device memory */
  a->n = n;
  a->dev = d->ordinal;
  a->next = fake.allocs;
  fake.allocs = a;
  fake.used[d->ordinal] += n;
  fake.mem_allocs++;
  *p = a->p;
  pthread_mutex_unlock(&fake.m);
  return 0;
}
static int fake_mem_free(struct accgpu_dev *d, void *p) {
  pthread_mutex_lock(&fake.m);
  for (fake_alloc **pp = &fake.allocs; *pp; pp = &(*pp)->next)
    if ((*pp)->p == p && (*pp)->dev == d->ordinal) {
      fake_alloc *a = *pp;
      *pp = a->next;
      fake.used[d->ordinal] -= a->n;
      free(a->p);
      free(a);
      pthread_mutex_unlock(&fake.m);
      return 0;
    }
  pthread_mutex_unlock(&fake.m);
  accgpu_set_error(ACCGPU_ERR_GENERIC, "fakeFree(%p): not device memory", p);
  return -1;
}
static int fake_host_alloc(struct accgpu_dev *d, size_t n, void **p) {
  (void)d;
  *p = malloc(n);
  return *p ? 0 : -1;
}
static int fake_host_free(struct accgpu_dev *d, void *p) {
  (void)d;
  free(p);
  return 0;
}

static void fake_run(struct accgpu_queue *q, fake_op *o) {
  switch (o->kind) {
  case 0: memmove(o->dst, o->src, o->n); break;
  case 1: o->fn(o->arg); break;
  case 2: o->kern(o->argv); break;
  case 3:
    pthread_mutex_lock(&o->other->m);
    while (o->other->done < o->ticket)
      pthread_cond_wait(&o->other->cv, &o->other->m);
    pthread_mutex_unlock(&o->other->m);
    break;
  case 4: memset(o->dst, (int)o->n >> 24, o->n & 0xffffff); break;
  }
  (void)q;
}

static void *fake_queue_main(void *arg) {
  struct accgpu_queue *q = arg;
  pthread_mutex_lock(&q->m);
  for (;;) {
    while (!q->head && !q->stop)
      pthread_cond_wait(&q->cv, &q->m);
    if (!q->head)
      break;
    fake_op *o = q->head;
    pthread_mutex_unlock(&q->m);
    nanosleep(&(struct timespec){0, 300000}, NULL); /* "later" */
    fake_run(q, o);
    pthread_mutex_lock(&q->m);
    q->head = o->next;
    if (!q->head)
      q->tail = NULL;
    free(o);
    q->done++;
    pthread_cond_broadcast(&q->cv);
  }
  pthread_mutex_unlock(&q->m);
  return NULL;
}

static int fake_queue_create(struct accgpu_dev *d, struct accgpu_queue **out) {
  struct accgpu_queue *q = calloc(1, sizeof *q);
  q->dev = d->ordinal;
  pthread_mutex_init(&q->m, NULL);
  pthread_cond_init(&q->cv, NULL);
  q->threaded = fake.async;
  if (q->threaded)
    pthread_create(&q->thread, NULL, fake_queue_main, q);
  *out = q;
  return 0;
}
static int fake_queue_sync(struct accgpu_queue *q) {
  pthread_mutex_lock(&q->m);
  while (q->done < q->enq)
    pthread_cond_wait(&q->cv, &q->m);
  pthread_mutex_unlock(&q->m);
  return 0;
}
static int fake_queue_destroy(struct accgpu_queue *q) {
  if (q->threaded) {
    pthread_mutex_lock(&q->m);
    q->stop = 1;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->m);
    pthread_join(q->thread, NULL);
  }
  pthread_mutex_destroy(&q->m);
  pthread_cond_destroy(&q->cv);
  free(q);
  return 0;
}
static int fake_queue_query(struct accgpu_queue *q) {
  pthread_mutex_lock(&q->m);
  int idle = q->done == q->enq;
  pthread_mutex_unlock(&q->m);
  return idle;
}

/* Runs O now (sync mode) or appends it to Q's thread. */
static int fake_push(struct accgpu_queue *q, fake_op *o) {
  pthread_mutex_lock(&q->m);
  q->enq++;
  if (!q->threaded) {
    pthread_mutex_unlock(&q->m);
    fake_run(q, o);
    free(o);
    pthread_mutex_lock(&q->m);
    q->done++;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->m);
    return 0;
  }
  if (q->tail)
    q->tail->next = o;
  else
    q->head = o;
  q->tail = o;
  pthread_cond_broadcast(&q->cv);
  pthread_mutex_unlock(&q->m);
  return 0;
}

static fake_op *fake_new(int kind) {
  fake_op *o = calloc(1, sizeof *o);
  o->kind = kind;
  return o;
}

static int fake_wait_queue(struct accgpu_queue *q, struct accgpu_queue *other) {
  fake_op *o = fake_new(3);
  o->other = other;
  pthread_mutex_lock(&other->m);
  o->ticket = other->enq;
  pthread_mutex_unlock(&other->m);
  return fake_push(q, o);
}
static int fake_callback(struct accgpu_queue *q, void (*fn)(void *), void *a) {
  fake_op *o = fake_new(1);
  o->fn = fn;
  o->arg = a;
  return fake_push(q, o);
}

/* A copy whose device sides must be memory of devices DDEV / SDEV (-1:
   host memory). */
static int fake_copy(struct accgpu_queue *q, void *dst, int ddev,
                     const void *src, int sdev, size_t n) {
  if (fake_dev_of(dst, n) != ddev || fake_dev_of(src, n) != sdev) {
    accgpu_set_error(ACCGPU_ERR_GENERIC, "fakeCopy(%p <- %p, %zu B): wrong "
                     "memory kind", dst, src, n);
    return -1;
  }
  fake_op *o = fake_new(0);
  o->dst = dst;
  o->src = src;
  o->n = n;
  return fake_push(q, o);
}
static int fake_h2d(struct accgpu_queue *q, void *d, const void *s, size_t n) {
  return fake_copy(q, d, q->dev, s, -1, n);
}
static int fake_d2h(struct accgpu_queue *q, void *d, const void *s, size_t n) {
  return fake_copy(q, d, -1, s, q->dev, n);
}
static int fake_d2d(struct accgpu_queue *q, void *d, const void *s, size_t n) {
  return fake_copy(q, d, q->dev, s, q->dev, n);
}
static int fake_memset(struct accgpu_queue *q, void *d, int b, size_t n) {
  fake_op *o = fake_new(4);
  o->dst = d;
  o->n = n | ((size_t)(unsigned char)b << 24);
  return fake_push(q, o);
}
static int fake_peer(struct accgpu_queue *q, struct accgpu_dev *dd, void *d,
                     struct accgpu_dev *sd, const void *s, size_t n) {
  if (fake.no_peer) {
    accgpu_set_error(ACCGPU_ERR_UNSUPPORTED, "no peer access");
    return -1;
  }
  __atomic_add_fetch(&fake.peer_copies, 1, __ATOMIC_RELAXED);
  return fake_copy(q, d, dd->ordinal, s, sd->ordinal, n);
}
static int fake_module_load(struct accgpu_dev *d, const __accgpu_module *m,
                            void **h) {
  (void)d;
  __atomic_add_fetch(&fake.loads, 1, __ATOMIC_RELAXED);
  *h = (void *)m;
  return 0;
}
static const char *fake_module_desc(void *h) {
  (void)h;
  return "fake image";
}
static int fake_module_unload(struct accgpu_dev *d, void *h) {
  (void)d;
  (void)h;
  return 0;
}
static int fake_launch(struct accgpu_queue *q, void *h, unsigned k,
                       const accgpu_launch_cfg *cfg, void **args) {
  const __accgpu_module *m = h;
  const __accgpu_kernel *kk = &m->kernels[k];
  if (fake.fail_launch) {
    accgpu_set_error(ACCGPU_ERR_LAUNCH, "fakeLaunch(%s): too many resources",
                     kk->name);
    return -1;
  }
  fake_op *o = fake_new(2);
  (void)cfg;
  o->kern = kk->emu_entry;
  o->nargs = kk->nparams;
  for (unsigned i = 0; i < kk->nparams; i++) {
    memcpy(o->vals[i], args[i], kk->param_sizes[i]);
    o->argv[i] = o->vals[i];
  }
  __atomic_add_fetch(&fake.launches, 1, __ATOMIC_RELAXED);
  return fake_push(q, o);
}

static const accgpu_backend fake_backend = {
    .name = "emulator", .type = acc_device_emulator, .count = fake_count,
    .open = fake_open, .close = fake_close, .props = fake_props,
    .mem_info = fake_mem_info, .mem_alloc = fake_mem_alloc,
    .mem_free = fake_mem_free, .host_alloc = fake_host_alloc,
    .host_free = fake_host_free, .queue_create = fake_queue_create,
    .queue_destroy = fake_queue_destroy, .queue_sync = fake_queue_sync,
    .queue_query = fake_queue_query, .queue_wait_queue = fake_wait_queue,
    .queue_callback = fake_callback, .copy_h2d = fake_h2d,
    .copy_d2h = fake_d2h, .copy_d2d = fake_d2d, .memset = fake_memset,
    .copy_peer = fake_peer, .module_load = fake_module_load,
    .module_unload = fake_module_unload, .launch = fake_launch,
    .module_desc = fake_module_desc,
};

/* Installs the fake backend as the emulator with NDEV devices (ASYNC: queue
   threads) and makes it the calling thread's device 0. */
__attribute__((unused)) static void fake_install(int ndev, int async) {
  accgpu_core_set_backend(acc_device_emulator, &fake_backend);
  fake.ndev = ndev;
  fake.async = async;
  fake.no_peer = 0;
  fake.mem_limit = 0;
  acc_set_device_num(0, acc_device_emulator);
}

/* Shuts the fake devices down.  Returns 0, or 1 when the runtime left
   device memory allocated (a suite cleanup failure). */
__attribute__((unused)) static int fake_uninstall(void) {
  accgpu_core_set_backend(acc_device_emulator, NULL);
  acc_set_device_type(acc_device_host);
  if (fake.allocs)
    fprintf(stdout, "\n  device memory leaked at shutdown\n");
  return fake.allocs != NULL;
}

#include "child.h"

#endif
