/* present.c — present table lookups (design in present.h). */
#include "hashmap/present.h"

#include <string.h>

#define PAGE_SHIFT 12

static size_t slot_of(uintptr_t page) {
  return (size_t)((page * 0x9E3779B97F4A7C15ull) >> 32) &
         (ACCGPU_PRESENT_CACHE - 1);
}

void accgpu_present_init(accgpu_present *t) {
  memset(t, 0, sizeof *t);
  accgpu_oindex_init(&t->by_host);
  accgpu_oindex_init(&t->by_dev);
}

void accgpu_present_fini(accgpu_present *t) {
  accgpu_oindex_fini(&t->by_host);
  accgpu_oindex_fini(&t->by_dev);
  memset(t->cache, 0, sizeof t->cache);
}

static int contains(const accgpu_entry *e, uintptr_t h) {
  return e && h >= e->host && h - e->host < e->bytes;
}

accgpu_entry *accgpu_present_find(accgpu_present *t, uintptr_t h) {
  uintptr_t page = h >> PAGE_SHIFT;
  size_t s = slot_of(page);
  accgpu_entry *e = t->cache[s].e;
  if (t->cache[s].page == page && contains(e, h))
    return e;
  e = accgpu_oindex_floor(&t->by_host, h, NULL);
  if (!contains(e, h))
    return NULL;
  t->cache[s].page = page;
  t->cache[s].e = e;
  return e;
}

accgpu_entry *accgpu_present_find_dev(const accgpu_present *t, uintptr_t d) {
  accgpu_entry *e = accgpu_oindex_floor(&t->by_dev, d, NULL);
  return e && d >= e->dev && d - e->dev < e->bytes ? e : NULL;
}

accgpu_entry *accgpu_present_overlap(accgpu_present *t, uintptr_t h,
                                     size_t bytes) {
  /* The entry starting last at or before the range's end overlaps it iff
     it ends after H; entries are disjoint, so no other can. */
  accgpu_entry *e = accgpu_oindex_floor(&t->by_host, h + bytes - 1, NULL);
  return e && e->host + e->bytes > h ? e : NULL;
}

accgpu_entry *accgpu_present_overlap_dev(const accgpu_present *t, uintptr_t d,
                                         size_t bytes) {
  accgpu_entry *e = accgpu_oindex_floor(&t->by_dev, d + bytes - 1, NULL);
  return e && e->dev + e->bytes > d ? e : NULL;
}

int accgpu_present_insert(accgpu_present *t, accgpu_entry *e) {
  if (accgpu_oindex_insert(&t->by_host, e->host, e) != 0)
    return -1;
  if (accgpu_oindex_insert(&t->by_dev, e->dev, e) != 0) {
    accgpu_oindex_remove(&t->by_host, e->host);
    return -1;
  }
  return 0;
}

/* Clears cache slots that may point at E: only pages E covers can. */
static void uncache(accgpu_present *t, const accgpu_entry *e) {
  uintptr_t first = e->host >> PAGE_SHIFT;
  uintptr_t last = (e->host + e->bytes - 1) >> PAGE_SHIFT;
  if (last - first >= ACCGPU_PRESENT_CACHE) {
    for (size_t s = 0; s < ACCGPU_PRESENT_CACHE; s++)
      if (t->cache[s].e == e)
        t->cache[s].e = NULL;
    return;
  }
  for (uintptr_t p = first; p <= last; p++) {
    size_t s = slot_of(p);
    if (t->cache[s].e == e)
      t->cache[s].e = NULL;
  }
}

void accgpu_present_remove(accgpu_present *t, accgpu_entry *e) {
  uncache(t, e);
  accgpu_oindex_remove(&t->by_host, e->host);
  accgpu_oindex_remove(&t->by_dev, e->dev);
}

size_t accgpu_present_count(const accgpu_present *t) {
  return t->by_host.count;
}

void accgpu_present_each(const accgpu_present *t,
                         void (*fn)(void *entry, void *ctx), void *ctx) {
  accgpu_oindex_each(&t->by_host, fn, ctx);
}
