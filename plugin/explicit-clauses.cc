/* explicit-clauses.cc — which clauses of a compute construct the source
 * wrote, when locations cannot tell.
 *
 * GCC 12 does not flag the clauses its implicit data rules add, but gives
 * them the construct's location, while a written clause has its
 * variable's (passes/implicit-maps.cc).  A directive written with
 * `_Pragma("acc parallel loop copy(v)")` (or through a macro expanding to
 * one) has every token at the _Pragma's location, the construct's too, so
 * its written clauses looked implicit: a `copy(v)` was privatized or made
 * firstprivate and v never came back.  On each function's GENERIC
 * (PLUGIN_PRE_GENERICIZE), before the gimplifier adds anything, the
 * variables named by clauses at their construct's own location are
 * recorded (by DECL_UID: the decls may be gone when a later function is
 * parsed); accgpu_implicit_map_p asks here. */
#include "accgpu-plugin.h"
#include "passes/implicit-maps.h"

struct named {
  location_t construct;
  unsigned uid;
};
static vec<named> written;

bool accgpu_clause_written_p(location_t construct, tree decl)
{
  if (!DECL_P(decl))
    return false;
  for (unsigned i = 0; i < written.length(); i++)
    if (written[i].construct == construct &&
        written[i].uid == DECL_UID(decl))
      return true;
  return false;
}

/* walk_tree callback: records the clauses of compute constructs. */
static tree note_construct(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) != OACC_PARALLEL && TREE_CODE(t) != OACC_KERNELS &&
      TREE_CODE(t) != OACC_SERIAL)
    return NULL_TREE;
  location_t loc = EXPR_LOCATION(t);
  for (tree c = OMP_CLAUSES(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    enum omp_clause_code k = OMP_CLAUSE_CODE(c);
    /* data clauses only: num_gangs(n) names n as its expression */
    if (OMP_CLAUSE_LOCATION(c) != loc ||
        (k != OMP_CLAUSE_MAP && k != OMP_CLAUSE_FIRSTPRIVATE &&
         k != OMP_CLAUSE_PRIVATE && k != OMP_CLAUSE_REDUCTION) ||
        !OMP_CLAUSE_DECL(c) || !DECL_P(OMP_CLAUSE_DECL(c)))
      continue;
    named n = {loc, DECL_UID(OMP_CLAUSE_DECL(c))};
    written.safe_push(n);
  }
  return NULL_TREE;
}

static const accgpu_generic_walk walk = {note_construct};

void accgpu_explicit_clauses_init(const char *plugin_name)
{
  accgpu_walk_each_generic(plugin_name, &walk);
}
