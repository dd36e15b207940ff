/* floyd.c — Floyd-Warshall all-pairs shortest paths on a dense n x n graph
 * (integer weights, some edges missing): for each k, a parallel loop over
 * the rows i relaxes every d[i][j] through k.  Row k does not change during
 * step k (d[k][k] = 0), so the rows are independent.  Counts n^3 relaxations.
 * The timed part is the whole k loop with d on the device.  Built for the
 * host device it must run as fast as the serial build (docs/compiler.md,
 * host fallback). */
#include "bench.h"

#define FW_INF 1000000000

/* A pseudo-random graph: weights 1..99, about one edge in four missing. */
static void init(int n, int *d) {
  unsigned s = 12345;
  for (long p = 0; p < (long)n * n; p++) {
    s = s * 1103515245u + 12345u;
    unsigned r = (s >> 16) % 400;
    d[p] = r < 100 ? FW_INF : 1 + (int)(r % 99);
  }
  for (int i = 0; i < n; i++)
    d[(long)i * n + i] = 0;
}

static void floyd_serial(int n, int *d) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        int via = d[(long)i * n + k] + d[(long)k * n + j];
        if (via < d[(long)i * n + j])
          d[(long)i * n + j] = via;
      }
}

/* The OpenACC version, shaped like PolyBench's kernel_floyd_warshall: the
   matrix comes in as a parameter. */
static void floyd_acc(int n, int *d) {
  long nn = (long)n * n;
  (void)nn; /* used by the directives only */
#pragma acc data copy(d[0:nn])
  for (int k = 0; k < n; k++) {
#pragma acc parallel loop present(d[0:nn])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        int via = d[(long)i * n + k] + d[(long)k * n + j];
        if (via < d[(long)i * n + j])
          d[(long)i * n + j] = via;
      }
  }
}

int main(int argc, char **argv) {
  int large = bench_arg(argc, argv, "large");
  int n = large ? 2048 : 320;
  long nn = (long)n * n;
  int *d = bench_alloc(nn, sizeof *d), *r = bench_alloc(nn, sizeof *r);
  init(n, d);
  init(n, r);
  double t0 = bench_now();
  floyd_acc(n, d);
  double t = bench_now() - t0;
  floyd_serial(n, r);
  int ok = memcmp(d, r, nn * sizeof *d) == 0;
  char size[32];
  snprintf(size, sizeof size, "n=%d", n);
  return bench_report("floyd", size, t, (double)n * n * n / t / 1e9,
                      "Grelax/s", ok);
}
