/* compute_malloc_persist.c — blocks device malloc made in one kernel live
 * on into later kernels, as CUDA's heap blocks do, until a later kernel
 * frees them: kept in a `declare create` global pointer array, and in an
 * array of device pointers from acc_malloc passed with deviceptr.
 * Reference: the same values computed in serial loops. */
#include <stdlib.h>

#include "e2e.h"

#define G 16 /* blocks */
#define M 100 /* ints each */

static int *blocks[G];
#pragma acc declare create(blocks)

int main(void)
{
  long sum[G], sum2[G];
  int ok[G];
  int **slot = (int **)acc_malloc(G * sizeof(int *));

  /* Kernel 1: every gang mallocs two blocks, fills them, keeps them. */
#pragma acc parallel loop gang num_gangs(G) deviceptr(slot) copyout(ok)
  for (int g = 0; g < G; g++) {
    int *a = (int *)malloc(M * sizeof(int));
    int *b = (int *)malloc(M * sizeof(int));
    blocks[g] = a;
    slot[g] = b;
    ok[g] = a && b;
    if (a && b) {
#pragma acc loop vector
      for (int j = 0; j < M; j++) {
        a[j] = g * M + j;
        b[j] = 3 * j - g;
      }
    }
  }
  /* Kernel 2: other gangs (reversed) read them; nothing freed yet. */
#pragma acc parallel loop gang num_gangs(G) deviceptr(slot) copyout(sum)
  for (int g = 0; g < G; g++) {
    int *a = blocks[G - 1 - g], *b = slot[G - 1 - g];
    long s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < M; j++)
      s += a && b ? (long)a[j] * b[j] : 0;
    sum[G - 1 - g] = s;
  }
  /* Kernel 3: one thread each adds the two blocks and frees them. */
#pragma acc parallel loop deviceptr(slot) copyout(sum2)
  for (int g = 0; g < G; g++) {
    long s = 0;
    if (blocks[g] && slot[g])
      for (int j = 0; j < M; j++)
        s += blocks[g][j] + slot[g][j];
    free(blocks[g]);
    free(slot[g]);
    blocks[g] = NULL;
    sum2[g] = s;
  }
  acc_free(slot);

  for (int g = 0; g < G; g++) {
    long s = 0, s2 = 0;
    for (int j = 0; j < M; j++) {
      s += (long)(g * M + j) * (3 * j - g);
      s2 += (g * M + j) + (3 * j - g);
    }
    CHECK_INT("malloc in kernel 1", ok[g], 1);
    CHECK_INT("blocks read by kernel 2", sum[g], s);
    CHECK_INT("blocks read and freed by kernel 3", sum2[g], s2);
  }
  return e2e_done();
}
