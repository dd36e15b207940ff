/* region.c — the region stack (Xu §5.1.1, Figure 5.1) and the compiler's
 * data entry points.
 *
 * Every data or compute construct pushes a region on the calling host
 * thread's stack at entry and pops it at exit.  A region remembers what it
 * mapped (entry and counter it incremented, firstprivate buffers, attached
 * pointers), so its exit undoes exactly that: structured counts go down and
 * what reaches zero is copied out and freed.  Nesting is just the stack:
 * an inner region finds its data present and only counts it.
 *
 * With deviceid(e) (DEVICE >= 0) the mapping runs as a task on that
 * device's worker (worker.c): the caller waits only for the allocation
 * pass (it needs the device addresses), copies and the exit run later in
 * FIFO order.  A region records its device, so region_end and launches in
 * it go to the same device.  A worker thread itself maps directly, on any
 * device: were it to wait for another worker that waits for it, neither
 * would move.                                                           */
#include "core.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

typedef struct accgpu_ritem {
  accgpu_entry *e; /* entry whose structured count we hold, or NULL */
  void *host;
  size_t bytes;
  void *buf;       /* firstprivate device buffer */
  const char *name;
  unsigned kind;
  int copyin;      /* pass 2 copies host -> device */
  int attach;      /* pass 3 attaches the pointer at HOST (present(p)) */
} accgpu_ritem;

struct accgpu_region {
  accgpu_region *up;
  accgpu_device *d;
  const __accgpu_loc *loc;
  int async;
  int on_worker; /* its operations run on D's worker */
  int held;      /* it holds D (the thread's enclosing region held it) */
  unsigned n;
  void *snaps;   /* shared memory, async: firstprivate snapshots (a list) */
  accgpu_ritem item[];
};
_Static_assert(sizeof(accgpu_region) <= sizeof(accgpu_region_space) &&
                   _Alignof(accgpu_region) <= _Alignof(accgpu_region_space),
               "a region header fits an accgpu_region_space");

/* ---- Mapping one item (pass 1; D's lock held) ---- */

/* present(p), P a pointer named without a range (ACCGPU_MAPF_POINTER): as
   the spec says, P itself must be present, and it is attached to what it
   points to.  When P is not present but what it points to is (or P is
   NULL), P gets a device copy for the region, attached to that data: the
   region sees what P points to, as with NVHPC.  Neither present: fatal. */
static void *map_pointer(accgpu_op *op, accgpu_ritem *it,
                         const __accgpu_map *m) {
  char desc[64];
  int created;
  void *target = *(void **)m->host;
  it->attach = 1;
  it->e = accgpu_data_lookup(op, m->host, m->bytes, m->name);
  if (it->e) {
    it->e->structured++;
    return accgpu_entry_dev(it->e, m->host);
  }
  if (target && !accgpu_present_find(&op->d->present, (uintptr_t)target))
    accgpu_op_fatal(op, "'%s' is not present on %s, and neither is what it "
                    "points to (%p): map that data with a range, such as "
                    "'%s[0:n]'", m->name ? m->name : "?",
                    accgpu_device_desc(op->d, desc, sizeof desc), target,
                    m->name ? m->name : "p");
  it->e = accgpu_data_acquire(op, m->host, m->bytes, m->name, 1, 0, &created);
  it->kind = ACCGPU_MAP_COPYIN;
  it->copyin = created && !target; /* NULL stays NULL; else pass 3 attaches */
  return accgpu_entry_dev(it->e, m->host);
}

/* Zeroes the device copy of M. */
static void zero_copy(accgpu_op *op, accgpu_entry *e, const __accgpu_map *m) {
  if (op->d->be->memset(op->q, accgpu_entry_dev(e, m->host), 0, m->bytes))
    accgpu_op_fatal(op, "cannot zero '%s' (%zu bytes) on the device: %s",
                    m->name ? m->name : "?", m->bytes,
                    accgpu_last_error(NULL));
}

/* create/copyout(zero:): device memory allocated for M starts zeroed. */
static void zero_new(accgpu_op *op, accgpu_entry *e, const __accgpu_map *m,
                     int created) {
  if (created && (m->flags & ACCGPU_MAPF_ZERO))
    zero_copy(op, e, m);
}

