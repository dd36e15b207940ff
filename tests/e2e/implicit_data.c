/* implicit_data.c — data attributes without clauses: a fixed-size array
 * used in parallel is implicitly copied (both ways), a scalar is implicitly
 * firstprivate in parallel (device changes stay there) and implicitly
 * copied in kernels (changes come back). */
#include "e2e.h"

#define N 777
static int arr[N];

int main(void) {
  int k = 5, seen = 0, set_in_kernels = 0;
  for (int i = 0; i < N; i++)
    arr[i] = i;
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    arr[i] = arr[i] * k;
  for (int i = 0; i < N; i++)
    CHECK_INT("implicit copy of an array", arr[i], 5 * i);

#pragma acc parallel num_gangs(1)
  {
    k = 99; /* firstprivate: the host keeps 5 */
    arr[0] = k;
  }
#ifdef _OPENACC
  CHECK_INT("implicit firstprivate scalar", k, 5);
#endif
  CHECK_INT("value seen in region", arr[0], 99);

#pragma acc kernels
  {
    set_in_kernels = arr[1] + 1;
    seen = 1;
  }
  CHECK_INT("implicit copy of a scalar in kernels", set_in_kernels, 6);
  CHECK_INT("seen", seen, 1);
  return e2e_done();
}
