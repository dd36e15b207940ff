/* histogram.c — counts of n pseudo-random keys in 256 bins with `atomic
 * update` (each key one atomic add on a contended bin: native atomicAdd on
 * a GPU since session 15, a CAS loop before).  Rate: keys per second. */
#include "bench.h"

#define BINS 256

int main(int argc, char **argv) {
  long n = bench_arg(argc, argv, "large") ? 1L << 24 : 1L << 18;
  int reps = 10;
  unsigned *key = bench_alloc(n, sizeof *key);
  int *hist = bench_alloc(BINS, sizeof *hist), *ref = bench_alloc(BINS, sizeof *ref);
  unsigned s = 2463534242u;
  for (long i = 0; i < n; i++) { /* xorshift: bins hit about evenly */
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    key[i] = s % BINS;
  }
  double t = 1e30; /* the best of the timed runs: least disturbed */
#pragma acc data copyin(key[0:n]) copyout(hist[0:BINS])
  for (int r = 0; r <= reps; r++) { /* r == 0: warm-up, not timed */
    double t0 = bench_now();
#pragma acc parallel loop present(hist[0:BINS])
    BENCH_OMP(omp parallel for)
    for (int b = 0; b < BINS; b++)
      hist[b] = 0;
#pragma acc parallel loop present(key[0:n], hist[0:BINS])
    BENCH_OMP(omp parallel for)
    for (long i = 0; i < n; i++) {
#pragma acc atomic update
      BENCH_OMP(omp atomic update)
      hist[key[i]]++;
    }
#pragma acc wait
    if (r > 0)
      t = fmin(t, bench_now() - t0);
  }
  for (int b = 0; b < BINS; b++)
    ref[b] = 0;
  for (long i = 0; i < n; i++)
    ref[key[i]]++;
  int ok = 1;
  for (int b = 0; b < BINS; b++)
    ok &= hist[b] == ref[b];
  char size[32];
  snprintf(size, sizeof size, "n=%ld", n);
  return bench_report("histogram", size, t, n / t / 1e9, "Gkeys/s", ok);
}
