/* compute_vector_length_over_limit.c — vector_length over a block's 1024
 * threads without worker loops, as a constant and at run time: the launch
 * takes 1024 (launch-geometry.cc, block_sizes), as it already did with
 * workers; the launch failed ("more than 1024 threads per block").
 * Reductions at the capped length too. */
#include <stdlib.h>

#include "e2e.h"

#define N 3000

int main(int argc, char **argv)
{
  int *a = malloc(N * sizeof(int));
  int vl = argc > 5 ? atoi(argv[1]) : 2048;
  double s = 0.0;
  long c = 0;
#pragma acc parallel loop vector_length(vl) copyout(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = i ^ 5;
  for (int i = 0; i < N; i++)
    CHECK_INT("vector_length(vl)", a[i], i ^ 5);
#pragma acc parallel loop vector_length(2048) reduction(+:s) copy(a[0:N])
  for (int i = 0; i < N; i++) {
    a[i] = i ^ 6;
    s += i;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("vector_length(2048)", a[i], i ^ 6);
  CHECK_REAL("reduction", s, (N - 1) * (double)N / 2, 0);
#pragma acc parallel vector_length(4096) reduction(+:c)
  {
#pragma acc loop gang reduction(+:c)
    for (int g = 0; g < 4; g++) {
#pragma acc loop vector reduction(+:c)
      for (int i = 0; i < N; i++)
        c += i % 3;
    }
  }
  CHECK_INT("gang and vector reduction", c, 4L * (N / 3) * 3);
  free(a);
  return e2e_done();
}