/* An implicit section (ACCGPU_MAPF_IMPLICIT): the compiler's estimate of
   what a region touches through a pointer without a data clause.  When
   any of it is present (enter data, an enclosing region, acc_copyin), that
   data is what the pointer means, as before the estimate existed: no
   partly-present error for an estimate larger than what was mapped, and
   nothing copied.  A device address (acc_malloc's, without deviceptr) is
   passed as is, as before.  Returns the device address, or NULL: map as
   written. */
static void *map_implicit(accgpu_op *op, accgpu_ritem *it,
                          const __accgpu_map *m) {
  uintptr_t h = (uintptr_t)m->host;
  accgpu_entry *e = accgpu_present_find(&op->d->present, h);
  if (!e)
    e = accgpu_present_overlap(&op->d->present, h, m->bytes);
  if (!e && !op->d->shared_mem &&
      accgpu_pool_owns(&op->d->pool, m->host)) {
    it->kind = ACCGPU_MAP_DEVICEPTR;
    return m->host;
  }
  if (!e)
    return NULL;
  it->e = e;
  it->kind = ACCGPU_MAP_NO_CREATE;
  e->structured++;
  return accgpu_entry_dev(e, m->host);
}

/* The section M a construct uses of an array it names without a data
   clause (ACCGPU_MAPF_PART_OF; M[1] is the whole array): the present entry
   that holds the section is what the kernel uses (row blocks of one array
   entered on several devices, or two blocks on one), nothing copied.
   Returns its device address, or NULL and in *TO what to map: the
   section when another part of the array is present, else the whole
   array, as without the section.  Present data that overlaps the section
   without holding it is an error, naming both. */
static void *map_part(accgpu_op *op, accgpu_ritem *it, const __accgpu_map *m,
                      __accgpu_map *to) {
  char desc[64];
  uintptr_t h = (uintptr_t)m->host, w = (uintptr_t)m[1].host;
  accgpu_entry *e = accgpu_present_find(&op->d->present, h);
  *to = *m;
  if (e && m->bytes <= e->bytes - (h - e->host)) {
    it->e = e;
    it->kind = ACCGPU_MAP_NO_CREATE;
    e->structured++;
    return accgpu_entry_dev(e, m->host);
  }
  if (!e)
    e = accgpu_present_overlap(&op->d->present, h, m->bytes);
  if (e)
    accgpu_op_fatal(op, "'%s', what this construct uses of '%s' without a "
                    "data clause (%zu bytes at %p), is only partly present "
                    "on %s (mapped: %zu bytes at %p); give it a data clause "
                    "or map all of it", m->name ? m->name : "?",
                    m[1].name ? m[1].name : "?", m->bytes, m->host,
                    accgpu_device_desc(op->d, desc, sizeof desc), e->bytes,
                    (void *)e->host);
  if (!accgpu_present_overlap(&op->d->present, w, m[1].bytes)) {
    to->host = m[1].host;
    to->bytes = m[1].bytes;
    to->name = m[1].name;
    to->kind = m[1].kind;
  }
  to->flags &= ~(ACCGPU_MAPF_IMPLICIT | ACCGPU_MAPF_PART_OF);
  return NULL;
}

/* deviceptr(p) on a device whose memory has a range of its own (the
   emulator's): P must be in it, or NULL.  A host pointer there faulted only
   when a kernel read it, as "host memory" with a hint about data clauses.
   A pointer just outside passes (an acc_malloc block minus one element, for
   indexing from 1): only one DEVICEPTR_SLACK from every device byte is
   refused.  The tables of private sections (acc_ptabN) are deviceptr items
   that the launch fills, after this. */
#define DEVICEPTR_SLACK ((uintptr_t)1 << 20)
static void check_deviceptr(accgpu_op *op, const __accgpu_map *m) {
  char desc[64];
  accgpu_device *d = op->d;
  const char *p = m->host;
  uintptr_t a = (uintptr_t)p;
  if (!p || d->shared_mem || !d->be->mem_owns ||
      (m->name && !strncmp(m->name, "acc_ptab", 8)))
    return;
  if (d->be->mem_owns(d->dev, p, 1) ||
      (a <= UINTPTR_MAX - DEVICEPTR_SLACK &&
       d->be->mem_owns(d->dev, (const void *)(a + DEVICEPTR_SLACK), 1)) ||
      (a >= DEVICEPTR_SLACK &&
       d->be->mem_owns(d->dev, (const void *)(a - DEVICEPTR_SLACK), 1)))
    return;
  accgpu_op_fatal(op, "deviceptr(%s): %p is host memory, not device memory "
                  "of %s (or another device's): deviceptr takes a device "
                  "address, such as acc_malloc, acc_deviceptr and host_data "
                  "use_device give; host data needs a data clause, such as "
                  "copy(%s[0:n])", m->name ? m->name : "?", m->host,
                  accgpu_device_desc(d, desc, sizeof desc),
                  m->name ? m->name : "p");
}

