/* team.c — the blocks of one multicore launch over libgomp's thread pool.
 *
 * GCC's own OpenMP runtime is the engine (docs/multicore.md): a parallel
 * region per launch on the launching thread (a user thread for synchronous
 * launches, a queue thread for async ones), its team kept warm by libgomp
 * between launches.  Static scheduling gives thread t a contiguous range
 * of blocks, and each block a contiguous chunk of every gang loop
 * (include/accgpu_mc.h), so a thread keeps touching the same data from one
 * launch to the next.  A kernel whose static launches finish far apart
 * (triangular loops, uneven rows) switches to dynamic scheduling of its
 * blocks: the device reports 4 blocks per thread for that.
 *
 * Built as its own library, libaccgpu-mc.so, that backend.c loads the first
 * time a multicore launch runs: libgomp is also an OpenACC runtime, and
 * linked into every program it would read (and complain about) ACC_*
 * variables and bring a second set of acc_* symbols.  So this file uses
 * nothing of libaccgpu. */
#include <omp.h>
#include <stdlib.h>
#include <time.h>

#include "multicore/mc.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs block B (linear, x fastest) of L with DYN as its dynamic shared
   memory. */
static void run_block(const accgpu_mc_launch *l, uint64_t b, void *dyn) {
  __accgpu_mc_block blk;
  uint64_t gx = l->grid.x, gy = l->grid.y;
  blk.block_idx.x = (unsigned)(b % gx);
  blk.block_idx.y = (unsigned)(b / gx % gy);
  blk.block_idx.z = (unsigned)(b / gx / gy);
  blk.grid_dim.x = l->grid.x;
  blk.grid_dim.y = l->grid.y;
  blk.grid_dim.z = l->grid.z;
  blk.dyn_shared = dyn;
  l->enter(&blk);
  l->entry(l->args);
}

/* First block of thread T's share of N blocks over NT threads. */
static uint64_t share_lo(uint64_t n, int t, int nt) {
  uint64_t q = n / (uint64_t)nt, r = n % (uint64_t)nt;
  return (uint64_t)t * q + ((uint64_t)t < r ? (uint64_t)t : r);
}

/* The launching thread's time slots for its teams (up to 64 threads):
   thread-local, not on its stack, whose lines the launching thread
   rewrites between launches (each write of a worker's slot then took the
   line from it, and back). */
#define OWN_SLOTS 64
static __thread accgpu_mc_slot own_slots[OWN_SLOTS];

/* Static: contiguous block ranges.  Each thread writes its time to its own
   slot (no lock, no shared line: a `reduction` clause combined them under
   libgomp's global atomic lock, every launch); the launching thread reads
   them only when the whole launch took long enough to be uneven (mc.h),
   so tiny launches never move the workers' slots to its cache. */
static int run_static(const accgpu_mc_launch *l, uint64_t n, int nt,
                      char *dyn, size_t stride) {
  accgpu_mc_slot *slot = own_slots;
  if (nt > OWN_SLOTS && !(slot = aligned_alloc(64, sizeof *slot * nt)))
    return -1;
  int team = 1;
  double t0 = now();
#pragma omp parallel num_threads(nt)
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
    double start = now();
    for (uint64_t b = share_lo(n, t, k); b < share_lo(n, t + 1, k); b++)
      run_block(l, b, dyn + (size_t)t * stride);
    slot[t].seconds = now() - start;
    if (t == 0)
      team = k;
  }
  if (l->sched == MC_SCHED_AUTO)
    accgpu_mc_note(l->kernel,
                   now() - t0 > 2e-4 && accgpu_mc_uneven(slot, team));
  if (slot != own_slots)
    free(slot);
  return 0;
}

static void run_dynamic(const accgpu_mc_launch *l, uint64_t n, int nt,
                        char *dyn, size_t stride) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
  for (uint64_t b = 0; b < n; b++)
    run_block(l, b, dyn + (size_t)omp_get_thread_num() * stride);
}

void accgpu_mc_team_start(int threads) {
  int started = 0; /* a region with no effect is compiled away */
#pragma omp parallel num_threads(threads)
  __atomic_fetch_add(&started, 1, __ATOMIC_RELAXED);
}

int accgpu_mc_team_run(const accgpu_mc_launch *l) {
  uint64_t n = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  int nt = n < (uint64_t)l->threads ? (int)n : l->threads;
  size_t stride = (l->shared_bytes + 15u) & ~(size_t)15;
  char *dyn = NULL;
  if (stride && !(dyn = aligned_alloc(16, stride * (size_t)nt)))
    return -1;
  int dynamic = l->sched == MC_SCHED_DYNAMIC ||
                (l->sched == MC_SCHED_AUTO &&
                 __atomic_load_n(&l->kernel->imbalanced, __ATOMIC_RELAXED) >=
                     MC_IMBALANCE_LIMIT);
  if (nt <= 1)
    for (uint64_t b = 0; b < n; b++)
      run_block(l, b, dyn);
  else if (dynamic)
    run_dynamic(l, n, nt, dyn, stride);
  else if (run_static(l, n, nt, dyn, stride) != 0) {
    free(dyn);
    return -1;
  }
  free(dyn);
  return 0;
}
