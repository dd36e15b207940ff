/* A second acc_free of the same pointer is a double free, on every device
 * (runtime/host-blocks.c keeps what acc_free freed).  Before, it said the
 * pointer "was not allocated by acc_malloc", which sent the reader looking
 * for a wrong pointer (api_free_not_malloced.c keeps that case). */
/* accgpu-expect-stderr: accgpu: error: acc_free: double free of 0x[0-9a-f]+ on device 0 \([a-z]+\): acc_free already freed it */
#include <openacc.h>
#include <stdio.h>

int main(void) {
  int n = 1000;
  double *d = acc_malloc(n * sizeof *d);
  double *e = acc_malloc(n * sizeof *e);
  acc_free(d);
  acc_free(e);
  d = acc_malloc(n * sizeof *d); /* may reuse an address: that is live again */
  acc_free(d);
  printf("first frees passed\n");
  acc_free(d); /* double free */
  return 0;
}
