/* bench_emulator.c — throughput of the emulated GPU against the same loop
 * run serially on the CPU in the same process:
 *   - a 1M-element saxpy (one CUDA thread per element, 256 per block);
 *   - a barrier-heavy relaxation (two __syncthreads per phase per block);
 *   - the cost of a ucontext swapcontext round trip, for comparison with
 *     the emulator's own context switch (switch.S).
 * Prints rates and ratios; asserts nothing about speed.  Checks results
 * against the serial loop and exits non-zero when they differ.
 *
 * Each figure is the best of several runs, by wall clock and by process
 * CPU time (all threads): on a shared machine the CPU-time figures say
 * what the work costs per core, the wall-clock ones what a user waits. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#include "device.h"

void bench_saxpy__emu(void **);
void bench_relax__emu(void **);

static const uint32_t saxpy_sizes[] = {8, 8, 4, 4};
static const uint32_t relax_sizes[] = {8, 4};
static const __accgpu_kernel kernels[] = {
    {"bench_saxpy", bench_saxpy__emu, 4, saxpy_sizes, NULL, 0, NULL, 0, NULL},
    {"bench_relax", bench_relax__emu, 2, relax_sizes, NULL, 0, NULL, 0, NULL},
};
static void *cache;
static const __accgpu_module mod = {ACCGPU_ABI_VERSION, 2, kernels,
                                    "bench_emulator_kernels.cu", NULL, NULL,
                                    NULL, 0, &cache, NULL, 0, 0, NULL, 0, NULL};

static const accgpu_backend *B = &accgpu_backend_emulator;
static struct accgpu_dev *dev;
static struct accgpu_queue *q;
static void *modh;

static double clock_s(clockid_t c) {
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

/* Best wall-clock and CPU seconds over runs. */
typedef struct timing {
  double wall, cpu;
} timing;

static void timing_add(timing *t, double w0, double c0) {
  double w = now() - w0, c = cpu() - c0;
  if (t->wall == 0 || w < t->wall)
    t->wall = w;
  if (t->cpu == 0 || c < t->cpu)
    t->cpu = c;
}

static void die(const char *what) {
  fprintf(stderr, "bench_emulator: %s: %s\n", what, accgpu_last_error(NULL));
  exit(1);
}

/* Runs kernel K on a 1-D grid and waits; adds its time to T. */
static void run(timing *t, unsigned k, unsigned blocks, unsigned threads,
                void **args) {
  accgpu_launch_cfg c = {{blocks, 1, 1}, {threads, 1, 1}, 0};
  double w0 = now(), c0 = cpu();
  if (B->launch(q, modh, k, &c, args) || B->queue_sync(q))
    die(kernels[k].name);
  timing_add(t, w0, c0);
}

static void *upload(const void *h, size_t bytes) {
  void *d;
  if (B->mem_alloc(dev, bytes, &d) || B->copy_h2d(q, d, h, bytes) ||
      B->queue_sync(q))
    die("upload");
  return d;
}

static void download(void *h, const void *d, size_t bytes) {
  if (B->copy_d2h(q, h, d, bytes) || B->queue_sync(q))
    die("download");
}

static void bench_vector(void) {
  int n = 1 << 20, reps = 5;
  float a = 1.5f, *x = malloc(n * 4), *y = malloc(n * 4), *r = malloc(n * 4);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 1000);
    y[i] = r[i] = 1.0f;
  }
  float *dx = upload(x, n * 4), *dy = upload(y, n * 4);
  void *args[] = {&dy, &dx, &a, &n};
  timing te = {0, 0}, ts = {0, 0};
  for (int k = 0; k < reps; k++)
    run(&te, 0, (n + 255) / 256, 256, args);
  for (int k = 0; k < reps; k++) {
    double w0 = now(), c0 = cpu();
    for (int i = 0; i < n; i++)
      r[i] = a * x[i] + r[i];
    __asm__ volatile("" ::"r"(r) : "memory");
    timing_add(&ts, w0, c0);
  }
  download(y, dy, n * 4);
  if (memcmp(y, r, n * 4) != 0) {
    fprintf(stderr, "bench_emulator: saxpy result differs from serial\n");
    exit(1);
  }
  printf("emulator saxpy 1M floats (4096 blocks x 256, %d runs): "
         "%.1f Melem/s wall, %.1f Melem/s per CPU-second (%.1f ns CPU per "
         "thread); serial CPU loop %.0f Melem/s; emulator/serial (CPU time) "
         "%.4f, %.0fx slower\n",
         reps, n / te.wall / 1e6, n / te.cpu / 1e6, te.cpu / n * 1e9,
         n / ts.cpu / 1e6, ts.cpu / te.cpu, te.cpu / ts.cpu);
  B->mem_free(dev, dx);
  B->mem_free(dev, dy);
  free(x);
  free(y);
  free(r);
}

/* Launch + queue_sync of a one-thread kernel that does nothing: the fixed
   cost of a launch (a hand-off to the queue thread and back). */
