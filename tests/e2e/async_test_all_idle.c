/* async_test_all_idle.c — acc_async_test_all() is 1 once every queue the
 * program used is done: after `wait(7)` of an async copy-back construct,
 * after a synchronous exit data of data last used on queue 7, and at the
 * end of a data region.  Before session 23 the emulator counted its own
 * reclaim queue (device memory freed once queue 7's work ends), and
 * acc_async_test_all() said 0 with nothing of the program pending; a host
 * polling loop waited for nothing. */
#include <stdlib.h>

#include "e2e.h"

#define N 8192

static void triple(double *b, int q)
{
#pragma acc parallel loop async(q) present(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] *= 3.0;
}

int main(void)
{
  double *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    b[i] = i;
  /* an async construct with its own copy-back */
#pragma acc parallel loop async(7) copy(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] *= 3.0;
#pragma acc wait(7)
  CHECK_INT("test(7) after wait(7)", acc_async_test(7) != 0, 1);
  CHECK_INT("test_all after wait(7)", acc_async_test_all() != 0, 1);
  /* a synchronous exit data of data last used on queue 7 */
#pragma acc enter data copyin(b[0:N])
  triple(b, 7);
#pragma acc wait(7)
#pragma acc exit data copyout(b[0:N])
  CHECK_INT("test_all after exit data", acc_async_test_all() != 0, 1);
  /* the end of a data region */
#pragma acc data copy(b[0:N])
  {
    triple(b, 7);
#pragma acc wait(7)
  }
  CHECK_INT("test_all after a data region", acc_async_test_all() != 0, 1);
  for (int i = 0; i < N; i++)
    CHECK_REAL("b", b[i], 27.0 * i, 0);
  free(b);
  return e2e_done();
}
