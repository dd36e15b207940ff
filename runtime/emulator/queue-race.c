/* queue-race.c — races between operations on different queues
 * (ACCGPU_EMU_RACECHECK=1): a kernel, copy or memset on one queue that
 * touches device memory another queue's operation touches, one of them
 * writing, with no wait ordering them.  Two CUDA streams without an event
 * between them run concurrently, so such a program is wrong on a GPU even
 * when the emulator's thread timing gives the right answer.
 *
 * Happens-before at the granularity of operations, with vector clocks.
 * Each queue that runs operations takes a timeline slot; its clock ticks
 * at each operation it is given.  Everything is decided at submission, on
 * the submitting thread, in program order:
 *   - an operation happens after what its queue was given before, after
 *     what its queue was made to wait for (queue_wait_queue: `wait(1)
 *     async(2)`, acc_wait_async), and after what the host has seen finish;
 *   - the host sees a queue's operations finish when it syncs it (wait
 *     directives and clauses, acc_wait*, synchronous operations, which run
 *     on the runtime's synchronous queue and wait for it alone) or finds it
 *     idle (acc_async_test*, acc_wait_any).
 * The host is one timeline for all host threads: what one thread saw
 * finish orders later submissions of every thread (never a false report;
 * races between the submissions of unsynchronized host threads can be
 * missed).  Each 4-byte word of device memory records the epoch (slot and
 * clock) of its last write and of up to two reads since; an access
 * conflicts with a recorded one of another operation that is not in its
 * vector clock.  Records are forgotten when memory is allocated anew (a
 * freed block comes back through a queue callback, which orders it).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "emu.h"

#define WORD 4u
#define CLOCK_BITS 48
#define CLOCK_MASK (((uint64_t)1 << CLOCK_BITS) - 1)
#define MAX_SLOTS 0x7fffu
#define ATOMIC_BIT ((uint64_t)1 << 63) /* on a write record */
#define RING 1024u /* operations kept per slot for reports */

typedef struct qr_word {
  uint64_t w, r[2];
} qr_word;

typedef struct qr_ring {
  uint64_t clock[RING];
  emu_opinfo info[RING];
} qr_ring;

/* Guarded by LOCK (a leaf: taken under a queue's lock or the racecheck
   lock, never the other way). */
static struct {
  pthread_mutex_t lock;
  uint64_t *host; /* what the host has seen finish */
  unsigned nhost;
  uint64_t *clock; /* last clock of each slot (kept when a slot is freed) */
  unsigned char *busy;
  qr_ring **ring;
  unsigned nslots; /* slots 1..nslots-1 exist; 0 is none */
  int broken;      /* out of host memory: checks stop (never a false report) */
  int async_seen;  /* an async queue had work: synchronous work is checked */
} qr = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, NULL, NULL, NULL, 0, 0, 0};

static unsigned slot_of(uint64_t e) {
  return (unsigned)(e >> CLOCK_BITS) & MAX_SLOTS;
}

static uint64_t vc_get(const uint64_t *vc, unsigned n, unsigned i) {
  return i < n ? vc[i] : 0;
}

/* *VC grows to WANT entries (the new ones 0).  0, or -1 when out of
   memory. */
static int vc_grow(uint64_t **vc, unsigned *n, unsigned want) {
  if (want <= *n)
    return 0;
  uint64_t *v = realloc(*vc, want * sizeof *v);
  if (!v)
    return -1;
  memset(v + *n, 0, (want - *n) * sizeof *v);
  *vc = v;
  *n = want;
  return 0;
}

/* *VC (N entries) := max(*VC, O).  0, or -1 when out of memory. */
static int vc_join(uint64_t **vc, unsigned *n, const uint64_t *o,
                   unsigned on) {
  if (vc_grow(vc, n, on) != 0)
    return -1;
  for (unsigned i = 0; i < on; i++)
    if (o[i] > (*vc)[i])
      (*vc)[i] = o[i];
  return 0;
}

