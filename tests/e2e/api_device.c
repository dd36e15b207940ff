/* api_device.c — device management from host code: acc_init, device type
 * and number round-trip, acc_on_device on the host and inside a region
 * (true only where the region runs on a device), acc_shutdown.  The
 * init/set/shutdown directives are tested in directive_init.c and
 * directive_set.c (accgpu-only: GCC 12 itself ignores them). */
#include "e2e.h"

#define N 256
static int where[N];

int main(void) {
#ifdef _OPENACC
  acc_device_t t = acc_get_device_type();
  acc_init(t);
  int off = e2e_offloaded();
  CHECK_TRUE("at least one device of the current type",
             acc_get_num_devices(t) >= 1);
  acc_set_device_num(0, t);
  CHECK_INT("device number", acc_get_device_num(t), 0);
  CHECK_INT("type unchanged", acc_get_device_type(), t);
  CHECK_INT("host code runs on the host", acc_on_device(acc_device_host), 1);
#pragma acc parallel loop copyout(where[0:N])
  for (int i = 0; i < N; i++)
    where[i] = acc_on_device(acc_device_not_host);
  for (int i = 0; i < N; i++)
    CHECK_INT("acc_on_device(not_host) in a region", where[i], off);
  if (off)
    CHECK_INT("host is not the current device type",
              acc_get_device_type() == acc_device_host, 0);
  acc_shutdown(t);
#endif
  return e2e_done();
}
