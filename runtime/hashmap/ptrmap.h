/* ptrmap.h — open-addressing hash map from a nonzero uintptr_t key to a
 * uintptr_t value (linear probing, backward-shift deletion, no tombstones).
 * Used for exact-key tables: live pool blocks, async queues, module slots.
 * Not thread safe: the owner's lock guards it.                            */
#ifndef ACCGPU_PTRMAP_H
#define ACCGPU_PTRMAP_H 1

#include <stddef.h>
#include <stdint.h>

typedef struct accgpu_ptrmap_slot {
  uintptr_t key; /* 0 = empty */
  uintptr_t val;
} accgpu_ptrmap_slot;

typedef struct accgpu_ptrmap {
  accgpu_ptrmap_slot *slot;
  size_t mask; /* capacity - 1; capacity is a power of two or 0 */
  size_t count;
} accgpu_ptrmap;

void accgpu_ptrmap_init(accgpu_ptrmap *m);
void accgpu_ptrmap_fini(accgpu_ptrmap *m);
/* 1 and *VAL when KEY is there, else 0. */
int accgpu_ptrmap_get(const accgpu_ptrmap *m, uintptr_t key, uintptr_t *val);
/* Inserts or replaces; 0, or -1 when out of memory. */
int accgpu_ptrmap_put(accgpu_ptrmap *m, uintptr_t key, uintptr_t val);
/* 1 and *VAL (when VAL is not NULL) when KEY was removed, else 0. */
int accgpu_ptrmap_del(accgpu_ptrmap *m, uintptr_t key, uintptr_t *val);
/* Calls FN(key, val, ctx) for every pair; FN must not change M. */
void accgpu_ptrmap_each(const accgpu_ptrmap *m,
                        void (*fn)(uintptr_t, uintptr_t, void *), void *ctx);

#endif
