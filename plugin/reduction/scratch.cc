/* scratch.cc — shared scratch buffers: each function's reduction scratch
 * (sized from its reductions' types), and the module's buffer for handing
 * an atomic capture's values from the one thread that did it to the
 * others (32 rows of ACCGPU_RED_ROW_BYTES = 512 bytes).                */
#include "reduction/reduction.h"

void accgpu_red_scratch_decl(struct kbuf *decls, unsigned size)
{
  if (size)
    kb_printf(decls, "  __shared__ unsigned long long __accgpu_rs[%u];\n"
                     "  const unsigned __accgpu_rs_st = %uu;\n",
              (ACCGPU_RED_SLOTS * size + 7) / 8, size);
}

void accgpu_red_need_scratch(void)
{
  if (!accgpu_red_helper_seen("scratch"))
    accgpu_red_add_helper(
        "__shared__ unsigned long long __accgpu_red_scratch[64];\n");
}

const char *accgpu_red_scratch_ref(bool row)
{
  /* Workers run their redundant code at different times: each gets its
     own bytes (at most 32 rows). */
  static char ref[80];
  if (!row)
    return "__accgpu_red_scratch";
  if (!ref[0])
    snprintf(ref, sizeof ref, "((char *)__accgpu_red_scratch + threadIdx.y * "
             "%uu)", ACCGPU_RED_ROW_BYTES);
  return ref;
}
