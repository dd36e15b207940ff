/* bench_data.c — enter/exit data pairs per second through libaccgpu, with
 * 0, 1,000 and 10,000 other mappings live, against the same pairs done as
 * raw backend calls (allocate, copy in, copy out, free) in the same run.
 *
 * The device is a minimal in-file backend whose memory is malloc'd and
 * whose copies are memcpy, so the numbers are the runtime's own overhead
 * (present table, refcounts, pool, locking) plus the copies; on a GPU the
 * raw path also pays cuMemAlloc/cuMemFree per pair (tens of microseconds,
 * seed 000), which the pool removes.  CPU time of this thread is measured
 * (the machine is shared).                                               */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"

struct accgpu_dev {
  int unused;
};
static struct accgpu_dev the_dev;
static struct accgpu_queue {
  int unused;
} the_queue;
static unsigned long backend_allocs;
static double alloc_cost_us; /* simulated cuMemAlloc/cuMemFree latency */

static double now(void);
static void spin(void) {
  if (alloc_cost_us <= 0)
    return;
  double end = now() + alloc_cost_us * 1e-6;
  while (now() < end)
    ;
}

static int b_count(void) { return 1; }
static int b_open(int o, struct accgpu_dev **d) {
  (void)o;
  *d = &the_dev;
  return 0;
}
static int b_props(struct accgpu_dev *d, accgpu_devprops *p) {
  (void)d;
  memset(p, 0, sizeof *p);
  strcpy(p->name, "bench");
  return 0;
}
static int b_alloc(struct accgpu_dev *d, size_t n, void **p) {
  (void)d;
  backend_allocs++;
  spin();
  *p = malloc(n);
  return *p ? 0 : -1;
}
static int b_free(struct accgpu_dev *d, void *p) {
  (void)d;
  spin();
  free(p);
  return 0;
}
static int b_qcreate(struct accgpu_dev *d, struct accgpu_queue **q) {
  (void)d;
  *q = &the_queue;
  return 0;
}
static int b_qnop(struct accgpu_queue *q) {
  (void)q;
  return 0;
}
static int b_qquery(struct accgpu_queue *q) {
  (void)q;
  return 1;
}
static int b_callback(struct accgpu_queue *q, void (*fn)(void *), void *a) {
  (void)q;
  fn(a);
  return 0;
}
static int b_copy(struct accgpu_queue *q, void *d, const void *s, size_t n) {
  (void)q;
  memcpy(d, s, n);
  return 0;
}

static const accgpu_backend bench_backend = {
    .name = "emulator", .type = acc_device_emulator, .count = b_count,
    .open = b_open, .props = b_props, .mem_alloc = b_alloc,
    .mem_free = b_free, .host_alloc = b_alloc, .host_free = b_free,
    .queue_create = b_qcreate, .queue_destroy = b_qnop, .queue_sync = b_qnop,
    .queue_query = b_qquery, .queue_callback = b_callback,
    .copy_h2d = b_copy, .copy_d2h = b_copy, .copy_d2d = b_copy,
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const __accgpu_loc LOC = {"bench_data.c", "main", "enter data", 1, 1};
#define BYTES 4096
#define PAIRS (alloc_cost_us > 0 ? 20000 : 200000)

static double runtime_pairs(char *buf) {
  __accgpu_map in = {buf, BYTES, ACCGPU_MAP_COPYIN, 0, "buf"};
  __accgpu_map out = {buf, BYTES, ACCGPU_MAP_COPYOUT, 0, "buf"};
  double t0 = now();
  for (int i = 0; i < PAIRS; i++) {
    __accgpu_enter_data(&LOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &in);
    __accgpu_exit_data(&LOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 1, &out);
  }
  return PAIRS / (now() - t0);
}

/* A compute region with four copy items: begin + end per iteration. */
static double region_pairs(char *buf) {
  __accgpu_map m[4];
  for (int k = 0; k < 4; k++)
    m[k] = (__accgpu_map){buf + k * BYTES, BYTES, ACCGPU_MAP_COPY, 0, "b"};
  void *dev[4];
  double t0 = now();
  for (int i = 0; i < PAIRS / 4; i++) {
    __accgpu_region_begin(&LOC, ACCGPU_CURRENT_DEVICE, acc_async_sync, 4, m,
                          dev);
    __accgpu_region_end(&LOC, acc_async_sync);
  }
  return PAIRS / 4 / (now() - t0);
}

static double raw_pairs(char *buf) {
  double t0 = now();
  for (int i = 0; i < PAIRS; i++) {
    void *d;
    b_alloc(&the_dev, BYTES, &d);
    b_copy(&the_queue, d, buf, BYTES);
    b_copy(&the_queue, buf, d, BYTES);
    b_free(&the_dev, d);
  }
  return PAIRS / (now() - t0);
}

static void table(const char *title) {
  static const int live[] = {0, 1000, 10000};
  static char bufs[10000][64];
  char *buf = calloc(4, BYTES);
  accgpu_core_set_backend(acc_device_emulator, &bench_backend);
  acc_set_device_num(0, acc_device_emulator);
  printf("bench_data: 4 KiB enter/exit data pairs per second (CPU time), %s\n",
         title);
  printf("%7s %12s %12s %8s %14s %10s\n", "live", "runtime/s", "raw/s",
         "ratio", "4-item regs/s", "allocs/pr");
  for (int l = 0; l < 3; l++) {
    for (int i = (l ? live[l - 1] : 0); i < live[l]; i++)
      acc_create(bufs[i], sizeof bufs[i]);
    unsigned long a0 = backend_allocs;
    double rt = runtime_pairs(buf);
    double per = (double)(backend_allocs - a0) / PAIRS;
    double rg = region_pairs(buf);
    double raw = raw_pairs(buf);
    printf("%7d %12.0f %12.0f %7.2fx %14.0f %10.4f\n", live[l], rt, raw,
           rt / raw, rg, per);
  }
  accgpu_core_set_backend(acc_device_emulator, NULL);
  free(buf);
}

int main(void) {
  table("malloc-backed device");
  alloc_cost_us = 10;
  table("device alloc/free simulated at 10 us each (cuMemAlloc-like)");
  printf("bench_data: ratio = runtime pairs / raw backend pairs (allocate, "
         "copy in, copy out, free) in the same run\n");
  return 0;
}
