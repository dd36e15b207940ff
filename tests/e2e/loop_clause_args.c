/* loop_clause_args.c — arguments of loop clauses: gang(static:N) and
 * gang(static:*) in parallel, gang(num:) worker(num:) vector(length:) in
 * kernels, and a seq loop between gang and vector loops. */
#include "e2e.h"

#define N 4000
#define R 40
#define C 100
static int a[N], m[R * C];

int main(void) {
#pragma acc parallel num_gangs(8) copyout(a)
  {
#pragma acc loop gang(static:4)
    for (int i = 0; i < N; i++)
      a[i] = i + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("gang(static:4)", a[i], i + 1);

#pragma acc parallel copy(a)
  {
#pragma acc loop gang(static:*)
    for (int i = 0; i < N; i++)
      a[i] *= 3;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("gang(static:*)", a[i], 3 * (i + 1));

#pragma acc kernels copyout(m)
  {
#pragma acc loop gang(num:8) worker(num:2)
    for (int r = 0; r < R; r++)
#pragma acc loop vector(length:32)
      for (int c = 0; c < C; c++)
        m[r * C + c] = r - c;
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      CHECK_INT("kernels num/length", m[r * C + c], r - c);

#pragma acc parallel loop gang copy(m)
  for (int r = 0; r < R; r++) {
#pragma acc loop seq
    for (int s = 0; s < 3; s++) {
#pragma acc loop vector
      for (int c = 0; c < C; c++)
        m[r * C + c] += s;
    }
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      CHECK_INT("gang/seq/vector", m[r * C + c], r - c + 3);
  return e2e_done();
}
