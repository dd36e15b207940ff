/* reduction_longlong.c — reduction(OP:long long) for every operator OpenACC allows on
 * long long; the tests are in reduction_integer.h. */
#include "e2e.h"

typedef long long T;

#include "reduction_integer.h"

static void fill(long k) {
  ar[k] = (T)((k * 37 % 101) - 50) * 1000003LL + k % 7;
  mu[k] = k % 2111 == 17 ? 2 : (k % 1999 == 11 ? -1 : 1);
  la[k] = k % 1009 != 0;
  lo[k] = k % 1013 == 0;
  ba[k] = (T)~(1LL << ((k * k + 3) % 61));
  bo[k] = (T)(1LL << ((k * k + 5) % 62));
  bx[k] = (T)((unsigned long long)k * 0x9E3779B97F4A7C15ull >> 2);
}
