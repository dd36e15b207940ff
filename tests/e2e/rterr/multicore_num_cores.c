/* A bad ACC_NUM_CORES is a clear error when the multicore device opens. */
/* accgpu-test: env ACC_NUM_CORES=two */
/* accgpu-expect-stderr: accgpu: error: .*ACC_NUM_CORES=two is not a number of threads */
#include <openacc.h>

int main(void) {
  acc_set_device_type(acc_device_multicore);
  return 0;
}
