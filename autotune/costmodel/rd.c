/* rd.c — reuse distance engine; see rd.h for the method. */
#include "rd.h"

#include <stdlib.h>
#include <string.h>

#define RD_DEAD UINT32_MAX
#define RD_MIN_T (1u << 10)
#define RD_MIN_H (1u << 10)

/* Neighbouring keys (consecutive lines or sectors) land in neighbouring
 * slots, groups of eight (two host cache lines, which the adjacent-line
 * prefetcher fetches together) spread by a multiplicative hash. */
static uint32_t rd_hash(uint64_t key, uint32_t mask) {
  uint64_t g = key >> 3;
  g ^= g >> 33;
  g *= 0xff51afd7ed558ccdull;
  g ^= g >> 33;
  return (uint32_t)((g << 3) | (key & 7)) & mask;
}

int accgpu_rd_init(accgpu_rd *rd) {
  memset(rd, 0, sizeof *rd);
  rd->hmask = RD_MIN_H - 1;
  rd->tcap = RD_MIN_T;
  rd->tab = calloc(RD_MIN_H, sizeof *rd->tab);
  rd->bit = calloc(RD_MIN_T + 1, sizeof *rd->bit);
  rd->slot_at = malloc(RD_MIN_T * sizeof *rd->slot_at);
  if (!rd->tab || !rd->bit || !rd->slot_at) {
    accgpu_rd_free(rd);
    return -1;
  }
  return 0;
}

void accgpu_rd_free(accgpu_rd *rd) {
  free(rd->tab);
  free(rd->bit);
  free(rd->slot_at);
  memset(rd, 0, sizeof *rd);
}

void accgpu_rd_reset(accgpu_rd *rd) {
  memset(rd->tab, 0, ((size_t)rd->hmask + 1) * sizeof *rd->tab);
  memset(rd->bit, 0, ((size_t)rd->tcap + 1) * sizeof *rd->bit);
  rd->hcount = rd->now = rd->live = rd->low = 0;
}

/* Moves the 1 at timestamp FROM to TO (> FROM).  The two update paths of
 * the Fenwick tree merge at a common node, above which the changes cancel,
 * so the cost grows with log(TO - FROM), not log(n). */
static void bit_move(uint32_t *bit, uint32_t n, uint32_t from, uint32_t to) {
  uint32_t i = from + 1, j = to + 1;
  while (i != j && i <= n) {
    if (i < j) {
      bit[i]--;
      i += i & -i;
    } else {
      if (j > n)
        break;
      bit[j]++;
      j += j & -j;
    }
  }
  for (; i != j && j <= n; j += j & -j)
    bit[j]++;
}

static void bit_remove(uint32_t *bit, uint32_t n, uint32_t ts) {
  for (uint32_t i = ts + 1; i <= n; i += i & -i)
    bit[i]--;
}

static void bit_add(uint32_t *bit, uint32_t n, uint32_t ts) {
  for (uint32_t i = ts + 1; i <= n; i += i & -i)
    bit[i]++;
}

/* Number of 1s at timestamps in (A, B]: the two prefix walks stop where
 * they meet, so the cost grows with log(B - A). */
static uint32_t bit_range(const uint32_t *bit, uint32_t a, uint32_t b) {
  uint32_t i = a + 1, j = b + 1, s = 0;
  while (i != j) {
    if (j > i) {
      s += bit[j];
      j &= j - 1;
    } else {
      s -= bit[i];
      i &= i - 1;
    }
  }
  return s;
}

/* Doubles the hash table; slot_at follows the entries.  Returns 0 / -1. */
static int rd_rehash(accgpu_rd *rd) {
  uint32_t ncap = (rd->hmask + 1) * 2, nmask = ncap - 1;
  accgpu_rd_slot *nt = calloc(ncap, sizeof *nt);
  if (!nt)
    return -1;
  for (uint32_t i = 0; i <= rd->hmask; i++) {
    if (!rd->tab[i].key)
      continue;
    uint32_t h = rd_hash(rd->tab[i].key - 1, nmask);
    while (nt[h].key)
      h = (h + 1) & nmask;
    nt[h] = rd->tab[i];
    rd->slot_at[nt[h].ts] = h;
  }
  free(rd->tab);
  rd->tab = nt;
  rd->hmask = nmask;
  return 0;
}

/* Caps beyond 2^30 keys would overflow 2 * CAP: those run exact. */
void accgpu_rd_set_cap(accgpu_rd *rd, uint32_t cap) {
  rd->cap = cap < (1u << 30) ? cap : 0;
}

/* Empties slot I of the table by backward shift (linear probing keeps no
 * tombstones); entries that move take their timestamp's slot_at along. */
