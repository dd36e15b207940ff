/* reduction_array_big_double.c — reductions of + * max min on double into
 * a pointer's section of a run-time 1000 bins, at the gang, worker, vector
 * and gang worker vector placements (reduction_array_big.h), against
 * serial updates. */
#define T double
#define TNAME "double"
#define CHECK_T(what, got, want) CHECK_REAL(what, got, want, 1e-12)
#include "reduction_array_big_ops.h"
