/* host-blocks.c — what acc_malloc gave out on a device that shares the
 * host's memory (host, multicore), where it is plain malloc.  acc_free of
 * anything else, and an acc_memcpy_* that runs past the end of such a
 * block, are errors naming the routine, as the emulator's memcheck makes
 * them; before, glibc aborted ("free(): invalid pointer") or the copy
 * overwrote the heap.
 *
 * Also what acc_free freed, on every device, so that freeing a pointer a
 * second time is called a double free rather than "not allocated by
 * acc_malloc" (which made users look for a wrong pointer).            */
#include "core.h"
#include "hashmap/ptrmap.h"

static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static accgpu_ptrmap blocks; /* start -> bytes */

void accgpu_host_block_add(void *p, size_t bytes) {
  pthread_mutex_lock(&blocks_lock);
  int rc = accgpu_ptrmap_put(&blocks, (uintptr_t)p, bytes);
  pthread_mutex_unlock(&blocks_lock);
  if (rc != 0)
    accgpu_fatal(NULL, "acc_malloc: out of host memory");
}

int accgpu_host_block_take(void *p) {
  pthread_mutex_lock(&blocks_lock);
  int found = accgpu_ptrmap_del(&blocks, (uintptr_t)p, NULL);
  pthread_mutex_unlock(&blocks_lock);
  return found ? 0 : -1;
}

static size_t host_block_size(const void *p) {
  uintptr_t bytes = 0;
  pthread_mutex_lock(&blocks_lock);
  accgpu_ptrmap_get(&blocks, (uintptr_t)p, &bytes);
  pthread_mutex_unlock(&blocks_lock);
  return bytes;
}

void accgpu_host_block_check(const char *who, const void *p, size_t bytes) {
  size_t have = host_block_size(p);
  if (have && bytes > have)
    accgpu_fatal(NULL, "%s: %zu bytes at %p run past the end of the %zu "
                 "bytes acc_malloc gave there", who, bytes, p, have);
}

/* Addresses acc_free freed and nothing reused since.  A pointer acc_malloc
   hands out again is forgotten; past FREED_MAX addresses all are (a program
   freeing that many distinct ones loses only the better message). */
#define FREED_MAX 65536u
static accgpu_ptrmap freed;

void accgpu_acc_freed_note(const void *p) {
  pthread_mutex_lock(&blocks_lock);
  if (freed.count >= FREED_MAX) {
    accgpu_ptrmap_fini(&freed);
    accgpu_ptrmap_init(&freed);
  }
  accgpu_ptrmap_put(&freed, (uintptr_t)p, 1); /* out of memory: no record */
  pthread_mutex_unlock(&blocks_lock);
}

void accgpu_acc_freed_forget(const void *p) {
  pthread_mutex_lock(&blocks_lock);
  accgpu_ptrmap_del(&freed, (uintptr_t)p, NULL);
  pthread_mutex_unlock(&blocks_lock);
}

static int acc_freed_was(const void *p) {
  uintptr_t one;
  pthread_mutex_lock(&blocks_lock);
  int was = accgpu_ptrmap_get(&freed, (uintptr_t)p, &one);
  pthread_mutex_unlock(&blocks_lock);
  return was;
}

_Noreturn void accgpu_acc_free_bad(const void *p, const char *dev) {
  if (acc_freed_was(p))
    accgpu_fatal(NULL, "acc_free: double free of %p on %s: acc_free already "
                 "freed it", p, dev);
  accgpu_fatal(NULL, "acc_free: %p was not allocated by acc_malloc on %s", p,
               dev);
}
