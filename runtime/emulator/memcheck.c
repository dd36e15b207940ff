/* memcheck.c — which bytes a kernel may touch, and what to say when it
 * touches another (ACCGPU_EMU_MEMCHECK, on by default).
 *
 * Shadow.  One signed byte per 8 bytes of a device's memory, reserved
 * with the region (untouched pages cost nothing): 0..8 = that many bytes
 * from the granule's start are allocated; negative = a redzone the pool
 * leaves after each block, freed memory, or pool spare.  Device
 * allocations are 256-byte aligned, so a variable's last granule alone is
 * partial.  The pool (runtime/pool.c) marks every block it hands out and
 * takes back; the region below the pool (memory.c) marks whole chunks.
 *
 * The check itself runs in the kernel image (accgpu_emu_check.h): inline
 * for allocated device memory, the thread's own stack and the block's
 * shared memory; everything else comes here (accgpu_emu_memcheck).  Host
 * memory, another thread's stack, memory of another device, a redzone and
 * freed memory stop the block with a report; the module image's own data
 * (constants) may be read.
 *
 * Labels.  The core names the host variable of each device copy it maps
 * (mem_label); reports name the variable an address is in or nearest to,
 * for device addresses and for host ones (the host copy of a mapped
 * variable: the usual mistake of a kernel given a host pointer). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "emu.h"

#define GRANULE 8u
#define HOST_MEMORY "host memory, not device memory"
/* classify's other words that reports test for */
#define FREED_MEMORY "freed device memory"
#define PAST_DEVICE_MEMORY "beyond the end of device memory"
#define SHARED_NEAR ((uintptr_t)1 << 20) /* reports say "near __shared__" */
#define REDZONE_MIN ((size_t)64)
#define REDZONE_MAX ((size_t)64 << 20)

typedef struct emu_label {
  uintptr_t dev, host;
  size_t bytes;
  const char *name;
  int freed; /* its device copy was freed: reports say what it was */
  int kind;  /* EMU_LABEL_*: how reports name it, which hint applies */
} emu_label;

/* Reports name a neighbour of an address outside every allocation only
   this close: an index a little out of range lands in the redzone or the
   pool's rounding of the block next to it; a variable farther away (one
   that merely happens to be the nearest, a MiB off) would mislead. */
#define NEAR_BYTES ((uintptr_t)4096)

/* Labels of all devices share one leaf lock: they change at map and
   unmap time, and are read only to write a report. */
static pthread_mutex_t label_lock = PTHREAD_MUTEX_INITIALIZER;

int accgpu_emu_shadow_init(struct accgpu_dev *dev) {
  accgpu_ptrmap_init(&dev->labels);
  dev->shadow = NULL;
  if (accgpu_emu_initcheck_init(dev) != 0)
    return -1;
  if (!accgpu_emu_config_get()->memcheck)
    return 0;
  dev->shadow = accgpu_emu_records(dev, dev->size / GRANULE,
                                   "memcheck shadow", ", or ACCGPU_EMU_MEMCHECK=0");
  return dev->shadow ? 0 : -1;
}

static void label_free(uintptr_t key, uintptr_t val, void *ctx) {
  (void)key, (void)ctx;
  free((void *)val);
}

void accgpu_emu_shadow_fini(struct accgpu_dev *dev) {
  accgpu_emu_initcheck_fini(dev);
  if (dev->shadow)
    munmap(dev->shadow, dev->size / GRANULE);
  dev->shadow = NULL;
  pthread_mutex_lock(&label_lock);
  accgpu_ptrmap_each(&dev->labels, label_free, NULL);
  accgpu_ptrmap_fini(&dev->labels);
  pthread_mutex_unlock(&label_lock);
}

/* ------------------------------------------------------------------ */
/* Marking.                                                            */

/* The device copy at DPTR was freed: its label stays, marked, until a new
   allocation there replaces it. */
static void label_drop(struct accgpu_dev *dev, uintptr_t dptr) {
  uintptr_t val;
  pthread_mutex_lock(&label_lock);
  if (accgpu_ptrmap_get(&dev->labels, dptr, &val))
    ((emu_label *)val)->freed = 1;
  pthread_mutex_unlock(&label_lock);
}

