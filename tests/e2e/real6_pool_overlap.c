/* real6_pool_overlap.c — one data clause list naming a whole memory pool
 * and arrays inside it, as Rodinia's b+tree lays out its tree: records and
 * nodes carved from one malloc'd block, `copy(records[0:r], nodes[0:k],
 * ...)` where records[0:r] (a byte count used as an element count) spans
 * the nodes too.  OpenACC gives the items of a clause list no order, and
 * NVHPC takes them in source order: the whole block first, the nodes then
 * present inside it.  accgpu took data directives' items last to first
 * (GCC's clause order), met the nodes first and stopped at the block:
 * "is only partly present".  Here a pool is named before and after its
 * parts, on data, on enter/exit data and with nested parts, and every
 * kernel's result is checked against the same loops run serially. */
#include "e2e.h"
#include <stdlib.h>

enum { NREC = 300, NNODE = 40, KEYS = 8 };

typedef struct {
  int keys[KEYS];
  int child[KEYS];
} node;

/* The pool: NREC ints of records, then NNODE nodes. */
static char *pool_new(int **rec, node **nodes) {
  size_t bytes = NREC * sizeof(int) + NNODE * sizeof(node);
  char *p = malloc(bytes);
  *rec = (int *)p;
  *nodes = (node *)(p + NREC * sizeof(int));
  for (int i = 0; i < NREC; i++)
    (*rec)[i] = i * 3 + 1;
  for (int n = 0; n < NNODE; n++)
    for (int k = 0; k < KEYS; k++) {
      (*nodes)[n].keys[k] = n * KEYS + k;
      (*nodes)[n].child[k] = (n * 7 + k) % NREC;
    }
  return p;
}

/* Node n's keys weighted by its children's records. */
#pragma acc routine seq
static long weigh(const int *rec, const node *nodes, int n) {
  long s = 0;
  for (int k = 0; k < KEYS; k++)
    s += (long)nodes[n].keys[k] * rec[nodes[n].child[k]];
  return s;
}

/* What the kernels below compute, serially. */
static void reference(const int *rec, const node *nodes, long *ans) {
  for (int n = 0; n < NNODE; n++)
    ans[n] = weigh(rec, nodes, n);
}

static void check(const char *what, const long *got, const long *want) {
  for (int n = 0; n < NNODE; n++)
    CHECK_INT(what, got[n], want[n]);
}

int main(void) {
  int *rec;
  node *nodes;
  long ans[NNODE], want[NNODE];
  char *pool = pool_new(&rec, &nodes);
  /* in elements, as b+tree's records_mem: the section covers the nodes */
  int nrec = (int)((NREC * sizeof(int) + NNODE * sizeof(node)) / sizeof(int));
  reference(rec, nodes, want);

  /* the pool first, its part after it (b+tree's kernel_cpu) */
#pragma acc data copy(rec[0:nrec], nodes[0:NNODE]) copyout(ans[0:NNODE])
  {
#pragma acc parallel loop
    for (int n = 0; n < NNODE; n++) {
      ans[n] = weigh(rec, nodes, n);
      nodes[n].keys[0] += 1; /* written through the part: copied back */
    }
  }
  check("pool then part", ans, want);
  for (int n = 0; n < NNODE; n++)
    CHECK_INT("copy back through the part", nodes[n].keys[0], n * KEYS + 1);

  /* the part first, then the pool, with a nested part (a node's keys) */
  reference(rec, nodes, want);
  int *keys5 = nodes[5].keys;
#pragma acc data copyin(keys5[0:KEYS], nodes[0:NNODE], rec[0:nrec]) copyout(ans[0:NNODE])
  {
#pragma acc parallel loop
    for (int n = 0; n < NNODE; n++)
      ans[n] = weigh(rec, nodes, n);
  }
  check("parts then pool", ans, want);

  /* enter data: pool after its part; exit data copyout with the part
     listed first must still copy the whole pool back */
#pragma acc enter data copyin(nodes[0:NNODE], rec[0:nrec])
#pragma acc parallel loop present(rec[0:nrec])
  for (int i = 0; i < NREC; i++)
    rec[i] = rec[i] * 2;
#pragma acc exit data copyout(nodes[0:NNODE], rec[0:nrec])
  for (int i = 0; i < NREC; i++)
    CHECK_INT("enter/exit data", rec[i], (i * 3 + 1) * 2);
  free(pool);
  return e2e_done();
}
