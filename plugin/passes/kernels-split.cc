/* kernels-split.cc — a `kernels` construct whose body is a sequence of loop
 * nests becomes one kernel per nest, cut where no scalar flows between them. */
#include "accgpu-plugin.h"
#include "passes/kernel-deps.h"
#include "passes/compute-internal.h"
#include "reduction/reduction.h"
#include "passes/privatize.h"

/* ---- kernels: one kernel per loop nest ---- */

/* Walks the one statement S (and what it contains), leaving the sequence
   it belongs to untouched. */
void lc_walk_one(gimple *s, walk_stmt_fn cs, walk_tree_fn co,
                     walk_stmt_info *wi)
{
  gimple_seq dummy = s;
  gimple_stmt_iterator gsi;
  gsi.ptr = s;
  gsi.seq = &dummy;
  gsi.bb = NULL;
  walk_gimple_stmt(&gsi, cs, co, wi);
}

static tree var_ref_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  struct var_ref *v = (struct var_ref *)wi->info;
  if (*tp == v->var)
    v->found = true;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static tree var_ref_stmt(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  struct var_ref *v = (struct var_ref *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR && accgpu_loop_private_p(s, v->var))
    *handled = true;
  return NULL_TREE;
}

/* True when S refers to VAR outside acc loops that privatize it. */
bool lc_stmt_refs(gimple *s, tree var)
{
  struct var_ref v = {var, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  lc_walk_one(s, var_ref_stmt, var_ref_op, &wi);
  return v.found;
}

static bool control_flow_p(gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_LABEL: case GIMPLE_COND: case GIMPLE_GOTO: case GIMPLE_SWITCH:
    return true;
  default:
    return false;
  }
}

static tree find_decl_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree)data)
    return *tp;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* True when the piece STMTS[B..E) may read VAR's value from before it:
   false only when its first reference is a plain assignment of VAR (not
   reading it) that runs unconditionally.  An acc loop whose iterations
   assign VAR before reading it (GCC's temporary `D.1 = i * ny` of one
   subscript, reused by the gimplifier in every nest) reads no incoming
   value; the statements after it decide. */
static bool needs_incoming(vec<gimple *> &stmts, unsigned b, unsigned e,
                           tree var)
{
  bool cf = false;
  for (unsigned k = b; k < e; k++) {
    gimple *s = stmts[k];
    if (!lc_stmt_refs(s, var)) {
      cf |= control_flow_p(s);
      continue;
    }
    if (gimple_code(s) == GIMPLE_OMP_FOR && !accgpu_loop_reads_incoming(s, var))
      continue;
    if (cf || !is_gimple_assign(s) || gimple_assign_lhs(s) != var)
      return true;
    for (unsigned o = 1; o < gimple_num_ops(s); o++) {
      tree op = gimple_op(s, o);
      if (op && walk_tree(&op, find_decl_cb, var, NULL))
        return true;
    }
    return false;
  }
  return false;
}

/* Collects (for collect_cb) labels defined and jump targets used. */
struct label_use {
  hash_set<tree> *defined, *used;
};

static tree label_cb(gimple_stmt_iterator *gsi, bool *handled,
                     walk_stmt_info *wi)
{
  struct label_use *u = (struct label_use *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  switch (gimple_code(s)) {
  case GIMPLE_LABEL:
    u->defined->add(gimple_label_label(as_a<glabel *>(s)));
    break;
  case GIMPLE_GOTO:
    u->used->add(gimple_goto_dest(s));
    break;
  case GIMPLE_COND:
    u->used->add(gimple_cond_true_label(as_a<gcond *>(s)));
    u->used->add(gimple_cond_false_label(as_a<gcond *>(s)));
    break;
  case GIMPLE_SWITCH:
    for (unsigned i = 0; i < gimple_switch_num_labels(as_a<gswitch *>(s)); i++)
      u->used->add(CASE_LABEL(gimple_switch_label(as_a<gswitch *>(s), i)));
    break;
  default:
    break;
  }
  return NULL_TREE;
}

bool lc_region_param_p(struct kg_region *r, tree d)
{
  for (unsigned i = 0; i < r->params.length(); i++)
    if (r->params[i].decl == d)
      return true;
  return false;
}

/* Collects the function-local variables referred to (walk_tree callback). */
tree lc_local_cb(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  hash_set<tree> *set = (hash_set<tree> *)wi->info;
  if (VAR_P(*tp) && !is_global_var(*tp))
    set->add(*tp);
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Scalar code: assignments to locals that are not kernel parameters (no
   mapped memory written), control flow, nops.  Such code can run redundantly in
   every thread before a loop. */
static bool scalar_code_p(struct kg_region *r, gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_NOP: case GIMPLE_LABEL: case GIMPLE_COND: case GIMPLE_GOTO:
    return true;
  case GIMPLE_ASSIGN: {
    /* Scalars and aggregates local to the region (not through pointers). */
    tree lhs = get_base_address(gimple_assign_lhs(s));
    return lhs && VAR_P(lhs) && !is_global_var(lhs)
           && !lc_region_param_p(r, lhs);
  }
  default:
    return is_gimple_debug(s);
  }
}

/* True when SEQ holds, at its top level or in binds, an acc loop (plain
   loops found parallel are acc loops by now, kg_kernels_parallelize). */
static bool holds_nest(gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_OMP_FOR)
      return true;
    if (gimple_code(s) == GIMPLE_BIND
        && holds_nest(gimple_bind_body(as_a<gbind *>(s))))
      return true;
  }
  return false;
}

