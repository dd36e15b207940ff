/* reduction_array_section.c — reductions on array sections and elements of
 * constant bounds (OpenACC 2.7): a section of a pointer's array on a
 * combined construct (implying its copy), the same inside a data region
 * (present), a max section of a local array, and one element of an array
 * (GCC 12 crashes on these on a compute construct; the plugin rewrites
 * them).  Elements outside the section keep their values.  Checked
 * against serial loops. */
#include <stdlib.h>

#include "e2e.h"

#define N 3000

int main(void)
{
  int *a = malloc(N * sizeof *a), *c = malloc(10 * sizeof *c);
  int want[10], m[6], mwant[6], e[3] = {5, 6, 7}, ewant[3] = {5, 6, 7};
  for (int i = 0; i < N; i++)
    a[i] = (int)((i * 2654435761u) >> 21) % 97;
  for (int k = 0; k < 10; k++)
    c[k] = want[k] = 10 * k;
  for (int k = 0; k < 6; k++)
    m[k] = mwant[k] = -k;
  for (int i = 0; i < N; i++) {
    want[2 + i % 4] += a[i];
    mwant[1 + i % 3] = a[i] > mwant[1 + i % 3] ? a[i] : mwant[1 + i % 3];
    ewant[1] += a[i] & 3;
  }
#pragma acc parallel loop reduction(+:c[2:4]) copyin(a[0:N])
  for (int i = 0; i < N; i++)
    c[2 + i % 4] += a[i];
#pragma acc parallel loop gang vector reduction(max:m[1:3]) \
    reduction(+:e[1]) copyin(a[0:N])
  for (int i = 0; i < N; i++) {
    m[1 + i % 3] = a[i] > m[1 + i % 3] ? a[i] : m[1 + i % 3];
    e[1] += a[i] & 3;
  }
  for (int k = 0; k < 10; k++)
    CHECK_INT("c[2:4]", c[k], want[k]);
  for (int k = 0; k < 6; k++)
    CHECK_INT("m[1:3]", m[k], mwant[k]);
  for (int k = 0; k < 3; k++)
    CHECK_INT("e[1]", e[k], ewant[k]);
  /* present: the device copy is reduced into, the host's at exit */
  for (int i = 0; i < N; i++)
    want[5 + i % 5] += a[i] % 7;
#pragma acc data copy(c[0:10]) copyin(a[0:N])
  {
#pragma acc parallel num_gangs(3) num_workers(2) vector_length(32)
#pragma acc loop gang worker vector reduction(+:c[5:5])
    for (int i = 0; i < N; i++)
      c[5 + i % 5] += a[i] % 7;
  }
  for (int k = 0; k < 10; k++)
    CHECK_INT("c[5:5]", c[k], want[k]);
  free(a);
  free(c);
  return e2e_done();
}
