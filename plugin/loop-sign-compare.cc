/* loop-sign-compare.cc — a warning for an OpenACC loop whose signed index
 * starts below 0 and whose bound is unsigned: `for (int i = -3; i < sz;
 * i++)` with `size_t sz`.  C compares `i < sz` as unsigned, so the loop
 * runs no iteration; GCC's loop directives compare in the index's type
 * (c_finish_omp_for converts the bound: `i < (int) sz`), so under the
 * directive it runs sz + 3 times, on every device and in GCC's own
 * OpenACC and OpenMP, with no -Wsign-compare warning left to tell.
 * Checked on each function's GENERIC (PLUGIN_PRE_GENERICIZE), where the
 * conversion GCC added is still visible.                              */
#include "gcc-common.h"
#include "accgpu-plugin.h"

/* The unsigned expression BOUND of COND was converted from by GCC, or
   NULL_TREE: GCC's conversion has the comparison's location, a cast the
   source wrote its own. */
static tree unsigned_origin(tree bound, tree cond)
{
  if (!CONVERT_EXPR_P(bound) || EXPR_LOCATION(bound) != EXPR_LOCATION(cond))
    return NULL_TREE;
  tree inner = TREE_OPERAND(bound, 0);
  return INTEGRAL_TYPE_P(TREE_TYPE(inner)) && TYPE_UNSIGNED(TREE_TYPE(inner))
             ? inner : NULL_TREE;
}

/* Loop K of the (collapsed) OACC_LOOP T. */
static void check_level(tree t, int k)
{
  tree init = TREE_VEC_ELT(OMP_FOR_INIT(t), k);
  tree cond = TREE_VEC_ELT(OMP_FOR_COND(t), k);
  if (TREE_CODE(init) != MODIFY_EXPR || !COMPARISON_CLASS_P(cond))
    return;
  tree var = TREE_OPERAND(init, 0), start = TREE_OPERAND(init, 1);
  STRIP_NOPS(start);
  if (!INTEGRAL_TYPE_P(TREE_TYPE(var)) || TYPE_UNSIGNED(TREE_TYPE(var))
      || TREE_CODE(start) != INTEGER_CST || tree_int_cst_sgn(start) >= 0)
    return;
  int side = TREE_OPERAND(cond, 0) == var ? 1 : 0;
  tree from = unsigned_origin(TREE_OPERAND(cond, side), cond);
  if (!from)
    return;
  location_t loc = EXPR_HAS_LOCATION(cond) ? EXPR_LOCATION(cond)
                                           : EXPR_LOCATION(t);
  warning_at(loc, 0, "loop index %qD starts at %E and its bound %qE is "
             "unsigned (%qT): C compares them as unsigned, so without the "
             "directive the loop runs no iteration, but the loop directive "
             "compares in the type of the index, %qT; cast the bound, as in "
             "%<(%T) %E%>, to say which", var, start, from, TREE_TYPE(from),
             TREE_TYPE(var), TREE_TYPE(var), from);
}

static tree check_loop(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) == OACC_LOOP && OMP_FOR_INIT(t) && OMP_FOR_COND(t))
    for (int k = 0; k < TREE_VEC_LENGTH(OMP_FOR_INIT(t)); k++)
      check_level(t, k);
  return NULL_TREE;
}

static const accgpu_generic_walk walk = {check_loop};

void accgpu_loop_sign_compare_init(const char *plugin_name)
{
  accgpu_walk_each_generic(plugin_name, &walk);
}
