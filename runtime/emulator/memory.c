/* memory.c — device memory of the emulator.
 *
 * Each device reserves its own region of address space (mmap, no swap
 * reservation: pages cost memory only once touched), so a device address
 * never aliases host memory nor another device's memory.  Allocations are
 * first-fit over an address-ordered chunk list kept on the host side (a
 * kernel writing out of bounds cannot corrupt it); the core pools device
 * memory, so the list stays short.  Fresh allocations are filled with
 * 0xff bytes (NaN as float/double, -1 as integers), so reading memory that
 * was never copied in gives visibly wrong results, as on a GPU.  Under
 * memcheck the search is next-fit from the last allocation instead, so a
 * freed range is not handed out again until the cursor comes round (the
 * region is large address space): a kernel using freed memory faults.
 * The same allocator (an arena) carves the device heap of kernels' malloc
 * out of one such allocation (heap.c). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "emu.h"

#define ALIGN 256u         /* cudaMalloc aligns to at least 256 bytes */
#define POISON 0xff
#define RELEASE_MIN (1u << 20) /* give pages of big freed chunks back */

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

int accgpu_emu_arena_init(accgpu_emu_arena *a, uintptr_t base, size_t size,
                          size_t align, int next_fit) {
  accgpu_emu_chunk *c = calloc(1, sizeof *c);
  if (!c)
    return -1;
  c->addr = base;
  c->size = size;
  *a = (accgpu_emu_arena){base, size, 0, align, c, NULL, next_fit};
  return 0;
}

void accgpu_emu_arena_fini(accgpu_emu_arena *a) {
  accgpu_emu_chunk *c = a->chunks;
  while (c) {
    accgpu_emu_chunk *n = c->next;
    free(c);
    c = n;
  }
  a->chunks = NULL;
}

/* Splits BYTES off the front of free chunk C; returns 0, or -1 when no
   node could be allocated. */
static int split(accgpu_emu_chunk *c, size_t bytes) {
  if (c->size == bytes)
    return 0;
  accgpu_emu_chunk *rest = calloc(1, sizeof *rest);
  if (!rest)
    return -1;
  rest->addr = c->addr + bytes;
  rest->size = c->size - bytes;
  rest->prev = c;
  rest->next = c->next;
  if (c->next)
    c->next->prev = rest;
  c->next = rest;
  c->size = bytes;
  return 0;
}

/* A free chunk of at least NEED bytes: first fit, or next fit from the
   cursor. */
static accgpu_emu_chunk *find_free(accgpu_emu_arena *a, size_t need) {
  accgpu_emu_chunk *start = a->next_fit && a->cursor ? a->cursor : a->chunks;
  for (accgpu_emu_chunk *c = start; c; c = c->next)
    if (!c->used && c->size >= need)
      return c;
  for (accgpu_emu_chunk *c = a->chunks; c && c != start; c = c->next)
    if (!c->used && c->size >= need)
      return c;
  return NULL;
}

/* Merges free chunk C with its free successor. */
static void merge_next(accgpu_emu_chunk *c) {
  accgpu_emu_chunk *n = c->next;
  if (!n || n->used)
    return;
  c->size += n->size;
  c->next = n->next;
  if (n->next)
    n->next->prev = c;
  free(n);
}

/* Merges every run of free chunks, the cursor's too (give leaves that one
   apart): when no single chunk fits a request. */
static void coalesce(accgpu_emu_arena *a) {
  for (accgpu_emu_chunk *c = a->chunks; c; c = c->next)
    while (!c->used && c->next && !c->next->used) {
      if (a->cursor == c->next)
        a->cursor = c;
      merge_next(c);
    }
}

uintptr_t accgpu_emu_arena_take(accgpu_emu_arena *a, size_t bytes,
                                size_t *need) {
  *need = round_up(bytes ? bytes : 1, a->align);
  if (bytes > a->size)
    return 0;
  accgpu_emu_chunk *c = find_free(a, *need);
  if (!c) {
    coalesce(a);
    c = find_free(a, *need);
  }
  if (!c || split(c, *need) != 0)
    return 0;
  c->used = 1;
  a->used += *need;
  if (a->next_fit)
    a->cursor = c->next;
  return c->addr;
}

size_t accgpu_emu_arena_give(accgpu_emu_arena *a, uintptr_t addr) {
  accgpu_emu_chunk *c = a->chunks;
  while (c && c->addr != addr)
    c = c->next;
  if (!c || !c->used)
    return 0;
  size_t size = c->size;
  c->used = 0;
  a->used -= size;
  /* Memory just freed is the last to be reused: it does not join the free
     chunk the cursor names (the next search's start), and a cursor on it
     moves past it. */
  int moved = a->cursor == c;
  if (c->next != a->cursor)
    merge_next(c);
  if (c->prev && !c->prev->used && c->prev != a->cursor) {
    c = c->prev;
    merge_next(c);
  }
  if (moved)
    a->cursor = c->next;
  return size;
}

