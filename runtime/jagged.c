/* jagged.c — sections of pointer arrays, a[l1:n1][l2:n2] with a a
 * pointer to pointer (and, on update directives, the strided sections of
 * arrays, each contiguous run updated on its own: add_strided): the plugin
 * passes an item for a[l1:n1] flagged
 * ACCGPU_MAPF_JAGGED and, right after it, one flagged ACCGPU_MAPF_ROWS
 * (host: the byte offset of the section in each row, bytes: its length).
 * Before the items are mapped, each such pair is expanded into plain
 * items: the pointer array (copied in when created: a row the attach does
 * not reach, a NULL one, keeps its host value), each row with the clause's
 * kind, and each row pointer attached (detached on the way out), as NVHPC
 * does.  A NULL row has no target: nothing is mapped at address 0, so a
 * later `create(a[i:1][0:m])`, once a[i] is allocated, attaches it. */
#include <stdint.h>
#include <stdlib.h>

#include "core.h"

/* The marker arrays the plugin's rewrite names (never accessed). */
char __accgpu_jag0[1], __accgpu_jag1[1], __accgpu_jag2[1], __accgpu_jag3[1],
    __accgpu_jag4[1], __accgpu_jag5[1], __accgpu_jag6[1], __accgpu_jag7[1];
/* ... for strided update sections of deeper arrays (section-shapes.cc). */
char __accgpu_jb0[1], __accgpu_jb1[1], __accgpu_jb2[1], __accgpu_jb3[1],
    __accgpu_jb4[1], __accgpu_jb5[1], __accgpu_jb6[1], __accgpu_jb7[1];
/* ... and for their levels after the first one: __accgpu_jlKJ, level J of
   item K (section-shapes.cc). */
#define JL7(k)                                                               \
  __accgpu_jl##k##0[1], __accgpu_jl##k##1[1], __accgpu_jl##k##2[1],          \
      __accgpu_jl##k##3[1], __accgpu_jl##k##4[1], __accgpu_jl##k##5[1],      \
      __accgpu_jl##k##6[1]
char JL7(0), JL7(1), JL7(2), JL7(3), JL7(4), JL7(5), JL7(6), JL7(7);
/* ... and for sections of an array named twice on an update directive
   (plugin/update-dups.cc: the items carry their own addresses). */
char __accgpu_dup0[1], __accgpu_dup1[1], __accgpu_dup2[1], __accgpu_dup3[1],
    __accgpu_dup4[1], __accgpu_dup5[1], __accgpu_dup6[1], __accgpu_dup7[1];

static __accgpu_map item(void *host, size_t bytes, unsigned kind,
                         unsigned flags, const char *name) {
  return (__accgpu_map){host, bytes, kind, flags, name};
}

/* Appends the rows of pair P (P[0] the array, P[1] the rows) to OUT at
   *N: each row with KIND, then (PTR_KIND != 0) each pointer attached or
   detached, in the order given by DETACH_FIRST. */
static void add_rows(__accgpu_map *out, unsigned *n, const __accgpu_map *p,
                     unsigned kind, unsigned ptr_kind, int detach_first) {
  void **rows = p[0].host;
  size_t nrows = p[0].bytes / sizeof(void *);
  unsigned flags = p[0].flags & ~(ACCGPU_MAPF_JAGGED | ACCGPU_MAPF_ROWS);
  for (int pass = 0; pass < 2; pass++) {
    int pointers = pass == 0 ? detach_first : !detach_first;
    if (pointers && !ptr_kind)
      continue;
    for (size_t r = 0; r < nrows; r++) {
      if (pointers) /* bytes: the attach bias, the section's offset */
        out[(*n)++] = item(&rows[r], (size_t)p[1].host, ptr_kind,
                           flags & ACCGPU_MAPF_FINALIZE, p[0].name);
      else if (rows[r]) /* a NULL row: nothing to map */
        out[(*n)++] = item((char *)rows[r] + (size_t)p[1].host, p[1].bytes,
                           kind,
                           flags | (p[1].bytes ? 0 : ACCGPU_MAPF_ZERO_LEN_OK),
                           p[0].name);
    }
  }
}

