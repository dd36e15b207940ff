/* pool.c — pooled device allocator (design in pool.h). */
#include "pool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Class of BYTES (<= ACCGPU_POOL_MAX) and its size in *SIZE.  Class 0 is
   256 bytes; above, each power of two 2^p < s <= 2^(p+1) has four classes
   2^p + q*2^(p-2), q = 1..4. */
static unsigned class_of(size_t bytes, size_t *size) {
  if (bytes <= 256) {
    *size = 256;
    return 0;
  }
  unsigned p = 63 - (unsigned)__builtin_clzll((unsigned long long)bytes - 1);
  size_t base = (size_t)1 << p, step = base >> 2;
  size_t q = (bytes - base + step - 1) / step;
  *size = base + q * step;
  return (p - 8) * 4 + (unsigned)q;
}

size_t accgpu_pool_round(size_t bytes) {
  size_t size = bytes;
  if (bytes <= ACCGPU_POOL_MAX)
    class_of(bytes, &size);
  return size;
}

void accgpu_pool_init(accgpu_pool *p, const accgpu_backend *be,
                      struct accgpu_dev *dev) {
  memset(p, 0, sizeof *p);
  pthread_mutex_init(&p->lock, NULL);
  p->be = be;
  p->dev = dev;
  p->alloc = be->mem_alloc;
  p->free_fn = be->mem_free;
  p->mark = be->mem_mark;
  p->redzone = p->mark ? be->mem_redzone : NULL; /* marked, or none */
  accgpu_ptrmap_init(&p->live);
}

void accgpu_pool_init_host(accgpu_pool *p, const accgpu_backend *be,
                           struct accgpu_dev *dev) {
  accgpu_pool_init(p, be, dev);
  p->alloc = be->host_alloc;
  p->free_fn = be->host_free;
  p->mark = NULL;
  p->redzone = NULL;
}

static int push(accgpu_pool_stack *s, void *v) {
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    void **np = realloc(s->p, cap * sizeof *np);
    if (!np)
      return -1;
    s->p = np;
    s->cap = cap;
  }
  s->p[s->n++] = v;
  return 0;
}

static size_t class_size(unsigned c) {
  if (c == 0)
    return 256;
  unsigned p = (c - 1) / 4 + 8, q = (c - 1) % 4 + 1;
  return ((size_t)1 << p) + q * ((size_t)1 << (p - 2));
}

/* Frees a live block that owns its backend allocation. */
static void free_live(uintptr_t key, uintptr_t val, void *ctx) {
  accgpu_pool *p = ctx;
  if ((val >> 1) > ACCGPU_POOL_SLAB_MAX)
    p->free_fn(p->dev, (void *)key);
}

/* Gives cached blocks of classes above the slab limit back to the backend
   (pool lock held). */
static void quarantine_flush(accgpu_pool *p, size_t keep);
static void trim(accgpu_pool *p) {
  quarantine_flush(p, 0);
  for (unsigned c = 0; c < ACCGPU_POOL_NCLASS; c++) {
    accgpu_pool_stack *s = &p->free[c];
    if (class_size(c) <= ACCGPU_POOL_SLAB_MAX)
      continue;
    for (size_t i = 0; i < s->n; i++)
      p->free_fn(p->dev, s->p[i]);
    p->cached_bytes -= s->n * class_size(c);
    s->n = 0;
  }
}

void accgpu_pool_fini(accgpu_pool *p) {
  accgpu_ptrmap_each(&p->live, free_live, p);
  trim(p);
  free(p->quarantine.p);
  for (unsigned c = 0; c < ACCGPU_POOL_NCLASS; c++)
    free(p->free[c].p);
  for (size_t i = 0; i < p->slabs.n; i++)
    p->free_fn(p->dev, p->slabs.p[i]);
  free(p->slabs.p);
  accgpu_ptrmap_fini(&p->live);
  pthread_mutex_destroy(&p->lock);
}

/* Backend allocation with one retry after trimming (pool lock held). */
static void *backend_alloc(accgpu_pool *p, size_t bytes) {
  void *d = NULL;
  p->backend_allocs++;
  if (p->alloc(p->dev, bytes, &d) == 0)
    return d;
  trim(p);
  if (p->alloc(p->dev, bytes, &d) == 0)
    return d;
  return NULL;
}

/* Carves a new slab into blocks of class C (pool lock held); 0 or -1. */
static int refill_from_slab(accgpu_pool *p, unsigned c) {
  size_t size = class_size(c);
  char *slab = backend_alloc(p, ACCGPU_POOL_SLAB);
  if (!slab)
    return -1;
  if (push(&p->slabs, slab) != 0) {
    p->free_fn(p->dev, slab);
    accgpu_set_error(ACCGPU_ERR_NOMEM, "pool: host out of memory");
    return -1;
  }
  if (p->mark)
    p->mark(p->dev, slab, ACCGPU_POOL_SLAB, ACCGPU_MEM_SPARE);
  for (size_t off = 0; off + size <= ACCGPU_POOL_SLAB; off += size)
    if (push(&p->free[c], slab + off) == 0)
      p->cached_bytes += size;
  return 0;
}

/* A block of class C (pool lock held), or NULL. */
static void *take(accgpu_pool *p, unsigned c) {
  accgpu_pool_stack *s = &p->free[c];
  size_t size = class_size(c);
  if (s->n == 0) {
    if (size <= ACCGPU_POOL_SLAB_MAX)
      return refill_from_slab(p, c) == 0 ? take(p, c) : NULL;
    return backend_alloc(p, size);
  }
  p->cached_bytes -= size;
  return s->p[--s->n];
}

