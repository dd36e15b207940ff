/* counters.c — what the blocks of a launch did, counted on the emulator:
 * block and named barriers, warp syncs, shuffles and votes, atomics, and
 * shared and global loads and stores.  Evidence of a kernel's synchronization
 * and memory traffic without a GPU; ACCGPU_TIME=1 prints it beside the times
 * (docs/reductions.md, "Counting on the emulator").
 *
 * Units: a barrier counts once per completion (all the threads it waited
 * for), a warp operation once per warp (its first lane to arrive), an access
 * once per thread.  Loads and stores are seen only in checked images (the
 * default; not with -fplugin-arg-accgpu-emu-check=no or in hand-written
 * kernels linked into the program): counting makes every access of such an
 * image call the runtime, so it is on only when asked for.  The thread's own
 * stack (local memory) is not counted.
 *
 * A block runs on one host thread, so its counts are plain increments in its
 * scheduler (fiber.c); they are merged into the grid once per block. */
#include "emu.h"
#include "core.h"

#include <string.h>

const char *const accgpu_emu_count_names[EMU_CNT_N] = {
    "bar", "rowbar", "wsync", "shfl", "vote", "atom",
    "sh.ld", "sh.st", "gl.ld", "gl.st"};

static int forced = -1; /* accgpu_emu_count_set; -1: follow ACCGPU_TIME */

int accgpu_emu_counting(void) {
  int f = __atomic_load_n(&forced, __ATOMIC_RELAXED);
  return f >= 0 ? f : accgpu_timing;
}

void accgpu_emu_count_set(int on) {
  __atomic_store_n(&forced, on < 0 ? -1 : on != 0, __ATOMIC_RELAXED);
}

static int in_range(uintptr_t a, uintptr_t lo, uintptr_t len) {
  return a - lo < len;
}

void accgpu_emu_count_access(accgpu_emu_counts *c,
                             const __accgpu_emu_block *b, uintptr_t a,
                             unsigned kind) {
  if ((kind & 2) && !(kind & 12)) {
    c->v[EMU_CNT_ATOM]++;
    return;
  }
  int store = (kind & 8) || (kind & 3) == 1;
  int shared = in_range(a, b->shared_lo, b->shared_len) ||
               in_range(a, (uintptr_t)b->dyn_shared, EMU_SHARED_BYTES);
  c->v[shared ? EMU_CNT_SH_LD + store : EMU_CNT_GL_LD + store]++;
}

void accgpu_emu_count_merge(accgpu_emu_grid *g, const accgpu_emu_counts *c) {
  for (unsigned i = 0; i < EMU_CNT_N; i++) {
    uint64_t v = c->v[i], m;
    if (!v)
      continue;
    __atomic_fetch_add(&g->cnt_tot.v[i], v, __ATOMIC_RELAXED);
    m = __atomic_load_n(&g->cnt_max.v[i], __ATOMIC_RELAXED);
    while (v > m && !__atomic_compare_exchange_n(&g->cnt_max.v[i], &m, v, 1,
                                                 __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED))
      ;
  }
}

static struct {
  pthread_mutex_t lock;
  int have;
  accgpu_emu_counts tot, max;
  uint64_t blocks;
} last = {PTHREAD_MUTEX_INITIALIZER, 0, {{0}}, {{0}}, 0};

void accgpu_emu_count_report(const accgpu_emu_grid *g) {
  pthread_mutex_lock(&last.lock);
  last.have = 1;
  last.tot = g->cnt_tot;
  last.max = g->cnt_max;
  last.blocks = g->nblocks;
  pthread_mutex_unlock(&last.lock);
  if (accgpu_timing)
    accgpu_time_counts(g->kernel, g->loc, EMU_CNT_N, accgpu_emu_count_names,
                       g->cnt_tot.v, g->cnt_max.v, g->nblocks);
}

int accgpu_emu_counts_last(accgpu_emu_counts *tot, accgpu_emu_counts *max,
                           uint64_t *blocks) {
  pthread_mutex_lock(&last.lock);
  int have = last.have;
  if (have) {
    *tot = last.tot;
    *max = last.max;
    *blocks = last.blocks;
  }
  pthread_mutex_unlock(&last.lock);
  return have ? 0 : -1;
}
