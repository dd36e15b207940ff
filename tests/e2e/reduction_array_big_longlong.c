/* reduction_array_big_longlong.c — reductions of + * max min & | ^ && ||
 * on long long into a pointer's section of a run-time 1000 bins, at the
 * gang, worker, vector and gang worker vector placements
 * (reduction_array_big.h), against serial updates. */
#define T long long
#define TNAME "long long"
#define CHECK_T(what, got, want) CHECK_INT(what, got, want)
#define BIG_BITOPS 1
#include "reduction_array_big_ops.h"