int accgpu_emu_mem_init(struct accgpu_dev *dev, size_t bytes) {
  bytes = round_up(bytes ? bytes : ALIGN, 1u << 21);
  void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED ||
      accgpu_emu_arena_init(&dev->mem, (uintptr_t)m, bytes, ALIGN, 0) != 0) {
    accgpu_set_error(ACCGPU_ERR_NOMEM,
                     "emulator device %d: cannot reserve %zu bytes of device "
                     "memory (set ACCGPU_EMU_MEMORY lower)",
                     dev->ordinal, bytes);
    if (m != MAP_FAILED)
      munmap(m, bytes);
    return -1;
  }
  dev->base = m;
  dev->size = bytes;
  if (accgpu_emu_shadow_init(dev) != 0 || accgpu_emu_race_dev_init(dev) != 0 ||
      accgpu_emu_qrace_dev_init(dev) != 0) {
    accgpu_emu_shadow_fini(dev);
    accgpu_emu_race_dev_fini(dev);
    accgpu_emu_arena_fini(&dev->mem);
    munmap(m, bytes);
    return -1;
  }
  dev->mem.next_fit = dev->shadow != NULL;
  pthread_mutex_init(&dev->lock, NULL);
  accgpu_emu_heap_init(dev);
  return 0;
}

void accgpu_emu_mem_fini(struct accgpu_dev *dev) {
  accgpu_emu_heap_fini(dev);
  accgpu_emu_arena_fini(&dev->mem);
  accgpu_emu_shadow_fini(dev);
  accgpu_emu_race_dev_fini(dev);
  accgpu_emu_qrace_dev_fini(dev);
  if (dev->base)
    munmap(dev->base, dev->size);
  dev->base = NULL;
  pthread_mutex_destroy(&dev->lock);
}

int accgpu_emu_mem_alloc(struct accgpu_dev *dev, size_t bytes, void **dptr) {
  size_t need;
  pthread_mutex_lock(&dev->lock);
  uintptr_t a = accgpu_emu_arena_take(&dev->mem, bytes, &need);
  size_t free_b = dev->size - dev->mem.used;
  pthread_mutex_unlock(&dev->lock);
  if (!a) {
    if (bytes > dev->size)
      accgpu_set_error(ACCGPU_ERR_NOMEM,
                       "emulator device %d: out of memory allocating %zu "
                       "bytes (the device has %zu)",
                       dev->ordinal, bytes, dev->size);
    else
      accgpu_set_error(ACCGPU_ERR_NOMEM,
                       "emulator device %d: out of memory allocating %zu "
                       "bytes (%zu of %zu bytes free%s)",
                       dev->ordinal, bytes, free_b, dev->size,
                       free_b >= need ? ", none contiguous" : "");
    return -1;
  }
  memset((void *)a, POISON, need);
  accgpu_emu_mem_mark(dev, (void *)a, bytes, ACCGPU_MEM_LIVE);
  accgpu_emu_mem_mark(dev, (char *)a + bytes, need - bytes,
                      ACCGPU_MEM_REDZONE);
  *dptr = (void *)a;
  return 0;
}

/* Returns the physical pages of the whole pages inside [A, A+N), when
   that is worth a call. */
void accgpu_emu_release_pages(uintptr_t a, size_t n) {
  uintptr_t lo = round_up(a, 4096), hi = (a + n) & ~(uintptr_t)4095;
  if (n >= RELEASE_MIN && hi > lo)
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

int accgpu_emu_mem_free(struct accgpu_dev *dev, void *dptr) {
  if (!dptr)
    return 0;
  pthread_mutex_lock(&dev->lock);
  size_t size = accgpu_emu_arena_give(&dev->mem, (uintptr_t)dptr);
  if (size) { /* before the range can be handed out again */
    accgpu_emu_release_pages((uintptr_t)dptr, size);
    accgpu_emu_mem_mark(dev, dptr, size, ACCGPU_MEM_FREED);
  }
  pthread_mutex_unlock(&dev->lock);
  if (!size) {
    accgpu_set_error(ACCGPU_ERR_GENERIC,
                     "emulator device %d: free of %p, which is not an "
                     "allocation of this device",
                     dev->ordinal, dptr);
    return -1;
  }
  return 0;
}

int accgpu_emu_mem_info(struct accgpu_dev *dev, size_t *free_b,
                        size_t *total_b) {
  pthread_mutex_lock(&dev->lock);
  if (free_b)
    *free_b = dev->size - dev->mem.used;
  if (total_b)
    *total_b = dev->size;
  pthread_mutex_unlock(&dev->lock);
  return 0;
}

void *accgpu_emu_records(const struct accgpu_dev *dev, size_t bytes,
                         const char *what, const char *hint) {
  void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m != MAP_FAILED)
    return m;
  accgpu_set_error(ACCGPU_ERR_NOMEM,
                   "emulator device %d: cannot reserve %zu bytes of %s (set "
                   "ACCGPU_EMU_MEMORY lower%s)",
                   dev->ordinal, bytes, what, hint);
  return NULL;
}

int accgpu_emu_mem_owns(const struct accgpu_dev *dev, const void *p,
                        size_t bytes) {
  uintptr_t a = (uintptr_t)p, lo = (uintptr_t)dev->base;
  return a >= lo && a - lo <= dev->size && bytes <= dev->size - (a - lo);
}
