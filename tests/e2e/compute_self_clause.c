/* compute_self_clause.c — the `self` clause of compute constructs
 * (OpenACC 3.2): `parallel loop self(n < SMALL)` runs a small problem on
 * the local thread and a large one on the device, as codes that avoid
 * launching tiny kernels write it; bare `self` on `serial`, `self(cond)`
 * on `kernels` and `kernels loop`. Which one ran is seen through
 * acc_on_device(acc_device_host) in the loop, checked against the same
 * loop without the clause (on the device) and with if(0) (on the host);
 * the results against serial loops. GCC 12's parser rejected the clause. */
#include "e2e.h"
#include <stdlib.h>

#define SMALL 100

static int where(void)
{
  int w = -1;
#pragma acc parallel copyout(w)
  w = acc_on_device(acc_device_host);
  return w;
}

static int where_host(void)
{
  int w = -1;
#pragma acc parallel copyout(w) if(0)
  w = acc_on_device(acc_device_host);
  return w;
}

static void scale(int n, double *a, int *ran_on)
{
  int w = -1;
#pragma acc parallel loop copy(a[0:n]) copyout(w) self(n < SMALL)
  for (int i = 0; i < n; i++) {
    a[i] = 2.0 * a[i] + 1.0;
    if (i == 0)
      w = acc_on_device(acc_device_host);
  }
  *ran_on = w;
}

int main(void)
{
  int dev = where(), host = where_host();
  for (int n = 10; n <= 1000; n *= 10) {
    double *a = malloc(n * sizeof *a);
    for (int i = 0; i < n; i++)
      a[i] = i;
    int w;
    scale(n, a, &w);
    CHECK_INT("self(n < SMALL) ran on", w, n < SMALL ? host : dev);
    for (int i = 0; i < n; i++)
      CHECK_REAL("self scale", a[i], 2.0 * i + 1.0, 0);
    free(a);
  }
  int w1 = -1, w2 = -1, w3 = -1, on = 1;
#pragma acc serial self copyout(w1)
  w1 = acc_on_device(acc_device_host);
  CHECK_INT("bare self ran on", w1, host);
#pragma acc kernels self(!on) copyout(w2)
  w2 = acc_on_device(acc_device_host);
  CHECK_INT("kernels self(0) ran on", w2, dev);
  int s[8];
#pragma acc kernels loop self(on) copyout(s, w3)
  for (int i = 0; i < 8; i++) {
    s[i] = i * i;
    if (i == 0)
      w3 = acc_on_device(acc_device_host);
  }
  CHECK_INT("kernels loop self(1) ran on", w3, host);
  for (int i = 0; i < 8; i++)
    CHECK_INT("kernels loop self", s[i], i * i);
  return e2e_done();
}
