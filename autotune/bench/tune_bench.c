/* tune-bench: speed of acc-tune's reuse-distance engine, against a
 * brute-force LRU stack measured in the same run (the baseline). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../costmodel/rd.h"

static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A GPU-like line stream: 64 warps walking 3 neighbouring rows of a 2D
 * stencil (short and long reuse mixed) over ROWLINES lines per row. */
static uint64_t stencil_key(uint64_t i, uint64_t rowlines) {
  uint64_t warp = i % 64, step = i / 64, row = step / 3 + warp / 8;
  return (row + step % 3) * rowlines + (warp % 8) + (step / 3 % 64) * 8;
}

/* Returns accesses per CPU second of the engine on N accesses. */
static double engine_rate(uint64_t n, int random, uint64_t range,
                          uint32_t cap, uint64_t *check) {
  accgpu_rd rd;
  if (accgpu_rd_init(&rd))
    return 0;
  accgpu_rd_set_cap(&rd, cap);
  uint64_t x = 1, sum = 0;
  double t = cpu_s();
  for (uint64_t i = 0; i < n; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t k = random ? (x >> 20) % range : stencil_key(i, range);
    /* Capped: the hit/miss question acc-tune asks. */
    sum += cap ? accgpu_rd_hit(&rd, k, NULL) : accgpu_rd_access(&rd, k) < 2048;
  }
  t = cpu_s() - t;
  accgpu_rd_free(&rd);
  *check = sum;
  return (double)n / t;
}

/* The baseline: an LRU stack scanned per access. */
static double stack_rate(uint64_t n, uint64_t range, uint64_t *check) {
  uint64_t *st = malloc(n * sizeof *st), depth = 0, sum = 0;
  if (!st)
    return 0;
  double t = cpu_s();
  for (uint64_t i = 0; i < n; i++) {
    uint64_t k = stencil_key(i, range), j = 0;
    while (j < depth && st[j] != k)
      j++;
    sum += j < 2048 && j < depth;
    if (j == depth)
      depth++;
    memmove(st + 1, st, j * sizeof *st);
    st[0] = k;
  }
  t = cpu_s() - t;
  free(st);
  *check = sum;
  return (double)n / t;
}

int main(void) {
  uint64_t c1 = 0, c2 = 1, c3 = 0;
  double base = stack_rate(200000, 4096, &c1);
  double same = engine_rate(200000, 0, 4096, 0, &c2);
  double big = engine_rate(20000000, 0, 4096, 0, &c3);
  printf("reuse-distance engine, stencil line stream: %.1f M accesses/s "
         "(CPU time); brute-force LRU stack on the first 200k: %.2f M/s; "
         "ratio %.0fx%s\n",
         big / 1e6, base / 1e6, same / base,
         c1 == c2 ? "" : "  (HIT COUNTS DIFFER)");
  uint64_t c4 = 0;
  double capped = engine_rate(20000000, 0, 4096, 2048, &c4);
  printf("same stream, accgpu_rd_hit capped at 2048 keys as acc-tune runs "
         "an H100 L1: %.1f M accesses/s%s\n", capped / 1e6,
         c4 == c3 ? "" : "  (HIT COUNTS DIFFER)");
  int capok = c4 == c3;
  double rnd = engine_rate(5000000, 1, 1u << 20, 0, &c3);
  printf("reuse-distance engine, uniform random over 1M keys (worst case): "
         "%.1f M accesses/s\n", rnd / 1e6);
  printf("target: >= 20 M accesses/s -> stencil stream %.2fx of target "
         "exact, %.2fx capped\n", big / 20e6, capped / 20e6);
  return c1 == c2 && capok ? 0 : 1;
}
