/* The host frees the destination of an `update self async(1)` before the
 * copy has run (queue 1 waits for a long kernel on queue 2): the copy
 * faults on the unmapped memory.  The emulator says so, naming the copy
 * and the address; before session 23 the program died with a bare
 * "Segmentation fault" (on a GPU the copy corrupts or faults too). */
/* accgpu-test: accgpu-only */
/* accgpu-expect-stderr: a queued copy of 1048576 bytes from .* faulted at address .*freed or went out of scope before the copy ran */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int n = 1 << 17, m = 1 << 14;
  double *out = malloc(n * sizeof *out), *slow = malloc(m * sizeof *slow);
#pragma acc enter data create(out[0:n], slow[0:m])
#pragma acc parallel loop async(2) present(slow[0:m])
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int k = 0; k < 200; k++)
      s += k * i;
    slow[i] = s;
  }
#pragma acc parallel loop async(1) wait(2) present(out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = i;
#pragma acc update self(out[0:n]) async(1)
  free(out); /* 1 MiB: unmapped now, before queue 1 copies into it */
#pragma acc wait(1)
  printf("not reached\n");
  return 0;
}
