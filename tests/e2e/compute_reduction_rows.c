/* compute_reduction_rows.c — a same-line `loop gang worker vector`
 * reduction with rows (workers) wider than a warp: each row first combines
 * its warps through its own scratch bytes, then the rows combine through
 * row 0's.  Without a block barrier between the two, row 1 could overwrite
 * row 0's warp values while row 0 still read them (found by racecheck;
 * ACCGPU_EMU_SCHEDULE=reverse gave a wrong sum). */
#include "e2e.h"

#define N 61440

int main(void) {
  static int a[N];
  long long sum = 0, want = 0;
  double dsum = 0, dwant = 0;
  for (int i = 0; i < N; i++) {
    a[i] = (i * 7) % 97 + 1;
    want += a[i];
    dwant += a[i] * 0.5;
  }
#pragma acc parallel loop gang worker vector num_gangs(5) num_workers(4) \
    vector_length(64) reduction(+:sum) copyin(a)
  for (int i = 0; i < N; i++)
    sum += a[i];
#pragma acc parallel loop gang worker vector num_gangs(3) num_workers(2) \
    vector_length(128) reduction(+:dsum) copyin(a)
  for (int i = 0; i < N; i++)
    dsum += a[i] * 0.5;
  CHECK_INT("sum", sum, want);
  CHECK_REAL("dsum", dsum, dwant, 1e-12);
  return e2e_done();
}
