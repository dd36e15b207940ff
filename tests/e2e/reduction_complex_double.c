/* reduction_complex_double.c — reduction(+ *) on _Complex double at every
 * level; the tests are in reduction_complex.h. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
#include <complex.h>

#include "e2e.h"

typedef double complex C;
typedef double R;
#define RTOL 1e-12

#include "reduction_complex.h"