int accgpu_emu_mem_mark(struct accgpu_dev *dev, void *p, size_t bytes,
                        int state) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)dev->base;
  if (state == ACCGPU_MEM_EXPOSED) { /* initcheck only */
    accgpu_emu_initcheck_mark(dev, p, bytes, 1);
    return 0;
  }
  /* A block handed out again came back through a queue callback, after
     the operations that used it: they are ordered before its new use. */
  if (state == ACCGPU_MEM_LIVE) {
    accgpu_emu_qrace_forget(dev, p, bytes);
    accgpu_emu_initcheck_mark(dev, p, bytes, 0);
  }
  if (!dev->shadow || !bytes || off >= dev->size || bytes > dev->size - off)
    return 0;
  signed char *sh = dev->shadow + off / GRANULE;
  if (state == ACCGPU_MEM_LIVE) {
    /* Live bytes start a block (256-aligned): full granules, then one
       partial. */
    memset(sh, GRANULE, bytes / GRANULE);
    if (bytes % GRANULE)
      sh[bytes / GRANULE] = (signed char)(bytes % GRANULE);
    return 0;
  }
  if (state == ACCGPU_MEM_FREED)
    label_drop(dev, (uintptr_t)p);
  if (state == ACCGPU_MEM_REDZONE) /* never touched again: no memory */
    accgpu_emu_release_pages((uintptr_t)p, bytes);
  /* A dead range that starts inside a granule leaves its live head as
     the partial count says. */
  size_t skip = off % GRANULE ? GRANULE - off % GRANULE : 0;
  if (skip >= bytes)
    return 0;
  sh += (off + skip) / GRANULE - off / GRANULE;
  signed char v = state == ACCGPU_MEM_REDZONE ? EMU_SH_REDZONE
                  : state == ACCGPU_MEM_FREED ? EMU_SH_FREED
                                              : EMU_SH_SPARE;
  memset(sh, (unsigned char)v, (bytes - skip + GRANULE - 1) / GRANULE);
  return 0;
}

/* The redzone after a block of BYTES: as long as the block (64 bytes at
   least; at most REDZONE_MAX and an eighth of the free memory, so a
   program that fits the device without redzones still fits), so that an
   index off by up to the section's own length lands in it and is
   reported, where a fixed one let it reach the next block and read
   another variable silently, as on a GPU.  Its whole pages are given
   back (mem_mark), so it costs address space, not memory. */
size_t accgpu_emu_mem_redzone(struct accgpu_dev *dev, size_t bytes) {
  if (!dev->shadow)
    return 0;
  size_t free_b = 0, r = bytes < REDZONE_MAX ? bytes : REDZONE_MAX;
  accgpu_emu_mem_info(dev, &free_b, NULL);
  if (r > free_b / 8)
    r = free_b / 8;
  r = (r + REDZONE_MIN - 1) / REDZONE_MIN * REDZONE_MIN;
  return r > REDZONE_MIN ? r : REDZONE_MIN;
}

void accgpu_emu_mem_label(struct accgpu_dev *dev, void *dptr, size_t bytes,
                          const void *host, const char *name) {
  int kind = name == accgpu_acc_malloc_label ? EMU_LABEL_ACC_MALLOC
             : host                          ? EMU_LABEL_MAPPED
                                             : EMU_LABEL_DEVICE;
  accgpu_emu_mem_label_kind(dev, dptr, bytes, host, name, kind);
}

void accgpu_emu_mem_label_kind(struct accgpu_dev *dev, void *dptr,
                               size_t bytes, const void *host,
                               const char *name, int kind) {
  const accgpu_emu_config *c = accgpu_emu_config_get();
  /* Initcheck's reports name the variable too. */
  if (!c->memcheck && !c->racecheck && !c->initcheck)
    return;
  emu_label *l = malloc(sizeof *l);
  if (!l)
    return; /* only reports lose a name */
  l->dev = (uintptr_t)dptr;
  l->host = (uintptr_t)host;
  l->bytes = bytes;
  l->name = name;
  l->freed = 0;
  l->kind = kind;
  uintptr_t old;
  pthread_mutex_lock(&label_lock);
  if (accgpu_ptrmap_del(&dev->labels, l->dev, &old))
    free((void *)old);
  if (accgpu_ptrmap_put(&dev->labels, l->dev, (uintptr_t)l) != 0)
    free(l);
  pthread_mutex_unlock(&label_lock);
}

/* ------------------------------------------------------------------ */
/* Checking ranges.                                                     */

/* Offset of the first byte of [OFF, OFF+N) that is not allocated, or
   (size_t)-1 when all are (shadow present). */
