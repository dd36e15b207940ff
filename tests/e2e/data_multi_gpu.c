/* data_multi_gpu.c — the multi-GPU extension (Xu §6.3.1) on two emulated
 * devices: deviceid(d) on enter/exit data, data and update puts each half
 * of an array on its own device; wait device(d) drains a device's worker;
 * update peer copies a halo element from device 0 to device 1 without the
 * host.  Device state is read back through the OpenACC API.  A function
 * named deviceid and variables named to/from/device/peer elsewhere in the
 * file are ordinary C. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include <stdlib.h>

#include "e2e.h"

#define N 512

/* Same names as the extension's words: untouched outside acc lines. */
static int deviceid(int x) { return x + 100; }
static int device(int x) { return x * 2; }

#ifdef _OPENACC
/* Value of the copy of HOST[i] on device DEV (-1e300 when absent there). */
static double on_device(int dev, double *host, int i)
{
  double v = -1e300;
  int old = acc_get_device_num(acc_device_not_host);
  acc_set_device_num(dev, acc_device_not_host);
  if (acc_is_present(&host[i], sizeof *host))
    acc_memcpy_from_device(&v, acc_deviceptr(&host[i]), sizeof v);
  acc_set_device_num(old, acc_device_not_host);
  return v;
}
#endif

int main(void)
{
  int n = N, to = 1, from = 0, peer = 3;
  double *a = malloc(2 * n * sizeof *a);
  CHECK_INT("deviceid() is the C function", deviceid(1), 101);
  CHECK_INT("device() is the C function", device(4), 8);
  CHECK_INT("peer is a variable", peer, 3);
#ifdef _OPENACC
  if (acc_get_num_devices(acc_device_not_host) < 2) {
    fprintf(stderr, "needs ACCGPU_EMU_DEVICES=2\n");
    return 1;
  }
#endif
  for (int i = 0; i < 2 * n; i++)
    a[i] = i;

  /* One half per device. */
#pragma acc enter data copyin(a[0:n]) deviceid(0)
#pragma acc enter data copyin(a[n:n]) deviceid(from + 1)
#pragma acc wait device(0)
#pragma acc wait device(to)
#ifdef _OPENACC
  CHECK_REAL("dev0 a[1]", on_device(0, a, 1), 1, 0);
  CHECK_REAL("dev1 a[n+1]", on_device(1, a, n + 1), n + 1, 0);
  CHECK_REAL("a[n+1] not on dev0", on_device(0, a, n + 1), -1e300, 0);
  CHECK_REAL("a[1] not on dev1", on_device(1, a, 1), -1e300, 0);
#endif

  /* update device(...) deviceid(1) touches device 1 only. */
  for (int i = 0; i < 2 * n; i++)
    a[i] = 10.0 * i;
#pragma acc update device(a[n:n]) deviceid(1)
#pragma acc wait device(1)
#ifdef _OPENACC
  CHECK_REAL("dev1 after update", on_device(1, a, n + 5), 10.0 * (n + 5), 0);
  CHECK_REAL("dev0 unchanged", on_device(0, a, 5), 5, 0);
#endif

  /* Halo: device 1 gets a[n-1] from device 0, not from the host. */
  /* update peer is ordered after the create queued on device 1. */
#pragma acc enter data create(a[n-1:1]) deviceid(1)
#pragma acc update peer to(a[n-1:1]) to_device(to) from(a[n-1:1]) from_device(from)
#pragma acc wait device(1)
#ifdef _OPENACC
  CHECK_REAL("halo on dev1", on_device(1, a, n - 1), n - 1, 0);
#endif
  /* Different variables: device 0's a[0:4] lands in device 1's c[0:4]. */
  double c[4] = {-1, -1, -1, -1};
#pragma acc enter data create(c) deviceid(1)
#pragma acc update peer to(c[0:4]) to_device(1) from(a[0:4]) from_device(0)
#pragma acc exit data copyout(c) deviceid(1)
#pragma acc wait device(1)
  for (int i = 0; i < 4; i++)
    CHECK_REAL("peer a[0:4] -> c[0:4]", c[i], i, 0);

  /* A data region on device 0 (its mapping runs on device 0's worker). */
  double *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    b[i] = -i;
#pragma acc data copyin(b[0:n]) deviceid(0)
  {
#pragma acc wait device(0)
#ifdef _OPENACC
    CHECK_REAL("b on dev0", on_device(0, b, 7), -7, 0);
    CHECK_REAL("b not on dev1", on_device(1, b, 7), -1e300, 0);
#endif
  }
#pragma acc wait device(0)
#ifdef _OPENACC
  CHECK_REAL("b released", on_device(0, b, 7), -1e300, 0);
#endif

  /* Back to the host: self from device 0, copyout from device 1. */
  for (int i = 0; i < 2 * n; i++)
    a[i] = -1;
#pragma acc update self(a[0:n]) deviceid(0)
#pragma acc exit data copyout(a[n:n]) deviceid(1)
#pragma acc exit data delete(a[n-1:1]) deviceid(1)
#pragma acc exit data delete(a[0:n]) deviceid(0)
#pragma acc wait device(0)
#pragma acc wait device(1)
  for (int i = 0; i < n; i++)
    CHECK_REAL("a from dev0", a[i], i, 0);
  for (int i = n; i < 2 * n; i++)
    CHECK_REAL("a from dev1", a[i], 10.0 * i, 0);
  free(a), free(b);
  return e2e_done();
}