/* 1 when the access of epoch E happens before operation OP. */
static int before(uint64_t e, const emu_hb *op) {
  return (e & CLOCK_MASK) <= vc_get(op->vc, op->n, slot_of(e));
}

/* ------------------------------------------------------------------ */
/* Queues and the host (submitting threads).                           */

void accgpu_emu_qrace_queue_init(emu_qclock *qc, const struct accgpu_dev *dev) {
  memset(qc, 0, sizeof *qc);
  qc->on = dev && dev->qraces;
  qc->async = -1;
  qc->devnum = dev ? dev->ordinal : 0;
}

/* A free slot, its ring allocated; 0 when none can be had.  LOCK held. */
static unsigned slot_take(void) {
  unsigned s = 1;
  while (s < qr.nslots && qr.busy[s])
    s++;
  if (s >= qr.nslots) {
    unsigned n = qr.nslots ? qr.nslots * 2 : 8;
    if (n > MAX_SLOTS + 1)
      return 0;
    uint64_t *c = realloc(qr.clock, n * sizeof *c);
    if (c)
      qr.clock = c;
    unsigned char *b = realloc(qr.busy, n);
    if (b)
      qr.busy = b;
    qr_ring **r = realloc(qr.ring, n * sizeof *r);
    if (r)
      qr.ring = r;
    if (!c || !b || !r)
      return 0;
    memset(c + qr.nslots, 0, (n - qr.nslots) * sizeof *c);
    memset(b + qr.nslots, 0, n - qr.nslots);
    memset(r + qr.nslots, 0, (n - qr.nslots) * sizeof *r);
    qr.nslots = n;
  }
  if (!qr.ring[s] && !(qr.ring[s] = calloc(1, sizeof *qr.ring[s])))
    return 0;
  qr.busy[s] = 1;
  return s;
}

void accgpu_emu_qrace_queue_fini(emu_qclock *qc) {
  pthread_mutex_lock(&qr.lock);
  if (qc->slot)
    qr.busy[qc->slot] = 0; /* its clock goes on with the next owner */
  pthread_mutex_unlock(&qr.lock);
  free(qc->vc);
  qc->vc = NULL;
  qc->slot = 0;
}

/* The operation's record: QC's clock after one tick.  LOCK held. */
static emu_hb *op_new(emu_qclock *qc, const emu_opdesc *d) {
  if (!qc->slot && !(qc->slot = slot_take()))
    return NULL;
  unsigned s = qc->slot;
  uint64_t c = ++qr.clock[s];
  if (vc_join(&qc->vc, &qc->n, qr.host, qr.nhost) != 0 ||
      vc_grow(&qc->vc, &qc->n, s + 1) != 0)
    return NULL;
  qc->vc[s] = c;
  emu_hb *hb = malloc(sizeof *hb + qc->n * sizeof hb->vc[0]);
  if (!hb)
    return NULL;
  hb->epoch = (uint64_t)s << CLOCK_BITS | c;
  hb->info = (emu_opinfo){*d, qc->async, qc->labeled, qc->devnum};
  hb->n = qc->n;
  memcpy(hb->vc, qc->vc, qc->n * sizeof hb->vc[0]);
  qr.ring[s]->clock[c % RING] = c;
  qr.ring[s]->info[c % RING] = hb->info;
  return hb;
}

/* Until some async queue has work, synchronous operations are neither
   checked nor recorded: each is waited for before its host thread goes
   on, so it happens before all that thread submits later (a program
   without async pays nothing per access). */
emu_hb *accgpu_emu_qrace_op(emu_qclock *qc, const emu_opdesc *d) {
  if (!qc->on)
    return NULL;
  pthread_mutex_lock(&qr.lock);
  int sync = qc->labeled && qc->async < 0;
  emu_hb *hb = NULL;
  qr.async_seen |= !sync;
  if (qr.async_seen && !qr.broken && !(hb = op_new(qc, d)))
    qr.broken = 1;
  pthread_mutex_unlock(&qr.lock);
  return hb;
}

