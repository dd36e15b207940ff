/* fiber.c — CUDA threads as fibers, and the scheduler of one block.
 *
 * Each host thread that runs blocks (a "runner") owns EMU_MAX_THREADS fiber
 * slots: ACCGPU_EMU_STACK_SIZE bytes each, aligned to that size, laid out as
 *
 *     slot base: [ emu_fiber (4 KiB page) | guard page | stack ... top ]
 *
 * so kernel code finds its emu_fiber by masking the stack pointer
 * (accgpu_cuda.h), and a stack overflow hits the guard page before it can
 * reach the fiber structure.
 *
 * A block runs its threads one at a time, in thread order, each until it
 * blocks at a barrier or exits; the blocking fiber switches directly to the
 * next ready one (no trip through the scheduler).  The last thread to
 * arrive at a barrier releases the others (back into the ready ring) and
 * goes on.  Results of a barrier generation (counts, ballots, shuffle
 * slots) are double-buffered by generation parity: generation g+2 cannot
 * start before every thread has arrived at g+1, i.e. has read g.       */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "emu.h"

#if defined(__SANITIZE_ADDRESS__)
#define EMU_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define EMU_TSAN 1
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(EMU_ASAN)
#define EMU_ASAN 1
#endif
#if __has_feature(thread_sanitizer) && !defined(EMU_TSAN)
#define EMU_TSAN 1
#endif
#endif
#ifdef EMU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef EMU_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#define SLOT ACCGPU_EMU_STACK_SIZE
#define CTX_BYTES 4096u
#define GUARD_BYTES 4096u
#define STACK_LO (CTX_BYTES + GUARD_BYTES)
#define RING_MASK (EMU_MAX_THREADS - 1)

enum { F_READY, F_RUNNING, F_WAIT_BLOCK, F_WAIT_WARP, F_DONE };

typedef struct emu_sched emu_sched;

typedef struct emu_fiber {
  __accgpu_emu_thread pub; /* first: what kernel code reads */
  void *sp;                /* saved stack pointer while switched out */
  emu_sched *s;
  unsigned idx;            /* linear thread index in the block */
  unsigned state;
  unsigned gen;            /* barrier generation it waits in */
#ifdef EMU_TSAN
  void *tsan;
#endif
} emu_fiber;

_Static_assert(sizeof(emu_fiber) <= CTX_BYTES, "fiber context too big");

typedef struct emu_warp {
  unsigned live;    /* lanes that exist and have not exited */
  unsigned want;    /* mask given by the generation's first arrival */
  unsigned arrived; /* lanes waiting in the current generation */
  unsigned gen;
  unsigned done[2]; /* lanes that took part, by generation parity */
  unsigned ballot[2];
  uint64_t slot[2][ACCGPU_EMU_WARP];
} emu_warp;

struct emu_sched {
  const accgpu_emu_grid *g;
  __accgpu_emu_block blk;
  char *slots;        /* the runner's fiber slots */
  unsigned n, live;   /* threads in the block, threads not exited */
  unsigned ready[EMU_MAX_THREADS];
  unsigned rhead, rcount;
  unsigned bar_arrived, bar_gen;
  int bar_count[2], bar_n[2];
  int deadlock;
  void *host_sp;
#ifdef EMU_ASAN
  const void *host_stack;
  size_t host_stack_size;
#endif
#ifdef EMU_TSAN
  void *host_tsan;
#endif
  emu_warp warps[EMU_MAX_THREADS / ACCGPU_EMU_WARP];
};

/* What one host thread needs to run blocks; created on first use. */
typedef struct emu_runner {
  char *map;        /* mmap'd, for munmap */
  size_t map_bytes;
  char *slots;      /* SLOT-aligned start of EMU_MAX_THREADS slots */
  unsigned ninit;   /* slots whose guard page is set up */
  int dirty;        /* a deadlock left fibers mid-stack */
  void *dyn_shared;
  emu_sched sched;
} emu_runner;

static __thread emu_runner *runner;

/* switch.S */
void accgpu_emu_switch(void **save_sp, void *to_sp)
    __attribute__((visibility("hidden")));
void accgpu_emu_fiber_start(void) __attribute__((visibility("hidden")));
void accgpu_emu_fiber_main(emu_fiber *f)
    __attribute__((visibility("hidden"), noreturn));

static const __accgpu_emu_ops emu_ops;

static emu_fiber *fiber_at(emu_sched *s, unsigned i) {
  return (emu_fiber *)(s->slots + (size_t)i * SLOT);
}

