/* parallel_clauses.c — num_gangs, num_workers and vector_length (constant
 * and run-time values, fewer threads than iterations), and the if clause:
 * if(0) runs the region on the host, on host memory. */
#include "e2e.h"

#define N 5000
static int x[N], y[N];

int main(void) {
  int gangs = 3, len = 64;
  for (int i = 0; i < N; i++)
    x[i] = i;

#pragma acc parallel num_gangs(7) num_workers(4) vector_length(32) \
    copyin(x[0:N]) copyout(y[0:N])
  {
#pragma acc loop gang worker vector
    for (int i = 0; i < N; i++)
      y[i] = 3 * x[i] + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("y (constant sizes)", y[i], 3 * i + 1);

#pragma acc parallel loop gang vector num_gangs(gangs) vector_length(len) \
    copyin(x[0:N]) copyout(y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[i] * x[i] % 1001;
  for (int i = 0; i < N; i++)
    CHECK_INT("y (run-time sizes)", y[i], i * i % 1001);

  /* if(0): no device copy is made, so the write lands in host x. */
  int use_device = 0;
#pragma acc parallel loop if(use_device) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = -i;
  for (int i = 0; i < N; i++)
    CHECK_INT("x after if(0)", x[i], -i);

  /* if(1): the write lands in the device copy, which copyin never returns. */
  use_device = 1;
#pragma acc parallel loop if(use_device) copyin(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = 7;
  for (int i = 0; i < N; i++)
    CHECK_INT("x after if(1)", x[i], e2e_separate_memory() ? -i : 7);
  return e2e_done();
}
