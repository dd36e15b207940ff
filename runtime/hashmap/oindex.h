/* oindex.h — ordered index uintptr_t -> pointer with floor search.
 *
 * Two levels: a sorted top array of leaves (each leaf's smallest key kept in
 * a contiguous array for a cache-friendly binary search) and leaves of up to
 * OI_LEAF sorted keys.  Lookup is two binary searches over contiguous keys;
 * insert/remove move at most OI_LEAF leaf slots plus nleaf top slots
 * (nleaf ~ n/48), so 10,000 mappings cost ~200 moves instead of the 10,000 a
 * flat sorted array needs.  Not thread safe: the owner's lock guards it.  */
#ifndef ACCGPU_OINDEX_H
#define ACCGPU_OINDEX_H 1

#include <stddef.h>
#include <stdint.h>

#define OI_LEAF 64

typedef struct accgpu_oi_leaf {
  unsigned n;
  uintptr_t key[OI_LEAF];
  void *val[OI_LEAF];
} accgpu_oi_leaf;

typedef struct accgpu_oindex {
  accgpu_oi_leaf **leaf;
  uintptr_t *min; /* min[i] == leaf[i]->key[0] */
  size_t nleaf, cap;
  size_t count;
} accgpu_oindex;

void accgpu_oindex_init(accgpu_oindex *oi);
void accgpu_oindex_fini(accgpu_oindex *oi);
/* Value of the largest key <= KEY, or NULL; *FOUND_KEY gets that key. */
void *accgpu_oindex_floor(const accgpu_oindex *oi, uintptr_t key,
                          uintptr_t *found_key);
/* Inserts KEY (must not be there).  Returns 0, or -1 when out of memory. */
int accgpu_oindex_insert(accgpu_oindex *oi, uintptr_t key, void *val);
/* Removes KEY; returns its value or NULL when absent. */
void *accgpu_oindex_remove(accgpu_oindex *oi, uintptr_t key);
/* Calls FN(val, ctx) on every value in key order; FN must not change OI. */
void accgpu_oindex_each(const accgpu_oindex *oi, void (*fn)(void *, void *),
                        void *ctx);

#endif
