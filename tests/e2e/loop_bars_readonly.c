/* loop_bars_readonly.c — barriers of an inner partitioned loop hoisted out
 * of its partitioned outer loop when the outer body reads only memory the
 * region never writes (a read-only pointer, kernel-gen-readonly.cc), kept
 * when it reads what the inner loop wrote (the racecheck variant of the
 * corpus reports a race if they were dropped there).
 * accgpu-test: cflags -fplugin-arg-accgpu-info */
#include "e2e.h"

#define NI 13
#define NJ 6
#define NK 40

static int run(const int *in, int *out, int *last, int n) {
  int s = 0;
#pragma acc parallel loop gang reduction(+:s) num_gangs(4) num_workers(3) \
    vector_length(32) present(in[0:n], out[0:n])
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker /* accgpu-expect-note: barriers around this loop hoisted */
    for (int j = 0; j < NJ; j++) {
#pragma acc loop vector /* accgpu-expect-note: barriers around this loop hoisted */
      for (int k = 0; k < NK; k++)
        out[(i * NJ + j) * NK + k] = 2 * in[(i * NJ + j) * NK + k];
      s += in[(i * NJ + j) * NK];
    }
    s += in[i * NJ * NK + 1];
  }
  int t = 0;
#pragma acc parallel loop gang reduction(+:t) num_gangs(4) num_workers(3) \
    vector_length(32) present(out[0:n])
  for (int i = 0; i < NI; i++) {
#pragma acc loop worker
    for (int j = 0; j < NJ; j++)
      out[(i * NJ + j) * NK] += j;
    t += out[(i * NJ + NJ - 1) * NK] + out[i * NJ * NK];
  }
  *last = t;
  return s;
}

int main(void) {
  static int in[NI * NJ * NK], out[NI * NJ * NK], last[1];
  int n = NI * NJ * NK;
  for (int e = 0; e < n; e++)
    in[e] = (e * 7) % 13 - 6;
  int s;
#pragma acc data copyin(in) copyout(out)
  s = run(in, out, last, n);
  int want = 0, wlast = 0;
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      want += in[(i * NJ + j) * NK];
    want += in[i * NJ * NK + 1];
    wlast += 2 * in[(i * NJ + NJ - 1) * NK] + NJ - 1 + 2 * in[i * NJ * NK];
  }
  CHECK_INT("sum over read-only input", s, want);
  CHECK_INT("sum over what the worker loop wrote", last[0], wlast);
  for (int e = 0; e < n; e++)
    if (e % NK)
      CHECK_INT("copy", out[e], 2 * in[e]);
  return e2e_errors != 0;
}
