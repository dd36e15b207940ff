/* racy/worker_phases.c — worker iterations are independent, so nothing
 * orders one worker's writes to a gang-shared array before another
 * worker's reads: each worker here reads the part its neighbour wrote in
 * the same phase (a barrier between workers is missing). */
/* accgpu-expect-race: hazard in shared memory .*\(parallel at tests/e2e/racy/worker_phases.c:13 in main\) */
#include <stdio.h>

#define W 4
#define V 32

int main(void) {
  static int out[8 * W * V];
#pragma acc parallel loop gang num_gangs(8) num_workers(W) vector_length(V) copyout(out)
  for (int g = 0; g < 8; g++) {
    int tmp[W * V];
#pragma acc loop worker
    for (int w = 0; w < W; w++) {
#pragma acc loop vector
      for (int v = 0; v < V; v++)
        tmp[w * V + v] = g * 100 + w * V + v;
#pragma acc loop vector
      for (int v = 0; v < V; v++)
        out[(g * W + w) * V + v] = tmp[((w + 1) % W) * V + v];
    }
  }
  printf("%d\n", out[5]);
  return 0;
}
