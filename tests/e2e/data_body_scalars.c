/* data_body_scalars.c — a scalar declared inside a data construct's body
 * and used by a parallel or serial construct there without a data clause
 * is firstprivate (OpenACC 3.3 §2.6.2: it is in no data clause of the
 * construct or of an enclosing data construct): the construct sees its
 * value when met, even when async kernels run later (multicore), and its
 * writes do not reach the host.  GCC 12 maps it tofrom, so its own OpenACC
 * fails this test: accgpu-only.  A scalar of the enclosing data clause
 * stays shared; a kernels construct copies, and so does a parallel
 * construct whose loop reduces into the scalar (§2.6.2).  Compared with
 * serial code. */
/* accgpu-test: accgpu-only */
#include <stdlib.h>
#include "e2e.h"

#define N 4096
#define K 12

int main(void) {
  int *out = malloc(K * N * sizeof *out), t = 1;
#pragma acc data copyout(out[0:K * N]) copy(t)
  {
    int k = 0;
    while (k < K) {
#pragma acc parallel loop async(k % 3)
      for (int i = 0; i < N; i++)
        out[k * N + i] = k * 1000 + i % 1000;
      k++; /* after the launch: the queued kernel must not see it */
    }
#pragma acc wait
    int s = 5;
#pragma acc serial
    {
      s = s * 2 + 1;
      out[0] = s;
      t = t + s; /* t is the data construct's: shared */
    }
    CHECK_INT("serial wrote its own copy of s", s, 5);
    long r = 0; /* a loop reduction's scalar: copied (OpenACC's rule) */
#pragma acc parallel
    {
#pragma acc loop reduction(+:r)
      for (int i = 0; i < N; i++)
        r += out[N + i];
    }
    long rr = 0;
#pragma acc update self(out[N:N])
    for (int i = 0; i < N; i++)
      rr += out[N + i];
    CHECK_INT("loop reduction into a data body's scalar", r, rr);
    int u = 3;
#pragma acc kernels
    u = u * 4;
    CHECK_INT("kernels copies u back", u, 12);
  }
  for (int k = 0; k < K; k++)
    for (int i = 0; i < N; i++)
      CHECK_INT("async kernel saw k at launch", out[k * N + i],
                k == 0 && i == 0 ? 11 : k * 1000 + i % 1000);
  CHECK_INT("data construct's scalar", t, 12);
  free(out);
  return e2e_done();
}
