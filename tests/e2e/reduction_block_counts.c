/* reduction_block_counts.c — issue #12's per-block goals, read from the
 * emulator's counters (runtime/emulator/counters.c): a gang worker vector
 * nest whose outer bodies are only the inner loop makes the same number of
 * barriers per block at two trip counts.  Results against a serial loop. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
#include <stdint.h>
#include <stdlib.h>

#include "e2e.h"

/* libaccgpu's emulator counters (runtime/emulator/emu.h). */
enum { C_BAR, C_ROWBAR, C_WSYNC, C_SHFL, C_VOTE, C_ATOM, C_SHLD, C_SHST,
       C_GLLD, C_GLST, C_N };
typedef struct counts { uint64_t v[C_N]; } counts;
void accgpu_emu_count_set(int on);
int accgpu_emu_counts_last(counts *tot, counts *max, uint64_t *blocks);

#define NMAX 4096

static double prod(const double *a, long n) {
  double p = 1;
#pragma acc parallel loop gang vector reduction(*:p) num_gangs(8) \
    vector_length(64) present(a[0:n])
  for (long i = 0; i < n; i++)
    p *= a[i];
  return p;
}

static long gwv(const long *a, long ni) {
  long s = 0;
#pragma acc parallel loop gang reduction(+:s) num_gangs(4) num_workers(4) \
    vector_length(32) present(a[0:ni * 64])
  for (long i = 0; i < ni; i++) {
#pragma acc loop worker reduction(+:s)
    for (long j = 0; j < 2; j++) {
      long b = (i * 2 + j) * 32;
#pragma acc loop vector reduction(+:s)
      for (long k = 0; k < 32; k++)
        s += a[b + k];
    }
  }
  return s;
}

/* Barriers (block and row) of the busiest block of the last launch. */
static uint64_t bars(void) {
  counts tot, max;
  uint64_t blocks;
  accgpu_emu_counts_last(&tot, &max, &blocks);
  return max.v[C_BAR] + max.v[C_ROWBAR];
}

int main(void) {
  static double d[NMAX];
  static long l[NMAX];
  for (long i = 0; i < NMAX; i++) {
    /* Exact products; no block's (gang b has i = 64 b) is 1, so the CAS
       loop's first try (the identity) fails after the first block. */
    d[i] = i % 64 == 0 && i < 512 ? 2.0 : i % 7 == 3 ? -1.0 : 1.0;
    l[i] = i % 13 - 6;
  }
  accgpu_emu_count_set(1);
#pragma acc data copyin(d, l)
  {
    double want = 1;
    for (long i = 0; i < NMAX; i++)
      want *= d[i];
    CHECK_REAL("product", prod(d, NMAX), want, 0);
    long sref[2] = {0, 0};
    uint64_t b[2];
    for (int t = 0; t < 2; t++) {
      long ni = t ? NMAX / 64 : NMAX / 256;
      for (long e = 0; e < ni * 64; e++)
        sref[t] += l[e];
      CHECK_INT("gang worker vector sum", gwv(l, ni), sref[t]);
      b[t] = bars();
    }
    CHECK_INT("barriers per block at 16 and 64 gang trips", b[1], b[0]);
  }
  accgpu_emu_count_set(-1);
  return e2e_done();
}
