/* reduction_shapes_double.c — reductions on double at every position of the
 * seed's Table 5.2, on block shapes that are not powers of two
 * (reduction_shapes.h). */
#define T double
#define TNAME "double"
#include "reduction_shapes_ops.h"