/* ------------------------------------------------------------------ */
/* Context switches (with the sanitizers told about stacks).           */

/* Switches from the running context (whose stack pointer goes to *SAVE)
   to fiber TO, or to the host context when TO is NULL.  DYING: the
   current fiber never runs again.  Returns when switched back. */
static void switch_to(emu_sched *s, void **save, emu_fiber *to, int dying) {
  void *to_sp = to ? to->sp : s->host_sp;
#ifdef EMU_ASAN
  void *fake = NULL;
  const void *bottom = to ? (const char *)to + STACK_LO : s->host_stack;
  size_t size = to ? SLOT - STACK_LO : s->host_stack_size;
  __sanitizer_start_switch_fiber(dying ? NULL : &fake, bottom, size);
#endif
#ifdef EMU_TSAN
  __tsan_switch_to_fiber(to ? to->tsan : s->host_tsan, 0);
#endif
  (void)dying;
  accgpu_emu_switch(save, to_sp);
#ifdef EMU_ASAN
  __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
}

static void ready_push(emu_sched *s, emu_fiber *f) {
  f->state = F_READY;
  s->ready[(s->rhead + s->rcount++) & RING_MASK] = f->idx;
}

/* Suspends F (already marked waiting or done) and runs the next ready
   fiber; with none ready, goes back to the host (all done, or a
   deadlock).  Returns when F is resumed. */
static void yield_from(emu_fiber *f) {
  emu_sched *s = f->s;
  emu_fiber *next = NULL;
  if (s->rcount) {
    next = fiber_at(s, s->ready[s->rhead]);
    s->rhead = (s->rhead + 1) & RING_MASK;
    s->rcount--;
    next->state = F_RUNNING;
  } else if (s->live) {
    s->deadlock = 1;
  }
  switch_to(s, &f->sp, next, f->state == F_DONE);
}

/* ------------------------------------------------------------------ */
/* Block barrier.                                                      */

/* Ends the current block-barrier generation: every waiter becomes ready
   (in thread order); the caller, if a fiber, goes on running. */
static void bar_release(emu_sched *s) {
  unsigned g = s->bar_gen & 1;
  s->bar_n[g] = (int)s->bar_arrived;
  s->bar_arrived = 0;
  s->bar_gen++;
  for (unsigned i = 0; i < s->n; i++) {
    emu_fiber *f = fiber_at(s, i);
    if (f->state == F_WAIT_BLOCK)
      ready_push(s, f);
  }
}

static int sync_block(__accgpu_emu_thread *t, int pred, int kind) {
  emu_fiber *f = (emu_fiber *)t;
  emu_sched *s = f->s;
  unsigned g = s->bar_gen & 1;
  if (s->bar_arrived == 0)
    s->bar_count[g] = 0;
  s->bar_count[g] += pred != 0;
  if (++s->bar_arrived == s->live) {
    bar_release(s);
  } else {
    f->state = F_WAIT_BLOCK;
    yield_from(f);
  }
  switch (kind) {
  case 1:
    return s->bar_count[g];
  case 2:
    return s->bar_count[g] == s->bar_n[g];
  case 3:
    return s->bar_count[g] != 0;
  default:
    return 0;
  }
}

/* ------------------------------------------------------------------ */
/* Warp barrier, shuffles, votes.                                      */

static int warp_complete(const emu_warp *w) {
  return w->arrived && (w->want & w->live & ~w->arrived) == 0;
}

/* Ends W's current generation; the waiters become ready. */
static void warp_release(emu_sched *s, emu_warp *w, unsigned warp) {
  unsigned g = w->gen & 1, m = w->arrived;
  w->done[g] = m;
  w->arrived = 0;
  w->gen++;
  while (m) {
    unsigned lane = (unsigned)__builtin_ctz(m);
    emu_fiber *f = fiber_at(s, warp * ACCGPU_EMU_WARP + lane);
    m &= m - 1;
    if (f->state == F_WAIT_WARP)
      ready_push(s, f);
  }
}

/* Arrives at the warp barrier of MASK with PRED (for ballots); returns the
   generation parity once all live lanes of MASK have arrived. */
static unsigned warp_arrive(emu_fiber *f, unsigned mask, int pred) {
  emu_sched *s = f->s;
  unsigned warp = f->idx / ACCGPU_EMU_WARP, bit = 1u << f->pub.lane;
  emu_warp *w = &s->warps[warp];
  unsigned g = w->gen & 1;
  if (w->arrived == 0) {
    w->want = mask;
    w->ballot[g] = 0;
  }
  w->arrived |= bit;
  if (pred)
    w->ballot[g] |= bit;
  if (warp_complete(w)) {
    warp_release(s, w, warp);
  } else {
    f->state = F_WAIT_WARP;
    yield_from(f);
  }
  return g;
}

