/* deviceptr_clause.c — deviceptr on memory from acc_malloc, filled and read
 * back with acc_memcpy_to_device / acc_memcpy_from_device. */
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#ifndef _OPENACC /* serial build: the device is host memory */
#define acc_malloc malloc
#define acc_free free
#define acc_memcpy_to_device memcpy
#define acc_memcpy_from_device memcpy
#endif

static void axpy_dev(float *x, float *y, float alpha, int n) {
#pragma acc parallel loop deviceptr(x, y)
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
}

int main(void) {
  int n = 6000;
  size_t bytes = n * sizeof(float);
  float *hx = malloc(bytes), *hy = malloc(bytes);
  for (int i = 0; i < n; i++) {
    hx[i] = i;
    hy[i] = 1.0f;
  }
  float *dx = acc_malloc(bytes), *dy = acc_malloc(bytes);
  acc_memcpy_to_device(dx, hx, bytes);
  acc_memcpy_to_device(dy, hy, bytes);
  axpy_dev(dx, dy, 2.0f, n);
  axpy_dev(dx, dy, 0.5f, n);
  acc_memcpy_from_device(hy, dy, bytes);
  for (int i = 0; i < n; i++)
    CHECK_REAL("y", hy[i], 2.5f * i + 1.0f, 0);
  acc_free(dx);
  acc_free(dy);
  free(hx);
  free(hy);
  return e2e_done();
}
