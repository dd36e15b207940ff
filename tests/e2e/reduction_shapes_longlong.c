/* reduction_shapes_longlong.c — reductions on long long at every position of the
 * seed's Table 5.2, on block shapes that are not powers of two
 * (reduction_shapes.h). */
#define T long long
#define TNAME "long long"
#include "reduction_shapes_ops.h"
