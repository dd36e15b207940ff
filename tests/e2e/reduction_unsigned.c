/* reduction_unsigned.c — reduction(OP:unsigned) for every operator OpenACC allows on
 * unsigned; the tests are in reduction_integer.h. */
#include "e2e.h"

typedef unsigned T;

#include "reduction_integer.h"

static void fill(long k) {
  ar[k] = (T)(k * 37 % 101) * 1000u; /* large, no negatives */
  mu[k] = k % 2111 == 17 ? 2u : (k % 1999 == 11 ? 3u : 1u);
  la[k] = k % 1009 != 0;
  lo[k] = k % 1013 == 0;
  ba[k] = (T)~(1u << ((k * k + 3) % 29));
  bo[k] = (T)(1u << ((k * k + 5) % 30));
  bx[k] = (T)((unsigned)k * 2654435761u >> 2);
}