/* Tells the backend that BYTES at D are live and the rest of the block's
   SIZE is redzone (pool lock held). */
static void mark_alloc(accgpu_pool *p, char *d, size_t bytes, size_t size) {
  if (!p->mark)
    return;
  p->mark(p->dev, d, bytes, ACCGPU_MEM_LIVE);
  if (size > bytes)
    p->mark(p->dev, d + bytes, size - bytes, ACCGPU_MEM_REDZONE);
}

/* A block of WANT bytes (pool lock held); *SIZE, *POOLED: what it is. */
static void *take_block(accgpu_pool *p, size_t want, size_t *size,
                        int *pooled) {
  *size = want;
  *pooled = want <= ACCGPU_POOL_MAX;
  return *pooled ? take(p, class_of(want, size)) : backend_alloc(p, want);
}

void *accgpu_pool_alloc(accgpu_pool *p, size_t bytes) {
  if (bytes > SIZE_MAX / 4) { /* BYTES + the redzone would wrap to a small
                                 block */
    accgpu_set_error(ACCGPU_ERR_NOMEM, "pool: %zu bytes is more than any "
                     "device has", bytes);
    return NULL;
  }
  size_t red = p->redzone ? p->redzone(p->dev, bytes) : 0, size;
  int pooled;
  pthread_mutex_lock(&p->lock);
  void *d = take_block(p, bytes + red, &size, &pooled);
  if (!d && red && red > p->redzone(p->dev, 0)) /* short of memory */
    d = take_block(p, bytes + p->redzone(p->dev, 0), &size, &pooled);
  if (d && accgpu_ptrmap_put(&p->live, (uintptr_t)d,
                             ((uintptr_t)size << 1) | (uintptr_t)pooled) != 0) {
    accgpu_set_error(ACCGPU_ERR_NOMEM, "pool: host out of memory");
    if (pooled)
      push(&p->free[class_of(size, &size)], d);
    else
      p->free_fn(p->dev, d);
    d = NULL;
  }
  if (d) {
    p->live_bytes += size;
    mark_alloc(p, d, bytes, size);
  }
  pthread_mutex_unlock(&p->lock);
  return d;
}

/* Puts pooled block D of SIZE back on its free list (pool lock held). */
static void recycle(accgpu_pool *p, void *d, size_t size) {
  unsigned c = class_of(size, &size);
  if (push(&p->free[c], d) == 0)
    p->cached_bytes += size;
  else if (size > ACCGPU_POOL_SLAB_MAX)
    p->free_fn(p->dev, d);
}

/* Recycles the oldest quarantined blocks until at most KEEP bytes wait
   (pool lock held).  Entries are (block, size) pairs. */
static void quarantine_flush(accgpu_pool *p, size_t keep) {
  accgpu_pool_stack *q = &p->quarantine;
  while (p->quarantine_bytes > keep && p->quarantine_head < q->n) {
    void *d = q->p[p->quarantine_head];
    size_t size = (size_t)(uintptr_t)q->p[p->quarantine_head + 1];
    p->quarantine_head += 2;
    p->quarantine_bytes -= size;
    recycle(p, d, size);
  }
  /* Drop the consumed head once it is most of the array, or a pool that
     always has blocks waiting would grow by one pair per free forever. */
  if (p->quarantine_head && p->quarantine_head * 2 >= q->n) {
    q->n -= p->quarantine_head;
    memmove(q->p, q->p + p->quarantine_head, q->n * sizeof *q->p);
    p->quarantine_head = 0;
  }
}

/* A freed pooled block waits before reuse (pool lock held). */
static void quarantine_add(accgpu_pool *p, void *d, size_t size) {
  if (push(&p->quarantine, d) != 0 ||
      push(&p->quarantine, (void *)(uintptr_t)size) != 0) {
    if (p->quarantine.n > p->quarantine_head &&
        p->quarantine.p[p->quarantine.n - 1] == d)
      p->quarantine.n--;
    recycle(p, d, size);
    return;
  }
  p->quarantine_bytes += size;
  quarantine_flush(p, ACCGPU_POOL_QUARANTINE);
}

int accgpu_pool_free(accgpu_pool *p, void *dptr) {
  uintptr_t val;
  int rc = 0;
  pthread_mutex_lock(&p->lock);
  if (!accgpu_ptrmap_del(&p->live, (uintptr_t)dptr, &val)) {
    rc = -1;
  } else {
    size_t size = val >> 1;
    p->live_bytes -= size;
    if (p->mark)
      p->mark(p->dev, dptr, size, ACCGPU_MEM_FREED);
    if (!(val & 1))
      p->free_fn(p->dev, dptr);
    else if (p->mark)
      quarantine_add(p, dptr, size);
    else
      recycle(p, dptr, size);
  }
  pthread_mutex_unlock(&p->lock);
  return rc;
}

struct owns_ctx {
  uintptr_t a;
  int found;
};

static void owns_cb(uintptr_t key, uintptr_t val, void *ctx) {
  struct owns_ctx *c = ctx;
  if (c->a >= key && c->a - key < (val >> 1))
    c->found = 1;
}

int accgpu_pool_owns(accgpu_pool *p, const void *addr) {
  struct owns_ctx c = {(uintptr_t)addr, 0};
  pthread_mutex_lock(&p->lock);
  accgpu_ptrmap_each(&p->live, owns_cb, &c);
  pthread_mutex_unlock(&p->lock);
  return c.found;
}

size_t accgpu_pool_idle_bytes(accgpu_pool *p) {
  pthread_mutex_lock(&p->lock);
  size_t n = p->cached_bytes + p->quarantine_bytes;
  pthread_mutex_unlock(&p->lock);
  return n;
}