static void bench_launch(void) {
  int n = 0, reps = 2000;
  float a = 0, *d = NULL;
  void *args[] = {&d, &d, &a, &n};
  timing t = {0, 0};
  double w0 = now(), c0 = cpu();
  for (int k = 0; k < reps; k++) {
    accgpu_launch_cfg c = {{1, 1, 1}, {1, 1, 1}, 0};
    if (B->launch(q, modh, 0, &c, args) || B->queue_sync(q))
      die("empty launch");
  }
  timing_add(&t, w0, c0);
  printf("emulator empty launch + queue_sync: %.1f us wall, %.1f us CPU "
         "each (%d launches)\n",
         t.wall / reps * 1e6, t.cpu / reps * 1e6, reps);
}

/* The serial model of bench_relax over all blocks. */
static void relax_serial(float *v, unsigned blocks, unsigned n, int phases) {
  float s[256];
  for (unsigned b = 0; b < blocks; b++) {
    float *x = v + b * n;
    for (int p = 0; p < phases; p++) {
      memcpy(s, x, n * sizeof *s);
      for (unsigned t = 0; t < n; t++)
        x[t] = 0.5f * (x[t] + s[(t + 1) % n]);
    }
  }
}

/* Returns the CPU nanoseconds of one thread's barrier arrival. */
static double bench_barriers(void) {
  unsigned blocks = 256, n = 256;
  int phases = 100, reps = 3;
  size_t bytes = (size_t)blocks * n * 4;
  float *v = malloc(bytes), *r = malloc(bytes);
  for (size_t i = 0; i < (size_t)blocks * n; i++)
    v[i] = r[i] = (float)(i % 97);
  float *dv = upload(v, bytes);
  void *args[] = {&dv, &phases};
  timing te = {0, 0}, ts = {0, 0};
  for (int k = 0; k < reps; k++)
    run(&te, 1, blocks, n, args);
  for (int k = 0; k < reps; k++) {
    double w0 = now(), c0 = cpu();
    relax_serial(r, blocks, n, phases);
    timing_add(&ts, w0, c0);
  }
  download(v, dv, bytes);
  if (memcmp(v, r, bytes) != 0) {
    fprintf(stderr, "bench_emulator: relax result differs from serial\n");
    exit(1);
  }
  double bars = 2.0 * phases * blocks, elems = (double)phases * blocks * n;
  printf("emulator barriers (%u blocks x %u threads, %d phases, 2 "
         "__syncthreads each, %d runs): %.3f M block-barriers/s wall, "
         "%.1f M thread-arrivals per CPU-second (%.1f ns CPU each); serial "
         "CPU loop %.0f Melem-phases/s; emulator/serial (CPU time) %.4f, "
         "%.0fx slower\n",
         blocks, n, phases, reps, bars / te.wall / 1e6, bars * n / te.cpu / 1e6,
         te.cpu / (bars * n) * 1e9, elems / ts.cpu / 1e6, ts.cpu / te.cpu,
         te.cpu / ts.cpu);
  B->mem_free(dev, dv);
  free(v);
  free(r);
  return te.cpu / (bars * n) * 1e9;
}

/* ---- swapcontext round trips, the alternative to switch.S ---- */
static ucontext_t uc_main, uc_fiber;
static volatile long uc_left;

static void uc_body(void) {
  while (uc_left > 0) {
    uc_left--;
    swapcontext(&uc_fiber, &uc_main);
  }
}

/* ARRIVAL_NS: CPU cost of one thread's barrier arrival, measured above. */
static void bench_ucontext(double arrival_ns) {
  static char stack[64 << 10];
  long n = 200000;
  getcontext(&uc_fiber);
  uc_fiber.uc_stack.ss_sp = stack;
  uc_fiber.uc_stack.ss_size = sizeof stack;
  uc_fiber.uc_link = &uc_main;
  makecontext(&uc_fiber, uc_body, 0);
  uc_left = n;
  double c0 = cpu();
  while (uc_left > 0)
    swapcontext(&uc_main, &uc_fiber);
  double t = cpu() - c0;
  double ns = t / (2.0 * n) * 1e9;
  printf("ucontext swapcontext (the alternative to switch.S): %.1f ns CPU "
         "per switch = %.1fx a whole emulated barrier arrival (%.1f ns, its "
         "switch included)\n",
         ns, ns / arrival_ns, arrival_ns);
}

int main(void) {
  accgpu_devprops p;
  if (B->open(0, &dev) || B->queue_create(dev, &q) ||
      B->module_load(dev, &mod, &modh) || B->props(dev, &p))
    die("setup");
  printf("bench_emulator: %u host threads run blocks\n", p.sm_count);
  bench_launch();
  bench_vector();
  bench_ucontext(bench_barriers());
  B->module_unload(dev, modh);
  B->queue_destroy(q);
  B->close(dev);
  return 0;
}
