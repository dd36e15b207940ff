/* vv_array_reduction.c — a reduction on a whole (small) array (OpenACC
 * 2.7: reduction(^:t) with int t[5]) in a worker loop inside a gang loop
 * (t is local to each gang iteration).  Checked against serial loops. */
#include <stdlib.h>

#include "e2e.h"

#define G 6
#define M 400

int main(void)
{
  unsigned *a = malloc(G * M * sizeof *a), *out = malloc(G * 5 * sizeof *out);
  for (int i = 0; i < G * M; i++)
    a[i] = (unsigned)(i * 2654435761u);
#pragma acc parallel loop gang copyin(a[0:G*M]) copyout(out[0:G*5])
  for (int g = 0; g < G; g++) {
    unsigned t[5];
    for (int k = 0; k < 5; k++)
      t[k] = 0;
#pragma acc loop worker reduction(^:t)
    for (int j = 0; j < M; j++)
      t[j % 5] ^= a[g * M + j];
    for (int k = 0; k < 5; k++)
      out[g * 5 + k] = t[k];
  }
  for (int g = 0; g < G; g++)
    for (int k = 0; k < 5; k++) {
      unsigned want = 0;
      for (int j = k; j < M; j += 5)
        want ^= a[g * M + j];
      CHECK_INT("t", out[g * 5 + k], want);
    }
  free(a);
  free(out);
  return e2e_done();
}
