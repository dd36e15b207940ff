/* kernel-gen-bars.cc — barriers hoisted out of a partitioned loop (issue
 * #12).  A thread-partitioned loop nested in another partitioned loop gets
 * a barrier before and after it in every outer iteration (emit_omp_for),
 * for the outer body's redundant code: its stores, its broadcasts, its
 * reads of what the inner loop wrote.  Where the outer body is only the
 * inner loop plus thread-private scalar computations, those barriers guard
 * nothing between two inner loops: the outer loop is partitioned, so its
 * iterations are independent.  One barrier before and one after the outer
 * loop then do, whatever its trip count.  Loads through pointers that the
 * region never writes through (kernel-gen-readonly.cc) count as private:
 * the inner loop cannot have written what they read.                     */
#include "passes/kernel-gen-internal.h"

/* True when operand OP reads no memory: a constant, an SSA name, or a
   register-type local of this thread. */
static bool private_operand_p(kg *g, tree op)
{
  if (!op || CONSTANT_CLASS_P(op) || TREE_CODE(op) == SSA_NAME)
    return true;
  return VAR_P(op) && !is_global_var(op) && is_gimple_reg_type(TREE_TYPE(op))
         && !shared_store_p(g, op);
}

struct hoist_scan {
  gomp_for *inner;   /* the one partitioned loop found */
  bool loads;        /* the outer body reads memory */
};

static bool scan_seq(kg *g, gimple_seq seq, struct hoist_scan *h);

/* One statement of the outer body; false: the barriers must stay. */
static bool scan_stmt(kg *g, gimple *s, struct hoist_scan *h)
{
  switch (gimple_code(s)) {
  case GIMPLE_DEBUG: case GIMPLE_NOP: case GIMPLE_PREDICT:
    return true;
  case GIMPLE_BIND:
    return scan_seq(g, gimple_bind_body(as_a<gbind *>(s)), h);
  case GIMPLE_OMP_FOR:
    if (h->inner)
      return false;
    h->inner = as_a<gomp_for *>(s);
    return true;
  case GIMPLE_ASSIGN: {
    if (gimple_clobber_p(s))
      return true;
    tree lhs = gimple_assign_lhs(s);
    if (TREE_CODE(lhs) != SSA_NAME
        && !(VAR_P(lhs) && private_operand_p(g, lhs)))
      return false; /* a store others may see (or a broadcast) */
    for (unsigned i = 1; i < gimple_num_ops(s); i++)
      if (!private_operand_p(g, gimple_op(s, i))
          && !kg_readonly_load_p(g, gimple_op(s, i)))
        h->loads = true; /* may read what the inner loop wrote */
    return true;
  }
  default:
    return false; /* calls, atomics, branches, constructs: keep them */
  }
}

static bool scan_seq(kg *g, gimple_seq seq, struct hoist_scan *h)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i))
    if (!scan_stmt(g, gsi_stmt(i), h))
      return false;
  return true;
}

/* Callback of walk_gimple_seq: a store, call or atomic in the inner loop. */
static tree find_write(gimple_stmt_iterator *gsi, bool *handled,
                       struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  kg *g = (kg *)wi->info;
  *handled = false;
  if (is_gimple_call(s) || gimple_code(s) == GIMPLE_ASM
      || gimple_code(s) == GIMPLE_OMP_ATOMIC_LOAD
      || gimple_code(s) == GIMPLE_OMP_ATOMIC_STORE
      || (is_gimple_assign(s) && !gimple_clobber_p(s)
          && shared_store_p(g, gimple_assign_lhs(s)))) {
    *handled = true;
    return integer_one_node;
  }
  return NULL_TREE;
}

/* Callback of walk_gimple_seq on operands: an aggregate that may live in
   shared memory (a gang- or worker-private one, or one not yet declared).
   Threads of two outer iterations would share it, and an inner loop whose
   iterations map to other threads from one outer iteration to the next
   could overwrite what a lagging thread still reads. */
static tree find_shared_aggregate(tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
  kg *g = (kg *)wi->info;
  tree t = *tp;
  if (TYPE_P(t))
    *walk_subtrees = 0;
  if (!VAR_P(t) || is_global_var(t) || !AGGREGATE_TYPE_P(TREE_TYPE(t)))
    return NULL_TREE;
  const char *n = lookup_name(g, t);
  if (g->shared.contains(t) || !n || n[0] != '(')
    return t;
  return NULL_TREE;
}

/* True when every reduction of INNER is also one of OUTER's: its combine
   then waits for the outer loop's end (no per-iteration combine). */
static bool reductions_spanned(gomp_for *inner, gomp_for *outer)
{
  for (tree c = gimple_omp_for_clauses(inner); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION)
      continue;
    bool found = false;
    for (tree o = gimple_omp_for_clauses(outer); o; o = OMP_CLAUSE_CHAIN(o))
      if (OMP_CLAUSE_CODE(o) == OMP_CLAUSE_REDUCTION
          && OMP_CLAUSE_DECL(o) == OMP_CLAUSE_DECL(c))
        found = true;
    if (!found)
      return false;
  }
  return true;
}

/* The thread-partitioned loop directly in the body of partitioned loop F
   (levels DIMS) whose per-iteration barriers can move out of F, or NULL. */
gomp_for *kg_bars_hoistable(kg *g, gomp_for *f, int dims)
{
  int threads = KG_WORKER | KG_VECTOR;
  if (g->routine_mode || !dims || (dims & KG_VECTOR))
    return NULL;
  struct hoist_scan h = {NULL, false};
  if (!scan_seq(g, gimple_omp_body(f), &h) || !h.inner)
    return NULL;
  int in = loop_dims_of(g, h.inner);
  if (!(in & threads & ~(g->part | dims)) || !reductions_spanned(h.inner, f))
    return NULL;
  struct hoist_scan pre = {NULL, false};
  if (!scan_seq(g, gimple_omp_for_pre_body(h.inner), &pre) || pre.inner)
    return NULL;
  struct walk_stmt_info wi = {};
  wi.info = g;
  if (walk_gimple_seq(gimple_omp_body(h.inner), NULL, find_shared_aggregate,
                      &wi))
    return NULL;
  memset(&wi, 0, sizeof wi);
  wi.info = g;
  /* Reads of what the inner loop may write. */
  if ((h.loads || pre.loads)
      && walk_gimple_seq(gimple_omp_body(h.inner), find_write, NULL, &wi))
    return NULL;
  if (accgpu_opts.info && !g->quiet)
    inform(gimple_location(h.inner), "accgpu: barriers around this loop "
           "hoisted out of the enclosing partitioned loop");
  return h.inner;
}
