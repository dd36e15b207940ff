/* accgpu-test: cflags -O0 -g */
/* Unit of xfile_same_names.c and xfile_libs.c: same_a.c's code (the same
 * names at the same lines) with other numbers, in a unit of its own. */
#define SAME_B 1
#define SAME_ADD SAME_B_ADD
#define SAME_C0 SAME_B_C0
#define SAME_C1 SAME_B_C1
#define SAME_RUN same_b_run
#include "same_a.c"
