/* data.c — device data with OpenACC 2.6 reference counts (§2.6.7).
 *
 * Each entry of a device's present table has a structured count (data and
 * compute regions: incremented at region entry, decremented at its exit) and
 * a dynamic count (enter data, acc_copyin, acc_create: incremented; exit
 * data, acc_copyout, acc_delete: decremented, zeroed by finalize).  Device
 * memory is copied out (copyout/copy) and freed only when both counts are
 * zero; entries made by acc_map_data are never freed here.  Mapping data
 * that is only partly present is an error.  Every function here runs with
 * the device lock held (accgpu_op_begin .. accgpu_op_end).              */
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The calling thread's innermost op (accgpu_op_current). */
static _Thread_local accgpu_op *cur_op;

void accgpu_op_current(const __accgpu_loc **loc, const char **routine) {
  *loc = cur_op ? cur_op->loc : NULL;
  *routine = cur_op ? cur_op->routine : NULL;
}

static void op_init(accgpu_op *op, accgpu_device *d, const __accgpu_loc *loc,
                    const char *routine, int async) {
  accgpu_async_check(async, loc, routine ? routine : "async");
  memset(op, 0, sizeof *op);
  op->d = d;
  op->loc = loc;
  op->routine = routine;
  op->async = async;
  op->frees = op->frees_inline;
  op->capfree = 8;
}

/* The op's queue, and the op made the thread's innermost (D's lock held). */
static void op_start(accgpu_op *op) {
  op->q = accgpu_queue_get(op->d, op->async, op->loc);
  op->outer = cur_op;
  cur_op = op;
}

void accgpu_op_begin(accgpu_op *op, accgpu_device *d, const __accgpu_loc *loc,
                     const char *routine, int async) {
  const char *who = routine ? routine
                    : loc && loc->construct ? loc->construct : "data";
  op_init(op, d, loc, routine, async);
  accgpu_device_lock_open(d, who);
  op_start(op);
}

void accgpu_op_begin_held(accgpu_op *op, accgpu_device *d,
                          const __accgpu_loc *loc, const char *routine,
                          int async) {
  op_init(op, d, loc, routine, async);
  op_start(op);
}

_Noreturn void accgpu_op_fatal(accgpu_op *op, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (op->loc || !op->routine)
    accgpu_fatal(op->loc, "%s", msg);
  accgpu_fatal(NULL, "%s: %s", op->routine, msg);
}

/* Waits for the op's queue; fatal with the backend's text on failure. */
static void op_sync(accgpu_op *op) {
  char desc[64];
  if (op->d->be->queue_sync(op->q) != 0)
    accgpu_op_fatal(op, "%s failed: %s",
                    accgpu_device_desc(op->d, desc, sizeof desc),
                    accgpu_last_error(NULL));
}

typedef struct deferred {
  accgpu_pool *pool;
  void *dptr;
} deferred;

/* Queue callback: returns a block to its pool (takes only the pool lock). */
static void free_cb(void *arg) {
  deferred *f = arg;
  accgpu_pool_free(f->pool, f->dptr);
  free(f);
}

/* Blocks an exit frees go back to the pool once every queue of the device
   has passed that point: an async compute construct holds its data until
   it ends (as in libgomp), so a block an exit frees must not be reused
   while a kernel queued on another queue still reads it (`parallel
   present(a) async(2)` then `exit data copyout(a) async(1)`).  The device's
   reclaim queue waits for the others, then a callback frees the blocks;
   the program's own queues get no extra work (acc_async_test). */
typedef struct shared_free {
  accgpu_pool *pool;
  unsigned n;
  void *dptr[];
} shared_free;

static void shared_free_cb(void *arg) {
  shared_free *f = arg;
  for (unsigned i = 0; i < f->n; i++)
    accgpu_pool_free(f->pool, f->dptr[i]);
  free(f);
}

typedef struct queue_list {
  struct accgpu_queue *q[64], *skip;
  unsigned n, more;
} queue_list;

static void collect_queue(uintptr_t key, uintptr_t q, void *ctx) {
  queue_list *l = ctx;
  (void)key;
  if ((struct accgpu_queue *)q == l->skip)
    return;
  if (l->n < 64)
    l->q[l->n++] = (struct accgpu_queue *)q;
  else
    l->more = 1;
}

/* Schedules the frees of an op on the reclaim queue; 0, or -1 when they
   can be done now (a synchronous op on a device with no other queue) or
   the backend lacks what this needs (the caller syncs and frees). */