static void *map_item(accgpu_op *op, accgpu_ritem *it, const __accgpu_map *m) {
  int created = 0;
  __accgpu_map part;
  it->host = m->host;
  it->bytes = m->bytes;
  it->name = m->name;
  it->kind = m->kind;
  if (m->flags & ACCGPU_MAPF_WHOLE) {
    it->kind = 0; /* the item before it mapped what was needed */
    return NULL;
  }
  if (m->bytes == 0 && m->kind != ACCGPU_MAP_DEVICEPTR &&
      m->kind != ACCGPU_MAP_ATTACH) {
    accgpu_entry *e = accgpu_present_find(&op->d->present,
                                          (uintptr_t)m->host);
    it->kind = 0; /* zero-length: maps nothing */
    return e ? accgpu_entry_dev(e, m->host) : NULL;
  }
  if (m->kind == ACCGPU_MAP_PRESENT && (m->flags & ACCGPU_MAPF_POINTER) &&
      m->bytes == sizeof(void *))
    return map_pointer(op, it, m);
  if (m->flags & ACCGPU_MAPF_PART_OF) {
    void *dev = map_part(op, it, m, &part);
    if (dev)
      return dev;
    dev = map_item(op, it, &part); /* the section, or the whole array */
    return (char *)dev + ((char *)m->host - (char *)part.host);
  }
  if (m->flags & ACCGPU_MAPF_IMPLICIT) {
    void *dev = map_implicit(op, it, m);
    if (dev)
      return dev;
  }
  switch (m->kind) {
  case ACCGPU_MAP_COPYIN:
  case ACCGPU_MAP_COPY:
  case ACCGPU_MAP_COPYOUT:
  case ACCGPU_MAP_CREATE:
  case ACCGPU_MAP_PRESENT:
    it->e = accgpu_data_acquire(op, m->host, m->bytes, m->name, 1,
                                m->kind == ACCGPU_MAP_PRESENT, &created);
    it->copyin = created && (m->kind == ACCGPU_MAP_COPYIN ||
                             m->kind == ACCGPU_MAP_COPY);
    zero_new(op, it->e, m, created);
    return accgpu_entry_dev(it->e, m->host);
  case ACCGPU_MAP_NO_CREATE:
    it->e = accgpu_data_lookup(op, m->host, m->bytes, m->name);
    if (!it->e)
      return m->host;
    it->e->structured++;
    return accgpu_entry_dev(it->e, m->host);
  case ACCGPU_MAP_DEVICEPTR:
    check_deviceptr(op, m);
    return m->host;
  case ACCGPU_MAP_ATTACH:
    return NULL; /* after the copies (region_map), or they would overwrite it */
  case ACCGPU_MAP_FIRSTPRIVATE:
    it->buf = accgpu_data_alloc(op, m->bytes, m->name);
    if (op->d->be->mem_label)
      op->d->be->mem_label(op->d->dev, it->buf, m->bytes, m->host, m->name);
    it->copyin = 1;
    return it->buf;
  default:
    accgpu_op_fatal(op, "'%s': map kind %u is not valid on a data or compute "
                    "construct", m->name ? m->name : "?", m->kind);
  }
}

