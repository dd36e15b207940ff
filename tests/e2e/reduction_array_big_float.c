/* reduction_array_big_float.c — reductions of + * max min on float into a
 * pointer's section of a run-time 1000 bins, at the gang, worker, vector
 * and gang worker vector placements (reduction_array_big.h), against
 * serial updates. */
#define T float
#define TNAME "float"
#define CHECK_T(what, got, want) CHECK_REAL(what, got, want, 1e-6)
#include "reduction_array_big_ops.h"
