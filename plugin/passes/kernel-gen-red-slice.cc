/* kernel-gen-red-slice.cc — reduction updates in redundant code that only
 * the first thread needs to run (docs/reductions.md).  In code that
 * several threads run redundantly (vector-single, or worker- and
 * vector-single), every thread updates its copy of a partial, but the
 * combine reads lane 0's copy only (a worker reduction) or no combine
 * follows and thread (0,0) alone folds it (a gang reduction into the
 * gang's copy or device memory).  Such an update, and the temporaries that
 * only it reads (its loads), run in that thread alone.                   */
#include "passes/kernel-gen-internal.h"

static tree slice_var_cb(tree *tp, int *walk_sub, void *data)
{
  *walk_sub = !TYPE_P(*tp);
  return *tp == (tree)data ? *tp : NULL_TREE;
}

static bool op_names(tree op, tree var)
{
  return op && walk_tree(&op, slice_var_cb, var, NULL);
}

/* S is VAR = VAR OP X or VAR = X OP VAR, X not naming VAR. */
static bool update_p(gimple *s, tree var)
{
  if (!is_gimple_assign(s) || gimple_assign_lhs(s) != var
      || gimple_num_ops(s) != 3)
    return false;
  tree a = gimple_assign_rhs1(s), b = gimple_assign_rhs2(s);
  return (a == var && !op_names(b, var)) || (b == var && !op_names(a, var));
}

struct upd_walk {
  tree var;
  bool other;
};

static tree upd_cb(gimple_stmt_iterator *gsi, bool *handled,
                   walk_stmt_info *wi)
{
  struct upd_walk *w = (struct upd_walk *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_has_substatements(s) || update_p(s, w->var))
    return NULL_TREE;
  for (unsigned i = 0; i < gimple_num_ops(s); i++)
    if (op_names(gimple_op(s, i), w->var))
      w->other = true;
  return NULL_TREE;
}

/* R's loop names its variable only in updates (no other read of the
   partial that a thread whose copy stays the identity could see). */
static bool only_updates(loop_red *r)
{
  struct upd_walk w = {r->decl, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq(gimple_omp_body(r->loop), upd_cb, NULL, &wi);
  return !w.other;
}

/* The levels whose threads other than the first may skip update S here
   (0: none). */
static int skip_levels(kg *g, gimple *s)
{
  if (!is_gimple_assign(s) || !DECL_P(gimple_assign_lhs(s)))
    return 0;
  loop_red *r = kgr_owner(g, gimple_assign_lhs(s));
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  if (!r || r->len || !single || (r->span & single)
      || !update_p(s, r->decl) || !only_updates(r))
    return 0;
  if ((r->span & KG_WORKER) && single == KG_VECTOR)
    return KG_VECTOR; /* the combine takes lane 0's copy */
  if (!(r->span & (KG_WORKER | KG_VECTOR)) && kgr_first_thread_folds(g, r))
    return single;
  return 0;
}

/* ---- the slice: updates and the temporaries only they read ---- */

struct slice_st {
  vec<tree> needed;   /* temporaries the slice reads, not yet defined */
  vec<tree> later;    /* variables statements outside it read later */
};

static tree collect_cb(tree *tp, int *walk_sub, void *data)
{
  vec<tree> *v = (vec<tree> *)data;
  *walk_sub = !TYPE_P(*tp);
  if (VAR_P(*tp) && !v->contains(*tp))
    v->safe_push(*tp);
  return NULL_TREE;
}

static void reads_of(gimple *s, unsigned from, vec<tree> *v)
{
  for (unsigned i = from; i < gimple_num_ops(s); i++)
    if (gimple_op(s, i))
      walk_tree(gimple_op_ptr(s, i), collect_cb, v, NULL);
}

static tree nested_cb(gimple_stmt_iterator *gsi, bool *handled,
                      walk_stmt_info *wi)
{
  reads_of(gsi_stmt(*gsi), 0, (vec<tree> *)wi->info);
  return NULL_TREE;
}

/* Adds what S and the code nested in it read to V; false: unknown. */
static bool nested_reads(gimple *s, vec<tree> *v)
{
  reads_of(s, 0, v);
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = v;
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    walk_gimple_seq(gimple_bind_body(as_a<gbind *>(s)), nested_cb, NULL, &wi);
    return true;
  case GIMPLE_OMP_FOR:
    walk_gimple_seq(gimple_omp_for_pre_body(s), nested_cb, NULL, &wi);
    walk_gimple_seq(gimple_omp_body(s), nested_cb, NULL, &wi);
    return true;
  case GIMPLE_TRY:
    walk_gimple_seq(gimple_try_eval(s), nested_cb, NULL, &wi);
    walk_gimple_seq(gimple_try_cleanup(s), nested_cb, NULL, &wi);
    return true;
  default:
    return !gimple_has_substatements(s);
  }
}

