/* racecheck.c — data races between the threads of a launch
 * (ACCGPU_EMU_RACECHECK=1), like compute-sanitizer's racecheck but for the
 * global memory too, and on the CPU.
 *
 * Every access of a checked image reaches accgpu_emu_race_access (the
 * block's check word asks for a call).  Each 4-byte word of device memory
 * and of the block's shared memory has a record of its last write and its
 * last two reads: which block and thread, a byte mask, read/write/atomic,
 * and the thread's clock at the time.  Two accesses conflict when they
 * overlap, one writes, they are not both atomic, and nothing orders them:
 *   - threads of different blocks are never ordered (global memory);
 *   - in one block, thread T1's access A is ordered before the current
 *     access of T2 when T1 has passed, after A, a barrier that T2 took part
 *     in too: a block barrier (all threads; exited threads count as
 *     arrived), a named barrier of T1's row (same threadIdx.y and z: the
 *     plugin's worker barrier), or a warp barrier (__syncwarp, shuffles,
 *     votes) of T1's warp.  Each thread's clock ticks at every barrier it
 *     passes and lastB/lastR/lastW keep the clock after the last one of each
 *     scope, so the test is three compares.
 * Records carry the launch number (global memory) or the block run number
 * (shared memory), so nothing is cleared between launches.  The blocks of a
 * launch run one at a time under racecheck (grid.c), and launches one at a
 * time (RACE_LOCK), so records are never written concurrently.
 *
 * Each hazard is reported once per (kernel, memory space, kind); at exit the
 * process ends with status 1 when any was reported.  Races between
 * operations of different queues are queue-race.c's.  Not found: a
 * conflict whose first access was pushed out of a word's three records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emu.h"

#define WORD 4u
enum { RC_WRITE = 1, RC_ATOMIC = 2 };
enum { SPACE_GLOBAL = EMU_RACE_GLOBAL, SPACE_SHARED = EMU_RACE_SHARED };

typedef struct rc_acc {
  uint32_t epoch; /* launch (global) or block run (shared); 0: none */
  uint32_t block; /* linear block index */
  uint16_t tid;   /* linear thread index in the block */
  uint8_t kind;   /* RC_WRITE | RC_ATOMIC */
  uint8_t mask;   /* bytes of the word */
  uint32_t clock; /* the thread's clock at the access */
} rc_acc;

typedef struct rc_word {
  rc_acc w, r[2];
} rc_word;

/* A write that conflicts with an earlier access: reported once the store
   has happened, unless it stored the value the word already held (gangs
   redundantly writing the same value, as OpenACC's gang-redundant mode
   does, cannot change what another thread reads). */
#define RC_PENDING 4
typedef struct rc_pending {
  uintptr_t a;      /* word address */
  uint32_t old;     /* the word before the store */
  int space;
  rc_acc prev, cur;
  accgpu_emu_where w;
} rc_pending;

struct emu_race_block {
  rc_pending pending[RC_PENDING];
  unsigned npending;
  const accgpu_emu_grid *g;
  const __accgpu_emu_block *blk;
  unsigned n;
  uint32_t serial;  /* block runs on this runner (shared epochs) */
  uint32_t block;   /* linear index of the running block */
  rc_word *shared;  /* records of the TLS block, then dynamic shared */
  size_t shared_words, shared_cap;
  uint32_t clock[EMU_MAX_THREADS], last_b[EMU_MAX_THREADS],
      last_r[EMU_MAX_THREADS], last_w[EMU_MAX_THREADS];
};

/* ------------------------------------------------------------------ */
/* Reports.                                                            */

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { const void *key; int space, hazard; } reported[256];
static unsigned nreported;
static unsigned long hazards;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;

/* At exit: the count, and status 1 (compute-sanitizer's --error-exitcode). */
static void race_exit(void) {
  unsigned long n = __atomic_load_n(&hazards, __ATOMIC_RELAXED);
  if (!n)
    return;
  fflush(NULL);
  fprintf(stderr,
          "accgpu racecheck: %u hazard%s reported (%lu conflicting "
          "access%s): exit status 1\n",
          nreported, nreported == 1 ? "" : "s", n, n == 1 ? "" : "es");
  _exit(1);
}

