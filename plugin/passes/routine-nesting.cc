/* routine-nesting.cc — calls a compute region may not make.
 *
 * Calls of `routine gang/worker/vector` functions
 * inside acc loops that already use that level of parallelism or one
 * inside it (a `routine gang` in a `vector` loop, a `routine worker` in a
 * `vector` loop, a `routine gang` in a `worker` loop, or the same level as
 * the loop).  GCC's own OpenACC rejects them in its offload pass; accgpu
 * replaces that pass, so without this check the call compiled and ran
 * differently on the emulator and the host.  One error at the call, naming
 * the function and the loop.  And calls of GNU C nested functions. */
#include "accgpu-plugin.h"

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

static const char *const level_names[] = {"gang", "worker", "vector"};

typedef struct nest_ctx {
  int inner;          /* innermost partitioned level of the enclosing acc
                         loops (0 gang .. 2 vector), -1 when none */
  location_t loop;    /* that loop's directive */
} nest_ctx;

/* The innermost level LOOP's clauses partition, -1 when none. */
static int loop_level(gimple *loop)
{
  int level = -1;
  for (tree c = gimple_omp_for_clauses(loop); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG && level < 0)
      level = 0;
    else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WORKER && level < 1)
      level = 1;
    else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR)
      level = 2;
  return level;
}

/* Error when call S runs a routine whose parallelism is not strictly
   inside the enclosing loop's. */
static void check_call(gimple *s, const nest_ctx *ctx)
{
  tree fn = accgpu_device_callee(gimple_call_fndecl(s));
  tree attr = fn ? oacc_get_fn_attrib(fn) : NULL_TREE;
  if (!attr || ctx->inner < 0)
    return;
  int level = oacc_fn_attrib_level(attr);
  if (level > 2 || level > ctx->inner)
    return;
  auto_diagnostic_group d;
  error_at(gimple_location(s), "accgpu: %<routine %s%> %qD called inside a "
           "%<%s%> loop: %s", level_names[level], fn,
           level_names[ctx->inner], level == ctx->inner
           ? "routine call uses same OpenACC parallelism as containing loop"
           : "incorrectly nested OpenACC parallelism");
  inform(ctx->loop, "the containing %<%s%> loop", level_names[ctx->inner]);
}

/* A GNU C nested function needs its parent's frame (the static chain),
   which lives in host memory: GCC's OpenACC refuses it too. */
static void check_nested(gimple *s)
{
  tree fn = gimple_call_fndecl(s);
  if (fn && (DECL_STATIC_CHAIN(fn) || decl_function_context(fn)))
    error_at(gimple_location(s), "accgpu: nested function %qD called in a "
             "compute region: a nested function cannot run on the device "
             "(make it a file-scope function with %<#pragma acc routine%>)",
             fn);
}

static tree nest_stmt(gimple_stmt_iterator *gsi, bool *handled,
                      walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  nest_ctx *ctx = (nest_ctx *)wi->info;
  if (is_gimple_call(s)) {
    check_nested(s);
    check_call(s, ctx);
  } else if (gimple_code(s) == GIMPLE_OMP_FOR) {
    int level = loop_level(s);
    nest_ctx saved = *ctx;
    walk_gimple_seq(gimple_omp_for_pre_body(s), nest_stmt, NULL, wi);
    if (level > ctx->inner) {
      ctx->inner = level;
      ctx->loop = gimple_location(s);
    }
    walk_gimple_seq(gimple_omp_body(s), nest_stmt, NULL, wi);
    *ctx = saved;
    *handled = true;
  }
  return NULL_TREE;
}

void accgpu_check_routine_nesting(gimple *region)
{
  nest_ctx ctx = {-1, UNKNOWN_LOCATION};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &ctx;
  walk_gimple_seq(gimple_omp_body(region), nest_stmt, NULL, &wi);
}
