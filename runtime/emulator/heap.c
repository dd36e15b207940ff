/* heap.c — the device heap of kernels' malloc and free, as CUDA has one.
 *
 * Each device's heap is ACCGPU_DEVICE_HEAP bytes (default 8 MiB, CUDA's
 * cudaLimitMallocHeapSize) of its own memory, taken on the first malloc
 * and kept until the device closes: a block malloc'd by one kernel stays
 * valid in later ones until some kernel frees it.  malloc returns NULL
 * when the heap has no room for the block.  Blocks are 16-byte aligned and
 * come from an arena (memory.c), kept on the host side.
 *
 * Checks (stricter than a GPU, which says nothing): under memcheck each
 * block is a labelled allocation with a redzone after it, so accesses past
 * its end or after its free stop the kernel with a report naming the
 * block's malloc; the arena hands freed ranges out again as late as it
 * can, and racecheck forgets what was done in a range before its malloc.
 * free of a block already freed, or of a pointer malloc did not return,
 * stops the kernel with a report (always).  Blocks still live when the
 * device closes are not reported (a GPU does not either). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"

#define HEAP_ALIGN 16u   /* what CUDA's malloc guarantees */
#define HEAP_REDZONE 16u /* after each block, under memcheck */
#define POISON 0xff      /* fresh blocks, as fresh device memory (memory.c) */

/* Where blocks were malloc'd or freed, interned: "malloc at f.c:12 in
   kernel K" names a block in reports, and labels keep the pointer. */
typedef struct heap_site {
  struct heap_site *next;
  char text[];
} heap_site;

typedef struct heap_block {
  size_t bytes;
  const heap_site *at, *freed_at; /* malloc; free (NULL while live) */
} heap_block;

struct emu_heap {
  pthread_mutex_t lock; /* guards all below */
  size_t limit;         /* bytes (ACCGPU_DEVICE_HEAP) */
  int state;            /* 0: not taken yet; 1: taken; -1: no room for it */
  accgpu_emu_arena arena;
  accgpu_ptrmap blocks; /* block address -> heap_block, live or freed */
  heap_site *sites;
};

void accgpu_emu_heap_init(struct accgpu_dev *dev) {
  struct emu_heap *h = calloc(1, sizeof *h);
  dev->heap = h;
  if (!h)
    return; /* every malloc returns NULL */
  pthread_mutex_init(&h->lock, NULL);
  h->limit = accgpu_device_heap(NULL);
  accgpu_ptrmap_init(&h->blocks);
}

static void block_free(uintptr_t key, uintptr_t val, void *ctx) {
  (void)key, (void)ctx;
  free((void *)val);
}

void accgpu_emu_heap_fini(struct accgpu_dev *dev) {
  struct emu_heap *h = dev->heap;
  if (!h)
    return;
  accgpu_ptrmap_each(&h->blocks, block_free, NULL);
  accgpu_ptrmap_fini(&h->blocks);
  if (h->state == 1)
    accgpu_emu_arena_fini(&h->arena);
  while (h->sites) {
    heap_site *n = h->sites->next;
    free(h->sites);
    h->sites = n;
  }
  pthread_mutex_destroy(&h->lock);
  free(h);
  dev->heap = NULL;
}

/* The heap's range of device memory, taken on first use (heap lock held):
   0, or -1 when the device has no room for it. */
static int heap_take(struct accgpu_dev *dev, struct emu_heap *h) {
  if (h->state)
    return h->state > 0 ? 0 : -1;
  size_t need;
  pthread_mutex_lock(&dev->lock);
  uintptr_t base = accgpu_emu_arena_take(&dev->mem, h->limit, &need);
  pthread_mutex_unlock(&dev->lock);
  h->state = -1;
  if (!base)
    return -1;
  if (accgpu_emu_arena_init(&h->arena, base, h->limit, HEAP_ALIGN,
                            dev->shadow != NULL) != 0) {
    accgpu_emu_mem_free(dev, (void *)base);
    return -1;
  }
  /* Not a variable: nothing in it may be touched until malloc'd. */
  accgpu_emu_mem_mark(dev, (void *)base, need, ACCGPU_MEM_SPARE);
  h->state = 1;
  return 0;
}

/* The interned "VERB at FILE:LINE in kernel K" (heap lock held); NULL
   when out of host memory. */
static const heap_site *site_of(struct emu_heap *h, const char *verb,
                                const accgpu_emu_where *w, const char *file,
                                unsigned line) {
  char text[512];
  snprintf(text, sizeof text, "%s at %s:%u in kernel %s", verb,
           file ? file : "?", line, w->g->kernel);
  for (heap_site *s = h->sites; s; s = s->next)
    if (!strcmp(s->text, text))
      return s;
  heap_site *s = malloc(sizeof *s + strlen(text) + 1);
  if (!s)
    return NULL;
  strcpy(s->text, text);
  s->next = h->sites;
  h->sites = s;
  return s;
}

