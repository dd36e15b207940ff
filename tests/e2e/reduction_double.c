/* reduction_double.c — reduction(OP:double) for every operator OpenACC allows on
 * double; the tests are in reduction_real.h. */
#include "e2e.h"

typedef double T;
#define TOL 1e-12

#include "reduction_real.h"
