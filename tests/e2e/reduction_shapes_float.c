/* reduction_shapes_float.c — reductions on float at every position of the
 * seed's Table 5.2, on block shapes that are not powers of two
 * (reduction_shapes.h). */
#define T float
#define TNAME "float"
#include "reduction_shapes_ops.h"
