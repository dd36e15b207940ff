/* rd.c — reuse distance engine; see rd.h for the method. */
#include "rd.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define RD_NONE UINT32_MAX
#define RD_MIN_T (1u << 10) /* timestamps; a multiple of 64 */
#define RD_MIN_H (1u << 8)  /* buckets */

/* Bucket of group G: 8 consecutive groups (64 neighbouring keys) land in 8
 * consecutive buckets, 512 host bytes that the hardware prefetcher streams
 * in when a trace walks forward; the runs are spread by a 64-bit mix. */
static uint32_t rd_hash(uint64_t g, uint32_t mask) {
  uint64_t h = g >> 3;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (uint32_t)((h << 3) | (g & 7)) & mask;
}

/* The bucket of group G1 (key / 8 + 1), or the empty one where it goes. */
static uint32_t rd_find(const accgpu_rd *rd, uint64_t g1) {
  uint32_t h = rd_hash(g1, rd->hmask);
  while (rd->tab[h].group && rd->tab[h].group != g1)
    h = (h + 1) & rd->hmask;
  return h;
}

/* Tables of at least this many bytes are mapped, not allocated. */
#define RD_BIG ((size_t)2 << 20)

/* A zeroed table of N buckets, each on its own host cache line.  Big
 * tables are probed at random: they are mapped (already zero) on 2 MiB
 * pages where the host allows, so one TLB entry covers 32768 buckets. */
