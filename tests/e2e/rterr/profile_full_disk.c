/* ACCGPU_PROFILE on a full disk (/dev/full: every write fails with
 * ENOSPC): the program's own work succeeds, but the profile it was asked
 * for cannot be written, so the exit status is an error and stderr names
 * the variable, the path and the reason (the runtime once warned and
 * exited 0). */
/* accgpu-test: env ACCGPU_PROFILE=/dev/full */
/* accgpu-expect-stderr: ^accgpu: error: ACCGPU_PROFILE=/dev/full: cannot write the profile: No space left on device$ */
#include <stdio.h>

int main(void) {
  int n = 64;
  float a[64];
#pragma acc parallel loop copyout(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * i;
  for (int i = 0; i < n; i++)
    if (a[i] != 2.0f * i) {
      printf("a[%d] = %g\n", i, a[i]);
      return 2;
    }
  return 0;
}