/* Undoes what map_item did (D's lock held). */
static void unmap_item(accgpu_op *op, accgpu_ritem *it) {
  /* Detach, unless the release below frees the pointer's device copy (a
     synchronous write saved per region of present(p)). */
  if (it->attach && (it->e->structured > 1 || it->e->dynamic ||
                     it->e->user_mapped))
    accgpu_data_detach(op, (void **)it->host, it->name, 0);
  switch (it->kind) {
  case ACCGPU_MAP_COPY:
  case ACCGPU_MAP_COPYOUT:
    accgpu_data_release(op, it->e, it->host, it->bytes, 1, 0, 1);
    break;
  case ACCGPU_MAP_COPYIN:
  case ACCGPU_MAP_CREATE:
  case ACCGPU_MAP_PRESENT:
    accgpu_data_release(op, it->e, it->host, it->bytes, 1, 0, 0);
    break;
  case ACCGPU_MAP_NO_CREATE:
    if (it->e)
      accgpu_data_release(op, it->e, it->host, it->bytes, 1, 0, 0);
    break;
  case ACCGPU_MAP_ATTACH:
    accgpu_data_detach(op, (void **)it->host, it->name, 0);
    break;
  case ACCGPU_MAP_FIRSTPRIVATE:
    accgpu_op_defer_free(op, it->buf);
    break;
  default:
    break;
  }
}

/* Maps NMAPS items of R: pass 1 finds or allocates (filling DEVADDRS), then
   posts SIG (when not NULL), pass 2 queues the copies, pass 3 attaches
   pointers (into structures pass 2 copied). */
static void region_map(accgpu_region *r, const __accgpu_map *maps,
                       void **devaddrs, accgpu_signal *sig) {
  accgpu_op op;
  accgpu_op_begin(&op, r->d, r->loc, NULL, r->async);
  /* item[k] holds what the k-th mapped did: the exit undoes them in
     reverse, nested items before the items holding them */
  unsigned *ord = accgpu_map_order(maps, r->n, 1);
  for (unsigned k = 0; k < r->n; k++) {
    unsigned i = ord ? ord[k] : k;
    void *a = map_item(&op, &r->item[k], &maps[i]);
    if (devaddrs)
      devaddrs[i] = a;
  }
  free(ord);
  if (sig)
    accgpu_signal_post(sig);
  for (unsigned i = 0; i < r->n; i++) {
    accgpu_ritem *it = &r->item[i];
    if (it->copyin)
      accgpu_data_h2d(&op, it->buf ? it->buf : accgpu_entry_dev(it->e, it->host),
                      it->host, it->bytes, it->name);
  }
  for (unsigned i = 0; i < r->n; i++)
    if (r->item[i].kind == ACCGPU_MAP_ATTACH || r->item[i].attach)
      accgpu_data_attach(&op, (void **)r->item[i].host,
                         r->item[i].attach ? 0 : r->item[i].bytes,
                         r->item[i].name);
  accgpu_op_end(&op);
}

/* ---- Firstprivate snapshots on shared-memory devices ---- */

/* An async construct's big firstprivate on a device that reads host
   memory: the kernel would read the array when it starts, after host
   code may have changed it.  The construct copies it (devaddrs[i] points
   at the copy), the copies go when the queue passes the kernel. */
typedef struct snap {
  struct snap *next;
  alignas(max_align_t) unsigned char bytes[];
} snap;

static void snaps_take(accgpu_region *r, const __accgpu_map *maps,
                       unsigned nmaps, void **devaddrs) {
  for (unsigned i = 0; devaddrs && i < nmaps; i++) {
    if (maps[i].kind != ACCGPU_MAP_FIRSTPRIVATE)
      continue;
    snap *c = malloc(sizeof *c + maps[i].bytes);
    if (!c)
      accgpu_fatal(r->loc, "out of host memory copying firstprivate '%s' "
                   "(%zu bytes)", maps[i].name ? maps[i].name : "?",
                   maps[i].bytes);
    memcpy(c->bytes, maps[i].host, maps[i].bytes);
    c->next = r->snaps;
    r->snaps = c;
    devaddrs[i] = c->bytes;
  }
}

static void snaps_free(void *arg) {
  for (snap *c = arg, *n; c; c = n) {
    n = c->next;
    free(c);
  }
}

/* At R's end: frees its snapshots after what its queue ASYNC holds. */
static void snaps_end(accgpu_region *r, const __accgpu_loc *loc, int async) {
  char desc[64];
  accgpu_op op;
  accgpu_op_begin(&op, r->d, loc, NULL, async);
  if (!r->d->be->queue_callback ||
      r->d->be->queue_callback(op.q, snaps_free, r->snaps) != 0) {
    if (r->d->be->queue_sync(op.q) != 0)
      accgpu_op_fatal(&op, "%s failed: %s",
                      accgpu_device_desc(r->d, desc, sizeof desc),
                      accgpu_last_error(NULL));
    snaps_free(r->snaps);
  }
  accgpu_op_end(&op);
}