/* A strided section's levels, outer to inner, and its innermost run. */
typedef struct {
  unsigned n;             /* levels left after merging */
  size_t stride[ACCGPU_STRIDED_MAX_LEVELS], count[ACCGPU_STRIDED_MAX_LEVELS];
  size_t run;             /* bytes of each contiguous run */
  size_t runs;            /* how many runs (the product of the counts) */
  unsigned used;          /* items the section takes in the map list */
} strided_shape;

/* The shape of the strided item MAPS[I] of N: the outer level from it and
   its ROWS item (host: the stride, bytes: the run), then one level per
   ACCGPU_MAPF_LEVEL item after them.  Levels of count 1 are dropped (their
   offset is in the item's host) and inner levels the run covers whole
   merge into it (u[0:K][0:J][0:I] is one run). */
static void shape_of(const __accgpu_map *maps, unsigned n, unsigned i,
                     strided_shape *s) {
  size_t stride = (size_t)maps[i + 1].host;
  s->n = 0;
  s->stride[0] = stride;
  s->count[s->n++] = stride ? maps[i].bytes / stride : 0;
  unsigned j = i + 2;
  for (; j < n && (maps[j].flags & ACCGPU_MAPF_LEVEL); j++)
    if (s->n < ACCGPU_STRIDED_MAX_LEVELS) {
      s->stride[s->n] = (size_t)maps[j].host;
      s->count[s->n++] = maps[j].bytes;
    }
  s->used = j - i;
  s->run = maps[i + 1].bytes;
  unsigned k = 0;
  for (unsigned l = 0; l < s->n; l++) /* count-1 levels: no stride */
    if (s->count[l] != 1) {
      s->stride[k] = s->stride[l];
      s->count[k++] = s->count[l];
    }
  s->n = k;
  while (s->n && s->run && s->run == s->stride[s->n - 1]) {
    s->run *= s->count[s->n - 1]; /* whole inner level: one run */
    s->n--;
  }
  s->runs = 1;
  for (unsigned l = 0; l < s->n; l++)
    s->runs *= s->count[l];
}

/* Appends the runs of strided item P (an update of a section with one or
   more strided levels: P[0] from its first element over the outer level's
   rows, P[1] the outer stride and each run's length, then LEVEL items:
   accgpu_abi.h) to OUT at *N; returns the items it takes. */
static unsigned add_strided(const __accgpu_loc *loc, __accgpu_map *out,
                            unsigned *n, const __accgpu_map *maps,
                            unsigned nmaps, unsigned i) {
  const __accgpu_map *p = &maps[i];
  if (p[1].bytes == SIZE_MAX) /* objects of ABI 11: two strided levels */
    accgpu_fatal(loc, "strided update of '%s': only one level may be "
                 "strided; ranges other than the first one and the one in "
                 "the part of each row must cover whole dimensions",
                 p[0].name);
  strided_shape s;
  shape_of(maps, nmaps, i, &s);
  unsigned flags = p[0].flags & ~(ACCGPU_MAPF_STRIDED | ACCGPU_MAPF_ROWS);
  if (!s.run)
    flags |= ACCGPU_MAPF_ZERO_LEN_OK;
  size_t idx[ACCGPU_STRIDED_MAX_LEVELS] = {0};
  for (size_t r = 0; r < s.runs; r++) {
    size_t off = 0;
    for (unsigned l = 0; l < s.n; l++)
      off += idx[l] * s.stride[l];
    out[(*n)++] = item((char *)p[0].host + off, s.run, p[0].kind, flags,
                       p[0].name);
    for (unsigned l = s.n; l-- > 0;) /* the next index, inner first */
      if (++idx[l] < s.count[l])
        break;
      else
        idx[l] = 0;
  }
  return s.used;
}

