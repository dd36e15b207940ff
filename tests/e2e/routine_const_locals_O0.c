/* routine_const_locals_O0.c — routine_const_locals.c at -O0, where GCC 12
 * copies a large const local read at a run-time index from a constant it
 * makes (`big = *.LC0`) and rejected that constant in a routine. */
/* accgpu-test: cflags -O0 */
/* accgpu-test: accgpu-only */
#include "routine_const_locals.c"