static void sync_warp(__accgpu_emu_thread *t, unsigned mask) {
  warp_arrive((emu_fiber *)t, mask, 0);
}

static uint64_t shfl(__accgpu_emu_thread *t, unsigned mask, uint64_t v,
                     unsigned src) {
  emu_fiber *f = (emu_fiber *)t;
  emu_warp *w = &f->s->warps[f->idx / ACCGPU_EMU_WARP];
  w->slot[w->gen & 1][t->lane] = v;
  unsigned g = warp_arrive(f, mask, 0);
  if (src < ACCGPU_EMU_WARP && (w->done[g] >> src & 1u))
    return w->slot[g][src];
  return v;
}

static unsigned ballot(__accgpu_emu_thread *t, unsigned mask, int pred) {
  emu_fiber *f = (emu_fiber *)t;
  emu_warp *w = &f->s->warps[f->idx / ACCGPU_EMU_WARP];
  unsigned g = warp_arrive(f, mask, pred);
  return w->ballot[g] & mask;
}

static unsigned active_mask(__accgpu_emu_thread *t) {
  emu_fiber *f = (emu_fiber *)t;
  return f->s->warps[f->idx / ACCGPU_EMU_WARP].live;
}

static const __accgpu_emu_ops emu_ops = {
    .sync_block = sync_block,
    .sync_warp = sync_warp,
    .shfl = shfl,
    .ballot = ballot,
    .active_mask = active_mask,
};

/* ------------------------------------------------------------------ */
/* Fiber life.                                                         */

/* A thread exits: barriers stop counting it. */
static void fiber_exit(emu_fiber *f) {
  emu_sched *s = f->s;
  unsigned warp = f->idx / ACCGPU_EMU_WARP;
  emu_warp *w = &s->warps[warp];
  f->state = F_DONE;
  s->live--;
  w->live &= ~(1u << f->pub.lane);
  if (s->bar_arrived && s->bar_arrived == s->live)
    bar_release(s);
  if (warp_complete(w))
    warp_release(s, w, warp);
  yield_from(f);
}

void accgpu_emu_fiber_main(emu_fiber *f) {
#ifdef EMU_ASAN
  __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
  f->s->g->entry(f->s->g->args);
  fiber_exit(f);
  abort(); /* a finished fiber is never resumed */
}

/* Builds F's initial stack: switch.S pops six registers (r12 = F) and
   returns into accgpu_emu_fiber_start with rsp 16-byte aligned. */
static void fiber_prepare(emu_fiber *f) {
  uint64_t *sp = (uint64_t *)((uintptr_t)f + SLOT - 24);
  sp[0] = (uint64_t)(uintptr_t)accgpu_emu_fiber_start;
  sp -= 6; /* r15 r14 r13 r12 rbx rbp */
  memset(sp, 0, 6 * sizeof *sp);
  sp[3] = (uint64_t)(uintptr_t)f;
  f->sp = sp;
}

/* ------------------------------------------------------------------ */
/* Runners: the fiber slots of one host thread.                        */

/* Returns the calling thread's runner with at least N slots set up, or
   NULL with BUF filled when memory runs out. */
static emu_runner *runner_get(unsigned n, char *buf, size_t len) {
  emu_runner *r = runner;
  if (!r) {
    r = calloc(1, sizeof *r);
    size_t bytes = (size_t)EMU_MAX_THREADS * SLOT + SLOT;
    void *m = r ? mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                : MAP_FAILED;
    if (m == MAP_FAILED || !(r->dyn_shared = aligned_alloc(64, EMU_SHARED_BYTES))) {
      snprintf(buf, len, "cannot reserve %zu MiB of fiber stacks",
               bytes >> 20);
      if (m != MAP_FAILED)
        munmap(m, bytes);
      free(r);
      return NULL;
    }
    r->map = m;
    r->map_bytes = bytes;
    r->slots = (char *)(((uintptr_t)m + SLOT - 1) & ~(SLOT - 1));
    runner = r;
  }
  for (; r->ninit < n; r->ninit++) {
    emu_fiber *f = (emu_fiber *)(r->slots + (size_t)r->ninit * SLOT);
    if (mprotect((char *)f + CTX_BYTES, GUARD_BYTES, PROT_NONE) != 0) {
      snprintf(buf, len, "cannot protect fiber stack guard pages");
      return NULL;
    }
#ifdef EMU_TSAN
    f->tsan = __tsan_create_fiber(0);
#endif
  }
  return r;
}