static void register_exit(void) { atexit(race_exit); }

int accgpu_emu_race_first(const void *key, int space, int hazard) {
  int first = 1;
  pthread_mutex_lock(&report_lock);
  hazards++; /* conflicting accesses; the distinct ones are reported */
  for (unsigned i = 0; i < nreported; i++)
    if (reported[i].key == key && reported[i].space == space &&
        reported[i].hazard == hazard)
      first = 0;
  if (first && nreported < sizeof reported / sizeof reported[0]) {
    reported[nreported].key = key;
    reported[nreported].space = space;
    reported[nreported].hazard = hazard;
    nreported++;
  }
  pthread_mutex_unlock(&report_lock);
  return first;
}

static const char *kind_text(unsigned kind) {
  return kind & RC_ATOMIC ? "atomic" : kind & RC_WRITE ? "write" : "read";
}

/* "block (x,y,z) thread (x,y,z)" of linear indices BLOCK and TID. */
static void coords(const emu_race_block *rb, uint32_t block, unsigned tid,
                   char *buf, size_t len) {
  __accgpu_uint3 gd = rb->blk->grid_dim, bd = rb->blk->block_dim;
  snprintf(buf, len, "block (%u,%u,%u) thread (%u,%u,%u)", block % gd.x,
           block / gd.x % gd.y, block / (gd.x * gd.y), tid % bd.x,
           tid / bd.x % bd.y, tid / (bd.x * bd.y));
}

/* What shared-memory address A is: a __shared__ variable of the image
   (its symbol) or dynamic shared memory. */
static void shared_text(const accgpu_emu_where *w, uintptr_t a, char *buf,
                        size_t len) {
  const __accgpu_emu_block *b = w->blk;
  const char *sym = NULL;
  size_t off = 0;
  if (a - b->shared_lo < b->shared_len && w->g->img &&
      accgpu_emu_tls_symbol(w->g->img, a - b->shared_lo, &sym, &off) == 0)
    snprintf(buf, len, "__shared__ '%s', at byte %zu", sym, off);
  else if (a - b->shared_lo < b->shared_len)
    snprintf(buf, len, "__shared__ data at byte %zu",
             (size_t)(a - b->shared_lo));
  else
    snprintf(buf, len, "dynamic shared memory at byte %zu",
             (size_t)(a - (uintptr_t)b->dyn_shared));
}

static void report(const emu_race_block *rb, const accgpu_emu_where *w,
                   int space, const rc_acc *prev, const rc_acc *cur,
                   uintptr_t a) {
  static const char *const names[] = {"read-after-write", "write-after-read",
                                       "write-after-write"};
  int hazard = !(cur->kind & RC_WRITE) ? 0 : (prev->kind & RC_WRITE) ? 2 : 1;
  if (!accgpu_emu_race_first(w->g->kernel, space, hazard))
    return;
  char where[512], p[96], c[96], what[512] = "";
  accgpu_emu_where_text(w, where, sizeof where);
  /* where_text names the current thread; the kernel part is what we want */
  char *cut = strstr(where, ", block (");
  if (cut)
    *cut = '\0';
  coords(rb, prev->block, prev->tid, p, sizeof p);
  coords(rb, cur->block, cur->tid, c, sizeof c);
  if (space == SPACE_SHARED)
    shared_text(w, a, what, sizeof what);
  else if (w->g->dev)
    accgpu_emu_describe(w->g->dev, a, what, sizeof what);
  fprintf(stderr,
          "accgpu racecheck: %s hazard in %s memory at %p, %s:\n"
          "  %s by %s\n  %s by %s\n"
          "  no barrier orders them and they are not both atomic%s%s\n",
          names[hazard], space == SPACE_SHARED ? "shared" : "global",
          (void *)a, where, kind_text(prev->kind), p, kind_text(cur->kind),
          c, accgpu_emu_describe_joiner(what), what);
}

/* ------------------------------------------------------------------ */
/* Ordering.                                                           */

static int same_row(const emu_race_block *rb, unsigned a, unsigned b) {
  unsigned bx = rb->blk->block_dim.x;
  return a / bx == b / bx;
}

