/* ptrmap.c — open-addressing uintptr_t map (see ptrmap.h). */
#include "hashmap/ptrmap.h"

#include <stdlib.h>
#include <string.h>

/* Fibonacci hashing: spreads aligned pointers whose low bits are zero. */
static size_t hash(uintptr_t k, size_t mask) {
  return (size_t)(((uint64_t)k * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

void accgpu_ptrmap_init(accgpu_ptrmap *m) { memset(m, 0, sizeof *m); }

void accgpu_ptrmap_fini(accgpu_ptrmap *m) {
  free(m->slot);
  memset(m, 0, sizeof *m);
}

int accgpu_ptrmap_get(const accgpu_ptrmap *m, uintptr_t key, uintptr_t *val) {
  if (!m->slot)
    return 0;
  for (size_t i = hash(key, m->mask);; i = (i + 1) & m->mask) {
    if (m->slot[i].key == key) {
      *val = m->slot[i].val;
      return 1;
    }
    if (m->slot[i].key == 0)
      return 0;
  }
}

/* Stores into a table known to have room and not to hold KEY. */
static void place(accgpu_ptrmap_slot *s, size_t mask, uintptr_t key,
                  uintptr_t val) {
  size_t i = hash(key, mask);
  while (s[i].key != 0)
    i = (i + 1) & mask;
  s[i].key = key;
  s[i].val = val;
}

static int grow(accgpu_ptrmap *m) {
  size_t cap = m->slot ? (m->mask + 1) * 2 : 16;
  accgpu_ptrmap_slot *s = calloc(cap, sizeof *s);
  if (!s)
    return -1;
  if (m->slot)
    for (size_t i = 0; i <= m->mask; i++)
      if (m->slot[i].key)
        place(s, cap - 1, m->slot[i].key, m->slot[i].val);
  free(m->slot);
  m->slot = s;
  m->mask = cap - 1;
  return 0;
}

int accgpu_ptrmap_put(accgpu_ptrmap *m, uintptr_t key, uintptr_t val) {
  if (m->slot) {
    for (size_t i = hash(key, m->mask); m->slot[i].key; i = (i + 1) & m->mask)
      if (m->slot[i].key == key) {
        m->slot[i].val = val;
        return 0;
      }
  }
  /* Load factor at most 1/2 keeps probe runs short. */
  if ((!m->slot || (m->count + 1) * 2 > m->mask + 1) && grow(m) != 0)
    return -1;
  place(m->slot, m->mask, key, val);
  m->count++;
  return 0;
}

int accgpu_ptrmap_del(accgpu_ptrmap *m, uintptr_t key, uintptr_t *val) {
  if (!m->slot)
    return 0;
  size_t i = hash(key, m->mask);
  while (m->slot[i].key != key) {
    if (m->slot[i].key == 0)
      return 0;
    i = (i + 1) & m->mask;
  }
  if (val)
    *val = m->slot[i].val;
  /* Backward shift: pull later members of the run into the hole when their
     home slot does not lie cyclically in (hole, j]. */
  for (size_t j = (i + 1) & m->mask; m->slot[j].key; j = (j + 1) & m->mask) {
    size_t home = hash(m->slot[j].key, m->mask);
    if (((j - home) & m->mask) >= ((j - i) & m->mask)) {
      m->slot[i] = m->slot[j];
      i = j;
    }
  }
  m->slot[i].key = 0;
  m->count--;
  return 1;
}

void accgpu_ptrmap_each(const accgpu_ptrmap *m,
                        void (*fn)(uintptr_t, uintptr_t, void *), void *ctx) {
  if (!m->slot)
    return;
  for (size_t i = 0; i <= m->mask; i++)
    if (m->slot[i].key)
      fn(m->slot[i].key, m->slot[i].val, ctx);
}
