/* map-order.c — the order in which the items of one data clause list are
 * mapped when some lie inside others: a memory pool named with arrays
 * carved from it (`copy(pool[0:n], part[0:k])`, Rodinia's b+tree).
 * OpenACC gives the items no order; mapped part first, the pool would be
 * "only partly present" when its turn comes, and unmapped pool first, the
 * last release would copy out the part alone.  So among items that nest,
 * entry maps the larger first (the parts are then present inside it) and
 * exit releases the smaller first (the pool's release, last, copies all of
 * it back); every other item keeps its place.                           */
#include "core.h"

#include <stdlib.h>

/* Items that take part: plain sections of the clauses that map data, none
   of the compiler's pairs (implicit parts, pointer rows, strided). */
static int plain(const __accgpu_map *m) {
  const unsigned pairs = ACCGPU_MAPF_POINTER | ACCGPU_MAPF_JAGGED |
                         ACCGPU_MAPF_ROWS | ACCGPU_MAPF_IMPLICIT |
                         ACCGPU_MAPF_STRIDED | ACCGPU_MAPF_PART_OF |
                         ACCGPU_MAPF_WHOLE;
  if (m->bytes == 0 || (m->flags & pairs))
    return 0;
  switch (m->kind) {
  case ACCGPU_MAP_COPY:
  case ACCGPU_MAP_COPYIN:
  case ACCGPU_MAP_COPYOUT:
  case ACCGPU_MAP_CREATE:
  case ACCGPU_MAP_PRESENT:
  case ACCGPU_MAP_NO_CREATE:
  case ACCGPU_MAP_DELETE:
    return 1;
  default:
    return 0;
  }
}

typedef struct {
  uintptr_t lo, hi;
  unsigned i;
  int nested;
} span;

static int by_start(const void *a, const void *b) {
  const span *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  if (x->hi != y->hi)
    return x->hi > y->hi ? -1 : 1; /* the larger first */
  return x->i < y->i ? -1 : x->i > y->i;
}

static int size_cmp(const span *x, const span *y, int larger) {
  uintptr_t sx = x->hi - x->lo, sy = y->hi - y->lo;
  if (sx != sy)
    return (sx > sy) == larger ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

static int larger_first(const void *a, const void *b) {
  return size_cmp(a, b, 1);
}

static int smaller_first(const void *a, const void *b) {
  return size_cmp(a, b, 0);
}

static int by_index(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* Marks the spans that hold or lie inside another (S sorted by_start). */
static unsigned mark_nested(span *s, unsigned m) {
  unsigned top = 0, n = 0;
  for (unsigned k = 1; k < m; k++) {
    if (s[k].hi <= s[top].hi) {
      n += !s[k].nested + !s[top].nested;
      s[k].nested = s[top].nested = 1;
    } else {
      top = k;
    }
  }
  return n;
}

/* Does one plain item of the N (at most 16) of MAPS hold another?  The
   few items of a construct, without sorting them at every launch. */
static int any_nested(const __accgpu_map *maps, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n && plain(&maps[i]); j++) {
      uintptr_t a = (uintptr_t)maps[i].host, b = (uintptr_t)maps[j].host;
      if (j != i && plain(&maps[j]) && b >= a &&
          b + maps[j].bytes <= a + maps[i].bytes)
        return 1;
    }
  return 0;
}

unsigned *accgpu_map_order(const __accgpu_map *maps, unsigned n,
                           int entry) {
  unsigned m = 0, *ord = NULL;
  for (unsigned i = 0; i < n && m < 2; i++)
    m += plain(&maps[i]);
  if (m < 2 || (n <= 16 && !any_nested(maps, n)))
    return NULL;
  span small[16]; /* a construct's few arrays: no allocation per launch */
  span *s = n <= 16 ? small : malloc(n * sizeof *s);
  if (!s)
    return NULL; /* source order: an error only for nested items */
  m = 0;
  for (unsigned i = 0; i < n; i++)
    if (plain(&maps[i]))
      s[m++] = (span){(uintptr_t)maps[i].host,
                      (uintptr_t)maps[i].host + maps[i].bytes, i, 0};
  qsort(s, m, sizeof *s, by_start);
  unsigned nn = mark_nested(s, m);
  ord = nn ? malloc(n * sizeof *ord + nn * sizeof *ord) : NULL;
  if (ord) {
    unsigned *at = ord + n, k = 0; /* the places of the nested items */
    for (unsigned j = 0; j < m; j++)
      if (s[j].nested)
        s[k++] = s[j];
    qsort(s, nn, sizeof *s, by_index);
    for (unsigned j = 0; j < nn; j++)
      at[j] = s[j].i;
    qsort(s, nn, sizeof *s, entry ? larger_first : smaller_first);
    for (unsigned i = 0; i < n; i++)
      ord[i] = i;
    for (unsigned j = 0; j < nn; j++)
      ord[at[j]] = s[j].i;
  }
  if (s != small)
    free(s);
  return ord;
}
