/* data_declare_link.c — `declare link(g)` (OpenACC 3.3 §2.13.3): a global
 * whose device copy a data clause makes where the program needs it, read
 * and written by routines and directly by compute constructs.  GCC 12
 * refused its use in a routine ("'g' with 'link' clause used in 'routine'
 * function"); accgpu passes routines the device copy the calling
 * construct finds present (plugin/declare-link.cc).  No copy exists
 * before the data clause (acc_is_present), and none after.  Against serial
 * loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

enum { N = 512 };

double glink[N], gout[N];
#pragma acc declare link(glink, gout)

#pragma acc routine seq
static double twice_link(int i) { return glink[i] * 2; }

#pragma acc routine seq
static void put(int i, double v) { gout[i] = v; }

int main(void)
{
  static double out[N];
  for (int i = 0; i < N; i++)
    glink[i] = 1000 + i;
#ifdef _OPENACC
  CHECK_INT("glink present before its data clause",
            acc_is_present(glink, sizeof glink) && e2e_separate_memory(), 0);
#endif
#pragma acc data copyin(glink) copyout(gout)
  {
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++) {
      out[i] = twice_link(i) + glink[i];
      put(i, glink[i] - 1);
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK_REAL("out", out[i], 3.0 * (1000 + i), 0);
    CHECK_REAL("gout", gout[i], 999.0 + i, 0);
  }
  /* Unstructured: enter data, an update, a routine's read. */
  for (int i = 0; i < N; i++)
    glink[i] = -i;
#pragma acc enter data copyin(glink)
  for (int i = 0; i < N; i++)
    glink[i] = 5.0 * i;
#pragma acc update device(glink)
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = twice_link(i);
#pragma acc exit data delete(glink)
  for (int i = 0; i < N; i++)
    CHECK_REAL("out after update", out[i], 10.0 * i, 0);
#ifdef _OPENACC
  CHECK_INT("glink present after delete",
            acc_is_present(glink, sizeof glink) && e2e_separate_memory(), 0);
#endif
  return e2e_done();
}