/* 1 when thread T1's access at clock C1 happens before T2's current one
   (both in the running block). */
static int ordered(const emu_race_block *rb, unsigned t1, uint32_t c1,
                   unsigned t2) {
  if (rb->last_b[t1] > c1)
    return 1;
  if (rb->last_r[t1] > c1 && same_row(rb, t1, t2))
    return 1;
  return rb->last_w[t1] > c1 && t1 / ACCGPU_EMU_WARP == t2 / ACCGPU_EMU_WARP;
}

static int conflict(const emu_race_block *rb, const rc_acc *p,
                    const rc_acc *c) {
  if (p->epoch != c->epoch || !(p->mask & c->mask) ||
      !((p->kind | c->kind) & RC_WRITE) ||
      (p->kind & c->kind & RC_ATOMIC))
    return 0;
  if (p->block != c->block)
    return 1;
  return p->tid != c->tid && !ordered(rb, p->tid, p->clock, c->tid);
}

/* A conflicting write: decided after the store (accgpu_emu_race_flush);
   reported at once when there is no room to wait. */
static void defer(emu_race_block *rb, const accgpu_emu_where *w, int space,
                  const rc_acc *prev, const rc_acc *cur, uintptr_t a) {
  if (rb->npending == RC_PENDING) {
    report(rb, w, space, prev, cur, a);
    return;
  }
  rc_pending *p = &rb->pending[rb->npending++];
  p->a = a & ~(uintptr_t)(WORD - 1);
  memcpy(&p->old, (const void *)p->a, WORD);
  p->space = space;
  p->prev = *prev;
  p->cur = *cur;
  p->w = *w;
}

void accgpu_emu_race_flush(emu_race_block *rb) {
  for (unsigned i = 0; i < rb->npending; i++) {
    rc_pending *p = &rb->pending[i];
    uint32_t now;
    memcpy(&now, (const void *)p->a, WORD);
    if (now != p->old)
      report(rb, &p->w, p->space, &p->prev, &p->cur, p->a);
  }
  rb->npending = 0;
}

/* Checks CUR against word R's records, then records it. */
static void word_access(emu_race_block *rb, const accgpu_emu_where *w,
                        int space, rc_word *r, const rc_acc *cur,
                        uintptr_t a) {
  int wr = cur->kind & RC_WRITE, atomic = cur->kind & RC_ATOMIC;
  if (conflict(rb, &r->w, cur)) {
    if (wr && !atomic)
      defer(rb, w, space, &r->w, cur, a);
    else
      report(rb, w, space, &r->w, cur, a);
  }
  if (wr) {
    for (int i = 0; i < 2; i++)
      if (conflict(rb, &r->r[i], cur)) {
        if (atomic)
          report(rb, w, space, &r->r[i], cur, a);
        else
          defer(rb, w, space, &r->r[i], cur, a);
        break;
      }
    r->w = *cur;
    return;
  }
  if (!(r->r[0].epoch == cur->epoch && r->r[0].block == cur->block &&
        r->r[0].tid == cur->tid))
    r->r[1] = r->r[0];
  r->r[0] = *cur;
}

/* ------------------------------------------------------------------ */
/* Entry points.                                                       */

int accgpu_emu_race_dev_init(struct accgpu_dev *dev) {
  dev->races = NULL;
  if (!accgpu_emu_config_get()->racecheck)
    return 0;
  pthread_once(&exit_once, register_exit);
  dev->races = accgpu_emu_records(dev, dev->size / WORD * sizeof(rc_word),
                                  "racecheck records", "");
  return dev->races ? 0 : -1;
}

void accgpu_emu_race_dev_fini(struct accgpu_dev *dev) {
  if (dev->races)
    munmap(dev->races, dev->size / WORD * sizeof(rc_word));
  dev->races = NULL;
}

void accgpu_emu_race_forget(struct accgpu_dev *dev, const void *p,
                            size_t bytes) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)dev->base;
  if (!dev->races || off >= dev->size || bytes > dev->size - off)
    return;
  memset((rc_word *)dev->races + off / WORD, 0,
         (off % WORD + bytes + WORD - 1) / WORD * sizeof(rc_word));
}

