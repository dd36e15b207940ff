/* fiber.c — CUDA threads as fibers, and the scheduler of one block.
 *
 * Each host thread that runs blocks (a "runner") owns EMU_MAX_THREADS fiber
 * slots: ACCGPU_EMU_STACK_SIZE bytes each, aligned to that size, laid out as
 *
 *     slot base: [ guard page | stack ... top | emu_fiber | colour gap ]
 *
 * (the fiber structure is 64 bytes, at one of 64 colour offsets in the top
 * page), so kernel code finds its emu_fiber by masking the stack pointer
 * (accgpu_cuda.h), a running thread touches one page for both, and a stack
 * overflow hits the guard page before it can reach the slot below.
 *
 * A block runs its threads one at a time, in thread order, each until it
 * blocks at a barrier or exits.  Threads start lazily: a fiber whose thread
 * exits takes the next thread not yet started, on the same stack, with no
 * context switch; a new slot is used only when a thread blocks and nothing
 * is ready.  So a kernel without barriers runs a whole block on one slot,
 * and a barrier kernel uses one slot per thread.  A blocking fiber switches
 * directly to the next ready one (no trip through the scheduler).  The last
 * thread to arrive at a barrier releases the others (back into the ready
 * ring) and goes on.  Results of a barrier generation (counts, ballots, shuffle
 * slots) are double-buffered by generation parity: generation g+2 cannot
 * start before every thread has arrived at g+1, i.e. has read g.       */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <ucontext.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emu.h"
#include "fault-signals.h"

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
/* ThreadSanitizer: all fibers of a runner run as its one TSan thread (they
   run one at a time, and barriers order them).  TSan fiber contexts would
   make every switch a vector-clock release/acquire as long as the number
   of fibers ever created (10 million switches took minutes).  The shadow
   call stack stays balanced as long as the functions a fiber enters and
   never leaves are not instrumented: those carry EMU_NO_TSAN. */
#ifdef EMU_TSAN
#define EMU_NO_TSAN __attribute__((no_sanitize_thread))
#else
#define EMU_NO_TSAN
#endif

#define SLOT ACCGPU_EMU_STACK_SIZE
#define GUARD_BYTES 16384u /* a frame bigger than this could jump it */
#define RING_MASK (EMU_MAX_THREADS - 1)

enum { F_READY, F_RUNNING, F_WAIT_BLOCK, F_WAIT_WARP, F_WAIT_NAMED, F_DONE };

typedef struct emu_sched emu_sched;

typedef struct emu_fiber {
  __accgpu_emu_thread pub; /* first: what kernel code reads */
  void *sp;                /* saved stack pointer while switched out */
  emu_sched *s;
  unsigned idx;            /* linear thread index in the block */
  unsigned state;
  unsigned next;           /* next waiter at its named barrier */
} emu_fiber;

_Static_assert(sizeof(emu_fiber) <= 64, "fiber context exceeds its colour slot");

typedef struct emu_warp {
  unsigned live;    /* lanes that exist and have not exited */
  unsigned want;    /* mask given by the generation's first arrival */
  unsigned arrived; /* lanes waiting in the current generation */
  unsigned gen;
  unsigned done[2]; /* lanes that took part, by generation parity */
  unsigned ballot[2];
  uint64_t slot[2][ACCGPU_EMU_WARP];
} emu_warp;

/* A named barrier (PTX bar.sync ID, COUNT): completes when COUNT threads
   have arrived, whichever they are; waiters are listed through
   emu_fiber.next (thread indices). */
#define EMU_NAMED_BARRIERS 16
typedef struct emu_named {
  unsigned arrived, count, head, tail;
} emu_named;

struct emu_sched {
  const accgpu_emu_grid *g;
  __accgpu_emu_block blk;
  char *slots;        /* the runner's fiber slots */
  unsigned n, live;   /* threads in the block, threads not exited */
  unsigned started;   /* threads started so far (in thread order) */
  __accgpu_uint3 next_tid; /* threadIdx of the next thread to start */
  unsigned nslots;    /* slots in use */
  emu_fiber *of[EMU_MAX_THREADS]; /* the fiber running each started thread */
  unsigned ready[EMU_MAX_THREADS]; /* ring of thread indices */
  unsigned rhead, rcount;
  unsigned bar_arrived, bar_gen;
  emu_fiber *bar_wait[EMU_MAX_THREADS]; /* waiters, in arrival order */
  int bar_count[2], bar_n[2];
  int deadlock;
  emu_named named[EMU_NAMED_BARRIERS];
  char misuse[160];     /* first invalid named-barrier use, or "" */
  int faulted;          /* memcheck stopped the block: FAULT says why */
  char fault[1024];
  const accgpu_emu_config *cfg;
  emu_race_block *race; /* racecheck state of this block, or NULL */
  int counting;         /* this block counts into CNT (counters.c) */
  accgpu_emu_counts cnt;
  int permuted;         /* threads start in PERM's order, not 0..n-1 */
  uint64_t rng;         /* ACCGPU_EMU_SCHEDULE=random */
  unsigned short perm[EMU_MAX_THREADS];
  unsigned slow_warp;   /* random: the warp that lags behind */
  emu_fiber *running;   /* for the trap handler */
  unsigned dirty_slots; /* slots a deadlock left with frames on them */
  void *host_sp;
#ifdef EMU_ASAN
  const void *host_stack;
  size_t host_stack_size;
#endif
  emu_warp warps[EMU_MAX_THREADS / ACCGPU_EMU_WARP];
};

