/* compute_size_args.c — gang(num:), worker(n), vector(n) on loops size the
 * launch like num_gangs/num_workers/vector_length: code outside the gang
 * loop of a parallel region runs once per gang, so an atomic counter there
 * counts the gangs (1 in the host fallback).  Results must equal serial. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 1000

int main(void) {
  static float a[N], b[N], ra[N];
  int gangs = 0, gangs2 = 0;
  const int g = 5;
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 13);
#pragma acc parallel copy(gangs) copyin(b) copyout(a) firstprivate(g)
  {
#pragma acc atomic update
    gangs++;
#pragma acc loop gang(num:g) worker(2) vector(64)
    for (int i = 0; i < N; i++)
      a[i] = b[i] * 3.0f + 1.0f;
  }
  for (int i = 0; i < N; i++)
    ra[i] = b[i] * 3.0f + 1.0f;
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], ra[i], 0.0);
  /* the construct's clause wins over the loop's argument */
#pragma acc parallel copy(gangs2) copyin(b) copyout(a) num_gangs(3)
  {
#pragma acc atomic update
    gangs2++;
#pragma acc loop gang(num:7) vector(32)
    for (int i = 0; i < N; i++)
      a[i] = b[i] - 2.0f;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("a2", a[i], b[i] - 2.0f, 0.0);
  int host = acc_get_device_type() == acc_device_host;
  CHECK_INT("gangs", gangs, host ? 1 : 5);
  CHECK_INT("gangs2", gangs2, host ? 1 : 3);
  return e2e_done();
}
