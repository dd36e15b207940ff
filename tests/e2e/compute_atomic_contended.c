/* compute_atomic_contended.c — atomics and cross-gang reductions that go
 * through the generated compare-and-swap loops (4- and 8-byte float and
 * integer views), all threads hitting one location.  The CAS loops start
 * from an atomic read (atomicCAS(p, 0, 0)), not a plain load; values are
 * integers so float sums are exact and must equal the serial result. */
#include "e2e.h"

#define N 3000

int main(void) {
  double sd = 0, rd = 0;
  float sf = 0, rf = 0;
  long long sl = 5, rl = 5;
  int mx = -1, rmx = -1;
  double red = 1.0, rred = 1.0;
#pragma acc parallel loop gang vector copy(sd, sf, sl, mx)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    sd += (double)(i % 7);
#pragma acc atomic update
    sf += (float)(i % 3);
#pragma acc atomic update
    sl *= (i % 500 == 0) ? 3 : 1;
#pragma acc atomic update
    mx ^= (i * 37) % 1001;
  }
#pragma acc parallel loop gang vector reduction(+:red) copy(red)
  for (int i = 0; i < N; i++)
    red += (double)(i % 5);
  for (int i = 0; i < N; i++) {
    rd += (double)(i % 7);
    rf += (float)(i % 3);
    rl *= (i % 500 == 0) ? 3 : 1;
    rmx ^= (i * 37) % 1001;
    rred += (double)(i % 5);
  }
  CHECK_REAL("sd", sd, rd, 0.0);
  CHECK_REAL("sf", sf, rf, 0.0);
  CHECK_INT("sl", sl, rl);
  CHECK_INT("mx", mx, rmx);
  CHECK_REAL("red", red, rred, 0.0);
  return e2e_done();
}