emu_race_block *accgpu_emu_race_begin(emu_race_block **slot,
                                      const accgpu_emu_grid *g,
                                      const __accgpu_emu_block *blk,
                                      unsigned nthreads) {
  emu_race_block *rb = *slot;
  if (!rb && !(rb = *slot = calloc(1, sizeof *rb)))
    return NULL;
  size_t words = (blk->shared_len + WORD - 1) / WORD +
                 (blk->dyn_len + WORD - 1) / WORD;
  if (words > rb->shared_cap) {
    rc_word *s = realloc(rb->shared, words * sizeof *s);
    if (!s)
      return NULL;
    memset(s + rb->shared_cap, 0, (words - rb->shared_cap) * sizeof *s);
    rb->shared = s;
    rb->shared_cap = words;
  }
  rb->shared_words = words;
  rb->g = g;
  rb->blk = blk;
  rb->n = nthreads;
  if (++rb->serial == 0) { /* wrapped: old records must not match */
    memset(rb->shared, 0, rb->shared_cap * sizeof *rb->shared);
    rb->serial = 1;
  }
  __accgpu_uint3 b = blk->block_idx, gd = blk->grid_dim;
  rb->block = b.x + gd.x * (b.y + gd.y * b.z);
  for (unsigned t = 0; t < nthreads; t++)
    rb->clock[t] = 1, rb->last_b[t] = rb->last_r[t] = rb->last_w[t] = 0;
  return rb;
}

void accgpu_emu_race_free(emu_race_block *rb) {
  if (rb)
    free(rb->shared);
  free(rb);
}

/* The records of the word at A, and its space; NULL when A is neither
   device memory of the launch's device nor the block's shared memory. */
static rc_word *word_of(const emu_race_block *rb, const accgpu_emu_where *w,
                        uintptr_t a, int *space) {
  const __accgpu_emu_block *b = w->blk;
  struct accgpu_dev *dev = w->g->dev;
  if (dev && dev->races && a - (uintptr_t)dev->base < dev->size) {
    *space = SPACE_GLOBAL;
    return (rc_word *)dev->races + (a - (uintptr_t)dev->base) / WORD;
  }
  *space = SPACE_SHARED;
  if (a - b->shared_lo < b->shared_len)
    return rb->shared + (a - b->shared_lo) / WORD;
  if (a - (uintptr_t)b->dyn_shared < b->dyn_len)
    return rb->shared + (b->shared_len + WORD - 1) / WORD +
           (a - (uintptr_t)b->dyn_shared) / WORD;
  return NULL;
}

void accgpu_emu_race_access(emu_race_block *rb, const accgpu_emu_where *w,
                            unsigned t, uintptr_t a, size_t n, unsigned kind) {
  accgpu_emu_race_flush(rb); /* the thread's previous store is done */
  rc_acc cur = {0, rb->block, (uint16_t)t, (uint8_t)(kind & 3), 0,
                rb->clock[t]};
  /* Word by word; a word's mask has the bytes of [A, A+N) it holds. */
  for (uintptr_t p = a; p < a + n;) {
    uintptr_t word = p & ~(uintptr_t)(WORD - 1), next = word + WORD;
    uintptr_t end = next < a + n ? next : a + n;
    int space;
    rc_word *r = word_of(rb, w, p, &space);
    if (r) {
      cur.mask = (uint8_t)(((1u << (end - p)) - 1u) << (p - word));
      cur.epoch = space == SPACE_GLOBAL ? (uint32_t)w->g->launch : rb->serial;
      word_access(rb, w, space, r, &cur, p);
    }
    p = end;
  }
}

void accgpu_emu_race_sync(emu_race_block *rb, unsigned t, int scope) {
  uint32_t c = ++rb->clock[t];
  rb->last_w[t] = c;
  if (scope >= EMU_SYNC_ROW)
    rb->last_r[t] = c;
  if (scope == EMU_SYNC_BLOCK)
    rb->last_b[t] = c;
}

void accgpu_emu_race_sync_block(emu_race_block *rb) {
  for (unsigned t = 0; t < rb->n; t++)
    accgpu_emu_race_sync(rb, t, EMU_SYNC_BLOCK);
}
