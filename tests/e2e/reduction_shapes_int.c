/* reduction_shapes_int.c — reductions on int at every position of the
 * seed's Table 5.2, on block shapes that are not powers of two
 * (reduction_shapes.h). */
#define T int
#define TNAME "int"
#include "reduction_shapes_ops.h"
