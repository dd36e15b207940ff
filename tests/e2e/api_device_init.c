/* api_device_init.c — OpenACC 3.0's acc_init_device / acc_shutdown_device:
 * shutting down one device releases its data only, keeps the current device
 * type and number, and the device reopens on next use; a type without
 * devices has nothing to shut down.  (GCC 12's libgomp lacks these calls:
 * accgpu-only.) */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include "e2e.h"

#define N 64
static double a[N];

/* Enters A on device K of T. */
static void enter_on(acc_device_t t, int k)
{
  acc_set_device_num(k, t);
#pragma acc enter data copyin(a[0:N])
}

int main(void)
{
  acc_device_t t = acc_get_device_type();
  int n = acc_get_num_devices(t);
  acc_init_device(n - 1, t);
  CHECK_INT("acc_init_device keeps the type", acc_get_device_type(), t);
  CHECK_INT("acc_init_device keeps the number", acc_get_device_num(t), 0);
  acc_shutdown_device(0, acc_device_nvidia == t ? acc_device_emulator
                                                 : acc_device_nvidia);
  if (!e2e_separate_memory() || n < 2)
    return e2e_done(); /* the host maps nothing */
  enter_on(t, 0);
  enter_on(t, 1);
  acc_shutdown_device(1, t);
  CHECK_TRUE("gone from device 1", !acc_is_present(a, sizeof a));
  CHECK_INT("number kept", acc_get_device_num(t), 1);
  acc_set_device_num(0, t);
  CHECK_TRUE("still on device 0", acc_is_present(a, sizeof a));
#pragma acc exit data delete(a[0:N])
  /* Device 1 reopens on next use. */
  for (int i = 0; i < N; i++)
    a[i] = i;
  acc_set_device_num(1, t);
#pragma acc parallel loop copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 3 * a[i];
  for (int i = 0; i < N; i++)
    CHECK_INT("region on the reopened device", (int)a[i], 3 * i);
  return e2e_done();
}