/* A new region of NMAPS items for T.  On a shared-memory device it maps
   nothing: its header comes from T's own (regions end on their thread, in
   the reverse order), unless nested deeper than those. */
static accgpu_region *region_new(accgpu_thread *t, const __accgpu_loc *loc,
                                 unsigned nmaps, const accgpu_device *d) {
  accgpu_region *r;
  if (d->shared_mem && t->nshared < ACCGPU_INLINE_REGIONS) {
    r = (accgpu_region *)(void *)&t->shared[t->nshared++];
    memset(r, 0, sizeof *r);
    return r;
  }
  r = calloc(1, sizeof *r + (d->shared_mem ? 0 : nmaps) * sizeof r->item[0]);
  if (!r)
    accgpu_fatal(loc, "out of host memory");
  return r;
}

/* Frees R, a region of the calling thread T or of a worker (then not
   T's own). */
static void region_free(accgpu_thread *t, accgpu_region *r) {
  if (t && t->nshared &&
      r == (accgpu_region *)(void *)&t->shared[t->nshared - 1])
    t->nshared--;
  else
    free(r);
}

/* Unmaps R in reverse order and frees it (T: the calling thread when R
   is its own).  A region that mapped nothing on a shared-memory device
   has nothing to undo and no queue to wait for (its synchronous
   operations were done when they returned): no operation, only the async
   argument's check. */
static void region_unmap(accgpu_thread *t, accgpu_region *r,
                         const __accgpu_loc *loc, int async) {
  if (r->n == 0 && r->d->shared_mem && r->snaps) {
    snaps_end(r, loc ? loc : r->loc, async);
  } else if (r->n == 0 && r->d->shared_mem) {
    accgpu_async_check(async, loc ? loc : r->loc, "async");
  } else {
    accgpu_op op;
    accgpu_op_begin(&op, r->d, loc ? loc : r->loc, NULL, async);
    for (unsigned i = r->n; i-- > 0;)
      unmap_item(&op, &r->item[i]);
    accgpu_op_end(&op);
  }
  if (r->held)
    accgpu_device_unhold(r->d);
  region_free(t, r);
}

/* ---- Worker tasks ---- */

typedef struct begin_task {
  accgpu_region *r;
  const __accgpu_map *maps;
  void **devaddrs;
  accgpu_signal *sig;
} begin_task;

static void begin_fn(void *arg) {
  begin_task *t = arg;
  region_map(t->r, t->maps, t->devaddrs, t->sig);
}

typedef struct end_task {
  accgpu_region *r;
  const __accgpu_loc *loc;
  int async;
} end_task;

static void end_fn(void *arg) {
  end_task *t = arg;
  region_unmap(NULL, t->r, t->loc, t->async);
}

/* ---- Entry points ---- */

accgpu_region *accgpu_region_top(void) { return accgpu_thread_get()->top; }

const __accgpu_loc *accgpu_region_on(const accgpu_device *d) {
  for (accgpu_region *r = accgpu_thread_get()->top; r; r = r->up)
    if (r->d == d)
      return r->loc;
  return NULL;
}

int accgpu_region_depth(void) {
  int n = 0;
  for (accgpu_region *r = accgpu_thread_get()->top; r; r = r->up)
    n++;
  return n;
}

accgpu_device *accgpu_region_device(accgpu_region *r, int *queued) {
  *queued = r->on_worker && !accgpu_on_worker_of(r->d);
  return r->d;
}

static void region_begin(const __accgpu_loc *loc, int device, int async,
                         unsigned nmaps, const __accgpu_map *maps,
                         void **devaddrs, accgpu_device *d);

/* The items a kernels loop of the construct was parallelized on as
   distinct memory (ACCGPU_MAPF_DISTINCT: pointers the function received,
   which its caller may have aimed at one array) must not overlap: the
   loop would then carry a dependence (NVHPC keeps such loops sequential
   and asks for `restrict`).  Not on the host device, which runs the
   loops in order. */