/* What one host thread needs to run blocks; created on first use. */
typedef struct emu_runner {
  char *map;        /* mmap'd, for munmap */
  size_t map_bytes;
  char *slots;      /* SLOT-aligned start of EMU_MAX_THREADS slots */
  unsigned ninit;   /* slots whose guard page is set up */
  void *dyn_shared;
  void *altstack;   /* signal stack: the trap handler runs there */
  emu_race_block *race; /* racecheck records of shared memory */
  emu_sched sched;
} emu_runner;

static __thread emu_runner *runner;
/* The block the calling runner is executing, or NULL (trap handler). */
static __thread emu_sched *volatile current;

/* The kernel this thread runs, or NULL: for the reports of kernel code
   (a failed assert, include/accgpu_cuda.h). */
const char *__accgpu_emu_kernel_name(void);
const char *__accgpu_emu_kernel_name(void) {
  emu_sched *s = current;
  return s ? s->g->kernel : NULL;
}

static void trap_setup(emu_runner *r);

/* switch.S */
void accgpu_emu_switch(void **save_sp, void *to_sp)
    __attribute__((visibility("hidden")));
void accgpu_emu_fiber_start(void) __attribute__((visibility("hidden")));
void accgpu_emu_fiber_main(emu_fiber *f)
    __attribute__((visibility("hidden"), noreturn)) EMU_NO_TSAN;

static const __accgpu_emu_ops emu_ops;

/* The fiber structure of slot K of SLOTS. */
static emu_fiber *slot_fiber(char *slots, unsigned k) {
  char *base = slots + (size_t)k * SLOT;
  return (emu_fiber *)(base + ACCGPU_EMU_CTX_OFFSET(base));
}

__attribute__((unused)) static char *slot_base(const emu_fiber *f) {
  return (char *)((uintptr_t)f & ~(SLOT - 1));
}

/* Makes F run the next unstarted thread of its block.  Coordinates are
   counted up, not divided out: this runs once per CUDA thread. */
static void bind_next(emu_sched *s, emu_fiber *f) {
  unsigned idx = s->started++;
  if (s->permuted) {
    __accgpu_uint3 d = s->blk.block_dim;
    idx = s->perm[idx];
    s->next_tid.x = idx % d.x;
    s->next_tid.y = idx / d.x % d.y;
    s->next_tid.z = idx / (d.x * d.y);
  }
  f->pub.thread_idx = s->next_tid;
  f->pub.lane = idx % ACCGPU_EMU_WARP;
  f->idx = idx;
  f->state = F_RUNNING;
  s->of[idx] = f;
  if (++s->next_tid.x == s->blk.block_dim.x) {
    s->next_tid.x = 0;
    if (++s->next_tid.y == s->blk.block_dim.y) {
      s->next_tid.y = 0;
      s->next_tid.z++;
    }
  }
}

static void fiber_prepare(emu_sched *s, emu_fiber *f);

/* Puts the next unstarted thread on a fresh slot; returns its fiber. */
static emu_fiber *start_in_new_slot(emu_sched *s) {
  emu_fiber *f = slot_fiber(s->slots, s->nslots++);
  f->pub.ops = &emu_ops;
  f->pub.blk = &s->blk;
  f->s = s;
  bind_next(s, f);
  fiber_prepare(s, f);
  return f;
}

/* ------------------------------------------------------------------ */
/* Context switches (with the sanitizers told about stacks).           */

/* Switches from the running context (whose stack pointer goes to *SAVE)
   to fiber TO, or to the host context when TO is NULL.  DYING: the
   current fiber never runs again.  Returns when switched back. */
