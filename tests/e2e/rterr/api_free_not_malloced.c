/* acc_free of memory acc_malloc did not return (a plain malloc block) is
 * an error naming the routine on every device: on the host and multicore
 * devices, where acc_malloc is malloc, it freed the block silently or
 * glibc aborted for an interior pointer (runtime/host-blocks.c). */
/* accgpu-expect-stderr: accgpu: error: acc_free: 0x[0-9a-f]+ was not allocated by acc_malloc on device 0 */
#include <openacc.h>
#include <stdlib.h>

int main(void)
{
  double *d = acc_malloc(100 * sizeof *d);
  acc_free(d); /* fine */
  double *h = malloc(100 * sizeof *h);
  acc_free(h);
  return 0;
}
