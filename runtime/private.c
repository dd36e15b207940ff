/* private.c — the copies of `private(p[lo:n])` / `firstprivate(...)` of a
 * pointer's section (docs/compiler.md, "Private sections of pointers").
 *
 * Before each launch the generated code asks for a table of COUNT device
 * pointers, one copy of BYTES each: COUNT is what the copy's level needs
 * under the launch's geometry (LEVEL 0: one per gang, 1: per worker, 2:
 * per vector lane).  The kernel points the variable at
 * table[copy id] - lo.  On a device whose pool marks redzones (the
 * emulator's memcheck) every copy is a block of its own, so an index
 * outside the section is reported; elsewhere the copies are one block.
 * The free is queued after the launch (async: when the queue gets there).
 * The host fallback gets a table of one copy (__accgpu_private_host). */
#include "core.h"

#include <stdlib.h>
#include <string.h>

/* What a table holds, found again by its device address at the free. */
typedef struct ptab {
  struct ptab *next;
  accgpu_device *d;
  void **tab;      /* device address of the table */
  void **copies;   /* host array of the copies (or the one block) */
  unsigned n;      /* blocks in COPIES */
} ptab;

static ptab *live;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t copies_of(const accgpu_device *d, int level, __accgpu_dim3 g,
                        __accgpu_dim3 b) {
  size_t n = (size_t)g.x * g.y * g.z;
  if (d->type == acc_device_multicore) /* one thread per block */
    return n;
  if (level >= 1)
    n *= b.y;
  if (level >= 2)
    n *= b.x;
  return n;
}

_Noreturn static void no_memory(const __accgpu_loc *loc, const char *kernel,
                                const char *name, size_t count, size_t bytes,
                                accgpu_device *d) {
  char desc[64];
  accgpu_fatal(loc, "out of memory allocating the private copies of '%s' "
               "for kernel %s (%zu copies of %zu bytes) on %s: %s", name,
               kernel, count, bytes, accgpu_device_desc(d, desc, sizeof desc),
               accgpu_last_error(NULL));
}

static void *block(accgpu_device *d, size_t bytes) {
  if (d->shared_mem)
    return malloc(bytes ? bytes : 1);
  return accgpu_pool_alloc(&d->pool, bytes ? bytes : 1);
}

/* Fills T->copies with COUNT copies of BYTES (one block each when SPLIT,
   labelled NAME for memcheck's reports). */
static int alloc_copies(ptab *t, size_t count, size_t bytes, int split,
                        const char *name) {
  size_t stride = (bytes + 15) / 16 * 16;
  t->n = split ? (unsigned)count : 1;
  void **c = calloc(count ? count : 1, sizeof *c);
  if (!c)
    return -1;
  t->copies = c;
  if (!split) {
    char *base = block(t->d, stride * count);
    if (!base)
      return -1;
    for (size_t i = 0; i < count; i++)
      c[i] = base + i * stride;
    return 0;
  }
  for (size_t i = 0; i < count; i++) {
    if (!(c[i] = block(t->d, bytes)))
      return -1;
    if (t->d->be->mem_label)
      t->d->be->mem_label(t->d->dev, c[i], bytes, NULL, name);
  }
  return 0;
}

void **__accgpu_private_alloc(const __accgpu_loc *loc, const char *kernel,
                              const char *name, size_t bytes, int level,
                              __accgpu_dim3 grid, __accgpu_dim3 block_dim) {
  int queued = 0;
  accgpu_region *r = accgpu_region_top();
  accgpu_device *d = r ? accgpu_region_device(r, &queued)
                      : accgpu_device_arg(ACCGPU_CURRENT_DEVICE, loc, "launch");
  size_t count = copies_of(d, level, grid, block_dim);
  ptab *t = calloc(1, sizeof *t);
  if (!t)
    accgpu_fatal(loc, "out of host memory");
  t->d = d;
  accgpu_op op;
  accgpu_op_begin(&op, d, loc, NULL, acc_async_sync);
  if (count && bytes > ((size_t)-1 >> 1) / count)
    no_memory(loc, kernel, name, count, bytes, d);
  if (alloc_copies(t, count, bytes, !d->shared_mem && d->pool.mark, name) != 0)
    no_memory(loc, kernel, name, count, bytes, d);
  if (d->shared_mem)
    t->tab = t->copies; /* the device reads host memory */
  else {
    t->tab = accgpu_pool_alloc(&d->pool, count * sizeof(void *) + 1);
    if (!t->tab)
      no_memory(loc, kernel, name, count, bytes, d);
    accgpu_data_h2d(&op, t->tab, t->copies, count * sizeof(void *), name);
  }
  accgpu_op_end(&op); /* synchronous: the table is there before the launch */
  pthread_mutex_lock(&live_lock);
  t->next = live;
  live = t;
  pthread_mutex_unlock(&live_lock);
  return t->tab;
}

static ptab *take(void **tab) {
  pthread_mutex_lock(&live_lock);
  ptab **p = &live;
  while (*p && (*p)->tab != tab)
    p = &(*p)->next;
  ptab *t = *p;
  if (t)
    *p = t->next;
  pthread_mutex_unlock(&live_lock);
  return t;
}

typedef struct free_task {
  ptab *t;
  const __accgpu_loc *loc;
  int async;
} free_task;

/* Frees T's blocks once ASYNC's queue has run the launch before. */
static void free_now(ptab *t, const __accgpu_loc *loc, int async) {
  accgpu_device *d = t->d;
  accgpu_op op;
  accgpu_op_begin(&op, d, loc, NULL, async);
  if (d->shared_mem) {
    if (async != acc_async_sync && d->be->queue_sync(op.q) != 0)
      accgpu_op_fatal(&op, "kernel failed: %s", accgpu_last_error(NULL));
    for (unsigned i = 0; i < t->n; i++)
      free(t->copies[i]);
  } else {
    for (unsigned i = 0; i < t->n; i++)
      accgpu_op_defer_free(&op, t->copies[i]);
    accgpu_op_defer_free(&op, t->tab);
  }
  accgpu_op_end(&op);
  free(t->copies);
  free(t);
}

static void free_fn(void *arg) {
  free_task *f = arg;
  free_now(f->t, f->loc, f->async);
}

void __accgpu_private_free(const __accgpu_loc *loc, void **tab, int async) {
  ptab *t = take(tab);
  if (!t)
    accgpu_fatal(loc, "private copies at %p were never allocated", tab);
  int queued = 0;
  accgpu_region *r = accgpu_region_top();
  if (r)
    (void)accgpu_region_device(r, &queued);
  if (queued) { /* after the launch that the worker runs */
    free_task f = {t, loc, async};
    accgpu_worker_submit(t->d, free_fn, &f, sizeof f);
    return;
  }
  free_now(t, loc, async);
}

/* The host fallback: one copy, in host memory. */
void **__accgpu_private_host(const __accgpu_loc *loc, const char *name,
                             size_t bytes) {
  void **tab = malloc(2 * sizeof *tab);
  if (!tab || !(tab[0] = malloc(bytes ? bytes : 1)))
    accgpu_fatal(loc, "out of host memory allocating the private copy of "
                 "'%s' (%zu bytes)", name, bytes);
  return tab;
}

void __accgpu_private_host_free(void **tab) {
  free(tab[0]);
  free(tab);
}

/* The copy of the host fallback (the kernels compute their own). */
void *__accgpu_private_copy(void **tab, unsigned slot, long lo_bytes) {
  (void)slot;
  return (char *)tab[0] - lo_bytes;
}
