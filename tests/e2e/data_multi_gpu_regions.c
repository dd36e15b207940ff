/* data_multi_gpu_regions.c — structured data regions with deviceid(0) and
 * deviceid(1) each holding half of an array, compute regions on each
 * device inside them, wait device(d) draining each device; the copyout at
 * the regions' ends must bring both halves back.  Checked against the
 * serial result. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
/* accgpu-test: env ACCGPU_EMU_DEVICES=2 */
#include <stdlib.h>

#include "e2e.h"

int main(void)
{
  int n = 1000;
  double *a = malloc(2 * n * sizeof *a);
  for (int i = 0; i < 2 * n; i++)
    a[i] = i;

#pragma acc data copy(a[0:n]) deviceid(0)
  {
#pragma acc data copy(a[n:n]) deviceid(1)
    {
#pragma acc parallel loop deviceid(0) present(a[0:n])
      for (int i = 0; i < n; i++)
        a[i] = 2 * a[i];
#pragma acc parallel loop deviceid(1) present(a[n:n]) async(1)
      for (int i = n; i < 2 * n; i++)
        a[i] = 3 * a[i];
#pragma acc wait device(1)
#pragma acc parallel loop deviceid(1) present(a[n:n]) async(2)
      for (int i = n; i < 2 * n; i++)
        a[i] = a[i] + 1;
#pragma acc wait device(1)
    }
#pragma acc wait device(0)
  }
#pragma acc wait device(0)
#pragma acc wait device(1)
  for (int i = 0; i < 2 * n; i++)
    CHECK_REAL("a", a[i], i < n ? 2.0 * i : 3.0 * i + 1, 0);
  free(a);
  return e2e_done();
}
