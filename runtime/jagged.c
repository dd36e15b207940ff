/* jagged.c — sections of pointer arrays, a[l1:n1][l2:n2] with a a
 * pointer to pointer (and, on update directives, the strided sections of
 * a 2-D array, each row's part updated on its own: add_strided): the plugin passes an item for a[l1:n1] flagged
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

/* Appends the part of each row of strided pair P (an update of a
   [l1:n1][l2:n2], a a 2-D array: P[0] from a[l1][l2] over n1 rows, P[1]
   the row stride and the part's length) to OUT at *N. */
static void add_strided(const __accgpu_loc *loc, __accgpu_map *out,
                        unsigned *n, const __accgpu_map *p) {
  size_t stride = (size_t)p[1].host, nrows = stride ? p[0].bytes / stride : 0;
  if (p[1].bytes == SIZE_MAX) /* plugin/section-shapes.cc: not one part */
    accgpu_fatal(loc, "strided update of '%s': only one level may be "
                 "strided; ranges other than the first one and the one in "
                 "the part of each row must cover whole dimensions",
                 p[0].name);
  unsigned flags = p[0].flags & ~(ACCGPU_MAPF_STRIDED | ACCGPU_MAPF_ROWS);
  if (nrows > 1 && p[1].bytes == stride) { /* whole rows: one block */
    out[(*n)++] = item(p[0].host, p[0].bytes, p[0].kind, flags, p[0].name);
    return;
  }
  for (size_t r = 0; r < nrows; r++)
    out[(*n)++] = item((char *)p[0].host + r * stride, p[1].bytes, p[0].kind,
                       flags | (p[1].bytes ? 0 : ACCGPU_MAPF_ZERO_LEN_OK),
                       p[0].name);
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
static unsigned expanded_count(const __accgpu_map *maps, unsigned n) {
  unsigned extra = 0, any = 0;
  for (unsigned i = 0; i + 1 < n; i++)
    if (maps[i].flags & ACCGPU_MAPF_JAGGED) {
      any = 1;
      extra += 2 * (unsigned)(maps[i].bytes / sizeof(void *));
    } else if (maps[i].flags & ACCGPU_MAPF_STRIDED) {
      size_t stride = (size_t)maps[i + 1].host;
      any = 1;
      extra += stride ? (unsigned)(maps[i].bytes / stride) : 0;
    }
  return any ? n + extra : 0;
}

__accgpu_map *accgpu_jagged_expand(const __accgpu_loc *loc,
                                   const __accgpu_map *maps, unsigned n,
                                   unsigned *out_n, int ctx) {
  unsigned total = expanded_count(maps, n);
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
      add_strided(loc, out, &k, p);
      i++;
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
