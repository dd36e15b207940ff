/* reduction_float.c — reduction(OP:float) for every operator OpenACC allows on
 * float; the tests are in reduction_real.h. */
#include "e2e.h"

typedef float T;
#define TOL 1e-5

#include "reduction_real.h"