static int defer_frees(accgpu_op *op) {
  accgpu_device *d = op->d;
  if (!d->be->queue_callback || !d->be->queue_wait_queue)
    return -1;
  queue_list l = {.n = 0};
  l.skip = accgpu_reclaim_queue(d);
  if (!l.skip)
    return -1;
  accgpu_ptrmap_each(&d->queues, collect_queue, &l);
  if (l.more || (op->async == acc_async_sync && l.n <= 1))
    return -1;
  shared_free *f = malloc(sizeof *f + op->nfree * sizeof(void *));
  if (!f)
    accgpu_op_fatal(op, "out of host memory");
  f->pool = &d->pool;
  f->n = op->nfree;
  memcpy(f->dptr, op->frees, op->nfree * sizeof(void *));
  for (unsigned i = 0; i < l.n; i++)
    if (d->be->queue_wait_queue(l.skip, l.q[i]) != 0)
      accgpu_op_fatal(op, "cannot order the reclaim queue: %s",
                      accgpu_last_error(NULL));
  if (d->be->queue_callback(l.skip, shared_free_cb, f) != 0)
    accgpu_op_fatal(op, "cannot queue a callback: %s",
                    accgpu_last_error(NULL));
  return 0;
}

void accgpu_op_end_held(accgpu_op *op) {
  if (op->async == acc_async_sync)
    op_sync(op);
  if (op->nfree && defer_frees(op) == 0)
    op->nfree = 0;
  else if (op->nfree && op->async != acc_async_sync)
    op_sync(op);
  for (unsigned i = 0; i < op->nfree; i++)
    accgpu_pool_free(&op->d->pool, op->frees[i]);
  if (op->frees != op->frees_inline)
    free(op->frees);
  op->frees = NULL;
  cur_op = op->outer;
}

void accgpu_op_end(accgpu_op *op) {
  accgpu_op_end_held(op);
  pthread_mutex_unlock(&op->d->lock);
}

void accgpu_op_defer_free(accgpu_op *op, void *dptr) {
  if (op->nfree == op->capfree) {
    unsigned cap = op->capfree * 2;
    void **f = malloc(cap * sizeof *f);
    if (!f)
      accgpu_op_fatal(op, "out of host memory");
    memcpy(f, op->frees, op->nfree * sizeof *f);
    if (op->frees != op->frees_inline)
      free(op->frees);
    op->frees = f;
    op->capfree = cap;
  }
  op->frees[op->nfree++] = dptr;
}

/* "'a[0:n]' (4000 bytes at 0x...)" or "0x... (4000 bytes)" into BUF. */
static const char *what(char *buf, size_t n, const char *name, const void *h,
                        size_t bytes) {
  if (name && h)
    snprintf(buf, n, "'%s' (%zu bytes at %p)", name, bytes, h);
  else if (name) /* the device side of a section: no host address */
    snprintf(buf, n, "'%s' (%zu bytes)", name, bytes);
  else
    snprintf(buf, n, "%p (%zu bytes)", h, bytes);
  return buf;
}

void *accgpu_data_alloc(accgpu_op *op, size_t bytes, const char *name) {
  char w[256], desc[64];
  void *d = accgpu_pool_alloc(&op->d->pool, bytes);
  if (!d)
    accgpu_op_fatal(op, "out of memory allocating %s on %s: %s",
                    what(w, sizeof w, name, NULL, bytes),
                    accgpu_device_desc(op->d, desc, sizeof desc),
                    accgpu_last_error(NULL));
  return d;
}

/* Copies of the op; time the copy (synchronously) under ACCGPU_TIME.  H is
   the host side, named in messages. */
typedef int copy_fn(struct accgpu_queue *, void *, const void *, size_t);

static void copy(accgpu_op *op, int kind, copy_fn *fn, void *dst,
                 const void *src, size_t bytes, const void *h,
                 const char *name) {
  char w[256], desc[64];
  double t0 = accgpu_timing ? accgpu_now() : 0;
  if (fn(op->q, dst, src, bytes) != 0)
    accgpu_op_fatal(op, "cannot copy %s %s %s: %s",
                    what(w, sizeof w, name, h, bytes),
                    kind == ACCGPU_T_H2D ? "to" : "from",
                    accgpu_device_desc(op->d, desc, sizeof desc),
                    accgpu_last_error(NULL));
  if (accgpu_timing) {
    op_sync(op);
    accgpu_time_record(kind, name, op->loc, bytes, accgpu_now() - t0);
  }
}

/* Pinned staging buffer holding a copy of SRC, taken now, or NULL when the
   upload needs none (synchronous or timed ops, which finish before the
   caller can touch SRC) or none can be had (then the caller syncs).
   Returned to the staging pool by a queue callback after the copy.  While
   async downloads are pending, the op's queue is synced first: one queued
   before it (or on a queue it waits for) may still write SRC, and the
   upload must see that (update host then update device, async). */
