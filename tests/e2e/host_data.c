/* host_data.c — host_data use_device: host code sees the device address of
 * mapped data (equal to acc_deviceptr) and hands it to a region that uses
 * it through deviceptr. */
#include "e2e.h"

#define N 3000
static double a[N];

static void twice(double *dev, int n) {
#pragma acc parallel loop deviceptr(dev)
  for (int i = 0; i < n; i++)
    dev[i] *= 2.0;
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i + 0.5;
  double *seen = 0;
#pragma acc data copy(a[0:N])
  {
#pragma acc host_data use_device(a)
    {
      seen = a;
      twice(a, N);
    }
#ifdef _OPENACC
    CHECK_TRUE("use_device gives acc_deviceptr", seen == acc_deviceptr(a));
#endif
    if (e2e_separate_memory())
      CHECK_TRUE("device address differs from host", seen != a);
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], 2.0 * (i + 0.5), 0);
  return e2e_done();
}
