/* kernel-gen-red-leader.cc — whether a loop's combined reduction value is
 * needed by the first thread only (docs/reductions.md): then the combine
 * returns it to that thread alone (__accgpu_redb1_* / __accgpu_redr1_*),
 * with no broadcast through shared memory.                              */
#include "passes/kernel-gen-internal.h"

struct leader_walk {
  tree var;
  bool other; /* VAR named outside the loops that rebind it */
};

static tree leader_op_cb(tree *tp, int *walk_sub, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  if (*tp == ((struct leader_walk *)wi->info)->var)
    return *tp;
  *walk_sub = !TYPE_P(*tp);
  return NULL_TREE;
}

/* A loop with a clause on the variable (reduction, private) names its own
   copy inside: not the gang's value.  Anything else that names it reads
   or writes the gang's value. */
static tree leader_stmt_cb(gimple_stmt_iterator *gsi, bool *handled,
                           walk_stmt_info *wi)
{
  struct leader_walk *w = (struct leader_walk *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR) {
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
      if ((OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
           || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
          && accgpu_red_var(OMP_CLAUSE_DECL(c)) == w->var) {
        *handled = true;
        return NULL_TREE;
      }
  }
  walk_stmt_info ow;
  memset(&ow, 0, sizeof ow);
  ow.info = w;
  if (walk_gimple_op(s, leader_op_cb, &ow) != NULL_TREE)
    w->other = true;
  return NULL_TREE;
}

/* R folds into the gang's copy of a construct-level reduction (__gredN),
   which only its atomic by thread (0,0) at the kernel's end reads: the
   region names the variable nowhere outside the loops that reduce it. */
bool kgr_leader_only(kg *g, struct loop_red *r)
{
  if (!g->region || g->routine_mode || r->len)
    return false;
  const char *outer = decl_name(g, r->decl);
  if (!outer || strncmp(outer, "__gred", 6))
    return false;
  struct leader_walk w = {r->decl, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq(gimple_omp_body(g->region->stmt), leader_stmt_cb, NULL,
                  &wi);
  return !w.other;
}