void accgpu_emu_fibers_release(void) {
  emu_runner *r = runner;
  if (!r)
    return;
#ifdef EMU_TSAN
  for (unsigned i = 0; i < r->ninit; i++)
    __tsan_destroy_fiber(((emu_fiber *)(r->slots + (size_t)i * SLOT))->tsan);
#endif
  munmap(r->map, r->map_bytes);
  free(r->dyn_shared);
  free(r);
  runner = NULL;
}

/* Records where the host stack of the calling thread is, for ASan. */
static void sched_host_context(emu_sched *s) {
#ifdef EMU_ASAN
  if (!s->host_stack) {
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      pthread_attr_getstack(&a, &addr, &size);
      pthread_attr_destroy(&a);
    }
    s->host_stack = addr;
    s->host_stack_size = size;
  }
#endif
#ifdef EMU_TSAN
  s->host_tsan = __tsan_get_current_fiber();
#endif
  (void)s;
}

/* Sets up block B of G: block coordinates, fibers, warps, ready ring. */
static void sched_init(emu_runner *r, const accgpu_emu_grid *g, uint64_t b) {
  emu_sched *s = &r->sched;
  uint64_t gx = g->grid.x, gy = g->grid.y;
  unsigned bx = g->block.x, by = g->block.y;
  s->g = g;
  s->slots = r->slots;
  s->blk.block_idx.x = (unsigned)(b % gx);
  s->blk.block_idx.y = (unsigned)(b / gx % gy);
  s->blk.block_idx.z = (unsigned)(b / (gx * gy));
  s->blk.block_dim = g->block;
  s->blk.grid_dim = g->grid;
  s->blk.dyn_shared = r->dyn_shared;
  s->n = s->live = g->block.x * g->block.y * g->block.z;
  s->rhead = s->rcount = 0;
  s->bar_arrived = 0;
  s->deadlock = 0;
  for (unsigned w = 0; w * ACCGPU_EMU_WARP < s->n; w++) {
    unsigned lanes = s->n - w * ACCGPU_EMU_WARP;
    s->warps[w].live = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    s->warps[w].arrived = 0;
  }
  for (unsigned i = 0; i < s->n; i++) {
    emu_fiber *f = fiber_at(s, i);
    f->pub.ops = &emu_ops;
    f->pub.blk = &s->blk;
    f->pub.thread_idx.x = i % bx;
    f->pub.thread_idx.y = i / bx % by;
    f->pub.thread_idx.z = i / (bx * by);
    f->pub.lane = i % ACCGPU_EMU_WARP;
    f->s = s;
    f->idx = i;
#ifdef EMU_ASAN
    /* Frames of fibers that never returned leave poisoned shadow. */
    __asan_unpoison_memory_region((char *)f + STACK_LO,
                                  r->dirty ? SLOT - STACK_LO : 16384);
#endif
    fiber_prepare(f);
    ready_push(s, f);
  }
  r->dirty = 0;
}

/* Describes a deadlock of S in BUF. */
static void deadlock_message(const emu_sched *s, char *buf, size_t len) {
  unsigned nb = 0, nw = 0;
  for (unsigned i = 0; i < s->n; i++) {
    unsigned st = fiber_at((emu_sched *)s, i)->state;
    nb += st == F_WAIT_BLOCK;
    nw += st == F_WAIT_WARP;
  }
  snprintf(buf, len,
           "kernel '%s': deadlock in block (%u,%u,%u): %u of %u threads wait "
           "at __syncthreads, %u at warp functions, %u exited (barrier in "
           "divergent code?)",
           s->g->kernel, s->blk.block_idx.x, s->blk.block_idx.y,
           s->blk.block_idx.z, nb, s->n, nw, s->n - s->live);
}

int accgpu_emu_run_block(const accgpu_emu_grid *g, uint64_t b, char *buf,
                         size_t len) {
  unsigned n = g->block.x * g->block.y * g->block.z;
  emu_runner *r = runner_get(n, buf, len);
  if (!r)
    return -1;
  emu_sched *s = &r->sched;
  sched_host_context(s);
  sched_init(r, g, b);
  emu_fiber *first = fiber_at(s, s->ready[0]);
  s->rhead = 1;
  s->rcount--;
  first->state = F_RUNNING;
  switch_to(s, &s->host_sp, first, 0);
  if (s->deadlock) {
    r->dirty = 1;
    deadlock_message(s, buf, len);
    return -1;
  }
  return 0;
}