static void check_distinct(const __accgpu_loc *loc, unsigned n,
                           const __accgpu_map *m) {
  for (unsigned i = 0; i < n; i++) {
    if (!(m[i].flags & ACCGPU_MAPF_DISTINCT) || !m[i].bytes)
      continue;
    uintptr_t a = (uintptr_t)m[i].host;
    for (unsigned j = i + 1; j < n; j++) {
      uintptr_t b = (uintptr_t)m[j].host;
      if ((m[j].flags & ACCGPU_MAPF_DISTINCT) && m[j].bytes &&
          a < b + m[j].bytes && b < a + m[i].bytes)
        accgpu_fatal(loc, "'%s' [%p, +%zu) and '%s' [%p, +%zu) overlap: a "
                     "kernels loop of this construct was parallelized taking "
                     "them as distinct (pointers the function receives); "
                     "write `#pragma acc loop seq` on it, or pass arrays "
                     "that do not overlap", m[i].name ? m[i].name : "?",
                     m[i].host, m[i].bytes, m[j].name ? m[j].name : "?",
                     m[j].host, m[j].bytes);
    }
  }
}

/* Sections of pointer arrays: the region maps their expansion; DEVADDRS
   still receives one address per item of MAPS. */
void __accgpu_region_begin(const __accgpu_loc *loc, int device, int async,
                           unsigned nmaps, __accgpu_map *maps,
                           void **devaddrs) {
  accgpu_device *d = accgpu_device_arg(device, loc, "data region");
  if (d->type != acc_device_host)
    check_distinct(loc, nmaps, maps);
  unsigned n;
  __accgpu_map *x = d->shared_mem ? NULL
                    : accgpu_jagged_expand(loc, maps, nmaps, &n,
                                           ACCGPU_JAG_REGION);
  if (!x) {
    region_begin(loc, device, async, nmaps, maps, devaddrs, d);
    return;
  }
  void **dv = devaddrs ? calloc(n, sizeof *dv) : NULL;
  if (devaddrs && !dv)
    accgpu_fatal(loc, "out of host memory");
  region_begin(loc, device, async, n, x, dv, d);
  if (dv)
    memcpy(devaddrs, dv, nmaps * sizeof *dv);
  free(dv);
  free(x);
}

static void region_begin(const __accgpu_loc *loc, int device, int async,
                         unsigned nmaps, const __accgpu_map *maps,
                         void **devaddrs, accgpu_device *d) {
  accgpu_thread *t = accgpu_thread_get();
  accgpu_region *r = region_new(t, loc, nmaps, d);
  /* The region keeps D open until it ends, as the thread's enclosing
     region on D does already (it ends later): no lock to take for a
     construct inside a data region. */
  r->held = !t->top || t->top->d != d;
  if (r->held) {
    accgpu_device_lock(d);
    accgpu_device_hold(d);
    pthread_mutex_unlock(&d->lock);
  }
  r->d = d;
  r->loc = loc;
  r->async = async;
  r->n = nmaps;
  r->up = t->top;
  t->top = r;
  if (d->shared_mem) {
    r->n = 0; /* host: data clauses are no-ops */
    for (unsigned i = 0; devaddrs && i < nmaps; i++)
      devaddrs[i] = maps[i].host;
    if (async != acc_async_sync)
      snaps_take(r, maps, nmaps, devaddrs);
    return;
  }
  if (accgpu_to_worker(device)) {
    accgpu_signal sig;
    accgpu_signal_init(&sig);
    r->on_worker = 1;
    begin_task bt = {r, maps, devaddrs, &sig};
    accgpu_worker_submit(d, begin_fn, &bt, sizeof bt);
    accgpu_signal_wait(&sig);
    return;
  }
  region_map(r, maps, devaddrs, NULL);
}

void __accgpu_region_end(const __accgpu_loc *loc, int async) {
  accgpu_thread *t = accgpu_thread_get();
  accgpu_region *r = t->top;
  if (!r)
    accgpu_fatal(loc, "end of a region that was never entered");
  accgpu_region *up = r->up;
  if (r->on_worker && !accgpu_on_worker_of(r->d)) {
    t->top = up;
    end_task et = {r, loc, async};
    accgpu_worker_submit(r->d, end_fn, &et, sizeof et);
    return;
  }
  region_unmap(t, r, loc, async); /* on the stack: it holds its device */
  t->top = up;
}

/* ---- enter data / exit data / update ---- */

typedef void list_fn(accgpu_op *op, const __accgpu_map *m);

/* The present entry of M's data; not present: an error, naming it, unless
   M says if_present (then NULL). */