static size_t first_bad(const struct accgpu_dev *dev, uintptr_t off,
                        size_t n) {
  uintptr_t end = off + n;
  for (uintptr_t o = off; o < end;) {
    int s = dev->shadow[o / GRANULE];
    uintptr_t g = o % GRANULE;
    if ((int)g >= s)
      return o;
    uintptr_t lim = o - g + (uintptr_t)s; /* first byte not allocated */
    if (end <= lim)
      return (size_t)-1;
    if (s < (int)GRANULE)
      return lim;
    o = lim;
  }
  return (size_t)-1;
}

/* How the shadow byte of device offset OFF describes it. */
static const char *shadow_state(const struct accgpu_dev *dev, uintptr_t off) {
  int s = dev->shadow[off / GRANULE];
  if (s == EMU_SH_FREED)
    return FREED_MEMORY;
  if (s == EMU_SH_REDZONE || s > 0)
    return "past the end of a device allocation";
  if (s == EMU_SH_SPARE)
    return "unallocated device memory (pool spare)";
  return "unallocated device memory";
}

int accgpu_emu_check_range(const char *op, struct accgpu_dev *dev,
                           const char *what, const void *p, size_t bytes) {
  char desc[384];
  if (bytes == 0)
    return 0;
  if (!accgpu_emu_mem_owns(dev, p, bytes)) {
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "%s(emulator device %d, %zu B): %s %p is not device "
                     "memory of this device",
                     op, dev->ordinal, bytes, what, p);
    return -1;
  }
  if (!dev->shadow)
    return 0;
  uintptr_t off = (uintptr_t)p - (uintptr_t)dev->base;
  size_t bad = first_bad(dev, off, bytes);
  if (bad == (size_t)-1)
    return 0;
  desc[0] = '\0';
  accgpu_emu_describe(dev, (uintptr_t)p, desc, sizeof desc);
  accgpu_set_error(ACCGPU_ERR_GENERIC,
                   "%s(emulator device %d, %zu B): %s [%p, %p) runs into %s "
                   "at byte %zu (memcheck)%s%s",
                   op, dev->ordinal, bytes, what, p, (const char *)p + bytes,
                   shadow_state(dev, bad), (size_t)(bad - off),
                   !desc[0] ? "" : strncmp(desc, "it ", 3) ? "; it starts in "
                                                            : "; ", desc);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Reports.                                                            */

typedef struct label_search {
  uintptr_t a;
  int host;                       /* search host ranges, not device ones */
  const emu_label *in, *was;      /* the live, freed label holding A */
  const emu_label *below, *above; /* nearest live ones before, after A */
} label_search;

static void label_visit(uintptr_t key, uintptr_t val, void *ctx) {
  label_search *s = ctx;
  const emu_label *l = (const emu_label *)val;
  uintptr_t lo = s->host ? l->host : l->dev;
  (void)key;
  if (s->a >= lo && s->a - lo < l->bytes) {
    if (l->freed)
      s->was = l;
    else
      s->in = l;
    return;
  }
  if (l->freed || s->host)
    return;
  if (lo > s->a) {
    if (!s->above || lo < s->above->dev)
      s->above = l;
  } else if (!s->below ||
             lo + l->bytes > s->below->dev + s->below->bytes) {
    s->below = l;
  }
}

/* The labels of DEV around device or host address A (label lock held). */
static label_search label_find(struct accgpu_dev *dev, uintptr_t a) {
  label_search s = {a, !accgpu_emu_mem_owns(dev, (void *)a, 1), NULL, NULL,
                    NULL, NULL};
  accgpu_ptrmap_each(&dev->labels, label_visit, &s);
  return s;
}

/* "'a[0:n]' (800 bytes, device [D, D+800), host H)"; no host part for
   device-only memory (private copies, heap blocks); acc_malloc's blocks
   have no name of their own. */
static int label_text(const emu_label *l, char *buf, size_t len) {
  int k = l->kind == EMU_LABEL_ACC_MALLOC
              ? snprintf(buf, len, "an acc_malloc block (%zu bytes, device "
                         "[%p, %p)", l->bytes, (void *)l->dev,
                         (void *)(l->dev + l->bytes))
              : snprintf(buf, len, "'%s' (%zu bytes, device [%p, %p)",
                         l->name ? l->name : "?", l->bytes, (void *)l->dev,
                         (void *)(l->dev + l->bytes));
  if (k < 0 || (size_t)k >= len)
    return k;
  return k + snprintf(buf + k, len - (size_t)k, l->host ? ", host %p)" : ")",
                      (void *)l->host);
}

