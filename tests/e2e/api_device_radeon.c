/* api_device_radeon.c — acc_device_radeon, which GCC's openacc.h names
 * (its own libgomp tests acc_on_device-1, lib-5 and lib-6 use it): code
 * written for GCC compiles, finds no such device, and is never on one,
 * on the host or in a compute region.  Selecting it is an error:
 * tests/e2e/rterr/api_set_radeon.c. */
#include "e2e.h"

int main(void)
{
  int in_region = -1;
  CHECK_INT("radeon devices", acc_get_num_devices(acc_device_radeon), 0);
  CHECK_INT("on radeon (host code)", acc_on_device(acc_device_radeon), 0);
#pragma acc parallel num_gangs(1) copyout(in_region)
  in_region = acc_on_device(acc_device_radeon);
  CHECK_INT("on radeon (region)", in_region, 0);
  return e2e_done();
}
