/* reduction_element_index.c — reductions on one array element whose index
 * is known only at run time (OpenACC 2.7+; V&V parallel_loop_async's
 * `reduction(+:errors[x])`): a pointer's elements reduced by constructs in
 * ten async queues inside a data region (present: the device's element is
 * reduced), a local array's element on a combined construct (its implied
 * copy), `kernels loop` with max on `e[k:1]`, a loop's clause inside a
 * parallel region (the index hoisted to the construct's entry), and an
 * index read from memory.  The other elements keep their values.  Checked
 * against serial loops. */
#include <stdlib.h>

#include "e2e.h"

#define N 2000

static int idx_of(int k) { return (k * 7 + 3) % 10; }

int main(int argc, char **argv)
{
  (void)argv;
  int *a = malloc(10 * N * sizeof *a), *errors = malloc(10 * sizeof *errors);
  int want[10], loc[10], lwant[10], m[6], mwant[6], pick[2] = {4, 1};
  for (int i = 0; i < 10 * N; i++)
    a[i] = (int)((i * 2654435761u) >> 20) % 101;
  for (int x = 0; x < 10; x++) {
    errors[x] = want[x] = 3 * x;
    loc[x] = lwant[x] = -x;
  }
  for (int k = 0; k < 6; k++)
    m[k] = mwant[k] = k;
  /* ten queues, each reducing its own element of the present array */
  for (int x = 0; x < 10; x++)
    for (int y = 0; y < N; y++)
      want[x] += a[x * N + y] > 50;
#pragma acc data copy(errors[0:10]) copyin(a[0:10 * N])
  {
    for (int x = 0; x < 10; ++x) {
#pragma acc parallel loop async(x) reduction(+:errors[x])
      for (int y = 0; y < N; ++y)
        if (a[x * N + y] > 50)
          errors[x] += 1;
    }
#pragma acc wait
  }
  for (int x = 0; x < 10; x++)
    CHECK_INT("errors[x] async", errors[x], want[x]);
  /* a local array's element; the index from a call (known at run time) */
  int k = idx_of(argc + 1);
  for (int y = 0; y < N; y++)
    lwant[k] += a[y] % 5;
#pragma acc parallel loop reduction(+:loc[k]) copyin(a[0:N])
  for (int y = 0; y < N; y++)
    loc[k] += a[y] % 5;
  for (int x = 0; x < 10; x++)
    CHECK_INT("loc[k]", loc[x], lwant[x]);
  /* kernels loop, max on a section of one element */
  int j = argc + 2;
  for (int y = 0; y < N; y++)
    mwant[j] = a[y] > mwant[j] ? a[y] : mwant[j];
#pragma acc kernels loop reduction(max:m[j:1]) copyin(a[0:N])
  for (int y = 0; y < N; y++)
    m[j] = a[y] > m[j] ? a[y] : m[j];
  for (int x = 0; x < 6; x++)
    CHECK_INT("m[j:1]", m[x], mwant[x]);
  /* loops' clauses in a parallel region (indices hoisted to its entry),
     two elements of the same array; then an index read from memory */
  int p0 = pick[0], p1 = pick[1];
  for (int y = 0; y < N; y++) {
    want[p0] += a[y] & 7;
    want[p1] *= 1 + (y % 500 == 0);
  }
#pragma acc parallel copy(errors[0:10]) copyin(a[0:N]) num_gangs(4) \
    vector_length(64)
  {
#pragma acc loop gang vector reduction(+:errors[p0])
    for (int y = 0; y < N; y++)
      errors[p0] += a[y] & 7;
#pragma acc loop gang vector reduction(*:errors[p1])
    for (int y = 0; y < N; y++)
      errors[p1] *= 1 + (y % 500 == 0);
  }
  for (int y = 0; y < N; y++)
    want[pick[1]] -= a[y] % 3;
#pragma acc parallel loop reduction(-:errors[pick[1]]) copyin(a[0:N]) \
    copy(errors[0:10])
  for (int y = 0; y < N; y++)
    errors[pick[1]] -= a[y] % 3;
  for (int x = 0; x < 10; x++)
    CHECK_INT("errors[p]", errors[x], want[x]);
  free(a);
  free(errors);
  return e2e_done();
}