/* A label's short name, for a second neighbour. */
static const char *label_name(const emu_label *l, char *buf, size_t len) {
  if (l->kind == EMU_LABEL_ACC_MALLOC)
    return "an acc_malloc block";
  snprintf(buf, len, "'%s'", l->name ? l->name : "?");
  return buf;
}

/* Where device address A lies against the live labels around it within
   NEAR_BYTES (past the end: or within the block's own length): "8 bytes
   before the start of a device allocation: 'a[0:n]' (...)" or "past the
   end of a device allocation: 'a[0:n]' (...), at byte 800", the nearer
   first (an index below 0 and one past n look the same in the redzone
   between two blocks), the other one after.  0 when none is that near. */
static int near_text(const label_search *s, char *buf, size_t len) {
  char lt[256], nm[160];
  const emu_label *b = s->below, *u = s->above;
  uintptr_t past = b ? s->a - (b->dev + b->bytes) : UINTPTR_MAX;
  uintptr_t before = u ? u->dev - s->a : UINTPTR_MAX;
  /* the block's redzone is as long as the block (accgpu_emu_mem_redzone) */
  int near_b = past < NEAR_BYTES || (b && past < b->bytes);
  int near_u = before <= NEAR_BYTES;
  if (!near_b && !near_u)
    return 0;
  if (near_u && (!near_b || before <= past)) {
    label_text(u, lt, sizeof lt);
    int k = snprintf(buf, len, "%zu bytes before the start of a device "
                     "allocation: %s", (size_t)before, lt);
    if (near_b && k > 0 && (size_t)k < len)
      snprintf(buf + k, len - (size_t)k, "; also %zu bytes past the end of "
               "%s", (size_t)past, label_name(b, nm, sizeof nm));
    return 1;
  }
  label_text(b, lt, sizeof lt);
  int k = snprintf(buf, len, "past the end of a device allocation: %s, at "
                   "byte %zu", lt, (size_t)(s->a - b->dev));
  if (near_u && k > 0 && (size_t)k < len)
    snprintf(buf + k, len - (size_t)k, "; also %zu bytes before the start "
             "of %s", (size_t)before, label_name(u, nm, sizeof nm));
  return 1;
}

/* What label L held at A: "'a[0:n]' (...), at byte 8"; "it was the device
   copy of 'a[0:n]' (...), at byte 8, since freed" for a freed one. */
static void in_text(const emu_label *l, uintptr_t a, int host, char *buf,
                    size_t len) {
  char lt[256];
  label_text(l, lt, sizeof lt);
  if (!l->freed)
    snprintf(buf, len, "%s%s, at byte %zu", host ? "the host copy of " : "",
             lt, (size_t)(a - (host ? l->host : l->dev)));
  else
    snprintf(buf, len, "it was %s%s, at byte %zu, %s",
             l->host ? "the device copy of " : "", lt, (size_t)(a - l->dev),
             l->kind == EMU_LABEL_ACC_MALLOC ? "freed by acc_free"
                                             : "since freed");
}

char *accgpu_emu_describe(struct accgpu_dev *dev, uintptr_t a, char *buf,
                          size_t len) {
  size_t used = strlen(buf);
  char near[640];
  pthread_mutex_lock(&label_lock);
  label_search s = label_find(dev, a);
  if (s.in)
    in_text(s.in, a, s.host, buf + used, len - used);
  else if (s.was && !s.host)
    in_text(s.was, a, 0, buf + used, len - used);
  else if (!s.host && near_text(&s, near, sizeof near))
    snprintf(buf + used, len - used, "it is %s", near);
  pthread_mutex_unlock(&label_lock);
  return buf;
}

int accgpu_emu_label_kind(struct accgpu_dev *dev, uintptr_t a) {
  pthread_mutex_lock(&label_lock);
  label_search s = label_find(dev, a);
  int kind = s.in && !s.host ? s.in->kind : EMU_LABEL_NONE;
  pthread_mutex_unlock(&label_lock);
  return kind;
}

/* The end of a report on device address BAD of DEV (STATE: shadow_state),
   the access starting at A: ": BAD is STATE; what A is in", or where BAD
   lies against its neighbours. */