/* Assigns to D anywhere in STMTS (nested statements included)? */
struct assigns_to {
  tree d;
  unsigned count;
  gimple *ref;  /* when set: are all assignments the same as this one? */
  bool differ;
  gimple *first; /* the first assignment met */
};

static bool same_assign(gimple *a, gimple *b)
{
  if (!is_gimple_assign(a) || gimple_num_ops(a) != gimple_num_ops(b)
      || gimple_assign_rhs_code(a) != gimple_assign_rhs_code(b))
    return false;
  for (unsigned o = 1; o < gimple_num_ops(a); o++)
    if (!operand_equal_p(gimple_op(a, o), gimple_op(b, o), 0))
      return false;
  return true;
}

static tree assigns_cb(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *wi)
{
  struct assigns_to *a = (struct assigns_to *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  bool hit = (is_gimple_assign(s) && gimple_assign_lhs(s) == a->d)
             || (is_gimple_call(s) && gimple_call_lhs(s) == a->d);
  if (hit) {
    a->count++;
    if (!a->first)
      a->first = s;
    if (a->ref && !same_assign(s, a->ref))
      a->differ = true;
  }
  return NULL_TREE;
}

/* Number of assignments to D in STMTS; *DIFFER (when not NULL) tells
   whether one of them differs from REF. */
unsigned lc_count_assigns(vec<gimple *> &stmts, tree d, gimple *ref,
                              bool *differ)
{
  struct assigns_to a = {d, 0, ref, false, NULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &a;
  for (unsigned k = 0; k < stmts.length(); k++)
    lc_walk_one(stmts[k], assigns_cb, NULL, &wi);
  if (differ)
    *differ = a.differ;
  return a.count;
}

/* The first assignment to D in STMTS (nested ones included), or NULL. */
static gimple *first_assign(vec<gimple *> &stmts, tree d)
{
  struct assigns_to a = {d, 0, NULL, false, NULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &a;
  for (unsigned k = 0; k < stmts.length() && !a.first; k++)
    lc_walk_one(stmts[k], assigns_cb, NULL, &wi);
  return a.first;
}

/* The first definition of V, when it can be recomputed at the start of
   any piece: V is only ever assigned the same expression of constants and
   region parameters (not addressable) that the body never assigns (GCC
   reuses such temporaries, e.g. n - 1, across statements, and the one
   made inside a nest's body may be the next nest's bound).  Else NULL. */
static gimple *remat_def(struct kg_region *r, vec<gimple *> &stmts, tree v)
{
  if (TREE_ADDRESSABLE(v))
    return NULL;
  gimple *def = first_assign(stmts, v);
  if (def && !is_gimple_assign(def))
    return NULL;
  bool differ = true;
  if (!def || gimple_clobber_p(def) || !lc_count_assigns(stmts, v, def, &differ)
      || differ)
    return NULL;
  enum tree_code code = gimple_assign_rhs_code(def);
  if (TREE_CODE_CLASS(code) != tcc_binary && TREE_CODE_CLASS(code) != tcc_unary
      && code != SSA_NAME && TREE_CODE_CLASS(code) != tcc_constant
      && !(TREE_CODE_CLASS(code) == tcc_declaration))
    return NULL;
  for (unsigned o = 1; o < gimple_num_ops(def); o++) {
    tree op = gimple_op(def, o);
    if (CONSTANT_CLASS_P(op))
      continue;
    if (!DECL_P(op) || !lc_region_param_p(r, op)
        || lc_count_assigns(stmts, op, NULL, NULL))
      return NULL;
  }
  return def;
}

/* Cut points of a kernels body: after each loop nest (an acc loop, plain
   loops found parallel included) and after the last memory store before a
   loop, so that each nest gets its own kernel and full
   gangs.  Pushes the piece starts onto CUTS (the first is 0). */
static void find_cuts(struct kg_region *r, vec<gimple *> &stmts,
                      vec<unsigned> *cuts)
{
  cuts->safe_push(0);
  unsigned start = 0;
  for (unsigned k = 0; k < stmts.length(); k++) {
    bool nest = gimple_code(stmts[k]) == GIMPLE_OMP_FOR
                || (gimple_code(stmts[k]) == GIMPLE_BIND
                    && holds_nest(gimple_bind_body(as_a<gbind *>(stmts[k]))));
    if (!nest)
      continue;
    /* Memory code before the nest gets a piece of its own. */
    unsigned last_mem = start;
    for (unsigned j = start; j < k; j++)
      if (!scalar_code_p(r, stmts[j]))
        last_mem = j + 1;
    if (last_mem > start && last_mem <= k)
      cuts->safe_push(last_mem);
    if (k + 1 < stmts.length())
      cuts->safe_push(k + 1);
    start = k + 1;
  }
}

/* The labels S (and what it contains) defines and jumps to. */
void lc_stmt_labels(gimple *s, hash_set<tree> *defined,
                        hash_set<tree> *used)
{
  struct label_use u = {defined, used};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &u;
  lc_walk_one(s, label_cb, NULL, &wi);
}

/* Top-level statement of STMTS holding label L, or -1. */
int lc_label_owner(vec<gimple *> &stmts, tree l)
{
  for (unsigned k = 0; k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    lc_stmt_labels(stmts[k], &defined, &used);
    if (defined.contains(l))
      return (int)k;
  }
  return -1;
}

/* A jump between statements A and B crosses cut C. */
static bool crosses(vec<unsigned> &jumps, unsigned c)
{
  for (unsigned i = 0; i + 1 < jumps.length(); i += 2) {
    unsigned lo = MIN(jumps[i], jumps[i + 1]), hi = MAX(jumps[i], jumps[i + 1]);
    if (c > lo && c <= hi)
      return true;
  }
  return false;
}

/* Moves the cuts a jump crosses forward to the first point no jump
   crosses before the next cut (past the join after a nest inside an `if`;
   past the end of a plain loop whose body stores: it was dropped, and a
   sequential nest before a parallel one ran in the parallel nest's kernel,
   redundantly in every gang, its atomics counted once per gang), or drops
   them (the nest then stays with its condition); false when a jump leaves
   the region. */
static bool drop_jump_cuts(vec<gimple *> &stmts, vec<unsigned> *cuts)
{
  vec<unsigned> jumps = vNULL; /* pairs: statement, its target's */
  bool ok = true;
  for (unsigned k = 0; ok && k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    lc_stmt_labels(stmts[k], &defined, &used);
    for (hash_set<tree>::iterator it = used.begin(); it != used.end(); ++it) {
      if (!*it || defined.contains(*it))
        continue;
      int q = lc_label_owner(stmts, *it);
      ok &= q >= 0;
      jumps.safe_push(k);
      jumps.safe_push(q < 0 ? 0 : (unsigned)q);
    }
  }
  for (unsigned c = cuts->length(); ok && c-- > 1;) {
    unsigned next = c + 1 < cuts->length() ? (*cuts)[c + 1] : stmts.length();
    unsigned at = (*cuts)[c];
    /* past the join labels, or past the rest of a plain loop that holds
       the piece's last store (a sequential nest before a parallel one) */
    while (crosses(jumps, at) && at + 1 < next)
      at++;
    if (crosses(jumps, at) || at <= (*cuts)[c - 1])
      cuts->ordered_remove(c);
    else
      (*cuts)[c] = at;
  }
  jumps.release();
  return ok;
}

/* Checks that no local variable's value flows from one piece into another,
   except temporaries remat_def can recompute: REMAT gets pairs (piece index
   as a pointer-sized integer, definition to copy at the piece's start).
   Else sets *FROM..*TO, pieces to merge: from the first one that refers to
   the variable to the one that needs its value. */
static bool locals_flow_ok(struct kg_region *r, vec<gimple *> &stmts,
                           vec<unsigned> &cuts, vec<gimple *> *remat,
                           unsigned *from, unsigned *to)
{
  unsigned n = cuts.length();
  hash_set<tree> locals;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &locals;
  for (unsigned k = 0; k < stmts.length(); k++)
    lc_walk_one(stmts[k], NULL, lc_local_cb, &wi);
  for (hash_set<tree>::iterator it = locals.begin(); it != locals.end(); ++it) {
    tree v = *it;
    if (lc_region_param_p(r, v))
      continue;
    int first = -1;
    for (unsigned p = 0; p < n; p++) {
      unsigned b = cuts[p], e = p + 1 < n ? cuts[p + 1] : stmts.length();
      bool refs = false;
      for (unsigned k = b; k < e && !refs; k++)
        refs = lc_stmt_refs(stmts[k], v);
      if (!refs)
        continue;
      if (first >= 0 && needs_incoming(stmts, b, e, v)) {
        gimple *def = remat_def(r, stmts, v);
        if (!def) {
          *from = first;
          *to = p;
          return false;
        }
        remat->safe_push((gimple *)(uintptr_t)p);
        remat->safe_push(def);
      }
      if (first < 0)
        first = p;
    }
  }
  return true;
}

/* Makes CUTS valid, merging pieces where needed; true when at least two
   pieces remain. */
static bool cuts_valid(struct kg_region *r, vec<gimple *> &stmts,
                       vec<unsigned> *cuts, vec<gimple *> *remat)
{
  if (!drop_jump_cuts(stmts, cuts))
    return false;
  for (unsigned iter = 0; cuts->length() > 1 && iter < stmts.length(); iter++) {
    unsigned from, to;
    remat->truncate(0);
    if (locals_flow_ok(r, stmts, *cuts, remat, &from, &to))
      return true;
    for (unsigned p = to; p > from; p--)
      cuts->ordered_remove(p);
  }
  return false;
}

static bool clobbers_only(gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i))
    if (!gimple_clobber_p(gsi_stmt(i)))
      return false;
  return true;
}

/* The statements of SEQ with its blocks opened (their variables pushed
   onto VARS: every piece declares them all) and end-of-scope clobbers
   dropped, so that nests inside blocks are cut like the others. */
void lc_flatten_top(gimple_seq seq, vec<gimple *> *stmts, vec<tree> *vars)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND) {
      if (gimple_bind_vars(as_a<gbind *>(s)))
        vars->safe_push(gimple_bind_vars(as_a<gbind *>(s)));
      lc_flatten_top(gimple_bind_body(as_a<gbind *>(s)), stmts, vars);
    } else if (gimple_code(s) == GIMPLE_TRY
               && gimple_try_kind(s) == GIMPLE_TRY_FINALLY
               && clobbers_only(gimple_try_cleanup(s)))
      lc_flatten_top(gimple_try_eval(s), stmts, vars);
    else if (!gimple_clobber_p(s))
      stmts->safe_push(s);
  }
}