static accgpu_entry *must_be_present(accgpu_op *op, const __accgpu_map *m) {
  char desc[64];
  accgpu_entry *e = accgpu_data_lookup(op, m->host, m->bytes, m->name);
  if (!e && !(m->flags & ACCGPU_MAPF_IF_PRESENT))
    accgpu_op_fatal(op, "'%s' (%zu bytes at %p) is not present on %s",
                    m->name ? m->name : "?", m->bytes, m->host,
                    accgpu_device_desc(op->d, desc, sizeof desc));
  return e;
}

/* A pointer slot (ACCGPU_MAPF_POINTER_SLOT) of enter or exit data inside
   present data that no slot made (`enter data copyin(s)`, then
   `copyin(s.a, s.p[0:n])` ... `exit data copyout(s.p[0:n])`): only the
   clause's items count (OpenACC 3.3 §2.7.7, §2.7.8; the attach action
   changes no reference count), so the slot does nothing; true then.
   Outside present data the slot maps the pointer alone, as before, so
   that the attach has somewhere to go. */
static int slot_item(accgpu_op *op, const __accgpu_map *m) {
  if (!(m->flags & ACCGPU_MAPF_POINTER_SLOT))
    return 0;
  accgpu_entry *e = accgpu_data_lookup(op, m->host, m->bytes, m->name);
  return e && !e->slot;
}

void accgpu_enter_item(accgpu_op *op, const __accgpu_map *m) {
  int created;
  if (m->kind == ACCGPU_MAP_ATTACH) {
    accgpu_data_attach(op, (void **)m->host, m->bytes, m->name);
    return;
  }
  if (m->bytes == 0 || slot_item(op, m))
    return;
  if (m->kind == ACCGPU_MAP_PRESENT) { /* a section of declare present */
    must_be_present(op, m);
    return;
  }
  if (m->kind != ACCGPU_MAP_COPYIN && m->kind != ACCGPU_MAP_CREATE)
    accgpu_op_fatal(op, "'%s': map kind %u is not valid on enter data",
                    m->name ? m->name : "?", m->kind);
  int declared = (m->flags & ACCGPU_MAPF_DECLARE) != 0;
  accgpu_entry *e = accgpu_data_acquire(op, m->host, m->bytes, m->name,
                                        declared, 0, &created);
  if (created && m->kind == ACCGPU_MAP_COPYIN)
    accgpu_data_h2d(op, accgpu_entry_dev(e, m->host), m->host, m->bytes,
                    m->name);
  zero_new(op, e, m, created);
  if (created && (m->flags & ACCGPU_MAPF_POINTER_SLOT))
    e->slot = 1;
}

void accgpu_enter_declared(accgpu_op *op, const __accgpu_map *m,
                           const void *init) {
  int created;
  accgpu_entry *e = accgpu_data_acquire(op, m->host, m->bytes, m->name, 1, 0,
                                        &created);
  if (!created)
    return;
  if (init)
    accgpu_data_h2d(op, accgpu_entry_dev(e, m->host), init, m->bytes,
                    m->name);
  else
    zero_copy(op, e, m);
}

/* exit data on data that is not present does nothing (as in OpenACC 2.7+;
   2.6 leaves it undefined); partly present data is an error. */
static void exit_item(accgpu_op *op, const __accgpu_map *m) {
  int fin = (m->flags & ACCGPU_MAPF_FINALIZE) != 0;
  if (m->kind == ACCGPU_MAP_DETACH) {
    accgpu_data_detach(op, (void **)m->host, m->name, fin);
    return;
  }
  if (m->bytes == 0 || slot_item(op, m))
    return;
  if (m->kind != ACCGPU_MAP_COPYOUT && m->kind != ACCGPU_MAP_DELETE)
    accgpu_op_fatal(op, "'%s': map kind %u is not valid on exit data",
                    m->name ? m->name : "?", m->kind);
  accgpu_entry *e = accgpu_data_lookup(op, m->host, m->bytes, m->name);
  if (e)
    accgpu_data_release(op, e, m->host, m->bytes, 0, fin,
                        m->kind == ACCGPU_MAP_COPYOUT);
}

