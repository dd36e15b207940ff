/* real3_btree.c — Rodinia's b+tree search in the shape of its OpenACC
 * port: an array of node structs holding fixed arrays of keys and child
 * indices, searched for many keys at once in a `kernels` region with
 * `present` lists (the loop over queries, inside it the tree levels and
 * the keys of a node: a conditional write of offset[bid] that the last
 * matching key wins, which must not run in parallel), the same as `parallel
 * loop gang` with `loop seq` inner loops, a range query writing two
 * results per query, and a record array of structs read through the
 * found index. Each against the same search run serially. */
#include "e2e.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define ORDER 8
#define LEAVES 64
#define NQ 500

typedef struct {
  int location;
  int indices[ORDER + 1];
  int keys[ORDER + 1];
  bool is_leaf;
  int num_keys;
} knode;

typedef struct { int value; } record;

/* A complete tree: level sizes 1, 8, 64 (leaves); leaf l holds keys
   l*ORDER .. l*ORDER+ORDER-1 (times 3), pointing at records. */
static int build(knode *k, record *rec, int *height)
{
  int n = 0, first[3], count[3] = {1, ORDER, LEAVES};
  for (int lv = 0; lv < 3; lv++) {
    first[lv] = n;
    n += count[lv];
  }
  for (int lv = 0; lv < 3; lv++)
    for (int j = 0; j < count[lv]; j++) {
      knode *x = &k[first[lv] + j];
      memset(x, 0, sizeof *x);
      x->location = first[lv] + j;
      x->is_leaf = lv == 2;
      x->num_keys = ORDER;
      int span = LEAVES * ORDER / count[lv]; /* keys below this node */
      for (int t = 0; t <= ORDER; t++) {
        if (lv < 2) {
          x->keys[t] = (j * span + t * (span / ORDER)) * 3;
          x->indices[t] = t < ORDER ? first[lv + 1] + j * ORDER + t : n + 1;
        } else {
          x->keys[t] = (j * ORDER + t) * 3;
          x->indices[t] = t < ORDER ? j * ORDER + t : n + 1;
        }
      }
    }
  for (int r = 0; r < LEAVES * ORDER; r++)
    rec[r].value = r * 10 + 7;
  *height = 3;
  return n;
}

static void find_k_kernels(const knode *knodes, int nk, const record *records,
                           int nrec, long *currKnode, long *offset,
                           const int *keys, record *ans, int count,
                           int maxheight)
{
#pragma acc kernels present(knodes[0:nk], records[0:nrec], currKnode[0:count], \
                            offset[0:count], keys[0:count], ans[0:count])
  for (int bid = 0; bid < count; bid++) {
    for (int i = 0; i < maxheight; i++) {
      for (int thid = 0; thid < ORDER; thid++) {
        if (knodes[currKnode[bid]].keys[thid] <= keys[bid] &&
            knodes[currKnode[bid]].keys[thid + 1] > keys[bid]) {
          if (knodes[offset[bid]].indices[thid] < nk)
            offset[bid] = knodes[offset[bid]].indices[thid];
        }
      }
      currKnode[bid] = offset[bid];
    }
    for (int thid = 0; thid < ORDER; thid++)
      if (knodes[currKnode[bid]].keys[thid] == keys[bid])
        ans[bid].value = records[knodes[currKnode[bid]].indices[thid]].value;
  }
}

static void find_k_parallel(const knode *knodes, int nk, const record *records,
                            int nrec, long *currKnode, long *offset,
                            const int *keys, record *ans, int count,
                            int maxheight)
{
#pragma acc parallel loop gang present(knodes[0:nk], records[0:nrec], \
                                       currKnode[0:count], offset[0:count], \
                                       keys[0:count], ans[0:count])
  for (int bid = 0; bid < count; bid++) {
#pragma acc loop seq
    for (int i = 0; i < maxheight; i++) {
#pragma acc loop seq
      for (int thid = 0; thid < ORDER; thid++) {
        const knode *c = &knodes[currKnode[bid]];
        if (c->keys[thid] <= keys[bid] && c->keys[thid + 1] > keys[bid] &&
            knodes[offset[bid]].indices[thid] < nk)
          offset[bid] = knodes[offset[bid]].indices[thid];
      }
      currKnode[bid] = offset[bid];
    }
#pragma acc loop seq
    for (int thid = 0; thid < ORDER; thid++)
      if (knodes[currKnode[bid]].keys[thid] == keys[bid])
        ans[bid].value = records[knodes[currKnode[bid]].indices[thid]].value;
  }
}

