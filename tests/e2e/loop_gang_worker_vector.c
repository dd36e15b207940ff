/* loop_gang_worker_vector.c — explicit gang / worker / vector on three
 * nested loops, on a single combined loop, and with fewer gangs, workers
 * and lanes than iterations at every level. */
#include "e2e.h"

#define NI 23
#define NJ 19
#define NK 131
static int c[NI * NJ * NK], d[NI * NJ * NK];

int main(void) {
#pragma acc parallel num_gangs(5) num_workers(3) vector_length(32) \
    copyout(c)
  {
#pragma acc loop gang
    for (int i = 0; i < NI; i++)
#pragma acc loop worker
      for (int j = 0; j < NJ; j++)
#pragma acc loop vector
        for (int k = 0; k < NK; k++)
          c[(i * NJ + j) * NK + k] = i * 100000 + j * 1000 + k;
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK_INT("c", c[(i * NJ + j) * NK + k], i * 100000 + j * 1000 + k);

#pragma acc parallel loop gang worker vector num_gangs(2) num_workers(2) \
    vector_length(32) copyout(d)
  for (int n = 0; n < NI * NJ * NK; n++)
    d[n] = n ^ 0x55;
  for (int n = 0; n < NI * NJ * NK; n++)
    CHECK_INT("d", d[n], n ^ 0x55);

  /* gang on the outer loop, worker vector on the inner one. */
#pragma acc parallel loop gang copy(c)
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker vector
    for (int jk = 0; jk < NJ * NK; jk++)
      c[i * NJ * NK + jk] -= i * 100000;
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK_INT("c after", c[(i * NJ + j) * NK + k], j * 1000 + k);
  return e2e_done();
}
