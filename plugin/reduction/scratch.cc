/* scratch.cc — the module's shared scratch buffer for reductions (and
 * for handing an atomic capture's values from the one thread that did it
 * to the others).  8 KiB: 1024 eight-byte slots, or 32 rows of
 * ACCGPU_RED_ROW_BYTES when workers use it at the same time.            */
#include "reduction/reduction.h"

void accgpu_red_need_scratch(void)
{
  if (!accgpu_red_helper_seen("scratch"))
    accgpu_red_add_helper(
        "__shared__ unsigned long long __accgpu_red_scratch[1024];\n");
}

const char *accgpu_red_scratch_ref(bool row)
{
  /* Workers run their redundant code at different times: each gets its
     own bytes (at most 32 rows of 256 = 8 KiB). */
  static char ref[80];
  if (!row)
    return "__accgpu_red_scratch";
  if (!ref[0])
    snprintf(ref, sizeof ref, "((char *)__accgpu_red_scratch + threadIdx.y * "
             "%uu)", ACCGPU_RED_ROW_BYTES);
  return ref;
}