/* Splits a kernels region's body into one body per loop nest (each a
   deep copy wrapped in a bind with the region's variables), pushed onto
   BODIES; returns false (BODIES empty) when the region stays one kernel.
   The original body is left unchanged for the host fallback. */
bool split_kernels(struct kg_region *r, vec<gimple_seq> *bodies)
{
  gimple_seq seq = gimple_omp_body(r->stmt);
  vec<tree> vars = vNULL; /* the declarations of each bind */
  vec<gimple *> stmts = vNULL;
  lc_flatten_top(seq, &stmts, &vars);
  vec<unsigned> cuts = vNULL;
  find_cuts(r, stmts, &cuts);
  vec<gimple *> remat = vNULL;
  bool ok = cuts.length() > 1 && cuts_valid(r, stmts, &cuts, &remat);
  for (unsigned p = 0; ok && p < cuts.length(); p++) {
    unsigned b = cuts[p], e = p + 1 < cuts.length() ? cuts[p + 1]
                                                  : stmts.length();
    bool effect = false; /* scalar code alone has none: dropped */
    for (unsigned k = b; k < e; k++)
      effect |= !scalar_code_p(r, stmts[k]);
    if (!effect)
      continue;
    gimple_seq piece = NULL;
    for (unsigned m = 0; m + 1 < remat.length(); m += 2)
      if ((uintptr_t)remat[m] == p)
        gimple_seq_add_stmt_without_update(&piece, gimple_copy(remat[m + 1]));
    for (unsigned k = b; k < e; k++)
      gimple_seq_add_stmt_without_update(&piece, gimple_copy(stmts[k]));
    for (unsigned l = vars.length(); l-- > 0;)
      piece = gimple_seq_alloc_with_stmt(gimple_build_bind(vars[l], piece,
                                                           NULL_TREE));
    bodies->safe_push(piece);
  }
  vars.release();
  stmts.release();
  cuts.release();
  remat.release();
  if (bodies->length() < 2)
    bodies->truncate(0);
  return !bodies->is_empty();
}