/* Range query: the leaf indices where the range starts and ends. */
static void find_range(const knode *knodes, int nk, long *start, long *end,
                       const int *lo, const int *hi, int count, int maxheight)
{
#pragma acc parallel loop copyin(knodes[0:nk], lo[0:count], hi[0:count]) \
    copyout(start[0:count], end[0:count])
  for (int bid = 0; bid < count; bid++) {
    long a = 0, b = 0;
    for (int i = 0; i < maxheight; i++) {
      long na = a, nb = b;
      for (int thid = 0; thid < ORDER; thid++) {
        if (knodes[a].keys[thid] <= lo[bid] &&
            knodes[a].keys[thid + 1] > lo[bid] &&
            knodes[a].indices[thid] < nk)
          na = knodes[a].indices[thid];
        if (knodes[b].keys[thid] <= hi[bid] &&
            knodes[b].keys[thid + 1] > hi[bid] &&
            knodes[b].indices[thid] < nk)
          nb = knodes[b].indices[thid];
      }
      a = na, b = nb;
    }
    start[bid] = a;
    end[bid] = b;
  }
}

static void search_serial(const knode *knodes, int nk, const record *records,
                          int key, int maxheight, int *value, long *leaf)
{
  long cur = 0, off = 0;
  for (int i = 0; i < maxheight; i++) {
    for (int thid = 0; thid < ORDER; thid++)
      if (knodes[cur].keys[thid] <= key && knodes[cur].keys[thid + 1] > key &&
          knodes[off].indices[thid] < nk)
        off = knodes[off].indices[thid];
    cur = off;
  }
  *leaf = cur;
  *value = -1;
  for (int thid = 0; thid < ORDER; thid++)
    if (knodes[cur].keys[thid] == key)
      *value = records[knodes[cur].indices[thid]].value;
}

int main(void)
{
  knode *k = malloc((1 + ORDER + LEAVES) * sizeof *k);
  record *rec = malloc(LEAVES * ORDER * sizeof *rec);
  int height, nrec = LEAVES * ORDER;
  int nk = build(k, rec, &height);
  int *keys = malloc(NQ * sizeof *keys), *hi = malloc(NQ * sizeof *hi);
  long *cur = malloc(NQ * sizeof *cur), *off = malloc(NQ * sizeof *off);
  long *st = malloc(NQ * sizeof *st), *en = malloc(NQ * sizeof *en);
  record *ans = malloc(NQ * sizeof *ans);
  for (int q = 0; q < NQ; q++) {
    keys[q] = (int)((q * 2654435761u) % (LEAVES * ORDER * 3));
    hi[q] = keys[q] + 40 < LEAVES * ORDER * 3 ? keys[q] + 40 : keys[q];
  }
  for (int pass = 0; pass < 2; pass++) {
    for (int q = 0; q < NQ; q++)
      cur[q] = off[q] = 0, ans[q].value = -1;
#pragma acc data copyin(k[0:nk], rec[0:nrec], keys[0:NQ]) \
    copy(cur[0:NQ], off[0:NQ], ans[0:NQ])
    {
      if (pass == 0)
        find_k_kernels(k, nk, rec, nrec, cur, off, keys, ans, NQ, height);
      else
        find_k_parallel(k, nk, rec, nrec, cur, off, keys, ans, NQ, height);
    }
    for (int q = 0; q < NQ; q++) {
      int v;
      long leaf;
      search_serial(k, nk, rec, keys[q], height, &v, &leaf);
      CHECK_INT(pass ? "btree parallel value" : "btree kernels value",
                ans[q].value, v);
      CHECK_INT(pass ? "btree parallel leaf" : "btree kernels leaf", cur[q],
                leaf);
    }
  }
  int found = 0;
  for (int q = 0; q < NQ; q++)
    found += ans[q].value >= 0 && ans[q].value == (keys[q] / 3) * 10 + 7;
  CHECK_TRUE("btree found", found > NQ / 5);
  find_range(k, nk, st, en, keys, hi, NQ, height);
  for (int q = 0; q < NQ; q++) {
    int v;
    long a, b;
    search_serial(k, nk, rec, keys[q], height, &v, &a);
    search_serial(k, nk, rec, hi[q], height, &v, &b);
    CHECK_INT("btree range start", st[q], a);
    CHECK_INT("btree range end", en[q], b);
  }
  free(k), free(rec), free(keys), free(hi), free(cur), free(off), free(st);
  free(en), free(ans);
  return e2e_done();
}
