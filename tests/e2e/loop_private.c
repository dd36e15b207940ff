/* loop_private.c — private on loops: a private array per gang iteration
 * filled and consumed by its vector loops, a private scalar per vector
 * iteration, and a private struct. */
#include "e2e.h"

#define N 200
#define W 16
static int out[N], out2[N * W];

typedef struct {
  int lo, hi;
} range;

int main(void) {
  int buf[W];
  int t;
  range rg;
#pragma acc parallel loop gang private(buf, rg) copyout(out)
  for (int i = 0; i < N; i++) {
#pragma acc loop vector
    for (int j = 0; j < W; j++)
      buf[j] = i + j;
    rg.lo = buf[0];
    rg.hi = buf[W - 1];
    int s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < W; j++)
      s += buf[j];
    out[i] = s + rg.hi - rg.lo;
  }
  for (int i = 0; i < N; i++)
    CHECK_INT("private array", out[i], W * i + W * (W - 1) / 2 + W - 1);

#pragma acc parallel loop gang copyout(out2)
  for (int i = 0; i < N; i++) {
#pragma acc loop vector private(t)
    for (int j = 0; j < W; j++) {
      t = i * W + j;
      out2[t] = t * 3;
    }
  }
  for (int n = 0; n < N * W; n++)
    CHECK_INT("private scalar", out2[n], 3 * n);
  return e2e_done();
}
