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

/* S is loop F, or a bind of F and statements that do not name VAR. */
static bool holds_loop(gimple *s, gimple *f, tree var)
{
  if (s == f)
    return true;
  if (gimple_code(s) != GIMPLE_BIND)
    return false;
  bool has = false;
  gimple_seq in = gimple_bind_body(as_a<gbind *>(s));
  for (gimple_stmt_iterator k = gsi_start(in); !gsi_end_p(k); gsi_next(&k)) {
    if (gsi_stmt(k) == f)
      has = true;
    else {
      struct leader_walk w = {var, false};
      walk_stmt_info wi;
      memset(&wi, 0, sizeof wi);
      wi.info = &w;
      walk_gimple_stmt(&k, leader_stmt_cb, NULL, &wi);
      if (w.other)
        return false;
    }
  }
  return has;
}

/* The body of the innermost bind in SEQ that declares VAR and holds loop
   F among its own statements (holds_loop: *TOP); NULL: none. */
static gimple_seq scope_of(gimple_seq seq, gimple *f, tree var, gimple **top)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    gimple_seq in = NULL, r;
    if (gimple_code(s) == GIMPLE_BIND)
      in = gimple_bind_body(as_a<gbind *>(s));
    else if (gimple_code(s) == GIMPLE_OMP_FOR)
      in = gimple_omp_body(s);
    else if (gimple_code(s) == GIMPLE_TRY)
      in = gimple_try_eval(s);
    if (in && (r = scope_of(in, f, var, top)))
      return r;
    if (gimple_code(s) != GIMPLE_BIND)
      continue;
    for (tree v = gimple_bind_vars(as_a<gbind *>(s)); v; v = DECL_CHAIN(v))
      for (gimple_stmt_iterator k = gsi_start(in); v == var && !gsi_end_p(k);
           gsi_next(&k))
        if (holds_loop(gsi_stmt(k), f, var)) {
          *top = gsi_stmt(k);
          return in;
        }
  }
  return NULL;
}

static tree var_cb(tree *tp, int *walk_sub, void *data)
{
  *walk_sub = !TYPE_P(*tp);
  return *tp == (tree)data ? *tp : NULL_TREE;
}

static bool names(gimple *s, tree var)
{
  struct leader_walk w = {var, false};
  walk_stmt_info ow;
  memset(&ow, 0, sizeof ow);
  ow.info = &w;
  return walk_gimple_op(s, leader_op_cb, &ow) != NULL_TREE;
}

static bool seq_mentions(gimple_seq seq, tree var);

/* S or a statement nested in it names VAR (a loop's clauses included);
   a statement with other nested sequences counts as naming it. */
static bool mentions(gimple *s, tree var)
{
  if (names(s, var))
    return true;
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    return seq_mentions(gimple_bind_body(as_a<gbind *>(s)), var);
  case GIMPLE_OMP_FOR:
    return seq_mentions(gimple_omp_for_pre_body(s), var)
           || seq_mentions(gimple_omp_body(s), var);
  case GIMPLE_TRY:
    return seq_mentions(gimple_try_eval(s), var)
           || seq_mentions(gimple_try_cleanup(s), var);
  default:
    return gimple_has_substatements(s);
  }
}

static bool seq_mentions(gimple_seq seq, tree var)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i))
    if (mentions(gsi_stmt(i), var))
      return true;
  return false;
}

/* Redundant stores here are guarded to the thread that holds R's combined
   value: thread (0,0) for a block combine, lane 0 of the row for a row's. */
static bool guard_holds(kg *g, struct loop_red *r)
{
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  int need = (r->span & KG_WORKER) ? g->dims & (KG_WORKER | KG_VECTOR)
                                   : KG_VECTOR;
  return need_guard(g) && (single & need) == need;
}

/* R's loop folds into a local of the bind that holds the loop, and the
   rest of that bind only stores the local to memory, which redundant code
   does by the first thread alone (the guard of a shared store); nothing
   there branches back, and the local dies with the bind. */
static bool stored_once(kg *g, struct loop_red *r)
{
  tree v = r->decl;
  if (!VAR_P(v) || TREE_ADDRESSABLE(v) || g->shared.contains(v)
      || !guard_holds(g, r))
    return false;
  gimple *top = NULL;
  gimple_seq seq = scope_of(gimple_omp_body(g->region->stmt), r->loop, v,
                            &top);
  bool after = false;
  for (gimple_stmt_iterator i = gsi_start(seq); seq && !gsi_end_p(i);
       gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (s == top) {
      after = true;
      continue;
    }
    enum gimple_code c = gimple_code(s);
    if (c != GIMPLE_ASSIGN && c != GIMPLE_OMP_FOR && c != GIMPLE_DEBUG
        && c != GIMPLE_NOP && (c != GIMPLE_BIND || !after))
      return false; /* control flow, calls */
    if (c == GIMPLE_OMP_FOR || c == GIMPLE_BIND) {
      /* after the loop: not even a loop with its own clause on V (it
         would fold into V) */
      if (after && mentions(s, v))
        return false;
      continue;
    }
    if (!after || c != GIMPLE_ASSIGN || !names(s, v))
      continue;
    tree lhs = gimple_assign_lhs(s);
    if (!gimple_assign_single_p(s) || gimple_assign_rhs1(s) != v
        || DECL_P(lhs) || TREE_CODE(lhs) == SSA_NAME
        || !shared_store_p(g, lhs))
      return false;
    if (walk_tree(&lhs, var_cb, v, NULL))
      return false;
  }
  return seq != NULL;
}

/* The region names VAR nowhere outside the loops that reduce it. */
static bool gred_unread(kg *g, tree var)
{
  struct leader_walk w = {var, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq(gimple_omp_body(g->region->stmt), leader_stmt_cb, NULL,
                  &wi);
  return !w.other;
}

/* R folds into the gang's copy of a construct-level reduction (__gredN),
   which only its atomic by thread (0,0) at the kernel's end reads (the
   region names the variable nowhere outside the loops that reduce it), or
   into a local that is only stored once after the loop (stored_once). */
bool kgr_leader_only(kg *g, struct loop_red *r)
{
  if (!g->region || g->routine_mode || r->len)
    return false;
  const char *outer = decl_name(g, r->decl);
  if (!outer)
    return false;
  if (strncmp(outer, "__gred", 6))
    return stored_once(g, r);
  return gred_unread(g, r->decl);
}

/* What R's variable is called outside R's loop (inside it: R's bound). */
static const char *outer_name(kg *g, struct loop_red *r)
{
  bool past = false;
  for (int k = (int)g->names.length() - 1; k >= 0; k--) {
    if (g->names[k].decl != r->decl)
      continue;
    if (past)
      return g->names[k].text;
    past = !strcmp(g->names[k].text, r->bound);
    if (!past)
      return NULL;
  }
  return NULL;
}

/* Inside R's loop: thread (0,0) alone folds R's partial, into the gang's
   copy that only the final atomic reads, or into device memory with its
   atomic. */
bool kgr_first_thread_folds(kg *g, struct loop_red *r)
{
  if (!g->region || g->routine_mode || r->len || r->section || !r->priv)
    return false;
  const char *outer = outer_name(g, r);
  if (!outer)
    return false;
  if (!strncmp(outer, "__gred", 6))
    return gred_unread(g, r->decl);
  bool mem = outer[0] == '(' || POINTER_TYPE_P(TREE_TYPE(r->decl));
  return mem && (r->span & KG_GANGS) && !g->shared.contains(r->decl);
}
