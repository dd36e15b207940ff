/* element-reduction-guard.cc — `reduction(+: a[i])` on an array element
 * or section (OpenACC 2.7+).  GCC 12's C front end accepts it and turns
 * the item into a MEM_REF, on which its gimplifier then crashes (an
 * internal compiler error, with or without the plugin).  Until the
 * compute side lowers such reductions, the clause is diagnosed here, on
 * the function's GENERIC (PLUGIN_PRE_GENERICIZE, before gimplification),
 * at the clause, and removed, so that GCC stops with the "sorry" instead
 * of crashing.  A reduction on a whole variable is left alone: a DECL, or
 * for an array the MEM_REF of its address that the front end makes of it
 * (kernel-gen-reduce.cc reduces each element). */
#include "accgpu-plugin.h"

/* D, a reduction clause's item, is a whole variable. */
static bool whole_var_p(tree d)
{
  if (DECL_P(d))
    return true;
  if (TREE_CODE(d) != MEM_REF || !integer_zerop(TREE_OPERAND(d, 1))
      || TREE_CODE(TREE_OPERAND(d, 0)) != ADDR_EXPR)
    return false;
  tree v = TREE_OPERAND(TREE_OPERAND(d, 0), 0);
  return DECL_P(v) && TREE_CODE(TREE_TYPE(v)) == ARRAY_TYPE
         && tree_int_cst_equal(TYPE_SIZE_UNIT(TREE_TYPE(d)),
                               TYPE_SIZE_UNIT(TREE_TYPE(v)));
}

/* Diagnoses and unlinks the element reductions of *CLAUSES.  On a compute
   construct, a whole array becomes its DECL again: GCC 12's gimplifier
   crashes on the MEM_REF there (not on a loop). */
static void guard_clauses(tree *clauses, bool compute)
{
  static location_t said; /* a combined construct has it twice */
  for (tree *p = clauses; *p;) {
    tree c = *p;
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION ||
        whole_var_p(OMP_CLAUSE_DECL(c))) {
      if (compute && OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
          && !DECL_P(OMP_CLAUSE_DECL(c)))
        OMP_CLAUSE_DECL(c) = TREE_OPERAND(TREE_OPERAND(OMP_CLAUSE_DECL(c), 0),
                                          0);
      p = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    if (OMP_CLAUSE_LOCATION(c) != said)
      sorry_at(OMP_CLAUSE_LOCATION(c),
               "accgpu: reduction on an array element or section (OpenACC "
               "2.7) is not supported: reduce into a scalar and store it");
    said = OMP_CLAUSE_LOCATION(c);
    *p = OMP_CLAUSE_CHAIN(c);
  }
}

static tree guard_construct(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_LOOP:
    guard_clauses(&OMP_CLAUSES(t), TREE_CODE(t) != OACC_LOOP);
    break;
  default:
    break;
  }
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (fn && TREE_CODE(fn) == FUNCTION_DECL && DECL_SAVED_TREE(fn))
    walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), guard_construct,
                                 NULL);
}

void accgpu_element_reduction_guard_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
