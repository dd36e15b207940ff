/* rd.h — LRU reuse (stack) distance in O(log n) per access.
 *
 * Bennett-Kruskal / Olken: each distinct key keeps the timestamp of its last
 * access; a set of timestamps marks every "last access".  The distance of an
 * access is the number of marks after the key's previous timestamp.  The
 * marks are a bitmap (64 timestamps a word) under a Fenwick tree of the
 * words' counts, so a count is two popcounts plus a tree walk over
 * distance / 64 words.  Timestamps are renumbered (compacted) when they run
 * out, so the timestamp space stays at most twice the number of distinct
 * keys.  Keys live in an open-addressing hash table of buckets, one per
 * group of 8 consecutive keys (GPU traces touch neighbouring lines and
 * sectors): one probe serves the group. */
#ifndef ACCGPU_TUNE_RD_H
#define ACCGPU_TUNE_RD_H 1

#include <stdint.h>

#define ACCGPU_RD_INF UINT64_MAX

/* One host cache line: a probe touches one line. */
typedef struct accgpu_rd_bucket {
  uint64_t group;     /* (key >> 3) + 1; 0 = empty */
  uint32_t ts[8];     /* last access of key group*8+i; RD_NONE = not held */
  uint8_t aux[8];     /* caller's data per key */
  uint8_t pad[16];
} accgpu_rd_bucket;

typedef struct accgpu_rd {
  accgpu_rd_bucket *tab; /* open-addressing hash table of groups */
  uint32_t hmask, hcount;
  uint64_t *mark;     /* bit t: timestamp t is some key's last access */
  uint32_t *fen;      /* Fenwick tree (1-based) over popcounts of MARK */
  uint32_t *slot_at;  /* timestamp -> tab index * 8 + i (valid if marked) */
  uint32_t tcap, now, live;
  uint32_t cap;       /* 0, or the capacity set by accgpu_rd_set_cap */
  uint32_t low;       /* timestamps below are all dead (capped engine) */
  int lazy;           /* accgpu_rd_hit with at most CAP keys seen: the
                         table holds timestamps, no marks or slot_at */
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
/* Hints that KEY will be accessed soon: loads its hash bucket into the
 * host's cache.  Returns nothing; changes nothing. */
void accgpu_rd_prefetch(const accgpu_rd *rd, uint64_t key);
/* Records an access to KEY.  Returns the number of distinct other keys
 * accessed since KEY's previous access, or ACCGPU_RD_INF on first access
 * (or when memory ran out growing the tables). */
uint64_t accgpu_rd_access(accgpu_rd *rd, uint64_t key);
/* As accgpu_rd_access; *AUX points to the key's 8 bits of caller data (0
 * for a new key), valid until the next access. */
uint64_t accgpu_rd_access_aux(accgpu_rd *rd, uint64_t key, uint8_t **aux);
/* For a capped engine: records an access to KEY and returns 1 when its
 * reuse distance is below the cap (a hit in a fully associative LRU cache
 * of CAP entries), else 0.  As long as at most CAP distinct keys were seen
 * since the engine was fresh every reuse is a hit, so the engine only
 * stamps keys in its table then and orders them when key CAP + 1 arrives.
 * Distances of no more timestamps than the cap are not counted either.
 * AUX (may be NULL) as in accgpu_rd_access_aux.  Without a cap (or one
 * of 2^30 or more, which set_cap drops): 1 for every reuse, as no trace
 * here holds that many keys. */
int accgpu_rd_hit(accgpu_rd *rd, uint64_t key, uint8_t **aux);

#endif
