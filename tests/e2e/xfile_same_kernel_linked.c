/* Same-named kernels in two units linked for the device: this file calls
 * lw_twice of units/linked_work.c, and both have a static `work` with a
 * construct at line 14.  Their kernels were both __accgpu_k_work_14_0, and on
 * a GPU the device link of this unit with linked_work.c stopped with the
 * linker's "Multiple definition of '__accgpu_k_work_14_0'" (the PTX check's
 * nvlink too); units that share routines now suffix their kernel names with
 * a hash of the source path. */
/* accgpu-test: units linked_work.c */
#pragma acc routine seq
double lw_twice(double x);
void lw_unit(double *o, int n);
#include <stdio.h>
static void work(double *o, int n) {
#pragma acc parallel loop copyout(o[0:n])
  for (int i = 0; i < n; i++) o[i] = lw_twice(i) - 1;
}

int main(void)
{
  double a[64], b[64];
  work(a, 64);
  lw_unit(b, 64);
  for (int i = 0; i < 64; i++)
    if (a[i] != 2.0 * i - 1 || b[i] != 2.0 * i + 1) {
      fprintf(stderr, "[%d]: %g %g, want %g %g\n", i, a[i], b[i],
              2.0 * i - 1, 2.0 * i + 1);
      return 1;
    }
  return 0;
}
