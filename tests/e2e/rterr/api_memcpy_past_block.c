/* acc_memcpy_to_device of more bytes than acc_malloc gave is an error
 * naming the routine on every device: on the host and multicore devices,
 * where acc_malloc is malloc, the copy overwrote the heap
 * (runtime/host-blocks.c); the emulator's memcheck says the same. */
/* accgpu-expect-stderr: accgpu: error: acc_memcpy_to_device: .*(1600 bytes at 0x[0-9a-f]+ run past the end of the 800 bytes acc_malloc gave there|past the end of a device allocation) */
#include <openacc.h>
#include <stdlib.h>

int main(void)
{
  double h[200] = {0};
  double *d = acc_malloc(100 * sizeof *d);
  acc_memcpy_to_device(d, h, 100 * sizeof *d); /* fine */
  acc_memcpy_to_device(d, h, sizeof h);
  acc_free(d);
  return 0;
}