void accgpu_emu_qrace_wait(emu_qclock *qc, const emu_qclock *other) {
  if (!qc->on || !other->on)
    return;
  pthread_mutex_lock(&qr.lock);
  if (vc_join(&qc->vc, &qc->n, other->vc, other->n) != 0)
    qr.broken = 1;
  pthread_mutex_unlock(&qr.lock);
}

uint64_t *accgpu_emu_qrace_snap(const emu_qclock *qc, unsigned *n) {
  uint64_t *v = NULL;
  *n = 0;
  if (!qc->on || !qc->slot)
    return NULL;
  pthread_mutex_lock(&qr.lock);
  if (qc->n && (v = malloc(qc->n * sizeof *v))) {
    memcpy(v, qc->vc, qc->n * sizeof *v);
    *n = qc->n;
  } else if (qc->n) {
    qr.broken = 1;
  }
  pthread_mutex_unlock(&qr.lock);
  return v;
}

void accgpu_emu_qrace_host_join(uint64_t *vc, unsigned n) {
  if (!vc)
    return;
  pthread_mutex_lock(&qr.lock);
  if (vc_join(&qr.host, &qr.nhost, vc, n) != 0)
    qr.broken = 1;
  pthread_mutex_unlock(&qr.lock);
  free(vc);
}

/* ------------------------------------------------------------------ */
/* Reports.                                                            */

/* "kernel K (parallel at f.c:12 in main) on async queue 1" into BUF. */
static void op_text(const emu_opinfo *o, char *buf, size_t len) {
  static const char *const what[] = {
      [EMU_OPD_H2D] = "copy to the device", [EMU_OPD_D2H] = "copy from the device",
      [EMU_OPD_D2D] = "copy on the device", [EMU_OPD_MEMSET] = "memset of device memory"};
  const __accgpu_loc *l = o->d.loc;
  char at[320] = "", q[64] = "on a queue of the runtime", dn[32] = "";
  if (l && l->file)
    snprintf(at, sizeof at, " (%s at %s:%d in %s)",
             l->construct ? l->construct : "construct", l->file, l->line,
             l->func ? l->func : "?");
  else if (o->d.routine)
    snprintf(at, sizeof at, " (%s)", o->d.routine);
  if (o->devnum)
    snprintf(dn, sizeof dn, " of device %d", o->devnum);
  if (o->labeled && o->async >= 0)
    snprintf(q, sizeof q, "on async queue %d%s", o->async, dn);
  else if (o->labeled)
    snprintf(q, sizeof q, "on the synchronous queue%s", dn);
  if (o->d.kind == EMU_OPD_KERNEL)
    snprintf(buf, len, "kernel %s%s %s", o->d.kernel, at, q);
  else
    snprintf(buf, len, "%s%s %s", what[o->d.kind], at, q);
}

/* The earlier operation of epoch E, as op_text says it. */
static void epoch_text(uint64_t e, char *buf, size_t len) {
  unsigned s = slot_of(e);
  uint64_t c = e & CLOCK_MASK;
  pthread_mutex_lock(&qr.lock);
  int known = s < qr.nslots && qr.ring[s] && qr.ring[s]->clock[c % RING] == c;
  emu_opinfo o;
  if (known)
    o = qr.ring[s]->info[c % RING];
  pthread_mutex_unlock(&qr.lock);
  if (known)
    op_text(&o, buf, len);
  else
    snprintf(buf, len, "an earlier operation (no longer recorded) on another "
                       "queue");
}

static const char *kind_text(unsigned kind) {
  return kind & 2 ? "atomic" : kind & 1 ? "write" : "read";
}

