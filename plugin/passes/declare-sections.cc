/* declare-sections.cc (pass) — sections in a function's `declare`, after
 * the token rewrite of plugin/declare-sections.cc:
 *
 *   #pragma acc declare create(__accgpu_dsec1)     (GCC's OACC_DECLARE)
 *   __accgpu_dsec (&__accgpu_dsec1, c + lo * 8, len, 8);
 *   ...rest of the scope...
 *
 * The marker is dropped from the declare (and from the exit GCC makes for
 * it); the call becomes the section's entry action, on a map held in a
 * local of the function (so recursion and repeated calls each have theirs),
 * and the rest of the scope a try/finally whose cleanup is the exit action:
 * it runs on every way out of the scope (falling off its end, return,
 * break, goto), which GCC lowers through the finally.
 *
 *   map = {c + lo * 8, len * 8, CREATE, 0, "c[0:n]"};
 *   __accgpu_enter_data (&loc, -1, acc_async_sync, 1, &map);
 *   try { ...rest of the scope... }
 *   finally { map.kind = DELETE; __accgpu_exit_data (&loc, ..., 1, &map); }
 *
 * Dynamic reference counts, as for the declare of whole variables
 * (lower-data.cc): data regions nest inside freely.                   */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"
#include "accgpu_abi.h"

#define ACC_ASYNC_SYNC (-2) /* acc_async_sync */

bool accgpu_declare_drop_markers(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;)
    if (OMP_CLAUSE_CODE(*pc) == OMP_CLAUSE_MAP &&
        accgpu_dsec_note_of(OMP_CLAUSE_DECL(*pc)))
      *pc = OMP_CLAUSE_CHAIN(*pc);
    else
      pc = &OMP_CLAUSE_CHAIN(*pc);
  gimple_omp_target_set_clauses(t, clauses);
  return clauses != NULL_TREE;
}

/* The entry and exit kinds of clause word W (0: no exit action). */
static void kinds_of(const char *w, unsigned *entry, unsigned *exit)
{
  if (!strncmp(w, "present_or_", 11))
    w += 11;
  else if (w[0] == 'p' && strcmp(w, "present"))
    w += 1; /* pcopy, pcreate, ... */
  bool in = !strcmp(w, "copy") || !strcmp(w, "copyin");
  bool out = !strcmp(w, "copy") || !strcmp(w, "copyout");
  *entry = in ? ACCGPU_MAP_COPYIN : ACCGPU_MAP_CREATE;
  *exit = out ? ACCGPU_MAP_COPYOUT : ACCGPU_MAP_DELETE;
  if (!strcmp(w, "present")) {
    *entry = ACCGPU_MAP_PRESENT;
    *exit = 0;
  }
}

/* The marker note of the call at GSI when it is a section's statement. */
static const struct accgpu_dsec_note *section_call(gimple *stmt)
{
  gcall *call = dyn_cast<gcall *>(stmt);
  tree fn = call ? gimple_call_fndecl(call) : NULL_TREE;
  if (!fn || !DECL_NAME(fn) || gimple_call_num_args(call) != 4 ||
      strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "__accgpu_dsec"))
    return NULL;
  tree m = gimple_call_arg(call, 0);
  return TREE_CODE(m) == ADDR_EXPR ? accgpu_dsec_note_of(TREE_OPERAND(m, 0))
                                   : NULL;
}

static tree uint_cst(unsigned v)
{
  return build_int_cst(unsigned_type_node, v);
}

/* The runtime call NAME on the one map of ARR before GSI. */
static void call_on_map(gimple_stmt_iterator *gsi, const char *name, tree arr,
                        tree locobj, location_t loc)
{
  tree mt = accgpu_map_type();
  tree args[5] = {locobj,
                  build_int_cst(integer_type_node, ACCGPU_CURRENT_DEVICE),
                  build_int_cst(integer_type_node, ACC_ASYNC_SYNC),
                  uint_cst(1),
                  build_fold_addr_expr(build4(ARRAY_REF, mt, arr,
                                              size_int(0), NULL_TREE,
                                              NULL_TREE))};
  accgpu_emit_call(gsi, loc, name, 5, args);
}

bool accgpu_lower_declare_section(gimple_stmt_iterator *gsi)
{
  gimple *call = gsi_stmt(*gsi);
  const struct accgpu_dsec_note *n = section_call(call);
  if (!n)
    return false;
  location_t loc = n->loc;
  unsigned entry, exit;
  kinds_of(n->clause, &entry, &exit);
  tree arr = create_tmp_var(build_array_type_nelts(accgpu_map_type(), 1),
                            "accgpu_dsec");
  TREE_ADDRESSABLE(arr) = 1;
  tree bytes = fold_build2(MULT_EXPR, size_type_node,
                           fold_convert(size_type_node,
                                        gimple_call_arg(call, 2)),
                           fold_convert(size_type_node,
                                        gimple_call_arg(call, 3)));
  accgpu_set_map_field(gsi, arr, 0, "host", gimple_call_arg(call, 1), loc);
  accgpu_set_map_field(gsi, arr, 0, "bytes", bytes, loc);
  accgpu_set_map_field(gsi, arr, 0, "kind", uint_cst(entry), loc);
  accgpu_set_map_field(gsi, arr, 0, "flags", uint_cst(0), loc);
  accgpu_set_map_field(gsi, arr, 0, "name", accgpu_string_cst(n->text), loc);
  tree locobj = accgpu_build_loc(loc, "declare");
  call_on_map(gsi, "__accgpu_enter_data", arr, locobj, loc);
  if (exit) {
    gimple_seq cleanup = NULL;
    gimple_seq_add_stmt(&cleanup, gimple_build_nop());
    gimple_stmt_iterator g = gsi_start(cleanup);
    accgpu_set_map_field(&g, arr, 0, "kind", uint_cst(exit), loc);
    call_on_map(&g, "__accgpu_exit_data", arr, locobj, loc);
    gsi_remove(&g, true);
    accgpu_finally_after(gsi, cleanup, loc);
  }
  gsi_remove(gsi, true);
  return true;
}
