/* host.c — the host backend: the fallback device (acc_device_host).  The
 * core treats it as shared memory (data clauses map to the host address),
 * so only acc_malloc/acc_free, raw copies and queues reach it.  Queues are
 * synchronous: every operation is done when its call returns.          */
#include <stdlib.h>
#include <string.h>

#include "core.h"

struct accgpu_dev {
  int unused;
};
static struct accgpu_dev host_dev;
static struct accgpu_queue {
  int unused;
} host_queue;

static int h_count(void) { return 1; }

static int h_open(int ordinal, struct accgpu_dev **out) {
  (void)ordinal;
  *out = &host_dev;
  return 0;
}

static void h_close(struct accgpu_dev *dev) { (void)dev; }

static int h_props(struct accgpu_dev *dev, accgpu_devprops *out) {
  (void)dev;
  memset(out, 0, sizeof *out);
  strcpy(out->name, "host");
  strcpy(out->vendor, "accgpu");
  strcpy(out->driver, "libaccgpu host fallback");
  return 0;
}

static int h_mem_info(struct accgpu_dev *dev, size_t *free_b,
                      size_t *total_b) {
  (void)dev;
  *free_b = *total_b = 0; /* not tracked: memory is the host's */
  return 0;
}

int accgpu_host_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **p) {
  (void)dev;
  *p = malloc(bytes ? bytes : 1);
  if (!*p) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "malloc(%zu B): out of memory", bytes);
    return -1;
  }
  return 0;
}

int accgpu_host_mem_free(struct accgpu_dev *dev, void *p) {
  (void)dev;
  free(p);
  return 0;
}

static int h_queue_create(struct accgpu_dev *dev, struct accgpu_queue **q) {
  (void)dev;
  *q = &host_queue;
  return 0;
}

static int h_queue_nop(struct accgpu_queue *q) {
  (void)q;
  return 0;
}

static int h_queue_query(struct accgpu_queue *q) {
  (void)q;
  return 1;
}

static int h_wait_queue(struct accgpu_queue *q, struct accgpu_queue *o) {
  (void)q;
  (void)o;
  return 0;
}

static int h_callback(struct accgpu_queue *q, void (*fn)(void *), void *arg) {
  (void)q;
  fn(arg);
  return 0;
}

static int h_copy(struct accgpu_queue *q, void *dst, const void *src,
                  size_t bytes) {
  (void)q;
  memmove(dst, src, bytes);
  return 0;
}

static int h_memset(struct accgpu_queue *q, void *dst, int byte,
                    size_t bytes) {
  (void)q;
  memset(dst, byte, bytes);
  return 0;
}

static int h_module_load(struct accgpu_dev *dev, const __accgpu_module *mod,
                         void **handle) {
  (void)dev;
  (void)mod;
  (void)handle;
  accgpu_set_error(ACCGPU_ERR_UNSUPPORTED, "the host runs no kernels");
  return -1;
}

static int h_module_unload(struct accgpu_dev *dev, void *handle) {
  (void)dev;
  (void)handle;
  return 0;
}

static int h_launch(struct accgpu_queue *q, void *h, unsigned kernel,
                    const accgpu_launch_cfg *cfg, void **args) {
  (void)q, (void)h, (void)kernel, (void)cfg, (void)args;
  accgpu_set_error(ACCGPU_ERR_UNSUPPORTED, "the host runs no kernels");
  return -1;
}

const accgpu_backend accgpu_backend_host = {
    .name = "host",
    .type = acc_device_host,
    .count = h_count,
    .open = h_open,
    .close = h_close,
    .props = h_props,
    .mem_info = h_mem_info,
    .mem_alloc = accgpu_host_mem_alloc,
    .mem_free = accgpu_host_mem_free,
    .host_alloc = accgpu_host_mem_alloc,
    .host_free = accgpu_host_mem_free,
    .queue_create = h_queue_create,
    .queue_destroy = h_queue_nop,
    .queue_sync = h_queue_nop,
    .queue_query = h_queue_query,
    .queue_wait_queue = h_wait_queue,
    .queue_callback = h_callback,
    .copy_h2d = h_copy,
    .copy_d2h = h_copy,
    .copy_d2d = h_copy,
    .memset = h_memset,
    .copy_peer = NULL,
    .module_load = h_module_load,
    .module_unload = h_module_unload,
    .launch = h_launch,
};

/* The host fallback's atomics (plugin/passes/lower-compute.cc): a
   construct on the host device runs on its thread alone, so an `atomic`
   there is a plain load and store, unless another thread exists
   (glibc's __libc_single_threaded cleared): then two host threads may run
   constructs at once, and every host atomic takes this lock around its
   load and store.  A spin lock: the sections are a few instructions. */
static char host_atomic_lock;

void __accgpu_host_atomic_lock(void) {
  while (__atomic_test_and_set(&host_atomic_lock, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&host_atomic_lock, __ATOMIC_RELAXED))
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#else
      ;
#endif
}

void __accgpu_host_atomic_unlock(void) {
  __atomic_clear(&host_atomic_lock, __ATOMIC_RELEASE);
}
