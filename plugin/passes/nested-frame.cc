/* nested-frame.cc — OpenACC constructs in a GNU C nested function that
 * use variables of an enclosing function.
 *
 *   int main(void) {
 *     int base = 5;
 *     void work(void) {
 *   #pragma acc parallel loop copyout(a) copyin(base)     <- here
 *       for (...) a[i] = i + base; } ... }
 *
 * GCC lowers nested functions (tree-nested.cc) before accgpu's pass: `base`
 * becomes a stand-in whose value is `CHAIN->base`, a member of main's frame
 * reached through the static chain, a host pointer the construct maps as a
 * scalar.  accgpu's lowering does not handle that form (an internal compiler
 * error in ipa-prop.cc at -O2, expr.cc at -O0), so such a construct is a
 * "sorry" at the construct, one per variable, naming it and the function
 * that owns it; the construct is dropped.  The nested function's own
 * variables, and a compute construct of the enclosing function that uses
 * the variables its nested functions share (members of its own frame), are
 * compiled as before.                                                     */
#include "accgpu-plugin.h"

typedef struct frame_uses {
  tree chain;       /* the function's static chain */
  vec<tree> found;  /* the stand-ins the construct uses */
} frame_uses;

static tree is_decl(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return *tp == (tree)data ? *tp : NULL_TREE;
}

/* walk_tree callback (DATA: a walk_stmt_info whose info is a frame_uses):
   records the variables whose value goes through the static chain. */
static tree note_chain_var(tree *tp, int *walk_subtrees, void *data)
{
  frame_uses *u = (frame_uses *)((walk_stmt_info *)data)->info;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (!VAR_P(t) || !DECL_HAS_VALUE_EXPR_P(t) || u->found.contains(t))
    return NULL_TREE;
  tree ve = DECL_VALUE_EXPR(t);
  if (walk_tree_without_duplicates(&ve, is_decl, u->chain))
    u->found.safe_push(t);
  return NULL_TREE;
}

/* The function whose frame holds stand-in V's variable: the one named by
   the frame type of the member V's value reads (tree-nested.cc names it
   FRAME.<function>), else the function FN is nested in. */
static tree owner(tree v, tree fn)
{
  tree outer = decl_function_context(fn);
  tree ve = DECL_VALUE_EXPR(v);
  if (TREE_CODE(ve) != COMPONENT_REF)
    return outer;
  tree name = TYPE_NAME(DECL_CONTEXT(TREE_OPERAND(ve, 1)));
  if (!name || TREE_CODE(name) != IDENTIFIER_NODE
      || strncmp(IDENTIFIER_POINTER(name), "FRAME.", 6))
    return outer;
  for (tree f = outer; f; f = decl_function_context(f))
    if (DECL_NAME(f)
        && !strcmp(IDENTIFIER_POINTER(name) + 6,
                   IDENTIFIER_POINTER(DECL_NAME(f))))
      return f;
  return outer;
}

bool accgpu_nested_frame_refused(gimple *stmt)
{
  function *fun = DECL_STRUCT_FUNCTION(current_function_decl);
  if (!fun || !fun->static_chain_decl)
    return false;
  frame_uses u = {fun->static_chain_decl, vNULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &u;
  tree clauses = gimple_omp_target_clauses(stmt);
  walk_tree(&clauses, note_chain_var, &wi, NULL);
  walk_gimple_seq(gimple_omp_body(stmt), NULL, note_chain_var, &wi);
  for (tree v : u.found)
    sorry_at(gimple_location(stmt), "accgpu: a compute construct in a "
             "nested function cannot use %qD of the enclosing function %qD",
             v, owner(v, current_function_decl));
  bool refused = !u.found.is_empty();
  u.found.release();
  return refused;
}