static void device_tail(struct accgpu_dev *dev, uintptr_t a, uintptr_t bad,
                        const char *state, char *buf, size_t len) {
  char near[640];
  int redzone = dev->shadow[(bad - (uintptr_t)dev->base) / GRANULE] ==
                EMU_SH_REDZONE;
  pthread_mutex_lock(&label_lock);
  label_search s = label_find(dev, a);
  int k = snprintf(buf, len, ": %p is ", (void *)bad);
  if (k < 0 || (size_t)k >= len) {
    pthread_mutex_unlock(&label_lock);
    return;
  }
  buf += k, len -= (size_t)k;
  if (s.in || s.was) {
    k = snprintf(buf, len, "%s; ", state);
    if (k > 0 && (size_t)k < len)
      in_text(s.in ? s.in : s.was, a, 0, buf + k, len - (size_t)k);
  } else if (near_text(&s, near, sizeof near)) {
    snprintf(buf, len, "%s%s", strcmp(state, FREED_MEMORY) ? ""
                               : FREED_MEMORY ", ", near);
  } else {
    snprintf(buf, len, "%s; no mapped variable within %zu bytes of it",
             redzone ? "in a redzone outside every device allocation"
                     : state, (size_t)NEAR_BYTES);
  }
  pthread_mutex_unlock(&label_lock);
}

int accgpu_emu_where_text(const accgpu_emu_where *w, char *buf, size_t len) {
  const __accgpu_loc *l = w->g->loc;
  char at[256] = "";
  if (l && l->file)
    snprintf(at, sizeof at, " (%s at %s:%d in %s)",
             l->construct ? l->construct : "construct", l->file, l->line,
             l->func ? l->func : "?");
  return snprintf(buf, len, "kernel %s%s, block (%u,%u,%u), thread (%u,%u,%u)",
                  w->g->kernel, at, w->blk->block_idx.x, w->blk->block_idx.y,
                  w->blk->block_idx.z, w->thread.x, w->thread.y, w->thread.z);
}

/* 1 for an aligned 32-bit atomic of which some byte is allocated: CUDA
   code (ours too) updates an 8- or 16-bit variable with a CAS on the word
   that holds it, and a GPU's allocation granularity (256 bytes) makes the
   rest of the word harmless padding. */
static int subword_atomic(const struct accgpu_dev *dev, uintptr_t off,
                          size_t n, unsigned kind) {
  if (!(kind & 2) || n != 4 || off % 4 || off + 4 > dev->size)
    return 0;
  for (unsigned b = 0; b < 4; b++)
    if (first_bad(dev, off + b, 1) == (size_t)-1)
      return 1;
  return 0;
}

/* What kind of memory A is, when the thread may not touch it; NULL when
   it may.  Device memory of the launch's device is checked byte by byte;
   DETAIL gets what only we know. */
/* A pointer read from poisoned memory (0xff bytes), give or take an index
   (which may wrap it past 2^64 to a small address), or a null one. */
#define POISONED_POINTER ((uintptr_t)0 - ((uintptr_t)1 << 32))
#define NULL_PAGES ((uintptr_t)1 << 16)

/* [A, A+N) inside [LO, HI), without wrapping: a pointer read from poisoned
   memory is 0xff...ff, and A + N would wrap to a small number. */
static int span_within(uintptr_t a, size_t n, uintptr_t lo, uintptr_t hi) {
  return a >= lo && a <= hi && n <= hi - a;
}

/* [A, A+N) is in the __shared__ variables of a gang, worker or vector
   routine of another unit that IMG calls (their image's TLS block on this
   runner, which runs one block at a time). */
static int in_deps_shared(const accgpu_emu_image *img, uintptr_t a,
                          size_t n) {
  for (unsigned i = 0; img && i < img->ndeps; i++) {
    uintptr_t lo = accgpu_emu_tls_block(&img->deps[i]);
    if (lo && span_within(a, n, lo, lo + img->deps[i].tls_size))
      return 1;
  }
  return 0;
}

