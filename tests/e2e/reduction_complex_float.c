/* reduction_complex_float.c — reduction(+ *) on _Complex float at every
 * level; the tests are in reduction_complex.h. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <complex.h>

#include "e2e.h"

typedef float complex C;
typedef float R;
#define RTOL 2e-4

#include "reduction_complex.h"
