/* compute_reduction_small.c — reductions on 1- and 2-byte integers across
 * gangs (combined with a CAS loop on the 4-byte word holding the variable):
 * + on short (wrapping as the serial loop does), | on unsigned char, max
 * and min on signed char, && on _Bool; the variables sit next to each other
 * in memory.  Checked against serial loops. */
#include "e2e.h"

#define N 5000

int main(void) {
  static signed char v[N];
  short sum = 7, rsum = 7;
  unsigned char bits = 0x40, rbits = 0x40;
  signed char mx = -128, rmx = -128, mn = 127, rmn = 127;
  _Bool all = 1, rall = 1;
  for (int i = 0; i < N; i++)
    v[i] = (signed char)((i * 37) % 200 - 100);
#pragma acc parallel loop gang vector copyin(v) reduction(+:sum) \
    reduction(|:bits) reduction(max:mx) reduction(min:mn) reduction(&&:all)
  for (int i = 0; i < N; i++) {
    sum = (short)(sum + v[i]);
    bits |= (unsigned char)(1u << (i % 5));
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
    all = all && v[i] != 101;
  }
  for (int i = 0; i < N; i++) {
    rsum = (short)(rsum + v[i]);
    rbits |= (unsigned char)(1u << (i % 5));
    rmx = v[i] > rmx ? v[i] : rmx;
    rmn = v[i] < rmn ? v[i] : rmn;
    rall = rall && v[i] != 101;
  }
  CHECK_INT("sum", sum, rsum);
  CHECK_INT("bits", bits, rbits);
  CHECK_INT("mx", mx, rmx);
  CHECK_INT("mn", mn, rmn);
  CHECK_INT("all", all, rall);
  return e2e_done();
}