static void drop(vec<tree> *v, tree t)
{
  for (unsigned i = 0; i < v->length(); i++)
    if ((*v)[i] == t)
      v->unordered_remove(i--);
}

struct count_walk {
  tree var;
  unsigned n;
};

static tree count_cb(gimple_stmt_iterator *gsi, bool *handled,
                     walk_stmt_info *wi)
{
  struct count_walk *c = (struct count_walk *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  for (unsigned i = 0; i < gimple_num_ops(s); i++)
    if (op_names(gimple_op(s, i), c->var)) {
      c->n++;
      break;
    }
  return NULL_TREE;
}

/* Statements of SEQ, nested ones included, that name VAR. */
static unsigned count_naming(gimple_seq seq, tree var)
{
  struct count_walk c = {var, 0};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(seq, count_cb, NULL, &wi);
  return c.n;
}

/* S, or code nested in it, names VAR (other nesting: assumed to). */
static bool stmt_naming(gimple *s, tree var)
{
  for (unsigned i = 0; i < gimple_num_ops(s); i++)
    if (op_names(gimple_op(s, i), var))
      return true;
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    return count_naming(gimple_bind_body(as_a<gbind *>(s)), var) != 0;
  case GIMPLE_OMP_FOR:
    return count_naming(gimple_omp_for_pre_body(s), var)
           || count_naming(gimple_omp_body(s), var);
  case GIMPLE_TRY:
    return count_naming(gimple_try_eval(s), var)
           || count_naming(gimple_try_cleanup(s), var);
  default:
    return gimple_has_substatements(s);
  }
}

/* T is a temporary of SEQ only: artificial, not addressable, assigned in
   SEQ's own statements before any read there, and named nowhere else. */
static bool seq_temp_p(kg *g, gimple_seq seq, tree t)
{
  if (!VAR_P(t) || !DECL_ARTIFICIAL(t) || TREE_ADDRESSABLE(t)
      || is_global_var(t) || g->shared.contains(t))
    return false;
  bool seen = false;
  unsigned here = 0;
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (!stmt_naming(s, t))
      continue;
    if (!is_gimple_assign(s))
      return false; /* control flow or nested code names it */
    here++;
    vec<tree> r = vNULL;
    reads_of(s, 1, &r);
    bool reads = r.contains(t);
    r.release();
    if (reads && !seen)
      return false; /* read before assigned: an earlier iteration's */
    if (gimple_assign_lhs(s) == t)
      seen = true;
  }
  return seen && count_naming(gimple_omp_body(g->region->stmt), t) == here;
}

/* Backward over SEQ's own statements: marks the updates skip_levels
   allows (all with the same levels) and the assignments of temporaries
   that only marked statements read. */
vec<gimple *> *kgr_slice(kg *g, gimple_seq seq, int *levels)
{
  if (g->routine_mode || !g->region || !need_guard(g))
    return NULL;
  vec<gimple *> all = vNULL;
  bool any = false, opaque = false;
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    all.safe_push(s);
    any = any || skip_levels(g, s);
    /* with jumps the order of the text is not the order of execution:
       the updates only, not the temporaries they read */
    if (gimple_code(s) == GIMPLE_LABEL || gimple_code(s) == GIMPLE_GOTO
        || gimple_code(s) == GIMPLE_COND || gimple_code(s) == GIMPLE_SWITCH
        || gimple_code(s) == GIMPLE_RETURN)
      opaque = true;
  }
  if (!any) {
    all.release();
    return NULL;
  }
  vec<gimple *> *out = NULL;
  struct slice_st st = {vNULL, vNULL};
  *levels = 0;
  for (int k = (int)all.length() - 1; k >= 0; k--) {
    gimple *s = all[k];
    int lv = skip_levels(g, s);
    bool mark = lv && (!*levels || lv == *levels);
    if (!mark && is_gimple_assign(s) && !gimple_clobber_p(s)) {
      tree lhs = gimple_assign_lhs(s);
      mark = !opaque && VAR_P(lhs) && st.needed.contains(lhs)
             && !st.later.contains(lhs) && seq_temp_p(g, seq, lhs);
    }
    if (mark) {
      if (lv)
        *levels = lv;
      if (!out)
        out = XNEW(vec<gimple *>), *out = vNULL;
      out->safe_push(s);
      drop(&st.needed, gimple_assign_lhs(s));
      reads_of(s, 1, &st.needed);
      continue;
    }
    if (is_gimple_assign(s)) {
      tree lhs = gimple_assign_lhs(s);
      drop(&st.later, lhs);
      drop(&st.needed, lhs);
      reads_of(s, DECL_P(lhs) ? 1 : 0, &st.later);
    } else if (!nested_reads(s, &st.later))
      opaque = true; /* what it reads is unknown: no more temporaries */
  }
  all.release();
  st.needed.release();
  st.later.release();
  return out;
}