static void *stage(accgpu_op *op, const void *src, size_t bytes) {
  if (op->async == acc_async_sync || accgpu_timing || !op->d->staging_ok ||
      bytes == 0)
    return NULL;
  if (__atomic_load_n(&op->d->pending_d2h, __ATOMIC_ACQUIRE) > 0)
    op_sync(op);
  void *buf = accgpu_pool_alloc(&op->d->staging, bytes);
  if (buf)
    memcpy(buf, src, bytes);
  return buf;
}

void accgpu_data_h2d(accgpu_op *op, void *dst, const void *src, size_t bytes,
                     const char *name) {
  void *buf = stage(op, src, bytes);
  copy(op, ACCGPU_T_H2D, op->d->be->copy_h2d, dst, buf ? buf : src, bytes,
       src, name);
  if (!buf) {
    if (op->async != acc_async_sync && !accgpu_timing)
      op_sync(op); /* no staging: the copy must read SRC before we return */
    return;
  }
  deferred *f = malloc(sizeof *f);
  if (!f)
    accgpu_op_fatal(op, "out of host memory");
  f->pool = &op->d->staging;
  f->dptr = buf;
  if (op->d->be->queue_callback(op->q, free_cb, f) != 0)
    accgpu_op_fatal(op, "cannot queue a callback: %s",
                    accgpu_last_error(NULL));
}

/* Queue callback: an async download ended. */
static void d2h_done(void *arg) {
  accgpu_device *d = arg;
  __atomic_fetch_sub(&d->pending_d2h, 1, __ATOMIC_RELEASE);
}

void accgpu_data_d2h(accgpu_op *op, void *dst, const void *src, size_t bytes,
                     const char *name) {
  copy(op, ACCGPU_T_D2H, op->d->be->copy_d2h, dst, src, bytes, dst, name);
  if (op->async == acc_async_sync || accgpu_timing || !op->d->staging_ok)
    return;
  __atomic_fetch_add(&op->d->pending_d2h, 1, __ATOMIC_ACQ_REL);
  if (op->d->be->queue_callback(op->q, d2h_done, op->d) != 0) {
    op_sync(op);
    d2h_done(op->d);
  }
}

/* Fatal error for [H, H+BYTES) overlapping E without being inside it. */
static _Noreturn void partial(accgpu_op *op, const accgpu_entry *e,
                              const void *h, size_t bytes, const char *name) {
  char w[256], m[256], desc[64];
  accgpu_op_fatal(op, "%s is only partly present on %s (mapped: %s)",
                  what(w, sizeof w, name, h, bytes),
                  accgpu_device_desc(op->d, desc, sizeof desc),
                  what(m, sizeof m, e->name, (void *)e->host, e->bytes));
}

accgpu_entry *accgpu_data_lookup(accgpu_op *op, void *h, size_t bytes,
                                 const char *name) {
  char w[256];
  uintptr_t a = (uintptr_t)h;
  if (bytes > UINTPTR_MAX - a) { /* a "negative" size */
    if ((ptrdiff_t)bytes < 0) /* a length computed as hi - lo < 0 */
      accgpu_op_fatal(op, "'%s' (at %p) has a negative length: %td bytes",
                      name ? name : "?", h, (ptrdiff_t)bytes);
    accgpu_op_fatal(op, "%s runs past the end of the address space",
                    what(w, sizeof w, name, h, bytes));
  }
  accgpu_entry *e = accgpu_present_find(&op->d->present, a);
  if (bytes == 0)
    return e;
  if (e && bytes <= e->bytes - (a - e->host))
    return e;
  if (!e)
    e = accgpu_present_overlap(&op->d->present, a, bytes);
  if (e)
    partial(op, e, h, bytes, name);
  return NULL;
}

accgpu_entry *accgpu_data_acquire(accgpu_op *op, void *h, size_t bytes,
                                  const char *name, int structured,
                                  int must_exist, int *created) {
  char w[256], desc[64];
  accgpu_entry *e = accgpu_data_lookup(op, h, bytes, name);
  *created = 0;
  if (!e) {
    if (must_exist)
      accgpu_op_fatal(op, "%s is not present on %s",
                      what(w, sizeof w, name, h, bytes),
                      accgpu_device_desc(op->d, desc, sizeof desc));
    e = calloc(1, sizeof *e);
    if (!e)
      accgpu_op_fatal(op, "out of host memory");
    e->host = (uintptr_t)h;
    e->bytes = bytes;
    e->name = name;
    e->dev = (uintptr_t)accgpu_data_alloc(op, bytes, name);
    if (op->d->be->mem_label)
      op->d->be->mem_label(op->d->dev, (void *)e->dev, bytes, h, name);
    if (accgpu_present_insert(&op->d->present, e) != 0)
      accgpu_op_fatal(op, "out of host memory");
    *created = 1;
  }
  if (structured)
    e->structured++;
  else
    e->dynamic++;
  return e;
}

