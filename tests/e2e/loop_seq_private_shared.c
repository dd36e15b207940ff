/* `private(w)` on a loop that runs sequentially (`loop seq`, or a bare
 * `loop` in kernels that stays sequential) around vector loops: the body
 * runs gang-redundant (or worker-single inside a worker loop), so there is
 * one w per gang (per worker) that the vector lanes share (OpenACC 3.3
 * §2.9.10).  Each lane got its own w: lane k wrote w[k] in the first
 * vector loop and read w[K-1-k] of its own copy, never written, in the
 * second (0xfe bytes on the emulator; garbage on a GPU). */
#include "e2e.h"

#define N 8
#define K 16
#define G 4

static double a[G][N][K];

static void init(void) {
  for (int g = 0; g < G; g++)
    for (int i = 0; i < N; i++)
      for (int k = 0; k < K; k++)
        a[g][i][k] = g * 100 + i + 0.01 * k;
}

int main(void) {
  static double c[G][N][K], d[N][K], e[G][N][K];
  double w[K];
  init();
#pragma acc parallel loop gang num_gangs(G) copyin(a) copyout(c)
  for (int g = 0; g < G; g++) {
#pragma acc loop seq private(w)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector
      for (int k = 0; k < K; k++)
        w[k] = a[g][i][k] * 2.0;
#pragma acc loop vector
      for (int k = 0; k < K; k++)
        c[g][i][k] = w[K - 1 - k];
    }
  }
#pragma acc kernels copyin(a) copyout(d)
  {
#pragma acc loop private(w)
    for (int i = 0; i < N; i++) {
#pragma acc loop
      for (int k = 0; k < K; k++)
        w[k] = a[1][i][k] + 1.0;
#pragma acc loop
      for (int k = 0; k < K; k++)
        d[i][k] = w[K - 1 - k];
    }
  }
  /* inside a worker loop: one w per worker, shared by its lanes */
#pragma acc parallel num_gangs(1) num_workers(G) vector_length(32) copyin(a) copyout(e)
#pragma acc loop worker
  for (int g = 0; g < G; g++) {
#pragma acc loop seq private(w)
    for (int i = 0; i < N; i++) {
#pragma acc loop vector
      for (int k = 0; k < K; k++)
        w[k] = a[g][i][k] - 3.0;
#pragma acc loop vector
      for (int k = 0; k < K; k++)
        e[g][i][k] = w[K - 1 - k];
    }
  }
  for (int g = 0; g < G; g++)
    for (int i = 0; i < N; i++)
      for (int k = 0; k < K; k++) {
        CHECK_REAL("gang, seq private", c[g][i][k], a[g][i][K - 1 - k] * 2.0, 0);
        CHECK_REAL("worker, seq private", e[g][i][k], a[g][i][K - 1 - k] - 3.0,
                   0);
        if (g == 0)
          CHECK_REAL("kernels, bare loop private", d[i][k],
                     a[1][i][K - 1 - k] + 1.0, 0);
      }
  return e2e_done();
}
