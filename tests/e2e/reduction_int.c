/* reduction_int.c — reduction(OP:int) for every operator OpenACC allows on
 * int; the tests are in reduction_integer.h. */
#include "e2e.h"

typedef int T;

#include "reduction_integer.h"

static void fill(long k) {
  ar[k] = (T)((k * 37 % 101) - 50);
  mu[k] = k % 2111 == 17 ? 2 : (k % 1999 == 11 ? -1 : 1);
  la[k] = k % 1009 != 0;
  lo[k] = k % 1013 == 0;
  ba[k] = (T)~(1u << ((k * k + 3) % 29));
  bo[k] = (T)(1u << ((k * k + 5) % 30));
  bx[k] = (T)((unsigned)k * 2654435761u >> 2);
}