static accgpu_rd_bucket *rd_table(uint32_t n) {
  size_t bytes = (size_t)n * sizeof(accgpu_rd_bucket);
  if (bytes >= RD_BIG) {
    /* Over-map by a huge page so the table can start on one. */
    char *p = mmap(NULL, bytes + RD_BIG, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return NULL;
    size_t lead = (RD_BIG - (uintptr_t)p % RD_BIG) % RD_BIG;
    if (lead)
      munmap(p, lead);
    munmap(p + lead + bytes, RD_BIG - lead);
#ifdef MADV_HUGEPAGE
    madvise(p + lead, bytes, MADV_HUGEPAGE);
#endif
    return (accgpu_rd_bucket *)(p + lead);
  }
  accgpu_rd_bucket *t = aligned_alloc(64, bytes);
  if (t)
    memset(t, 0, bytes);
  return t;
}

static void rd_table_free(accgpu_rd_bucket *t, uint32_t n) {
  size_t bytes = (size_t)n * sizeof(accgpu_rd_bucket);
  if (bytes >= RD_BIG)
    munmap(t, bytes);
  else
    free(t);
}

int accgpu_rd_init(accgpu_rd *rd) {
  memset(rd, 0, sizeof *rd);
  rd->hmask = RD_MIN_H - 1;
  rd->tcap = RD_MIN_T;
  rd->tab = rd_table(RD_MIN_H);
  rd->mark = calloc(RD_MIN_T / 64, sizeof *rd->mark);
  rd->fen = calloc(RD_MIN_T / 64 + 1, sizeof *rd->fen);
  rd->slot_at = malloc(RD_MIN_T * sizeof *rd->slot_at);
  if (!rd->tab || !rd->mark || !rd->fen || !rd->slot_at) {
    accgpu_rd_free(rd);
    return -1;
  }
  return 0;
}

void accgpu_rd_free(accgpu_rd *rd) {
  if (rd->tab)
    rd_table_free(rd->tab, rd->hmask + 1);
  free(rd->mark);
  free(rd->fen);
  free(rd->slot_at);
  memset(rd, 0, sizeof *rd);
}

void accgpu_rd_reset(accgpu_rd *rd) {
  memset(rd->tab, 0, ((size_t)rd->hmask + 1) * sizeof *rd->tab);
  memset(rd->mark, 0, (size_t)(rd->tcap / 64) * sizeof *rd->mark);
  memset(rd->fen, 0, ((size_t)rd->tcap / 64 + 1) * sizeof *rd->fen);
  rd->hcount = rd->now = rd->live = rd->low = 0;
  rd->lazy = 0;
}

/* Caps beyond 2^30 keys would overflow 2 * CAP: those run exact. */
void accgpu_rd_set_cap(accgpu_rd *rd, uint32_t cap) {
  rd->cap = cap < (1u << 30) ? cap : 0;
}

/* Without -mpopcnt GCC calls a library routine: a branch-free count. */
static uint32_t rd_popcount(uint64_t x) {
#ifdef __POPCNT__
  return (uint32_t)__builtin_popcountll(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (uint32_t)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* ---- Fenwick tree over the words of the mark bitmap -------------------- */

/* The tree covers the words before the current one (NOW / 64) only:
 * marks in the current word change without touching it, and node J is
 * built from its children when word J-1 completes.  A cleared mark in an
 * earlier word is taken off the built nodes above it: up to the current
 * word, so the cost grows with log(distance), not log(n). */
static void fen_remove(uint32_t *fen, uint32_t w, uint32_t cur) {
  for (uint32_t j = w + 1; j <= cur; j += j & -j)
    fen[j]--;
}

/* Builds node J (1-based) once word J-1 is complete. */
static void fen_close(uint32_t *fen, const uint64_t *mark, uint32_t j) {
  uint32_t sum = rd_popcount(mark[j - 1]);
  for (uint32_t k = 1; k < (j & -j); k <<= 1)
    sum += fen[j - k];
  fen[j] = sum;
}

/* Sum of words A+1 .. B: the two prefix walks stop where they meet. */
static uint32_t fen_range(const uint32_t *fen, uint32_t a, uint32_t b) {
  uint32_t i = a + 1, j = b + 1, s = 0;
  while (i != j) {
    if (j > i) {
      s += fen[j];
      j &= j - 1;
    } else {
      s -= fen[i];
      i &= i - 1;
    }
  }
  return s;
}

/* Marks strictly between timestamps OLD and NOW. */
static uint32_t rd_count(const accgpu_rd *rd, uint32_t old, uint32_t now) {
  uint32_t ow = old >> 6, nw = now >> 6;
  uint64_t above = ~((2ull << (old & 63)) - 1), below = (1ull << (now & 63)) - 1;
  if (ow == nw)
    return rd_popcount(rd->mark[ow] & above & below);
  return rd_popcount(rd->mark[ow] & above) +
         fen_range(rd->fen, ow, nw - 1) +
         rd_popcount(rd->mark[nw] & below);
}

/* ---- hash table -------------------------------------------------------- */

/* Points the timestamps of bucket I's keys at I (after a move). */
static void rd_relink(accgpu_rd *rd, uint32_t i) {
  if (rd->lazy)
    return; /* no slot_at yet */
  for (uint32_t l = 0; l < 8; l++)
    if (rd->tab[i].ts[l] != RD_NONE)
      rd->slot_at[rd->tab[i].ts[l]] = i * 8 + l;
}

static void rd_move(accgpu_rd *rd, uint32_t to, uint32_t from) {
  rd->tab[to] = rd->tab[from];
  rd_relink(rd, to);
}

/* Doubles the hash table; slot_at follows the keys.  Returns 0 / -1. */
static int rd_rehash(accgpu_rd *rd) {
  uint32_t ncap = (rd->hmask + 1) * 2, nmask = ncap - 1;
  accgpu_rd_bucket *nt = rd_table(ncap);
  if (!nt)
    return -1;
  for (uint32_t i = 0; i <= rd->hmask; i++) {
    if (!rd->tab[i].group)
      continue;
    uint32_t h = rd_hash(rd->tab[i].group, nmask);
    while (nt[h].group)
      h = (h + 1) & nmask;
    nt[h] = rd->tab[i];
  }
  rd_table_free(rd->tab, rd->hmask + 1);
  rd->tab = nt;
  rd->hmask = nmask;
  for (uint32_t i = 0; i <= nmask; i++)
    if (nt[i].group)
      rd_relink(rd, i);
  return 0;
}

/* Empties bucket I by backward shift (linear probing keeps no
 * tombstones); buckets that move take their keys' slot_at along. */
static void rd_delete(accgpu_rd *rd, uint32_t i) {
  uint32_t m = rd->hmask;
  for (uint32_t j = (i + 1) & m; rd->tab[j].group; j = (j + 1) & m) {
    uint32_t home = rd_hash(rd->tab[j].group, m);
    /* J's bucket may fill the hole at I unless its home lies in (I, J]. */
    if (((j - home) & m) >= ((j - i) & m)) {
      rd_move(rd, i, j);
      i = j;
    }
  }
  rd->tab[i].group = 0;
  rd->hcount--;
}

static int rd_bucket_empty(const accgpu_rd_bucket *b) {
  uint32_t all = RD_NONE;
  for (int l = 0; l < 8; l++)
    all &= b->ts[l];
  return all == RD_NONE;
}

/* The next marked timestamp from TS on (NOW if none). */
static uint32_t rd_next_mark(const accgpu_rd *rd, uint32_t ts) {
  while (ts < rd->now) {
    uint64_t w = rd->mark[ts >> 6] >> (ts & 63);
    if (w)
      return ts + (uint32_t)__builtin_ctzll(w);
    ts = (ts | 63) + 1;
  }
  return rd->now;
}

/* Capped engine: forgets the oldest keys beyond CAP (their distance is at
 * least CAP already and only grows).  Their marks stay until the next
 * compaction: they lie before every key still held, so they cancel out of
 * every range that is queried. */
static void rd_forget(accgpu_rd *rd) {
  uint32_t ts = rd->low;
  while (rd->live > rd->cap && (ts = rd_next_mark(rd, ts)) < rd->now) {
    uint32_t s = rd->slot_at[ts++];
    rd->tab[s >> 3].ts[s & 7] = RD_NONE;
    rd->live--;
    if (rd_bucket_empty(&rd->tab[s >> 3]))
      rd_delete(rd, s >> 3);
  }
  rd->low = ts;
}

/* Grows the timestamp space until NEED live timestamps fill at most half
 * of it.  Returns 0 / -1. */
static int rd_grow(accgpu_rd *rd, uint32_t need) {
  uint32_t ncap = rd->tcap;
  while ((uint64_t)need * 2 > ncap)
    ncap *= 2;
  if (ncap == rd->tcap)
    return 0;
  uint32_t nw = ncap / 64;
  uint64_t *nm = realloc(rd->mark, (size_t)nw * sizeof *nm);
  if (!nm)
    return -1;
  rd->mark = nm;
  uint32_t *nf = realloc(rd->fen, ((size_t)nw + 1) * sizeof *nf);
  if (!nf)
    return -1;
  rd->fen = nf;
  uint32_t *ns = realloc(rd->slot_at, (size_t)ncap * sizeof *ns);
  if (!ns)
    return -1;
  rd->slot_at = ns;
  rd->tcap = ncap;
  return 0;
}

/* Marks timestamps 0..J-1 live, J the next one. */
static void rd_rebuild(accgpu_rd *rd, uint32_t j) {
  uint32_t nw = rd->tcap / 64;
  memset(rd->mark, 0xff, (size_t)(j / 64) * sizeof *rd->mark);
  memset(rd->mark + j / 64, 0, (size_t)(nw - j / 64) * sizeof *rd->mark);
  if (j % 64)
    rd->mark[j / 64] = (1ull << (j % 64)) - 1;
  /* Linear Fenwick build over the complete words (all full). */
  uint32_t m = j / 64;
  memset(rd->fen, 0, ((size_t)m + 1) * sizeof *rd->fen);
  for (uint32_t i = 1; i <= m; i++) {
    rd->fen[i] += 64;
    uint32_t p = i + (i & -i);
    if (p <= m)
      rd->fen[p] += rd->fen[i];
  }
  rd->now = j;
  rd->low = 0;
}

/* Renumbers live timestamps 0..live-1 in order, growing the timestamp space
 * when more than half of it is live.  Returns 0 / -1. */
static int rd_compact(accgpu_rd *rd) {
  uint32_t j = 0;
  for (uint32_t ts = rd->low; (ts = rd_next_mark(rd, ts)) < rd->now; ts++) {
    uint32_t s = rd->slot_at[ts];
    rd->tab[s >> 3].ts[s & 7] = j;
    rd->slot_at[j++] = s;
  }
  /* Out of memory: still consistent in the old space (j <= tcap). */
  int rc = rd_grow(rd, j);
  rd_rebuild(rd, j);
  return rc;
}

/* Sorts N (timestamp << 32 | slot) entries of A by timestamp (all below
 * NOW): 11-bit digits, as many passes as NOW needs, TMP as scratch. */
static void rd_sort(uint64_t *a, uint64_t *tmp, uint32_t n, uint32_t now) {
  uint32_t cnt[2048];
  for (int sh = 0; sh < 32 && now >> sh; sh += 11) {
    memset(cnt, 0, sizeof cnt);
    for (uint32_t i = 0; i < n; i++)
      cnt[(a[i] >> (32 + sh)) & 2047]++;
    for (uint32_t d = 0, sum = 0; d < 2048; d++) {
      uint32_t c = cnt[d];
      cnt[d] = sum;
      sum += c;
    }
    for (uint32_t i = 0; i < n; i++)
      tmp[cnt[(a[i] >> (32 + sh)) & 2047]++] = a[i];
    memcpy(a, tmp, (size_t)n * sizeof *a);
  }
}

/* Leaves lazy mode: orders the held keys by their stamps and numbers them
 * 0..live-1 with marks, slot_at and tree.  Returns 0 / -1 (still lazy). */
static int rd_materialize(accgpu_rd *rd) {
  uint32_t n = rd->live, k = 0;
  uint64_t *a = malloc(((size_t)n + 1) * sizeof *a);
  uint64_t *tmp = malloc(((size_t)n + 1) * sizeof *tmp);
  int rc = -1;
  if (!a || !tmp || rd_grow(rd, n) < 0)
    goto out;
  for (uint32_t i = 0; i <= rd->hmask; i++)
    for (uint32_t l = 0; rd->tab[i].group && l < 8; l++)
      if (rd->tab[i].ts[l] != RD_NONE)
        a[k++] = (uint64_t)rd->tab[i].ts[l] << 32 | (i * 8 + l);
  rd_sort(a, tmp, k, rd->now);
  for (uint32_t j = 0; j < k; j++) {
    uint32_t s = (uint32_t)a[j];
    rd->tab[s >> 3].ts[s & 7] = j;
    rd->slot_at[j] = s;
  }
  rd_rebuild(rd, k);
  rd->lazy = 0;
  rc = 0;
out:
  free(a);
  free(tmp);
  return rc;
}

void accgpu_rd_prefetch(const accgpu_rd *rd, uint64_t key) {
  __builtin_prefetch(&rd->tab[rd_hash((key >> 3) + 1, rd->hmask)]);
}

/* Takes timestamp NOW for key slot S (bucket * 8 + lane). */
static void rd_stamp(accgpu_rd *rd, uint32_t s) {
  uint32_t now = rd->now++;
  rd->tab[s >> 3].ts[s & 7] = now;
  rd->slot_at[now] = s;
  rd->mark[now >> 6] |= 1ull << (now & 63);
  if (!(rd->now & 63))
    fen_close(rd->fen, rd->mark, rd->now >> 6);
}

/* A key not held: inserts it.  Sets *S to its slot; returns 0 / -1. */
static int rd_insert(accgpu_rd *rd, uint64_t g1, uint32_t lane, uint32_t *s) {
  uint32_t h = rd_find(rd, g1);
  if (rd->cap && rd->live >= 2 * rd->cap) {
    rd_forget(rd);
    h = rd_find(rd, g1);
  }
  if (!rd->tab[h].group) {
    if ((rd->hcount + 1) * 2 > rd->hmask + 1) {
      if (rd_rehash(rd) < 0)
        return -1;
      h = rd_find(rd, g1);
    }
    rd->tab[h].group = g1;
    memset(rd->tab[h].ts, 0xff, sizeof rd->tab[h].ts);
    rd->hcount++;
  }
  *s = h * 8 + lane;
  rd->tab[h].aux[lane] = 0;
  rd_stamp(rd, *s);
  rd->live++;
  return 0;
}

/* The access itself; sets *S to the key's slot (RD_NONE if memory ran
 * out).  A reuse over fewer than BOUND timestamps returns 0 uncounted (its
 * distance is below BOUND). */
static uint64_t rd_access(accgpu_rd *rd, uint64_t key, uint32_t *s,
                          uint32_t bound) {
  *s = RD_NONE;
  if (rd->lazy && rd_materialize(rd) < 0)
    return ACCGPU_RD_INF;
  if (rd->now == rd->tcap && rd_compact(rd) < 0)
    return ACCGPU_RD_INF;
  uint64_t g1 = (key >> 3) + 1;
  uint32_t lane = key & 7, h = rd_find(rd, g1);
  uint32_t old = rd->tab[h].group ? rd->tab[h].ts[lane] : RD_NONE;
  if (old == RD_NONE) {
    if (rd_insert(rd, g1, lane, s) < 0)
      *s = RD_NONE;
    return ACCGPU_RD_INF;
  }
  *s = h * 8 + lane;
  uint32_t now = rd->now;
  if (old + 1 == now)
    return 0; /* still the most recent key: nothing moves */
  uint32_t dist = now - old - 1 < bound ? 0 : rd_count(rd, old, now);
  rd->mark[old >> 6] &= ~(1ull << (old & 63));
  if (old >> 6 != now >> 6)
    fen_remove(rd->fen, old >> 6, now >> 6);
  rd_stamp(rd, *s);
  return dist;
}

uint64_t accgpu_rd_access_aux(accgpu_rd *rd, uint64_t key, uint8_t **aux) {
  static _Thread_local uint8_t lost; /* AUX target when memory ran out */
  uint32_t s;
  uint64_t d = rd_access(rd, key, &s, 0);
  *aux = s != RD_NONE ? &rd->tab[s >> 3].aux[s & 7] : &lost;
  return d;
}

uint64_t accgpu_rd_access(accgpu_rd *rd, uint64_t key) {
  uint32_t s;
  return rd_access(rd, key, &s, 0);
}

/* An access in lazy mode: every held key hits.  Returns 1 / 0, or -1 when
 * lazy mode must end first (key CAP + 1, or the stamps run out). */
static int rd_lazy_hit(accgpu_rd *rd, uint64_t key, uint32_t *s) {
  uint64_t g1 = (key >> 3) + 1;
  uint32_t lane = key & 7, h = rd_find(rd, g1);
  if (rd->now >= RD_NONE - 1)
    return -1;
  if (rd->tab[h].group && rd->tab[h].ts[lane] != RD_NONE) {
    rd->tab[h].ts[lane] = rd->now++;
    *s = h * 8 + lane;
    return 1;
  }
  if (rd->live == rd->cap)
    return -1;
  if (!rd->tab[h].group) {
    if ((rd->hcount + 1) * 2 > rd->hmask + 1) {
      if (rd_rehash(rd) < 0)
        return 0; /* out of memory: a miss, not recorded */
      h = rd_find(rd, g1);
    }
    rd->tab[h].group = g1;
    memset(rd->tab[h].ts, 0xff, sizeof rd->tab[h].ts);
    rd->hcount++;
  }
  rd->tab[h].ts[lane] = rd->now++;
  rd->tab[h].aux[lane] = 0;
  rd->live++;
  *s = h * 8 + lane;
  return 0;
}

int accgpu_rd_hit(accgpu_rd *rd, uint64_t key, uint8_t **aux) {
  static _Thread_local uint8_t lost; /* AUX target when memory ran out */
  uint32_t s = RD_NONE;
  int hit = -1;
  if (rd->cap && !rd->lazy && !rd->now && !rd->live)
    rd->lazy = 1; /* a fresh engine */
  if (rd->lazy)
    hit = rd_lazy_hit(rd, key, &s);
  if (hit < 0) {
    uint64_t d = rd_access(rd, key, &s, rd->cap);
    hit = rd->cap ? d < rd->cap : d != ACCGPU_RD_INF;
  }
  if (aux)
    *aux = s != RD_NONE ? &rd->tab[s >> 3].aux[s & 7] : &lost;
  return hit;
}
