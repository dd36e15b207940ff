/* pool.h — pooled device memory of one device (seed 000: device malloc and
 * free cost tens of microseconds and free synchronizes, too slow to pay per
 * region).  Sizes up to ACCGPU_POOL_MAX are rounded to one of four classes
 * per power of two (at most 25% waste) and recycled through per-class free
 * lists; classes up to ACCGPU_POOL_SLAB_MAX are carved out of 1 MiB slabs,
 * so small maps cost no backend call at all.  Larger blocks go straight to
 * the backend.  When the backend runs out of memory the pool gives its
 * cached free blocks back and retries once.
 *
 * Under a checking backend (mem_mark: the emulator's memcheck) each block
 * gets a redzone after its bytes, the backend hears what every byte became
 * (live, redzone, spare, freed), and freed blocks wait in a quarantine of
 * ACCGPU_POOL_QUARANTINE bytes before reuse, so a kernel that reads a
 * variable after its region ended still faults.
 *
 * Thread safe: the pool lock is a leaf lock (nothing is taken under it), so
 * queue callbacks may free blocks from any thread.                       */
#ifndef ACCGPU_POOL_H
#define ACCGPU_POOL_H 1

#include <pthread.h>
#include <stddef.h>

#include "device.h"
#include "hashmap/ptrmap.h"

#define ACCGPU_POOL_MAX ((size_t)4 << 20)
#define ACCGPU_POOL_SLAB_MAX ((size_t)64 << 10)
#define ACCGPU_POOL_SLAB ((size_t)1 << 20)
#define ACCGPU_POOL_NCLASS 57
#define ACCGPU_POOL_QUARANTINE ((size_t)64 << 20)

typedef struct accgpu_pool_stack {
  void **p;
  size_t n, cap;
} accgpu_pool_stack;

typedef struct accgpu_pool {
  pthread_mutex_t lock;
  const accgpu_backend *be;
  struct accgpu_dev *dev;
  accgpu_mem_alloc_fn *alloc; /* be->mem_alloc, or host_alloc (staging) */
  accgpu_mem_free_fn *free_fn;
  accgpu_pool_stack free[ACCGPU_POOL_NCLASS];
  accgpu_pool_stack slabs; /* slab bases, freed at fini */
  accgpu_mem_mark_fn *mark; /* be->mem_mark for device memory, or NULL */
  accgpu_mem_redzone_fn *redzone; /* bytes after each block, or NULL */
  accgpu_pool_stack quarantine; /* freed pooled blocks, oldest first */
  size_t quarantine_head, quarantine_bytes;
  accgpu_ptrmap live;      /* device address -> (bytes << 1) | pooled */
  size_t live_bytes, cached_bytes, backend_allocs;
} accgpu_pool;

void accgpu_pool_init(accgpu_pool *p, const accgpu_backend *be,
                      struct accgpu_dev *dev);
/* The same over the backend's pinned host memory (host_alloc/host_free,
   which BE must have): the staging buffers of asynchronous uploads. */
void accgpu_pool_init_host(accgpu_pool *p, const accgpu_backend *be,
                           struct accgpu_dev *dev);
/* Gives every block back to the backend (live ones too). */
void accgpu_pool_fini(accgpu_pool *p);
/* Device memory of at least BYTES (> 0), or NULL with the backend's error
   left (accgpu_last_error).  The caller owns the block until _free. */
void *accgpu_pool_alloc(accgpu_pool *p, size_t bytes);
/* Returns 0, or -1 when DPTR did not come from _alloc. */
int accgpu_pool_free(accgpu_pool *p, void *dptr);
/* 1 when ADDR lies in a live block (a scan: for rare questions, such as
   whether an implicit section's address came from acc_malloc). */
int accgpu_pool_owns(accgpu_pool *p, const void *addr);
/* Bytes the pool holds for reuse (free lists and quarantine): free for the
   program, though the backend counts them as allocated. */
size_t accgpu_pool_idle_bytes(accgpu_pool *p);
/* Class size that BYTES rounds to (exposed for tests); BYTES when large. */
size_t accgpu_pool_round(size_t bytes);

#endif
