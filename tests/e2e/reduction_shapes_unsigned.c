/* reduction_shapes_unsigned.c — reductions on unsigned at every position of the
 * seed's Table 5.2, on block shapes that are not powers of two
 * (reduction_shapes.h). */
#define T unsigned
#define TNAME "unsigned"
#include "reduction_shapes_ops.h"
