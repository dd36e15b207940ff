/* reduction_array_big_int.c — reductions of + * max min & | ^ && || on int
 * into a pointer's section of a run-time 1000 bins, at the gang, worker,
 * vector and gang worker vector placements (reduction_array_big.h),
 * against serial updates. */
#define T int
#define TNAME "int"
#define CHECK_T(what, got, want) CHECK_INT(what, got, want)
#define BIG_BITOPS 1
#include "reduction_array_big_ops.h"
