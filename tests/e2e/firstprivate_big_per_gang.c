/* firstprivate_big_per_gang.c — a `firstprivate` table of 32 KB (too big
 * for a kernel parameter or the gang's shared memory) that each gang
 * changes in its own copy (OpenACC 3.3 §2.5.14: one copy per gang, shared
 * by its vector lanes).  A vector loop writes every element of the gang's
 * copy, the next reads elements other lanes wrote, gang-redundant code
 * reads both ends and stores one element that a last vector loop reads,
 * then the copy is put back for the gang's next iteration: against the
 * same steps done serially.  The host's table keeps its values.
 * Before session 11 every thread had a copy of its own (a lane read the
 * other lanes' elements unchanged). */
/* accgpu-test: private-copies */
#include "e2e.h"

#define N 4096 /* doubles: 32 KB */
#define G 8

int main(void)
{
  double tab[N], out[G][N], ends[G][2];
  for (int k = 0; k < N; k++)
    tab[k] = 0.25 * k;
#pragma acc parallel num_gangs(G) vector_length(32) firstprivate(tab) \
    copyout(out, ends)
  {
#pragma acc loop gang
    for (int g = 0; g < G; g++) {
#pragma acc loop vector
      for (int k = 0; k < N; k++)
        tab[k] = tab[k] * 2 + g;
      ends[g][0] = tab[0] + tab[N - 1];
#pragma acc loop vector
      for (int k = 0; k < N; k++)
        out[g][k] = tab[N - 1 - k] + tab[(k * 37) % N];
      double keep = tab[N / 2];
      tab[N / 2] = -g; /* once for the gang, seen by all its lanes */
#pragma acc loop vector
      for (int k = 0; k < N; k++)
        out[g][k] += tab[N / 2] * k;
      ends[g][1] = tab[N / 2 - 1] + tab[N / 2];
      tab[N / 2] = keep;
      /* back to the first values: the gang's next iteration (a gang may
         run several, the host's one gang all) starts where this did */
#pragma acc loop vector
      for (int k = 0; k < N; k++)
        tab[k] = (tab[k] - g) / 2;
    }
  }
  /* the serial model: each gang's copy starts from the host's table */
  for (int g = 0; g < G; g++) {
    static double c[N], d[N];
    for (int k = 0; k < N; k++)
      c[k] = 0.25 * k * 2 + g;
    CHECK_REAL("gang's copy, ends", ends[g][0], c[0] + c[N - 1], 0);
    for (int k = 0; k < N; k++)
      d[k] = c[N - 1 - k] + c[(k * 37) % N] + (double)-g * k;
    for (int k = 0; k < N; k++)
      CHECK_REAL("gang's copy, other lanes' elements", out[g][k], d[k], 0);
    CHECK_REAL("gang's copy, gang's store", ends[g][1], c[N / 2 - 1] - g, 0);
  }
  for (int k = 0; k < N; k++)
    CHECK_REAL("host table kept", tab[k], 0.25 * k, 0);
  return e2e_done();
}