static void rd_delete(accgpu_rd *rd, uint32_t i) {
  uint32_t m = rd->hmask;
  for (uint32_t j = (i + 1) & m; rd->tab[j].key; j = (j + 1) & m) {
    uint32_t home = rd_hash(rd->tab[j].key - 1, m);
    /* J's entry may fill the hole at I unless its home lies in (I, J]. */
    if (((j - home) & m) >= ((j - i) & m)) {
      rd->tab[i] = rd->tab[j];
      rd->slot_at[rd->tab[i].ts] = i;
      i = j;
    }
  }
  rd->tab[i].key = 0;
  rd->hcount--;
}

/* Capped engine: forgets the oldest keys beyond CAP (their distance is at
 * least CAP already and only grows).  Their 1s stay in the tree until the
 * next compaction: they lie before every key still held, so they cancel
 * out of every range that is queried. */
static void rd_forget(accgpu_rd *rd) {
  uint32_t ts = rd->low;
  for (; ts < rd->now && rd->live > rd->cap; ts++) {
    uint32_t s = rd->slot_at[ts];
    if (s == RD_DEAD)
      continue;
    rd->slot_at[ts] = RD_DEAD;
    rd_delete(rd, s);
    rd->live--;
  }
  rd->low = ts;
}

/* Renumbers live timestamps 0..live-1 in order, growing the timestamp space
 * when more than half of it is live.  Returns 0 / -1. */
static int rd_compact(accgpu_rd *rd) {
  uint32_t j = 0;
  rd->low = 0;
  for (uint32_t ts = 0; ts < rd->now; ts++) {
    uint32_t s = rd->slot_at[ts];
    if (s == RD_DEAD)
      continue;
    rd->tab[s].ts = j;
    rd->slot_at[j++] = s;
  }
  if (j * 2 > rd->tcap) {
    uint32_t ncap = rd->tcap * 2;
    uint32_t *nb = realloc(rd->bit, ((size_t)ncap + 1) * sizeof *nb);
    if (!nb)
      return -1;
    rd->bit = nb;
    uint32_t *ns = realloc(rd->slot_at, (size_t)ncap * sizeof *ns);
    if (!ns)
      return -1;
    rd->slot_at = ns;
    rd->tcap = ncap;
  }
  /* Linear Fenwick build over j ones. */
  memset(rd->bit, 0, ((size_t)rd->tcap + 1) * sizeof *rd->bit);
  for (uint32_t i = 1; i <= rd->tcap; i++) {
    if (i <= j)
      rd->bit[i] += 1;
    uint32_t p = i + (i & -i);
    if (p <= rd->tcap)
      rd->bit[p] += rd->bit[i];
  }
  rd->now = j;
  return 0;
}

void accgpu_rd_prefetch(const accgpu_rd *rd, uint64_t key) {
  __builtin_prefetch(&rd->tab[rd_hash(key, rd->hmask)]);
}

uint64_t accgpu_rd_access_aux(accgpu_rd *rd, uint64_t key, uint32_t **aux) {
  static _Thread_local uint32_t lost; /* AUX target when memory ran out */
  *aux = &lost;
  uint32_t h = rd_hash(key, rd->hmask);
  while (rd->tab[h].key && rd->tab[h].key != key + 1)
    h = (h + 1) & rd->hmask;
  uint64_t dist = ACCGPU_RD_INF;
  if (rd->tab[h].key) {
    uint32_t old = rd->tab[h].ts;
    *aux = &rd->tab[h].aux;
    if (old + 1 == rd->now)
      return 0; /* still the most recent key: nothing moves */
    dist = bit_range(rd->bit, old, rd->now - 1);
    rd->slot_at[old] = RD_DEAD;
    if (rd->now < rd->tcap) {
      bit_move(rd->bit, rd->tcap, old, rd->now);
      rd->tab[h].ts = rd->now;
      rd->slot_at[rd->now++] = h;
      return dist;
    }
    bit_remove(rd->bit, rd->tcap, old);
    rd->live--;
  } else {
    if (rd->cap && rd->live >= 2 * rd->cap) {
      rd_forget(rd);
      h = rd_hash(key, rd->hmask);
      while (rd->tab[h].key)
        h = (h + 1) & rd->hmask;
    }
    if ((rd->hcount + 1) * 2 > rd->hmask + 1) {
      if (rd_rehash(rd) < 0)
        return ACCGPU_RD_INF;
      h = rd_hash(key, rd->hmask);
      while (rd->tab[h].key)
        h = (h + 1) & rd->hmask;
    }
    rd->tab[h].key = key + 1;
    rd->tab[h].aux = 0;
    rd->hcount++;
  }
  if (rd->now == rd->tcap && rd_compact(rd) < 0)
    return ACCGPU_RD_INF;
  rd->tab[h].ts = rd->now;
  rd->slot_at[rd->now] = h;
  bit_add(rd->bit, rd->tcap, rd->now);
  rd->now++;
  rd->live++;
  *aux = &rd->tab[h].aux;
  return dist;
}

uint64_t accgpu_rd_access(accgpu_rd *rd, uint64_t key) {
  uint32_t *aux;
  return accgpu_rd_access_aux(rd, key, &aux);
}