/* A record for the block at A of N bytes, replacing that of a freed block
   there (heap lock held). */
static heap_block *block_new(struct emu_heap *h, uintptr_t a, size_t n,
                             const heap_site *at) {
  heap_block *b = malloc(sizeof *b);
  uintptr_t old;
  if (!b)
    return NULL;
  *b = (heap_block){n, at, NULL};
  if (accgpu_ptrmap_del(&h->blocks, a, &old))
    free((void *)old);
  if (accgpu_ptrmap_put(&h->blocks, a, (uintptr_t)b) != 0) {
    free(b);
    return NULL;
  }
  return b;
}

void *accgpu_emu_heap_alloc(const accgpu_emu_where *w, size_t n,
                            const char *file, unsigned line) {
  struct accgpu_dev *dev = w->g->dev;
  struct emu_heap *h = dev ? dev->heap : NULL;
  size_t red = dev && dev->shadow ? HEAP_REDZONE : 0, need;
  if (!h || n > SIZE_MAX - red)
    return NULL;
  pthread_mutex_lock(&h->lock);
  uintptr_t a = heap_take(dev, h) ? 0
                                  : accgpu_emu_arena_take(&h->arena, n + red,
                                                          &need);
  const heap_site *at = a ? site_of(h, "malloc", w, file, line) : NULL;
  if (a && (!at || !block_new(h, a, n, at))) {
    accgpu_emu_arena_give(&h->arena, a);
    a = 0;
  }
  if (a) {
    memset((void *)a, POISON, need);
    accgpu_emu_mem_mark(dev, (void *)a, n, ACCGPU_MEM_LIVE);
    accgpu_emu_mem_mark(dev, (char *)a + n, need - n, ACCGPU_MEM_REDZONE);
    accgpu_emu_mem_label(dev, (void *)a, n, NULL, at->text);
    accgpu_emu_race_forget(dev, (void *)a, need);
  }
  pthread_mutex_unlock(&h->lock);
  return (void *)a;
}

/* The report on free(P) that is no live block's (heap lock held). */
static void bad_free(const accgpu_emu_where *w, struct emu_heap *h, void *p,
                     const heap_site *at, char *buf, size_t len) {
  uintptr_t v;
  const heap_block *b = accgpu_ptrmap_get(&h->blocks, (uintptr_t)p, &v)
                            ? (const heap_block *)v : NULL;
  int k = snprintf(buf, len, "memcheck: invalid free(%p) by ", p);
  if (k > 0 && (size_t)k < len)
    k += accgpu_emu_where_text(w, buf + k, len - (size_t)k);
  if (k < 0 || (size_t)k >= len)
    return;
  if (b) {
    snprintf(buf + k, len - (size_t)k, ", %s: double free of the %zu-byte "
             "block of %s, already freed by %s", at ? at->text : "free",
             b->bytes, b->at->text, b->freed_at ? b->freed_at->text : "?");
    return;
  }
  k += snprintf(buf + k, len - (size_t)k, ", %s: %p is not a block device "
                "malloc returned", at ? at->text : "free", p);
  if (k > 0 && (size_t)k < len && w->g->dev &&
      accgpu_emu_mem_owns(w->g->dev, p, 1)) {
    snprintf(buf + k, len - (size_t)k, "; ");
    accgpu_emu_describe(w->g->dev, (uintptr_t)p, buf, len);
  }
}

int accgpu_emu_heap_free(const accgpu_emu_where *w, void *p, const char *file,
                         unsigned line, char *buf, size_t len) {
  struct accgpu_dev *dev = w->g->dev;
  struct emu_heap *h = dev ? dev->heap : NULL;
  uintptr_t v;
  if (!p)
    return 0;
  if (!h) {
    snprintf(buf, len, "memcheck: invalid free(%p): the device has no heap",
             p);
    return -1;
  }
  pthread_mutex_lock(&h->lock);
  const heap_site *at = site_of(h, "free", w, file, line);
  heap_block *b = accgpu_ptrmap_get(&h->blocks, (uintptr_t)p, &v)
                      ? (heap_block *)v : NULL;
  size_t size = b && !b->freed_at
                    ? accgpu_emu_arena_give(&h->arena, (uintptr_t)p) : 0;
  if (!size) {
    bad_free(w, h, p, at, buf, len);
    pthread_mutex_unlock(&h->lock);
    return -1;
  }
  b->freed_at = at ? at : b->at;
  accgpu_emu_mem_mark(dev, p, size, ACCGPU_MEM_FREED);
  pthread_mutex_unlock(&h->lock);
  return 0;
}
