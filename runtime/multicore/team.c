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
 * blocks: the device then asks for 4 blocks per thread in its default
 * gangs (one while static: backend.c, mc_kernel_blocks).
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

/* Runs blocks LO..HI-1 (linear, x fastest) of L with DYN as their dynamic
   shared memory: the block index is divided out once, then stepped (three
   64-bit divisions a block were most of a tiny block's set-up). */
static void run_blocks(const accgpu_mc_launch *l, uint64_t lo, uint64_t hi,
                       void *dyn) {
  __accgpu_mc_block blk;
  uint64_t gx = l->grid.x, gy = l->grid.y;
  blk.block_idx.x = (unsigned)(lo % gx);
  blk.block_idx.y = (unsigned)(lo / gx % gy);
  blk.block_idx.z = (unsigned)(lo / gx / gy);
  blk.grid_dim.x = l->grid.x;
  blk.grid_dim.y = l->grid.y;
  blk.grid_dim.z = l->grid.z;
  blk.dyn_shared = dyn;
  void *trap = accgpu_mc_trap_begin(l, &blk);
  for (uint64_t b = lo; b < hi; b++) {
    l->enter(&blk);
    l->entry(l->args);
    if (++blk.block_idx.x == l->grid.x) {
      blk.block_idx.x = 0;
      if (++blk.block_idx.y == l->grid.y) {
        blk.block_idx.y = 0;
        blk.block_idx.z++;
      }
    }
  }
  accgpu_mc_trap_end(trap);
}

/* First block of thread T's share of N blocks over NT threads. */
static uint64_t share_lo(uint64_t n, int t, int nt) {
  uint64_t q = n / (uint64_t)nt, r = n % (uint64_t)nt;
  return (uint64_t)t * q + ((uint64_t)t < r ? (uint64_t)t : r);
}

/* The launching thread's state for its teams: time slots (up to 64
   threads) and a count of its launches (mc.h, accgpu_mc_timed).
   Thread-local, not on its stack, whose lines the launching thread
   rewrites between launches (each write of a worker's slot then took the
   line from it, and back). */
#define OWN_SLOTS 64
static __thread struct {
  accgpu_mc_slot slot[OWN_SLOTS];
  unsigned launches;
} own;

/* Static: contiguous block ranges.  When TIMED, each thread writes its
   time to its own slot (no lock, no shared line: a `reduction` clause
   combined them under libgomp's global atomic lock, every launch); the
   launching thread reads them only when the whole launch took long enough
   to be uneven (mc.h), so tiny launches never move the workers' slots to
   its cache. */
static int run_static(const accgpu_mc_launch *l, uint64_t n, int nt,
                      char *dyn, size_t stride, int timed) {
  accgpu_mc_slot *slot = own.slot;
  if (timed && nt > OWN_SLOTS &&
      !(slot = aligned_alloc(64, sizeof *slot * nt)))
    return -1;
  int team = 1;
  double t0 = timed ? now() : 0;
#pragma omp parallel num_threads(nt)
  {
    int t = omp_get_thread_num(), k = omp_get_num_threads();
    double start = timed ? now() : 0;
    run_blocks(l, share_lo(n, t, k), share_lo(n, t + 1, k),
               dyn + (size_t)t * stride);
    if (timed)
      slot[t].seconds = now() - start;
    if (t == 0)
      team = k;
  }
  if (timed) {
    double took = now() - t0;
    accgpu_mc_note_time(l->kernel, took);
    accgpu_mc_note(l->kernel, took > 2e-4 && accgpu_mc_uneven(slot, team));
  }
  if (slot != own.slot)
    free(slot);
  return 0;
}

static void run_dynamic(const accgpu_mc_launch *l, uint64_t n, int nt,
                        char *dyn, size_t stride) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
  for (uint64_t b = 0; b < n; b++)
    run_blocks(l, b, b + 1, dyn + (size_t)omp_get_thread_num() * stride);
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
  int dynamic = accgpu_mc_dynamic(l->sched, l->kernel);
  if (nt <= 1)
    run_blocks(l, 0, n, dyn);
  else if (dynamic)
    run_dynamic(l, n, nt, dyn, stride);
  else if (run_static(l, n, nt, dyn, stride,
                      l->sched == MC_SCHED_AUTO &&
                          accgpu_mc_timed(l->kernel, &own.launches)) != 0) {
    free(dyn);
    return -1;
  }
  free(dyn);
  return 0;
}
