/* loop_cache_readonly.c — `cache(readonly: list)` (OpenACC 2.7), which GCC
 * 12 reads as a variable named readonly: the modifier is a hint and is
 * taken off the line (plugin/clause-mods.cc); a variable of that name
 * elsewhere on a cache line stays the variable.  Results must equal the
 * uncached loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 4000
static double in[N], out[N], out2[N];

int main(void) {
  int readonly = 1;
  for (int i = 0; i < N; i++)
    in[i] = (i % 13) * 0.5;
#pragma acc parallel loop gang copyin(in) copyout(out[0:N / 8], out2[1:N - 2])
  for (int b = 0; b < N / 8; b++) {
    double t = 0;
#pragma acc cache(readonly: in[b * 8:8])
#pragma acc loop vector reduction(+:t)
    for (int j = 0; j < 8; j++)
      t += in[b * 8 + j];
    out[b] = t;
#pragma acc loop vector
    for (int j = 0; j < 8; j++) {
      int i = b * 8 + j;
      if (i < 1 || i >= N - 1)
        continue;
#pragma acc cache(in[i - readonly:3])
      out2[i] = in[i - readonly] + 2 * in[i] + in[i + readonly];
    }
  }
  for (int b = 0; b < N / 8; b++) {
    double t = 0;
    for (int j = 0; j < 8; j++)
      t += in[b * 8 + j];
    CHECK_REAL("out", out[b], t, 1e-15);
  }
  for (int i = 1; i < N - 1; i++)
    CHECK_REAL("out2", out2[i], in[i - 1] + 2 * in[i] + in[i + 1], 0);
  return e2e_done();
}