static const char *classify(const accgpu_emu_where *w, uintptr_t a, size_t n,
                            unsigned kind, uintptr_t *bad) {
  const __accgpu_emu_block *b = w->blk;
  struct accgpu_dev *dev = w->g->dev;
  *bad = a;
  if (dev && accgpu_emu_mem_owns(dev, (void *)a, 1)) {
    uintptr_t off = a - (uintptr_t)dev->base;
    if (!dev->shadow)
      return NULL;
    if (subword_atomic(dev, off, n, kind))
      return NULL;
    size_t o = first_bad(dev, off, n > dev->size - off ? dev->size - off : n);
    if (o == (size_t)-1)
      return n > dev->size - off ? PAST_DEVICE_MEMORY : NULL;
    *bad = (uintptr_t)dev->base + o;
    return shadow_state(dev, o);
  }
  if (a - w->slots < w->slots_len)
    return "the stack of another thread (local memory is private)";
  if (a - b->shared_lo < b->shared_len)
    return a - b->shared_lo + n <= b->shared_len ? NULL
                                                 : "past the end of shared memory";
  uintptr_t dyn = (uintptr_t)b->dyn_shared;
  if (a - dyn < EMU_SHARED_BYTES)
    return a - dyn + n <= b->dyn_len ? NULL
               : "dynamic shared memory beyond the launch's shared bytes";
  if (in_deps_shared(w->g->img, a, n))
    return NULL;
  /* Near the block's __shared__ (TLS) data: an index gone astray there. */
  if (b->shared_len &&
      a - (b->shared_lo - SHARED_NEAR) < b->shared_len + 2 * SHARED_NEAR)
    return "outside the block's __shared__ variables";
  if (a >= POISONED_POINTER || a < NULL_PAGES)
    return "not an address: a null pointer, or one read from device memory "
           "that was created but never written (uninitialized device memory "
           "reads as 0xff bytes), plus an index (create(p) of a pointer maps "
           "only the pointer: map what it points to, p[0:n])";
  const accgpu_emu_image *img = w->g->img;
  if (!img)
    return NULL; /* hand-written kernels are not checked */
  if (span_within(a, n, img->lo, img->hi))
    return NULL; /* the module's own constants */
  for (unsigned i = 0; i < img->ndeps; i++)
    if (span_within(a, n, img->deps[i].lo, img->deps[i].hi))
      return NULL; /* those of a unit whose routines it calls */
  return HOST_MEMORY;
}

int accgpu_emu_memcheck(const accgpu_emu_where *w, uintptr_t a, size_t n,
                        unsigned kind, char *buf, size_t len) {
  uintptr_t bad;
  struct accgpu_dev *dev = w->g->dev;
  const char *what = classify(w, a, n, kind, &bad);
  if (!what)
    return 0;
  int k = snprintf(buf, len, "memcheck: invalid %s%s of %zu bytes at %p by ",
                   kind & 2 ? "atomic " : "", kind & 1 ? "write" : "read", n,
                   (void *)a);
  if (k > 0 && (size_t)k < len)
    k += accgpu_emu_where_text(w, buf + k, len - (size_t)k);
  if (k < 0 || (size_t)k >= len)
    return -1;
  if (dev && dev->shadow && accgpu_emu_mem_owns(dev, (void *)bad, 1) &&
      strcmp(what, PAST_DEVICE_MEMORY)) {
    device_tail(dev, a, bad, what, buf + k, len - (size_t)k);
    return -1;
  }
  k += snprintf(buf + k, len - (size_t)k, ": %p is %s", (void *)bad, what);
  if (k > 0 && (size_t)k < len && dev) {
    size_t at = (size_t)k;
    buf[at] = '\0';
    snprintf(buf + at, len - at, "; ");
    accgpu_emu_describe(dev, a, buf, len);
    if (strlen(buf) == at + 2) {
      buf[at] = '\0'; /* nothing known */
      if (!strcmp(what, HOST_MEMORY))
        snprintf(buf + at, len - at,
                 " (a pointer used without a data clause, or in one without "
                 "a range such as copyin(p), maps only the pointer: map what "
                 "it points to, p[0:n]; or a host address given as device "
                 "memory, to deviceptr or acc_map_data)");
    }
  }
  return -1;
}

int accgpu_emu_atomic_local(const accgpu_emu_where *w, uintptr_t a, size_t n,
                            unsigned kind, int own, char *buf, size_t len) {
  if (!(kind & 2) || (!own && a - w->slots >= w->slots_len))
    return 0;
  const char *op = (kind & 4) ? "relaxed load" : (kind & 8) ? "relaxed store"
                                                            : "atomic";
  int k = snprintf(buf, len, "atomic check: %s of %zu bytes at %p by ", op, n,
                   (void *)a);
  if (k > 0 && (size_t)k < len)
    k += accgpu_emu_where_text(w, buf + k, len - (size_t)k);
  if (k > 0 && (size_t)k < len)
    snprintf(buf + k, len - (size_t)k,
             ": atomic on a thread's local memory (a GPU faults: "
             "\"unspecified launch failure\"; CUDA's atomics work on global "
             "and shared memory only): %s, such as a local passed by address "
             "to a routine that updates it atomically",
             own ? "the address is on the thread's own stack"
                 : "the address is on another thread's stack");
  return -1;
}
