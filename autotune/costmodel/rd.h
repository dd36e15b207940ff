/* rd.h — LRU reuse (stack) distance in O(log n) per access.
 *
 * Bennett-Kruskal / Olken: each distinct key keeps the timestamp of its last
 * access; a Fenwick tree over timestamps holds a 1 at every "last access".
 * The distance of an access is the number of 1s after the key's previous
 * timestamp.  Timestamps are renumbered (compacted) when they run out, so
 * the tree stays at most twice the number of distinct keys. */
#ifndef ACCGPU_TUNE_RD_H
#define ACCGPU_TUNE_RD_H 1

#include <stdint.h>

#define ACCGPU_RD_INF UINT64_MAX

typedef struct accgpu_rd_slot {
  uint64_t key;       /* key + 1; 0 = empty */
  uint32_t ts;        /* timestamp of the last access */
  uint32_t aux;       /* caller's data (the L1 keeps valid sectors here) */
} accgpu_rd_slot;

typedef struct accgpu_rd {
  accgpu_rd_slot *tab; /* open-addressing hash table */
  uint32_t hmask, hcount;
  uint32_t *bit;      /* Fenwick tree, 1-based, tcap entries */
  uint32_t *slot_at;  /* timestamp -> hash slot, RD_DEAD if stale */
  uint32_t tcap, now, live;
  uint32_t cap;       /* 0, or the capacity set by accgpu_rd_set_cap */
  uint32_t low;       /* timestamps below are all dead (capped engine) */
} accgpu_rd;

/* Returns 0 or -1 when out of memory.  The engine owns its arrays. */
int accgpu_rd_init(accgpu_rd *rd);
void accgpu_rd_free(accgpu_rd *rd);
/* Forgets every key, keeping the allocations. */
void accgpu_rd_reset(accgpu_rd *rd);
/* Bounds the engine for a cache of CAP entries (0 = exact, the default):
 * a key with CAP or more distinct keys after its last access is forgotten
 * once 2 * CAP keys are held, so its next access reports ACCGPU_RD_INF instead
 * of its distance (>= CAP either way: the hit/miss answer is unchanged) and
 * the tables stay near 2 * CAP keys instead of every key ever seen. */
void accgpu_rd_set_cap(accgpu_rd *rd, uint32_t cap);
/* Hints that KEY will be accessed soon: loads its hash slot into the
 * host's cache.  Returns nothing; changes nothing. */
void accgpu_rd_prefetch(const accgpu_rd *rd, uint64_t key);
/* Records an access to KEY.  Returns the number of distinct other keys
 * accessed since KEY's previous access, or ACCGPU_RD_INF on first access
 * (or when memory ran out growing the tables). */
uint64_t accgpu_rd_access(accgpu_rd *rd, uint64_t key);
/* As accgpu_rd_access; *AUX points to the key's caller data (0 for a new
 * key), valid until the next access. */
uint64_t accgpu_rd_access_aux(accgpu_rd *rd, uint64_t key, uint32_t **aux);

#endif