static void update_item(accgpu_op *op, const __accgpu_map *m) {
  if (m->bytes == 0)
    return;
  accgpu_entry *e = must_be_present(op, m);
  if (!e)
    return;
  if (m->kind == ACCGPU_MAP_UPDATE_DEVICE)
    accgpu_data_h2d(op, accgpu_entry_dev(e, m->host), m->host, m->bytes,
                    m->name);
  else if (m->kind == ACCGPU_MAP_UPDATE_SELF)
    accgpu_data_d2h(op, m->host, accgpu_entry_dev(e, m->host), m->bytes,
                    m->name);
  else
    accgpu_op_fatal(op, "'%s': map kind %u is not valid on update",
                    m->name ? m->name : "?", m->kind);
}

typedef struct list_task {
  accgpu_device *d;
  list_fn *fn;
  const __accgpu_loc *loc;
  int async;
  unsigned n;
  __accgpu_map maps[];
} list_task;

static void run_list(accgpu_device *d, list_fn *fn, const __accgpu_loc *loc,
                     int async, unsigned n, const __accgpu_map *maps) {
  accgpu_op op;
  unsigned *ord = fn == update_item ? NULL
                  : accgpu_map_order(maps, n, fn == accgpu_enter_item);
  accgpu_op_begin(&op, d, loc, NULL, async);
  for (unsigned k = 0; k < n; k++)
    fn(&op, &maps[ord ? ord[k] : k]);
  accgpu_op_end(&op);
  free(ord);
}

static void list_task_fn(void *arg) {
  list_task *t = arg;
  run_list(t->d, t->fn, t->loc, t->async, t->n, t->maps);
}

/* Runs FN over MAPS on DEVICE now, or queues it on the device's worker
   (with a copy of MAPS) when DEVICE was given by deviceid. */
static void data_list(list_fn *fn, int ctx, const __accgpu_loc *loc,
                      int device, int async, unsigned n,
                      const __accgpu_map *maps) {
  accgpu_device *d = accgpu_device_arg(device, loc, loc && loc->construct
                                                   ? loc->construct : "data");
  if (d->shared_mem || n == 0)
    return;
  unsigned xn;
  __accgpu_map *x = accgpu_jagged_expand(loc, maps, n, &xn, ctx);
  if (x) {
    maps = x;
    n = xn;
  }
  if (!accgpu_to_worker(device)) {
    run_list(d, fn, loc, async, n, maps);
    free(x);
    return;
  }
  size_t bytes = sizeof(list_task) + n * sizeof *maps;
  list_task *t = malloc(bytes);
  if (!t)
    accgpu_fatal(loc, "out of host memory");
  *t = (list_task){d, fn, loc, async, n};
  memcpy(t->maps, maps, n * sizeof *maps);
  accgpu_worker_submit(d, list_task_fn, t, bytes);
  free(t);
  free(x);
}

void __accgpu_enter_data(const __accgpu_loc *loc, int device, int async,
                         unsigned nmaps, __accgpu_map *maps) {
  data_list(accgpu_enter_item, ACCGPU_JAG_ENTER, loc, device, async, nmaps,
            maps);
}

void __accgpu_exit_data(const __accgpu_loc *loc, int device, int async,
                        unsigned nmaps, __accgpu_map *maps) {
  data_list(exit_item, ACCGPU_JAG_EXIT, loc, device, async, nmaps, maps);
}

void __accgpu_update(const __accgpu_loc *loc, int device, int async,
                     unsigned nmaps, __accgpu_map *maps) {
  data_list(update_item, ACCGPU_JAG_UPDATE, loc, device, async, nmaps, maps);
}

void *__accgpu_use_device(const __accgpu_loc *loc, void *host,
                          const char *name) {
  accgpu_thread *t = accgpu_thread_get();
  accgpu_device *d = t->top ? t->top->d
                   : accgpu_device_arg(ACCGPU_CURRENT_DEVICE, loc, "host_data");
  char desc[64];
  if (d->shared_mem)
    return host;
  if (t->top && t->top->on_worker)
    accgpu_worker_drain(d); /* the region's mapping may still be queued */
  accgpu_device_lock(d);
  accgpu_entry *e = accgpu_present_find(&d->present, (uintptr_t)host);
  void *dev = e ? accgpu_entry_dev(e, host) : NULL;
  if (e)
    accgpu_entry_exposed(d, e);
  pthread_mutex_unlock(&d->lock);
  if (!e)
    accgpu_fatal(loc, "'%s' (at %p) is not present on %s",
                 name ? name : "?", host,
                 accgpu_device_desc(d, desc, sizeof desc));
  return dev;
}