size_t accgpu_strided_runs(const __accgpu_map *maps, unsigned n,
                           unsigned i) {
  strided_shape s;
  shape_of(maps, n, i, &s);
  return s.runs;
}

/* Kind of the pointer array itself. */
static unsigned array_kind(unsigned kind, int ctx) {
  if (ctx == ACCGPU_JAG_EXIT)
    return ACCGPU_MAP_DELETE;
  if (kind == ACCGPU_MAP_PRESENT || kind == ACCGPU_MAP_NO_CREATE)
    return kind;
  return ACCGPU_MAP_COPYIN;
}

/* Items the expansion of MAPS makes (0: nothing to expand). */
static unsigned expanded_count(const __accgpu_loc *loc,
                               const __accgpu_map *maps, unsigned n) {
  size_t extra = 0;
  unsigned any = 0;
  for (unsigned i = 0; i + 1 < n; i++)
    if (maps[i].flags & ACCGPU_MAPF_JAGGED) {
      any = 1;
      extra += 2 * (maps[i].bytes / sizeof(void *));
    } else if (maps[i].flags & ACCGPU_MAPF_STRIDED) {
      any = 1;
      extra += accgpu_strided_runs(maps, n, i);
    }
  if (extra > UINT32_MAX / 2 - n)
    accgpu_fatal(loc, "a section of '%s' moves %zu separate parts: too "
                 "many for one directive", maps[0].name ? maps[0].name : "?",
                 extra);
  return any ? n + (unsigned)extra : 0;
}

__accgpu_map *accgpu_jagged_expand(const __accgpu_loc *loc,
                                   const __accgpu_map *maps, unsigned n,
                                   unsigned *out_n, int ctx) {
  unsigned total = expanded_count(loc, maps, n);
  if (!total)
    return NULL;
  __accgpu_map *out = calloc(total, sizeof *out);
  if (!out)
    return NULL;
  unsigned k = 0;
  if (ctx == ACCGPU_JAG_REGION) { /* indices kept: extras at the end */
    k = n;
    for (unsigned i = 0; i < n; i++)
      out[i] = maps[i];
  }
  for (unsigned i = 0; i < n; i++) {
    const __accgpu_map *p = &maps[i];
    if ((p->flags & ACCGPU_MAPF_STRIDED) && i + 1 < n &&
        ctx == ACCGPU_JAG_UPDATE) {
      i += add_strided(loc, out, &k, maps, n, i) - 1;
      continue;
    }
    if (!(p->flags & ACCGPU_MAPF_JAGGED) || i + 1 == n) {
      if (ctx != ACCGPU_JAG_REGION)
        out[k++] = *p;
      continue;
    }
    __accgpu_map arr = item(p->host, p->bytes, array_kind(p->kind, ctx),
                            p->flags & ACCGPU_MAPF_FINALIZE, p->name);
    if (ctx == ACCGPU_JAG_REGION) {
      out[i] = arr;
      out[i + 1] = item(NULL, 0, p->kind, ACCGPU_MAPF_ZERO_LEN_OK, p->name);
      add_rows(out, &k, p, p->kind, ACCGPU_MAP_ATTACH, 0);
    } else if (ctx == ACCGPU_JAG_ENTER) {
      out[k++] = arr;
      add_rows(out, &k, p, p->kind, ACCGPU_MAP_ATTACH, 0);
    } else if (ctx == ACCGPU_JAG_EXIT) {
      add_rows(out, &k, p, p->kind, ACCGPU_MAP_DETACH, 1);
      out[k++] = arr;
    } else {
      add_rows(out, &k, p, p->kind, 0, 0);
    }
    i++; /* the rows item */
  }
  *out_n = k;
  return out;
}

size_t __accgpu_section_len(size_t len, int contiguous, const char *name,
                            const char *file, int line) {
  if (!contiguous)
    accgpu_fatal(NULL, "%s:%d: the section of '%s' is not contiguous (its "
                 "rows have a variable size): a range after the first one "
                 "must cover its whole dimension unless the ranges before "
                 "it have length 1", file, line, name);
  return len;
}
