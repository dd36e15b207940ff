/* ubsan-device.cc — -fsanitize=undefined inside compute regions.
 *
 * The front end's checks reach the plugin as internal calls (.UBSAN_CHECK_ADD
 * and friends, .UBSAN_NULL, .UBSAN_BOUNDS, ...) and calls of the
 * __builtin___ubsan_handle_* reporters.  The runtime that reports them
 * exists on the host only: the host fallback keeps every check, and the
 * kernel does the arithmetic without them (a note says so at the
 * construct), as NVHPC does for host-only instrumentation.  ThreadSanitizer's
 * reports (-fsanitize=thread), which routines' bodies hold when they were
 * instrumented before the kernel was written, are dropped the same way. */
#include "accgpu-plugin.h"
#include "passes/kernel-gen.h"

int accgpu_ubsan_call(gimple *s, enum tree_code *op)
{
  if (gimple_call_internal_p(s)) {
    switch (gimple_call_internal_fn(s)) {
    case IFN_UBSAN_CHECK_ADD: *op = PLUS_EXPR; return ACCGPU_UBSAN_ARITH;
    case IFN_UBSAN_CHECK_SUB: *op = MINUS_EXPR; return ACCGPU_UBSAN_ARITH;
    case IFN_UBSAN_CHECK_MUL: *op = MULT_EXPR; return ACCGPU_UBSAN_ARITH;
    case IFN_UBSAN_NULL:
    case IFN_UBSAN_BOUNDS:
    case IFN_UBSAN_VPTR:
    case IFN_UBSAN_OBJECT_SIZE:
    case IFN_UBSAN_PTR:
    case IFN_TSAN_FUNC_EXIT: /* -fsanitize=thread, in routines' bodies */
      return ACCGPU_UBSAN_DROP;
    default:
      return 0;
    }
  }
  tree fn = gimple_call_fndecl(s);
  const char *n = fn && fndecl_built_in_p(fn, BUILT_IN_NORMAL)
                          && DECL_NAME(fn)
                      ? IDENTIFIER_POINTER(DECL_NAME(fn)) : "";
  if (!strncmp(n, "__builtin___ubsan_", 18))
    return ACCGPU_UBSAN_DROP;
  /* ThreadSanitizer's function entry and access reports (the accesses
     stay); its atomics replace the operation and are not dropped. */
  if (!strncmp(n, "__builtin___tsan_", 17)
      && strncmp(n, "__builtin___tsan_atomic", 23))
    return ACCGPU_UBSAN_DROP;
  /* The caller's address tsan_func_entry reports: nothing on a device. */
  if (fn && fndecl_built_in_p(fn, BUILT_IN_RETURN_ADDRESS))
    return ACCGPU_UBSAN_ZERO;
  return 0;
}

static tree find_ubsan(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *wi)
{
  enum tree_code op;
  gimple *s = gsi_stmt(*gsi);
  /* not the return address (tsan's, or the user's: no UBSan check) */
  int u = is_gimple_call(s) ? accgpu_ubsan_call(s, &op) : 0;
  if (u && u != ACCGPU_UBSAN_ZERO)
    wi->info = s;
  return NULL_TREE;
}

void accgpu_ubsan_note(gimple *region)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq(gimple_omp_body(region), find_ubsan, NULL, &wi);
  if (wi.info)
    inform(gimple_location(region), "accgpu: the %<-fsanitize=undefined%> "
           "checks of this region run in its host fallback only, not on "
           "the device");
}
