/* worker_private_pointer.c — a worker-private variable written through a
 * pointer to it (`int *q = &x; *q = ...`) between two vector loops: every
 * vector lane of the worker must see the new value.  Before, the store was
 * done once per worker (by lane 0, as for memory the lanes share), but
 * each lane holds its own copy of x, so the other lanes kept the old one. */
#include "e2e.h"

#define NI 16
#define NJ 8
#define NK 32

static int arr[NI * NJ * NK], ref[NI * NJ * NK];

int main(void) {
  int x = 0;
  for (int i = 0; i < NI * NJ * NK; i++)
    arr[i] = ref[i] = i;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        ref[(i * NJ + j) * NK + k] += (i ^ j * 3) * k + (i | j * 5) * 2 * k;

#pragma acc parallel copy(arr) num_gangs(NI) num_workers(NJ) vector_length(NK)
  {
#pragma acc loop gang
    for (int i = 0; i < NI; i++) {
#pragma acc loop worker private(x)
      for (int j = 0; j < NJ; j++) {
        int *q = &x;
        x = i ^ j * 3;
#pragma acc loop vector
        for (int k = 0; k < NK; k++)
          arr[(i * NJ + j) * NK + k] += x * k;
        *q = (i | j * 5) * 2;
#pragma acc loop vector
        for (int k = 0; k < NK; k++)
          arr[(i * NJ + j) * NK + k] += x * k;
      }
    }
  }
  for (int i = 0; i < NI * NJ * NK; i++)
    CHECK_INT("arr after the worker loops", arr[i], ref[i]);
  return e2e_done();
}
