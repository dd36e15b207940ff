/* loop_cache.c — the cache directive in a stencil loop (a hint: results
 * must equal the uncached computation). */
#include "e2e.h"

#define N 5000
static float in[N], out[N];

int main(void) {
  for (int i = 0; i < N; i++)
    in[i] = (i % 13) * 0.5f;
#pragma acc parallel loop copyin(in) copyout(out[1:N - 2])
  for (int i = 1; i < N - 1; i++) {
#pragma acc cache(in[i - 1:3])
    out[i] = in[i - 1] + 2.0f * in[i] + in[i + 1];
  }
  for (int i = 1; i < N - 1; i++)
    CHECK_REAL("out", out[i], in[i - 1] + 2.0f * in[i] + in[i + 1], 0);
  return e2e_done();
}