/* Access CUR (KIND) of OP at A conflicts with the record PREV (PKIND). */
static void report(const emu_hb *op, struct accgpu_dev *dev, uintptr_t a,
                   uint64_t prev, unsigned pkind, unsigned kind) {
  static const char *const names[] = {"read-after-write", "write-after-read",
                                       "write-after-write"};
  int hazard = !(kind & 1) ? 0 : (pkind & 1) ? 2 : 1;
  const emu_opdesc *d = &op->info.d;
  const void *key = d->kind == EMU_OPD_KERNEL ? (const void *)d->kernel
                    : d->loc ? (const void *)d->loc : (const void *)d->routine;
  if (!accgpu_emu_race_first(key, EMU_RACE_QUEUES, hazard))
    return;
  char p[512], c[512], what[512] = "";
  epoch_text(prev, p, sizeof p);
  op_text(&op->info, c, sizeof c);
  accgpu_emu_describe(dev, a, what, sizeof what);
  fprintf(stderr,
          "accgpu racecheck: %s hazard between async queues in global memory "
          "at %p:\n  %s by %s\n  %s by %s\n  no wait orders them%s%s\n",
          names[hazard], (void *)a, kind_text(pkind), p, kind_text(kind), c,
          accgpu_emu_describe_joiner(what), what);
}

/* ------------------------------------------------------------------ */
/* Records.                                                            */

/* Checks access KIND of OP to word R (at A) and records it. */
static void word_access(const emu_hb *op, struct accgpu_dev *dev, qr_word *r,
                        uintptr_t a, unsigned kind) {
  uint64_t me = op->epoch, w = r->w & ~ATOMIC_BIT;
  unsigned wkind = r->w & ATOMIC_BIT ? 3 : 1;
  if (!(kind & 1)) {
    if (r->r[0] == me || r->r[1] == me)
      return;
    if (r->w && w != me && !before(w, op))
      report(op, dev, a, w, wkind, kind);
    /* A read that happens before this one is covered by it. */
    if (!r->r[0] || before(r->r[0], op))
      r->r[0] = me;
    else if (!r->r[1] || before(r->r[1], op))
      r->r[1] = me;
    else
      r->r[1] = r->r[0], r->r[0] = me; /* the oldest one goes */
    return;
  }
  uint64_t mine = me | (kind & 2 ? ATOMIC_BIT : 0);
  if (r->w == mine && !r->r[0])
    return;
  if (r->w && w != me && !(kind & wkind & 2) && !before(w, op))
    report(op, dev, a, w, wkind, kind);
  for (int i = 0; i < 2; i++)
    if (r->r[i] && r->r[i] != me && !before(r->r[i], op))
      report(op, dev, a, r->r[i], 0, kind);
  r->w = mine;
  r->r[0] = r->r[1] = 0;
}

void accgpu_emu_qrace_access(const emu_hb *op, struct accgpu_dev *dev,
                             uintptr_t a, size_t n, unsigned kind) {
  uintptr_t off = a - (uintptr_t)dev->base;
  if (!dev->qraces || off >= dev->size)
    return;
  if (n > dev->size - off)
    n = dev->size - off;
  qr_word *r = (qr_word *)dev->qraces + off / WORD;
  for (uintptr_t p = a & ~(uintptr_t)(WORD - 1); p < a + n; p += WORD, r++)
    word_access(op, dev, r, p < a ? a : p, kind);
}

void accgpu_emu_qrace_forget(struct accgpu_dev *dev, const void *p,
                             size_t bytes) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)dev->base;
  if (!dev->qraces || off >= dev->size || bytes > dev->size - off)
    return;
  memset((qr_word *)dev->qraces + off / WORD, 0,
         (off % WORD + bytes + WORD - 1) / WORD * sizeof(qr_word));
}

int accgpu_emu_qrace_dev_init(struct accgpu_dev *dev) {
  dev->qraces = NULL;
  if (!accgpu_emu_config_get()->racecheck)
    return 0;
  dev->qraces = accgpu_emu_records(dev, dev->size / WORD * sizeof(qr_word),
                                   "racecheck records of queues", "");
  return dev->qraces ? 0 : -1;
}

void accgpu_emu_qrace_dev_fini(struct accgpu_dev *dev) {
  if (dev->qraces)
    munmap(dev->qraces, dev->size / WORD * sizeof(qr_word));
  dev->qraces = NULL;
}
