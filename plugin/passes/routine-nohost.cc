/* routine-nohost.cc — `#pragma acc routine ... nohost` (OpenACC 3.3
 * §2.15.1): "all calls to this procedure must appear within compute
 * regions"; a function calling it elsewhere must be a nohost routine too.
 *
 * GCC's own OpenACC drops the host version of a nohost routine, so such a
 * call fails at link time ("undefined reference to `f'", from
 * `main._omp_fn.0` for a compute region's host fallback).  accgpu keeps
 * the host version (the host and multicore devices and the host fallback
 * run it, as they run any routine) and makes a call from host code an
 * error at the call, naming the routine.                               */
#include "accgpu-plugin.h"

/* GCC 12 keeps a routine's clauses in its "omp declare target" attribute
   (OpenMP's device_type(nohost) has an attribute of its own). */
static bool nohost_p(tree fn)
{
  if (!fn)
    return false;
  tree a = lookup_attribute("omp declare target", DECL_ATTRIBUTES(fn));
  return (a && TREE_VALUE(a) && TREE_CODE(TREE_VALUE(a)) == OMP_CLAUSE
          && omp_find_clause(TREE_VALUE(a), OMP_CLAUSE_NOHOST))
         || lookup_attribute("omp declare target nohost", DECL_ATTRIBUTES(fn));
}

static tree host_call(gimple_stmt_iterator *gsi, bool *handled,
                      walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  if (is_gimple_omp(s) && is_gimple_omp_offloaded(s)) {
    *handled = true; /* a compute region: device code */
    return NULL_TREE;
  }
  tree fn = is_gimple_call(s) ? gimple_call_fndecl(s) : NULL_TREE;
  if (!nohost_p(fn))
    return NULL_TREE;
  tree caller = (tree)wi->info;
  location_t loc = gimple_location(s);
  if (oacc_get_fn_attrib(caller))
    error_at(loc, "accgpu: %qD has %<routine nohost%> (no host version) and "
             "is called in the host version of %qD: a routine calling it "
             "needs %<nohost%> too", fn, caller);
  else
    error_at(loc, "accgpu: %qD has %<routine nohost%> (no host version): "
             "it may only be called in compute regions and nohost routines",
             fn);
  return NULL_TREE;
}

void accgpu_check_nohost_calls(tree fn, gimple_seq body)
{
  if (nohost_p(fn))
    return;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = fn;
  walk_gimple_seq(body, host_call, NULL, &wi);
}
