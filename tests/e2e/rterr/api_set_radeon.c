/* Selecting acc_device_radeon (GCC's name for AMD GPUs) stops the
 * program with a message naming it and the devices accgpu has, not an
 * enum value. */
/* accgpu-expect-stderr: accgpu: error: acc_set_device_type: acc_device_radeon: accgpu runs on no AMD GPU */
#include <openacc.h>

int main(void) {
  acc_set_device_type(acc_device_radeon);
  return 0;
}
