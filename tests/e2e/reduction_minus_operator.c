/* `reduction(-:s)` is OpenMP's operator, not OpenACC's (3.3 §2.5.15 lists
 * + * max min & | ^ && ||); GCC's parser takes it on OpenACC clauses and
 * does it as `+`.  accgpu does the same and warns, on loops and on
 * compute constructs; the sums are checked against a serial loop. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 1000

int main(void) {
  double a[N], s = 10, t = 5;
  for (int i = 0; i < N; i++)
    a[i] = i % 7;
#pragma acc parallel loop copyin(a) reduction(-:s) /* accgpu-expect-warning: .-. is not an OpenACC reduction operator; .reduction\(-:s\). is done as .reduction\(\+:s\). */
  for (int i = 0; i < N; i++)
    s -= a[i];
#pragma acc parallel copyin(a) reduction(-:t) /* accgpu-expect-warning: .reduction\(-:t\). is done as */
  {
#pragma acc loop
    for (int i = 0; i < N; i++)
      t -= a[i];
  }
  double want = 0;
  for (int i = 0; i < N; i++)
    want += a[i];
  CHECK_REAL("s", s, 10 - want, 0);
  CHECK_REAL("t", t, 5 - want, 0);
  return e2e_done();
}
