/* multi_device.c — two emulated devices: each half of an array is mapped on
 * its own device (acc_set_device_num), computed there, copied back, and
 * data on one device is not present on the other. */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
/* accgpu-test: emulator-only */
#include <stdlib.h>

#include "e2e.h"

#define N 4000
static int a[N];

int main(void) {
  int ndev = 1;
#ifdef _OPENACC
  acc_device_t t = acc_get_device_type();
  ndev = acc_get_num_devices(t);
  if (t != acc_device_host && getenv("ACCGPU_EMU_DEVICES"))
    CHECK_INT("devices", ndev, atoi(getenv("ACCGPU_EMU_DEVICES")));
#endif
  for (int i = 0; i < N; i++)
    a[i] = i;
  int chunk = (N + ndev - 1) / ndev;
  for (int d = 0; d < ndev; d++) {
    int lo = d * chunk, len = lo + chunk > N ? N - lo : chunk;
#ifdef _OPENACC
    acc_set_device_num(d, t);
#endif
#pragma acc enter data copyin(a[lo:len])
#pragma acc parallel loop present(a[lo:len])
    for (int i = lo; i < lo + len; i++)
      a[i] = a[i] * 10 + d;
  }
#ifdef _OPENACC
  if (ndev > 1 && t != acc_device_host) {
    acc_set_device_num(0, t);
    CHECK_INT("second half not on device 0",
              acc_is_present(&a[N - 1], sizeof(int)), 0);
    CHECK_INT("first half on device 0", acc_is_present(a, sizeof(int)), 1);
  }
#endif
  for (int d = 0; d < ndev; d++) {
    int lo = d * chunk, len = lo + chunk > N ? N - lo : chunk;
#ifdef _OPENACC
    acc_set_device_num(d, t);
#endif
#pragma acc exit data copyout(a[lo:len])
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("a", a[i], i * 10 + i / chunk);
  return e2e_done();
}
