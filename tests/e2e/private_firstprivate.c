/* private_firstprivate.c — private and firstprivate on parallel and on loop:
 * firstprivate copies start at the host value, private ones are written
 * before use, neither is copied back. */
#include "e2e.h"

#define N 4000
static int out[N], out2[N];

int main(void) {
  int t = 100, tmp = -1, k = 7;
#pragma acc parallel loop firstprivate(t) private(tmp) copyout(out[0:N])
  for (int i = 0; i < N; i++) {
    tmp = i * 2;
    out[i] = tmp + t;
  }
#ifdef _OPENACC /* a serial build has no private copies */
  CHECK_INT("t unchanged", t, 100);
  CHECK_INT("tmp unchanged", tmp, -1);
#endif
  for (int i = 0; i < N; i++)
    CHECK_INT("out", out[i], 2 * i + 100);

#pragma acc parallel copyout(out2[0:N]) firstprivate(k)
  {
#pragma acc loop gang private(tmp)
    for (int i = 0; i < N; i += 100) {
      tmp = i;
#pragma acc loop vector
      for (int j = 0; j < 100; j++)
        out2[i + j] = tmp + j * k;
    }
  }
  CHECK_INT("k unchanged", k, 7);
  for (int i = 0; i < N; i++)
    CHECK_INT("out2", out2[i], (i / 100) * 100 + (i % 100) * 7);
  return e2e_done();
}