/* Removes E from the table and frees it once the queue is done. */
static void entry_delete(accgpu_op *op, accgpu_entry *e) {
  accgpu_present_remove(&op->d->present, e);
  accgpu_op_defer_free(op, (void *)e->dev);
  free(e->att);
  free(e);
}

int accgpu_data_release(accgpu_op *op, accgpu_entry *e, void *h, size_t bytes,
                        int structured, int finalize, int copyout) {
  if (structured) {
    if (e->structured)
      e->structured--;
  } else if (finalize) {
    e->dynamic = 0;
  } else if (e->dynamic) {
    e->dynamic--;
  }
  if (e->structured || e->dynamic || e->user_mapped)
    return 0;
  if (copyout && bytes)
    accgpu_data_d2h(op, h, accgpu_entry_dev(e, h), bytes, e->name);
  entry_delete(op, e);
  return 1;
}

/* ---- Pointer attachment ---- */

static accgpu_attach_rec *attach_rec(accgpu_op *op, accgpu_entry *e,
                                     uintptr_t p, int create) {
  for (unsigned i = 0; i < e->natt; i++)
    if (e->att[i].ptr_addr == p)
      return &e->att[i];
  if (!create)
    return NULL;
  if (e->natt == e->catt) {
    unsigned cap = e->catt ? e->catt * 2 : 4;
    accgpu_attach_rec *a = realloc(e->att, cap * sizeof *a);
    if (!a)
      accgpu_op_fatal(op, "out of host memory");
    e->att = a;
    e->catt = cap;
  }
  e->att[e->natt] = (accgpu_attach_rec){p, 0};
  return &e->att[e->natt++];
}

/* Entry holding the pointer variable at PTR_ADDR, NULL when it is not
   present: then attach and detach do nothing (3.3 §2.7.2: `copy(c->a[0:n])`
   with the struct *c not on the device maps the section alone).  A NULL
   PTR_ADDR is a fatal error. */
static accgpu_entry *pointer_entry(accgpu_op *op, void **ptr_addr,
                                   const char *name) {
  char w[256], desc[64];
  if (!ptr_addr)
    accgpu_op_fatal(op, "cannot attach: pointer %s is not present on %s",
                    what(w, sizeof w, name, ptr_addr, sizeof *ptr_addr),
                    accgpu_device_desc(op->d, desc, sizeof desc));
  return accgpu_data_lookup(op, ptr_addr, sizeof *ptr_addr, name);
}

/* Writes VALUE into the device copy of the pointer at PTR_ADDR.  Waits for
   the copy: VALUE lives on this stack. */
static void write_pointer(accgpu_op *op, accgpu_entry *e, void **ptr_addr,
                          void *value, const char *name) {
  accgpu_data_h2d(op, accgpu_entry_dev(e, ptr_addr), &value, sizeof value,
                  name);
  op_sync(op);
}

void accgpu_data_attach(accgpu_op *op, void **ptr_addr, size_t bias,
                        const char *name) {
  accgpu_entry *e = pointer_entry(op, ptr_addr, name);
  if (!e)
    return;
  accgpu_entry *t = accgpu_present_find(&op->d->present,
                                        (uintptr_t)*ptr_addr + bias);
  if (!t)
    return; /* target not present: nothing to attach (2.6 §2.7.2) */
  accgpu_attach_rec *r = attach_rec(op, e, (uintptr_t)ptr_addr, 1);
  if (r->count++ == 0)
    write_pointer(op, e, ptr_addr, accgpu_entry_dev(t, *ptr_addr), name);
}

void accgpu_data_detach(accgpu_op *op, void **ptr_addr, const char *name,
                        int finalize) {
  accgpu_entry *e = pointer_entry(op, ptr_addr, name);
  if (!e)
    return;
  accgpu_attach_rec *r = attach_rec(op, e, (uintptr_t)ptr_addr, 0);
  if (!r || r->count == 0)
    return;
  r->count = finalize ? 0 : r->count - 1;
  if (r->count == 0)
    write_pointer(op, e, ptr_addr, *ptr_addr, name);
}

/* ---- Shutdown ---- */

static void collect(void *entry, void *ctx) {
  accgpu_entry ***p = ctx;
  *(*p)++ = entry;
}

void accgpu_data_clear(accgpu_device *d) {
  size_t n = accgpu_present_count(&d->present);
  accgpu_entry **all = malloc((n ? n : 1) * sizeof *all), **p = all;
  if (all)
    accgpu_present_each(&d->present, collect, &p);
  accgpu_present_fini(&d->present);
  accgpu_present_init(&d->present);
  for (size_t i = 0; all && i < n; i++) {
    free(all[i]->att);
    free(all[i]);
  }
  free(all);
}