EMU_NO_TSAN static void switch_to(emu_sched *s, void **save, emu_fiber *to,
                                  int dying) {
  void *to_sp = to ? to->sp : s->host_sp;
  s->running = to;
#ifdef EMU_ASAN
  void *fake = NULL;
  const char *lo = to ? slot_base(to) + GUARD_BYTES : NULL;
  const void *bottom = to ? lo : s->host_stack;
  size_t size = to ? (size_t)((const char *)to - lo) : s->host_stack_size;
  __sanitizer_start_switch_fiber(dying ? NULL : &fake, bottom, size);
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

/* ------------------------------------------------------------------ */
/* Thread order (ACCGPU_EMU_SCHEDULE): lockstep, inorder, reverse, random. */

static uint64_t rng_next(uint64_t *x) { /* splitmix64 */
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned rng_below(emu_sched *s, unsigned n) {
  return (unsigned)(((rng_next(&s->rng) >> 32) * n) >> 32);
}

static void shuffle_fibers(emu_sched *s, emu_fiber **v, unsigned n) {
  for (unsigned i = n; i > 1; i--) {
    unsigned k = rng_below(s, i);
    emu_fiber *t = v[i - 1];
    v[i - 1] = v[k];
    v[k] = t;
  }
}

/* Makes released waiters V[0..N) ready in the order the schedule asks:
   as given (arrival order), highest thread first, or shuffled. */
static void ready_push_all(emu_sched *s, emu_fiber **v, unsigned n) {
  int order = s->cfg->order;
  if (order == EMU_ORDER_RANDOM)
    shuffle_fibers(s, v, n);
  if (order != EMU_ORDER_REVERSE) {
    for (unsigned i = 0; i < n; i++)
      ready_push(s, v[i]);
    return;
  }
  uint64_t set[EMU_MAX_THREADS / 64] = {0};
  for (unsigned i = 0; i < n; i++)
    set[v[i]->idx / 64] |= 1ull << (v[i]->idx % 64);
  for (unsigned w = EMU_MAX_THREADS / 64; w-- > 0;)
    for (uint64_t m = set[w]; m; m &= ~(1ull << (63 - __builtin_clzll(m))))
      ready_push(s, s->of[w * 64 + 63 - (unsigned)__builtin_clzll(m)]);
}

/* The order threads of block B start in: PERM, unless in order. */
static void order_init(emu_sched *s, uint64_t b) {
  int order = s->cfg->order;
  s->permuted = order != EMU_ORDER_INORDER;
  if (!s->permuted)
    return;
  s->rng = s->cfg->seed ^ (s->g->launch * 0x100000001b3ull) ^ (b << 20);
  rng_next(&s->rng);
  for (unsigned i = 0; i < s->n; i++)
    s->perm[i] = (unsigned short)(order == EMU_ORDER_REVERSE ? s->n - 1 - i : i);
  s->slow_warp = rng_below(s, (s->n + ACCGPU_EMU_WARP - 1) / ACCGPU_EMU_WARP);
  for (unsigned i = s->n; order == EMU_ORDER_RANDOM && i > 1; i--) {
    unsigned k = rng_below(s, i);
    unsigned short t = s->perm[i - 1];
    s->perm[i - 1] = s->perm[k];
    s->perm[k] = t;
  }
}

/* Takes the next ready thread (the ring is not empty): the oldest, or
   under random a random one, avoiding the block's slow warp while others
   are ready (a warp that lags behind the rest, as a descheduled warp of
   a GPU does: code that assumes warps keep pace fails). */
static emu_fiber *ring_take(emu_sched *s) {
  unsigned k = s->rhead;
  if (s->cfg->order == EMU_ORDER_RANDOM) {
    for (int tries = 0; tries < 4; tries++) {
      k = (s->rhead + rng_below(s, s->rcount)) & RING_MASK;
      if (s->ready[k] / ACCGPU_EMU_WARP != s->slow_warp)
        break;
    }
  }
  unsigned t = s->ready[k];
  s->ready[k] = s->ready[s->rhead];
  s->rhead = (s->rhead + 1) & RING_MASK;
  s->rcount--;
  emu_fiber *next = s->of[t];
  next->state = F_RUNNING;
  return next;
}

/* ACCGPU_EMU_SCHEDULE=random: now and then a memory access hands over to
   another thread of the block (a ready one or one not started yet), so no
   thread runs alone from one barrier to the next. */
static void maybe_preempt(emu_sched *s, emu_fiber *f) {
  if (rng_next(&s->rng) % 8 != 0)
    return;
  int can_start = s->started < s->n;
  if (!s->rcount && !can_start)
    return;
  emu_fiber *next = s->rcount && (!can_start || (rng_next(&s->rng) & 1))
                        ? ring_take(s)
                        : start_in_new_slot(s);
  ready_push(s, f);
  switch_to(s, &f->sp, next, 0);
  f->state = F_RUNNING;
}

/* ACCGPU_EMU_SCHEDULE=lockstep (the default): a store to memory other
   threads can see hands over to the next thread, one not started yet
   first, so every thread of the block does its loads before any does its
   store, as the lanes of a warp do.  A lost update (`sum += x` without a
   reduction, `h[b]++` without an atomic) or a lane reading its
   neighbour's write without a barrier then gives a GPU's wrong answer,
   where threads run one after the other from one barrier to the next
   would give the right one. */
static void hand_over(emu_sched *s, emu_fiber *f) {
  emu_fiber *next;
  if (s->started < s->n)
    next = start_in_new_slot(s);
  else if (s->rcount)
    next = ring_take(s);
  else
    return;
  ready_push(s, f);
  switch_to(s, &f->sp, next, 0);
  f->state = F_RUNNING;
}

/* Suspends F (already marked waiting or done) and runs the next ready
   fiber; with none ready, goes back to the host (all done, or a
   deadlock).  Returns when F is resumed. */
EMU_NO_TSAN static void yield_from(emu_fiber *f) {
  emu_sched *s = f->s;
  emu_fiber *next = NULL;
  if (s->rcount) {
    next = ring_take(s);
  } else if (s->started < s->n) {
    next = start_in_new_slot(s);
  } else if (s->live) {
    s->deadlock = 1;
  }
  switch_to(s, &f->sp, next, f->state == F_DONE);
}

/* ------------------------------------------------------------------ */
/* Block barrier.                                                      */

/* Ends the current block-barrier generation: every waiter becomes ready
   (in arrival order); CALLER, the last to arrive (NULL when a thread's exit
   completes the barrier), goes on running. */
static void bar_release(emu_sched *s, emu_fiber *caller) {
  unsigned g = s->bar_gen & 1;
  if (s->counting)
    s->cnt.v[EMU_CNT_BAR]++;
  unsigned nwait = s->bar_arrived - (caller != NULL);
  s->bar_n[g] = (int)s->bar_arrived;
  s->bar_arrived = 0;
  s->bar_gen++;
  if (s->race)
    accgpu_emu_race_sync_block(s->race);
  ready_push_all(s, s->bar_wait, nwait);
}

/* Racecheck decides the running thread's deferred writes before it
   blocks or leaves (their stores are done by then). */
static void race_flush(emu_sched *s) {
  if (s->race)
    accgpu_emu_race_flush(s->race);
}

static int sync_block(__accgpu_emu_thread *t, int pred, int kind) {
  emu_fiber *f = (emu_fiber *)t;
  emu_sched *s = f->s;
  race_flush(s);
  unsigned g = s->bar_gen & 1;
  if (s->bar_arrived == 0)
    s->bar_count[g] = 0;
  s->bar_count[g] += pred != 0;
  if (++s->bar_arrived == s->live) {
    bar_release(s, f);
  } else {
    s->bar_wait[s->bar_arrived - 1] = f;
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
  unsigned g = w->gen & 1, m = w->arrived, n = 0;
  emu_fiber *wake[ACCGPU_EMU_WARP];
  w->done[g] = m;
  w->arrived = 0;
  w->gen++;
  while (m) {
    unsigned lane = (unsigned)__builtin_ctz(m);
    emu_fiber *f = s->of[warp * ACCGPU_EMU_WARP + lane];
    m &= m - 1;
    if (s->race)
      accgpu_emu_race_sync(s->race, f->idx, EMU_SYNC_WARP);
    if (f->state == F_WAIT_WARP)
      wake[n++] = f;
  }
  ready_push_all(s, wake, n);
}

/* Arrives at the warp barrier of MASK with PRED (for ballots) for warp
   operation OP (an EMU_CNT_*); returns the generation parity once all live
   lanes of MASK have arrived. */
static unsigned warp_arrive(emu_fiber *f, unsigned mask, int pred, int op) {
  emu_sched *s = f->s;
  race_flush(s);
  unsigned warp = f->idx / ACCGPU_EMU_WARP, bit = 1u << f->pub.lane;
  emu_warp *w = &s->warps[warp];
  unsigned g = w->gen & 1;
  if (w->arrived == 0) {
    w->want = mask;
    w->ballot[g] = 0;
    if (s->counting)
      s->cnt.v[op]++;
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
  warp_arrive((emu_fiber *)t, mask, 0, EMU_CNT_WSYNC);
}

static uint64_t shfl(__accgpu_emu_thread *t, unsigned mask, uint64_t v,
                     unsigned src) {
  emu_fiber *f = (emu_fiber *)t;
  emu_warp *w = &f->s->warps[f->idx / ACCGPU_EMU_WARP];
  w->slot[w->gen & 1][t->lane] = v;
  unsigned g = warp_arrive(f, mask, 0, EMU_CNT_SHFL);
  if (src < ACCGPU_EMU_WARP && (w->done[g] >> src & 1u))
    return w->slot[g][src];
  return v;
}

static unsigned ballot(__accgpu_emu_thread *t, unsigned mask, int pred) {
  emu_fiber *f = (emu_fiber *)t;
  emu_warp *w = &f->s->warps[f->idx / ACCGPU_EMU_WARP];
  unsigned g = warp_arrive(f, mask, pred, EMU_CNT_VOTE);
  return w->ballot[g] & mask;
}

static unsigned active_mask(__accgpu_emu_thread *t) {
  emu_fiber *f = (emu_fiber *)t;
  return f->s->warps[f->idx / ACCGPU_EMU_WARP].live;
}

/* ------------------------------------------------------------------ */
/* Named barriers (a worker's lanes when they span several warps).      */

/* Records the first misuse of a named barrier; the launch fails with it
   once the block is done (the offending call returns at once, as nothing
   defines what a GPU does). */
static void named_misuse(emu_fiber *f, unsigned id, unsigned count) {
  emu_sched *s = f->s;
  if (s->misuse[0])
    return;
  snprintf(s->misuse, sizeof s->misuse,
           "bar.sync %u, %u by thread (%u,%u,%u): the barrier must be 1..%u "
           "and the count a nonzero multiple of 32 up to the block size",
           id, count, f->pub.thread_idx.x, f->pub.thread_idx.y,
           f->pub.thread_idx.z, EMU_NAMED_BARRIERS - 1);
}

/* PTX bar.sync ID, COUNT: waits until COUNT threads (the caller included)
   have arrived at barrier ID.  Threads that exit are not counted, as on a
   GPU: a barrier one of them was meant for never completes (deadlock). */
static void sync_named(__accgpu_emu_thread *t, unsigned id, unsigned count) {
  emu_fiber *f = (emu_fiber *)t;
  emu_sched *s = f->s;
  race_flush(s);
  if (id == 0 || id >= EMU_NAMED_BARRIERS || count == 0 ||
      count % ACCGPU_EMU_WARP != 0 || count > s->n) {
    named_misuse(f, id, count);
    return;
  }
  emu_named *b = &s->named[id];
  if (b->arrived == 0)
    b->count = count;
  else if (b->count != count) {
    named_misuse(f, id, count);
    return;
  }
  if (++b->arrived < count) {
    f->next = UINT32_MAX;
    if (b->arrived == 1)
      b->head = f->idx;
    else
      s->of[b->tail]->next = f->idx;
    b->tail = f->idx;
    f->state = F_WAIT_NAMED;
    yield_from(f);
    return;
  }
  /* The last arrival releases the others, in arrival order. */
  unsigned k = b->head, n = b->arrived - 1;
  b->arrived = 0;
  if (s->counting)
    s->cnt.v[EMU_CNT_ROWBAR]++;
  if (s->race)
    accgpu_emu_race_sync(s->race, f->idx, EMU_SYNC_ROW);
  for (unsigned i = 0; i < n; i++) {
    emu_fiber *w = s->of[k];
    k = w->next;
    if (s->race)
      accgpu_emu_race_sync(s->race, w->idx, EMU_SYNC_ROW);
    ready_push(s, w);
  }
}

/* ------------------------------------------------------------------ */
/* Checked images: accesses the inline check did not clear.             */

/* Memcheck stopped the block: back to the host for good (the block's
   fibers are abandoned, as after a deadlock). */
static void fault_stop(emu_sched *s, emu_fiber *f) {
  s->faulted = 1;
  f->state = F_DONE;
  switch_to(s, &f->sp, NULL, 0);
  abort(); /* never resumed */
}

/* Where thread F of S stands, for checks and reports. */
static accgpu_emu_where where_of(emu_sched *s, emu_fiber *f) {
  accgpu_emu_where w = {s->g, &s->blk, f->pub.thread_idx,
                        (uintptr_t)s->slots, (uintptr_t)EMU_MAX_THREADS * SLOT};
  return w;
}

/* Stores mark their bytes written; a load of bytes none of which was
   written stops the kernel (initcheck.c).  An atomic read-modify-write
   (update, capture, compare-and-swap) is both: it reads the old value, so
   never-written bytes stop it too, as a histogram whose `create`d bins
   nothing cleared. */
static void initcheck_access(emu_sched *s, emu_fiber *f,
                             const accgpu_emu_where *w, uintptr_t a,
                             size_t n, unsigned kind) {
  struct accgpu_dev *dev = s->g->dev;
  /* KIND (accgpu_emu_check.h): 0 load, 1 store, 3 atomic read-modify-
     write, 3|4 atomic load, 3|8 atomic store. */
  int loads = !(kind & 1) || (kind & 4) || (kind & 0xb) == 3;
  if (loads && accgpu_emu_initcheck_unwritten(dev, a, n)) {
    accgpu_emu_initcheck_report(w, a, n, s->fault, sizeof s->fault);
    fault_stop(s, f);
    return;
  }
  if ((kind & 1) && !(kind & 4))
    accgpu_emu_initcheck_mark(dev, (const void *)a, n, 1);
}

static void emu_access(__accgpu_emu_thread *t, const volatile void *p,
                       unsigned long n, unsigned kind) {
  emu_fiber *f = (emu_fiber *)t;
  emu_sched *s = f->s;
  uintptr_t a = (uintptr_t)p;
  int own = ((a ^ (uintptr_t)f) >> ACCGPU_EMU_STACK_SHIFT) == 0;
  accgpu_emu_where w = where_of(s, f);
  /* Atomics on local memory fault on a GPU, whatever checks are on. */
  if ((kind & 2) &&
      accgpu_emu_atomic_local(&w, a, n, kind, own, s->fault, sizeof s->fault))
    fault_stop(s, f);
  if (own)
    return; /* its own stack: private */
  if (s->counting)
    accgpu_emu_count_access(&s->cnt, &s->blk, a, kind);
  /* Switch first: racecheck may defer this access's verdict until its
     store is done, which must happen before another thread runs. */
  if (s->cfg->order == EMU_ORDER_RANDOM)
    maybe_preempt(s, f);
  else if (s->cfg->order == EMU_ORDER_LOCKSTEP && (kind & 1))
    hand_over(s, f);
  /* Before memcheck: another queue's operation may have freed the memory,
     and the missing wait is what to report. */
  if (s->race && s->g->hb)
    accgpu_emu_qrace_access(s->g->hb, s->g->dev, a, n, kind & 3);
  if (s->cfg->memcheck &&
      accgpu_emu_memcheck(&w, a, n, kind, s->fault, sizeof s->fault) != 0)
    fault_stop(s, f);
  if (s->cfg->initcheck)
    initcheck_access(s, f, &w, a, n, kind);
  if (s->race)
    accgpu_emu_race_access(s->race, &w, f->idx, a, n, kind);
}

/* Kernels' malloc and free (heap.c). */
static void *emu_heap_alloc(__accgpu_emu_thread *t, unsigned long n,
                            const char *file, unsigned line) {
  emu_fiber *f = (emu_fiber *)t;
  accgpu_emu_where w = where_of(f->s, f);
  return accgpu_emu_heap_alloc(&w, n, file, line);
}

static void emu_heap_free(__accgpu_emu_thread *t, void *p, const char *file,
                          unsigned line) {
  emu_fiber *f = (emu_fiber *)t;
  emu_sched *s = f->s;
  accgpu_emu_where w = where_of(s, f);
  if (accgpu_emu_heap_free(&w, p, file, line, s->fault, sizeof s->fault))
    fault_stop(s, f);
}

static const __accgpu_emu_ops emu_ops = {
    .sync_block = sync_block,
    .sync_warp = sync_warp,
    .shfl = shfl,
    .ballot = ballot,
    .active_mask = active_mask,
    .sync_named = sync_named,
    .access = emu_access,
    .heap_alloc = emu_heap_alloc,
    .heap_free = emu_heap_free,
};

/* ------------------------------------------------------------------ */
/* Fiber life.                                                         */

/* F's thread exits: barriers stop counting it. */
static void thread_exit(emu_sched *s, emu_fiber *f) {
  unsigned warp = f->idx / ACCGPU_EMU_WARP;
  race_flush(s);
  emu_warp *w = &s->warps[warp];
  s->live--;
  w->live &= ~(1u << f->pub.lane);
  if (s->bar_arrived && s->bar_arrived == s->live)
    bar_release(s, NULL);
  if (warp_complete(w))
    warp_release(s, w, warp);
}

/* Runs threads on fiber F until no thread is left to start, then leaves
   for good. */
void accgpu_emu_fiber_main(emu_fiber *f) {
  emu_sched *s = f->s;
#ifdef EMU_ASAN
  __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
  for (;;) {
    s->g->entry(s->g->args);
    thread_exit(s, f);
    if (s->started == s->n)
      break;
    bind_next(s, f);
  }
  f->state = F_DONE;
  yield_from(f);
  abort(); /* a finished fiber is never resumed */
}

/* Builds F's initial stack: switch.S pops six registers (r12 = F) and
   returns into accgpu_emu_fiber_start with rsp 16-byte aligned.  The
   stack starts right below the (64-byte aligned) structure. */
static void fiber_prepare(emu_sched *s, emu_fiber *f) {
  uint64_t *sp = (uint64_t *)((char *)f - 24);
#ifdef EMU_ASAN
  /* Frames of fibers that never returned leave poisoned shadow. */
  char *base = slot_base(f);
  unsigned k = (unsigned)((size_t)(base - s->slots) / SLOT);
  size_t all = (size_t)((char *)f - base) - GUARD_BYTES;
  size_t top = k < s->dirty_slots || all < 16384 ? all : 16384;
  __asan_unpoison_memory_region((char *)f - top, top);
#endif
  (void)s;
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
    r->slots = (char *)(((uintptr_t)m + SLOT - 1) & ~(SLOT - 1));
    /* Unmap the alignment slack: nothing writable below slot 0. */
    size_t head = (size_t)(r->slots - (char *)m);
    if (head)
      munmap(m, head);
    r->map = r->slots;
    r->map_bytes = bytes - head;
    runner = r;
    trap_setup(r);
  }
  for (; r->ninit < n; r->ninit++) {
    char *base = r->slots + (size_t)r->ninit * SLOT;
    if (mprotect(base, GUARD_BYTES, PROT_NONE) != 0) {
      snprintf(buf, len, "cannot protect fiber stack guard pages");
      return NULL;
    }
  }
  return r;
}

void accgpu_emu_fibers_release(void) {
  emu_runner *r = runner;
  if (!r)
    return;
  if (r->altstack) {
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    free(r->altstack);
  }
#ifdef EMU_ASAN
  /* Frames left on the stacks keep poisoned shadow, which device memory
     mapped here later would inherit. */
  __asan_unpoison_memory_region(r->map, r->map_bytes);
#endif
  munmap(r->map, r->map_bytes);
  free(r->dyn_shared);
  accgpu_emu_race_free(r->race);
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
  (void)s;
}

/* glibc's TLS access for a module id: the calling thread's block.  Weak:
   a fully static program has none to link (nor dlopen for the images; the
   host device still runs there). */
typedef struct emu_tls_index {
  unsigned long module, offset;
} emu_tls_index;
extern void *__tls_get_addr(emu_tls_index *ti) __attribute__((weak));

uintptr_t accgpu_emu_tls_block(const accgpu_emu_image *img) {
  if (!img->tls_size || !__tls_get_addr)
    return 0;
  emu_tls_index ti = {img->tls_modid, 0};
  return (uintptr_t)__tls_get_addr(&ti);
}

/* Fills the check fields of S's block for G (checked images only):
   shadow, this runner's __shared__ block of the image, the check mode.
   Under memcheck shared memory starts as 0xff bytes, as device memory
   does: a GPU does not clear it between blocks. */
static void check_init(emu_runner *r, emu_sched *s, const accgpu_emu_grid *g) {
  __accgpu_emu_block *b = &s->blk;
  const accgpu_emu_config *c = s->cfg;
  b->check = 0;
  b->dev_base = b->dev_size = b->shared_lo = b->shared_len = 0;
  b->shadow = NULL;
  b->dyn_len = g->shared_bytes;
  s->race = NULL;
  if (!g->img)
    return;
  b->shared_lo = accgpu_emu_tls_block(g->img);
  b->shared_len = b->shared_lo ? g->img->tls_size : 0;
  if (c->memcheck) {
    b->check = ACCGPU_EMU_CHECK_MEM;
    if (g->dev && g->dev->shadow) {
      b->dev_base = (uintptr_t)g->dev->base;
      b->dev_size = g->dev->size;
      b->shadow = g->dev->shadow;
    }
    memset((void *)b->shared_lo, 0xff, b->shared_len);
    memset(b->dyn_shared, 0xff, b->dyn_len);
  }
  if (c->racecheck)
    s->race = accgpu_emu_race_begin(&r->race, g, b, s->n);
  if (c->racecheck || c->initcheck || c->order == EMU_ORDER_RANDOM ||
      s->counting)
    b->check |= ACCGPU_EMU_CHECK_CALL;
  else if (c->order == EMU_ORDER_LOCKSTEP)
    b->check |= ACCGPU_EMU_CHECK_STORES;
}

/* Sets up block B of G: block coordinates, warps, empty ready ring. */
static void sched_init(emu_runner *r, const accgpu_emu_grid *g, uint64_t b) {
  emu_sched *s = &r->sched;
  uint64_t gx = g->grid.x, gy = g->grid.y;
  s->g = g;
  s->slots = r->slots;
  s->blk.block_idx.x = (unsigned)(b % gx);
  s->blk.block_idx.y = (unsigned)(b / gx % gy);
  s->blk.block_idx.z = (unsigned)(b / (gx * gy));
  s->blk.block_dim = g->block;
  s->blk.grid_dim = g->grid;
  s->blk.dyn_shared = r->dyn_shared;
  s->n = s->live = g->block.x * g->block.y * g->block.z;
  s->started = s->nslots = 0;
  s->next_tid.x = s->next_tid.y = s->next_tid.z = 0;
  s->rhead = s->rcount = 0;
  s->bar_arrived = 0;
  s->deadlock = 0;
  memset(s->named, 0, sizeof s->named);
  s->misuse[0] = '\0';
  s->faulted = 0;
  s->cfg = accgpu_emu_config_get();
  s->counting = accgpu_emu_counting();
  if (s->counting)
    memset(&s->cnt, 0, sizeof s->cnt);
  order_init(s, b);
  check_init(r, s, g);
  for (unsigned w = 0; w * ACCGPU_EMU_WARP < s->n; w++) {
    unsigned lanes = s->n - w * ACCGPU_EMU_WARP;
    s->warps[w].live = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    s->warps[w].arrived = 0;
  }
}

/* Describes a deadlock of S in BUF. */
static void deadlock_message(const emu_sched *s, char *buf, size_t len) {
  unsigned nb = 0, nw = 0, nn = 0;
  for (unsigned k = 0; k < s->nslots; k++) {
    unsigned st = slot_fiber(s->slots, k)->state;
    nb += st == F_WAIT_BLOCK;
    nw += st == F_WAIT_WARP;
    nn += st == F_WAIT_NAMED;
  }
  snprintf(buf, len,
           "kernel '%s': deadlock in block (%u,%u,%u): %u of %u threads wait "
           "at __syncthreads, %u at warp functions, %u at named barriers, %u "
           "exited (barrier in divergent code?)",
           s->g->kernel, s->blk.block_idx.x, s->blk.block_idx.y,
           s->blk.block_idx.z, nb, s->n, nw, nn, s->n - s->live);
}

int accgpu_emu_run_block(accgpu_emu_grid *g, uint64_t b, char *buf,
                         size_t len) {
  unsigned n = g->block.x * g->block.y * g->block.z;
  emu_runner *r = runner_get(n, buf, len);
  if (!r)
    return -1;
  emu_sched *s = &r->sched;
  sched_host_context(s);
  sched_init(r, g, b);
  current = s;
  switch_to(s, &s->host_sp, start_in_new_slot(s), 0);
  current = NULL;
  if (s->counting)
    accgpu_emu_count_merge(g, &s->cnt);
  if (s->faulted) {
    if (s->dirty_slots < s->nslots)
      s->dirty_slots = s->nslots;
    snprintf(buf, len, "%s", s->fault);
    return -1;
  }
  if (s->deadlock) {
    if (s->dirty_slots < s->nslots)
      s->dirty_slots = s->nslots;
    deadlock_message(s, buf, len);
    return -1;
  }
  if (s->misuse[0]) {
    snprintf(buf, len, "kernel '%s': block (%u,%u,%u): %s", s->g->kernel,
             s->blk.block_idx.x, s->blk.block_idx.y, s->blk.block_idx.z,
             s->misuse);
    return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Traps: a kernel that faults gets a message naming it, not a bare     */
/* SIGSEGV or SIGFPE.  Not under the sanitizers, which report faults    */
/* themselves.                                                          */

#if !defined(EMU_ASAN) && !defined(EMU_TSAN)
#define TRAP_STACK (64u << 10)
static struct sigaction trap_old[ACCGPU_FAULT_NSIG];
static pthread_once_t trap_once = PTHREAD_ONCE_INIT;

/* Prints what faulted and exits; outside a kernel, gives the fault back
   to the handler that was there before ours. */
static void trap_handler(int sig, siginfo_t *si, void *uc) {
  emu_sched *s = current;
  char msg[512];
  if (!s && sig != SIGFPE &&
      accgpu_emu_queue_fault_text(msg, sizeof msg, si->si_addr)) {
    ssize_t w = write(2, msg, strnlen(msg, sizeof msg));
    (void)w; /* exiting either way */
    _exit(1);
  }
  if (!s) {
    accgpu_fault_restore(trap_old);
    return; /* the fault repeats under the previous handler */
  }
  const emu_fiber *f = s->running;
  /* An overflow leaves the stack pointer at or below the guard page (a
     big frame can jump past it; the access may then fault elsewhere). */
  uintptr_t sp = (uintptr_t)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RSP];
  int overflow = f && sp < (uintptr_t)slot_base(f) + GUARD_BYTES + 1024;
  char where[320] = "";
  accgpu_emu_where w = {s->g, &s->blk, {0, 0, 0}, 0, 0};
  if (f)
    w.thread = f->pub.thread_idx;
  accgpu_emu_where_text(&w, where, sizeof where);
  int n;
  if (sig == SIGFPE) /* a GPU gives an unspecified value instead */
    n = snprintf(msg, sizeof msg, "accgpu emulator: %s: %s at pc %p\n",
                 where, accgpu_fpe_text(si->si_code), si->si_addr);
  else
    n = snprintf(msg, sizeof msg, "accgpu emulator: %s: %s at address %p\n",
                 where,
                 overflow ? "stack overflow (CUDA threads have 256 KiB "
                            "stacks here)"
                 : sig == SIGBUS ? "bus error"
                                 : "invalid memory access",
                 si->si_addr);
  if (n > 0 && write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1) < 0)
    n = 0;
  _exit(1);
}

static void trap_install(void) { accgpu_fault_install(trap_handler, trap_old); }

/* Gives the runner a signal stack (a stack overflow leaves none) and
   installs the handler once per process. */
static void trap_setup(emu_runner *r) {
  stack_t ss = {0};
  r->altstack = malloc(TRAP_STACK);
  if (!r->altstack)
    return;
  ss.ss_sp = r->altstack;
  ss.ss_size = TRAP_STACK;
  if (sigaltstack(&ss, NULL) != 0) {
    free(r->altstack);
    r->altstack = NULL;
    return;
  }
  pthread_once(&trap_once, trap_install);
}
#else
static void trap_setup(emu_runner *r) { (void)r; }
#endif
