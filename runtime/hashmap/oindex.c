/* oindex.c — two-level sorted index (see oindex.h for why this shape). */
#include "hashmap/oindex.h"

#include <stdlib.h>
#include <string.h>

void accgpu_oindex_init(accgpu_oindex *oi) { memset(oi, 0, sizeof *oi); }

void accgpu_oindex_fini(accgpu_oindex *oi) {
  for (size_t i = 0; i < oi->nleaf; i++)
    free(oi->leaf[i]);
  free(oi->leaf);
  free(oi->min);
  memset(oi, 0, sizeof *oi);
}

/* Number of keys in K[0..N) that are <= KEY (upper bound).  Branch-free
   halving (a conditional move per step): lookups ask for random addresses,
   which a branchy search mispredicts half the time. */
static size_t upper(const uintptr_t *k, size_t n, uintptr_t key) {
  if (n == 0)
    return 0;
  const uintptr_t *base = k;
  while (n > 1) {
    size_t half = n / 2;
    base = base[half] <= key ? base + half : base;
    n -= half;
  }
  return (size_t)(base - k) + (*base <= key);
}

void *accgpu_oindex_floor(const accgpu_oindex *oi, uintptr_t key,
                          uintptr_t *found_key) {
  size_t i = upper(oi->min, oi->nleaf, key);
  if (i == 0)
    return NULL;
  const accgpu_oi_leaf *l = oi->leaf[i - 1];
  size_t j = upper(l->key, l->n, key); /* >= 1: l->key[0] <= key */
  if (found_key)
    *found_key = l->key[j - 1];
  return l->val[j - 1];
}

/* Makes room for one more leaf in the top arrays; 0 or -1. */
static int top_reserve(accgpu_oindex *oi) {
  if (oi->nleaf < oi->cap)
    return 0;
  size_t cap = oi->cap ? oi->cap * 2 : 8;
  accgpu_oi_leaf **l = realloc(oi->leaf, cap * sizeof *l);
  if (!l)
    return -1;
  oi->leaf = l;
  uintptr_t *m = realloc(oi->min, cap * sizeof *m);
  if (!m)
    return -1;
  oi->min = m;
  oi->cap = cap;
  return 0;
}

/* Inserts leaf L at top position I. Room must be reserved. */
static void top_insert(accgpu_oindex *oi, size_t i, accgpu_oi_leaf *l) {
  memmove(oi->leaf + i + 1, oi->leaf + i, (oi->nleaf - i) * sizeof *oi->leaf);
  memmove(oi->min + i + 1, oi->min + i, (oi->nleaf - i) * sizeof *oi->min);
  oi->leaf[i] = l;
  oi->min[i] = l->key[0];
  oi->nleaf++;
}

static void top_remove(accgpu_oindex *oi, size_t i) {
  free(oi->leaf[i]);
  memmove(oi->leaf + i, oi->leaf + i + 1,
          (oi->nleaf - i - 1) * sizeof *oi->leaf);
  memmove(oi->min + i, oi->min + i + 1, (oi->nleaf - i - 1) * sizeof *oi->min);
  oi->nleaf--;
}

/* Splits full leaf I into two halves; 0 or -1. */
static int split(accgpu_oindex *oi, size_t i) {
  accgpu_oi_leaf *l = oi->leaf[i];
  accgpu_oi_leaf *r = malloc(sizeof *r);
  if (!r || top_reserve(oi) != 0) {
    free(r);
    return -1;
  }
  unsigned h = l->n / 2;
  r->n = l->n - h;
  memcpy(r->key, l->key + h, r->n * sizeof *r->key);
  memcpy(r->val, l->val + h, r->n * sizeof *r->val);
  l->n = h;
  top_insert(oi, i + 1, r);
  return 0;
}

int accgpu_oindex_insert(accgpu_oindex *oi, uintptr_t key, void *val) {
  if (oi->nleaf == 0) {
    accgpu_oi_leaf *l = malloc(sizeof *l);
    if (!l || top_reserve(oi) != 0) {
      free(l);
      return -1;
    }
    l->n = 1;
    l->key[0] = key;
    l->val[0] = val;
    top_insert(oi, 0, l);
    oi->count = 1;
    return 0;
  }
  size_t i = upper(oi->min, oi->nleaf, key);
  i = i ? i - 1 : 0;
  if (oi->leaf[i]->n == OI_LEAF) {
    if (split(oi, i) != 0)
      return -1;
    if (key >= oi->min[i + 1])
      i++;
  }
  accgpu_oi_leaf *l = oi->leaf[i];
  size_t j = upper(l->key, l->n, key);
  memmove(l->key + j + 1, l->key + j, (l->n - j) * sizeof *l->key);
  memmove(l->val + j + 1, l->val + j, (l->n - j) * sizeof *l->val);
  l->key[j] = key;
  l->val[j] = val;
  l->n++;
  oi->min[i] = l->key[0];
  oi->count++;
  return 0;
}

void *accgpu_oindex_remove(accgpu_oindex *oi, uintptr_t key) {
  size_t i = upper(oi->min, oi->nleaf, key);
  if (i == 0)
    return NULL;
  accgpu_oi_leaf *l = oi->leaf[--i];
  size_t j = upper(l->key, l->n, key);
  if (j == 0 || l->key[j - 1] != key)
    return NULL;
  j--;
  void *v = l->val[j];
  memmove(l->key + j, l->key + j + 1, (l->n - j - 1) * sizeof *l->key);
  memmove(l->val + j, l->val + j + 1, (l->n - j - 1) * sizeof *l->val);
  l->n--;
  oi->count--;
  if (l->n == 0)
    top_remove(oi, i);
  else
    oi->min[i] = l->key[0];
  return v;
}

void accgpu_oindex_each(const accgpu_oindex *oi, void (*fn)(void *, void *),
                        void *ctx) {
  for (size_t i = 0; i < oi->nleaf; i++)
    for (unsigned j = 0; j < oi->leaf[i]->n; j++)
      fn(oi->leaf[i]->val[j], ctx);
}
