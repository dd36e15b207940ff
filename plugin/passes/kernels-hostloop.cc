/* kernels-hostloop.cc — a `kernels` body that is a host loop (typically a
 * time loop) around loop nests: the host runs the loop and launches one
 * kernel per nest; and construct-level reductions given to the loops that
 * update them. */
#include "accgpu-plugin.h"
#include "passes/kernel-deps.h"
#include "passes/compute-internal.h"
#include "passes/flow.h"
#include "reduction/reduction.h"

/* ---- kernels: a sequential loop of loop nests, run by the host ---- */

/* A kernels body whose top level (blocks opened) is only acc loop nests
   and scalar code (typically a time loop around parallel nests): the host
   runs the scalar code and launches one kernel per nest where it stands. */

static bool hl_scalar_type_p(tree d)
{
  return INTEGRAL_TYPE_P(TREE_TYPE(d)) || SCALAR_FLOAT_TYPE_P(TREE_TYPE(d));
}

/* Notes (walk_tree) an ADDR_EXPR of the var_ref's decl. */
static tree addr_of_cb(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  struct var_ref *v = (struct var_ref *)wi->info;
  if (TREE_CODE(*tp) == ADDR_EXPR
      && get_base_address(TREE_OPERAND(*tp, 0)) == v->var)
    v->found = true;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* True when no nest of HL may change D (assignment or address taken). */
static bool hl_nests_keep(struct hostloop *hl, tree d)
{
  if (lc_count_assigns(hl->nests, d, NULL, NULL))
    return false;
  struct var_ref v = {d, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  for (unsigned k = 0; k < hl->nests.length(); k++)
    lc_walk_one(hl->nests[k], NULL, addr_of_cb, &wi);
  return !v.found;
}

/* The host code may write D: a scalar local of the region (not mapped,
   not addressable) that no nest changes. */
static bool hl_host_var_p(struct kg_region *r, struct hostloop *hl, tree d)
{
  return VAR_P(d) && !is_global_var(d) && !TREE_ADDRESSABLE(d)
         && !lc_region_param_p(r, d) && hl_scalar_type_p(d)
         && hl_nests_keep(hl, d);
}

/* The host code may read OP: a constant, a local it writes, or a scalar
   parameter (its host value) that no nest changes. */
static bool hl_read_ok(struct kg_region *r, struct hostloop *hl, tree op)
{
  if (!op || CONSTANT_CLASS_P(op))
    return true;
  if ((!VAR_P(op) && TREE_CODE(op) != PARM_DECL) || is_global_var(op)
      || !hl_scalar_type_p(op))
    return false;
  if (!lc_region_param_p(r, op))
    return hl_host_var_p(r, hl, op);
  return hl_nests_keep(hl, op);
}

/* A statement the host can run: labels, jumps, and assignments of
   scalar expressions to host locals. */
static bool hl_host_stmt_p(struct kg_region *r, struct hostloop *hl,
                           gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_NOP: case GIMPLE_LABEL: case GIMPLE_GOTO:
    return true;
  case GIMPLE_COND:
    return hl_read_ok(r, hl, gimple_cond_lhs(s))
           && hl_read_ok(r, hl, gimple_cond_rhs(s));
  case GIMPLE_ASSIGN:
    if (!hl_host_var_p(r, hl, gimple_assign_lhs(s)))
      return false;
    for (unsigned o = 1; o < gimple_num_ops(s); o++)
      if (!hl_read_ok(r, hl, gimple_op(s, o)))
        return false;
    return true;
  default:
    return is_gimple_debug(s);
  }
}

/* True when some jump goes back to an earlier statement (a loop) and
   every jump stays in the body. */
static bool hl_loops_back(vec<gimple *> &stmts)
{
  bool back = false;
  for (unsigned k = 0; k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    lc_stmt_labels(stmts[k], &defined, &used);
    for (hash_set<tree>::iterator it = used.begin(); it != used.end(); ++it) {
      if (!*it || defined.contains(*it))
        continue; /* a loop inside the statement (an acc loop's own) */
      int q = lc_label_owner(stmts, *it);
      if (q < 0)
        return false;
      back |= (unsigned)q <= k;
    }
  }
  return back;
}

/* True when no local of the region that a nest writes is referred to by
   another nest: each kernel has its own copy of such a variable. */
static bool hl_locals_stay(struct kg_region *r, struct hostloop *hl)
{
  hash_set<tree> locals;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &locals;
  for (unsigned k = 0; k < hl->nests.length(); k++)
    lc_walk_one(hl->nests[k], NULL, lc_local_cb, &wi);
  for (hash_set<tree>::iterator it = locals.begin(); it != locals.end(); ++it) {
    if (lc_region_param_p(r, *it))
      continue;
    for (unsigned k = 0; k < hl->nests.length(); k++) {
      vec<gimple *> one = vNULL;
      one.safe_push(hl->nests[k]);
      bool writes = lc_count_assigns(one, *it, NULL, NULL) != 0;
      one.release();
      for (unsigned j = 0; writes && j < hl->nests.length(); j++)
        if (j != k && lc_stmt_refs(hl->nests[j], *it))
          return false;
    }
  }
  return true;
}

/* Fills HL when R's body runs as host code launching its nests (no
   construct reduction, no async, a loop around at least one nest). */
static bool hostloop_plan(struct kg_region *r, clause_info *ci,
                          struct hostloop *hl)
{
  memset(hl, 0, sizeof *hl);
  if (!r->reds.is_empty() || ci->has_async)
    return false;
  hl->body = gimple_omp_body(r->stmt);
  lc_flatten_top(hl->body, &hl->stmts, &hl->vars);
  for (unsigned k = 0; k < hl->stmts.length(); k++)
    if (gimple_code(hl->stmts[k]) == GIMPLE_OMP_FOR)
      hl->nests.safe_push(hl->stmts[k]);
  bool ok = !hl->nests.is_empty() && hl_loops_back(hl->stmts)
            && hl_locals_stay(r, hl);
  for (unsigned k = 0; ok && k < hl->stmts.length(); k++) {
    gimple *s = hl->stmts[k];
    ok = gimple_code(s) == GIMPLE_OMP_FOR || hl_host_stmt_p(r, hl, s);
    if (!ok || !is_gimple_assign(s))
      continue;
    tree d = gimple_assign_lhs(s);
    bool read = false;
    for (unsigned j = 0; j < hl->nests.length() && !read; j++)
      read = lc_stmt_refs(hl->nests[j], d);
    if (read && !hl->hvars.contains(d))
      hl->hvars.safe_push(d);
  }
  return ok;
}

void hostloop_release(struct hostloop *hl)
{
  hl->stmts.release();
  hl->nests.release();
  hl->vars.release();
  hl->hvars.release();
}

/* One kernel body per nest of HL; the scalars the host writes become
   by-value parameters of R (each launch passes their current value). */
void hostloop_split(struct kg_region *r, struct hostloop *hl,
                           vec<param_src> *src, vec<gimple_seq> *bodies)
{
  for (unsigned i = 0; i < hl->hvars.length(); i++) {
    kg_param p = {};
    param_src ps = {};
    p.decl = hl->hvars[i];
    p.type = TREE_TYPE(p.decl);
    r->params.safe_push(p);
    src->safe_push(ps);
  }
  for (unsigned k = 0; k < hl->nests.length(); k++) {
    gimple_seq piece = NULL;
    gimple_seq_add_stmt_without_update(&piece, gimple_copy(hl->nests[k]));
    for (unsigned l = hl->vars.length(); l-- > 0;)
      piece = gimple_seq_alloc_with_stmt(gimple_build_bind(hl->vars[l], piece,
                                                           NULL_TREE));
    bodies->safe_push(piece);
  }
}

/* kernels: independent plain loops become gang/vector acc loops
   (kg_kernels_parallelize); true (HL filled) when a sequential loop around
   them then runs on the host.  The analysis runs silently first to see
   whether the host can run the body; the mapping it gives then (the loops
   in such a loop on gangs) is only right in that case. */
bool kernels_parallelize(struct kg_region *r, clause_info *ci,
                                struct hostloop *hl)
{
  memset(hl, 0, sizeof *hl);
  if (!r->reds.is_empty() || ci->has_async) {
    kg_kernels_parallelize(r, false);
    return false;
  }
  vec<gimple *> stmts = vNULL;
  vec<tree> vars = vNULL;
  lc_flatten_top(gimple_omp_body(r->stmt), &stmts, &vars);
  bool loops = hl_loops_back(stmts); /* else no host loop to find */
  stmts.release();
  vars.release();
  if (!loops) {
    kg_kernels_parallelize(r, false);
    return false;
  }
  gimple_seq saved = gimple_seq_copy(gimple_omp_body(r->stmt));
  int info = accgpu_opts.info;
  accgpu_opts.info = 0; /* the notes come from the analysis that stays */
  kg_kernels_parallelize(r, true);
  accgpu_opts.info = info;
  bool host = hostloop_plan(r, ci, hl);
  hostloop_release(hl);
  if (host) {
    gimple_seq again = gimple_seq_copy(saved);
    gimple_omp_set_body(r->stmt, saved);
    kg_kernels_parallelize(r, true);
    if (hostloop_plan(r, ci, hl))
      return true;
    hostloop_release(hl);
    saved = again;
  }
  gimple_omp_set_body(r->stmt, saved);
  kg_kernels_parallelize(r, false);
  return false;
}

/* The host's copy of label L (made on first use). */
static tree hl_label(hash_map<tree, tree> *labels, tree l)
{
  tree *n = labels->get(l);
  if (n)
    return *n;
  tree c = create_artificial_label(DECL_SOURCE_LOCATION(l));
  labels->put(l, c);
  return c;
}

/* A copy of the host statement S with its own labels (the original body
   stays as the host fallback), inserted before GSI. */
void hl_copy(gimple_stmt_iterator *gsi, gimple *s,
                    hash_map<tree, tree> *labels)
{
  gimple *c = gimple_copy(s);
  if (gimple_code(c) == GIMPLE_LABEL)
    gimple_label_set_label(as_a<glabel *>(c),
                           hl_label(labels, gimple_label_label(as_a<glabel *>(s))));
  else if (gimple_code(c) == GIMPLE_GOTO)
    gimple_goto_set_dest(as_a<ggoto *>(c),
                         hl_label(labels, gimple_goto_dest(s)));
  else if (gimple_code(c) == GIMPLE_COND) {
    gcond *g = as_a<gcond *>(c);
    gimple_cond_set_true_label(g, hl_label(labels, gimple_cond_true_label(g)));
    gimple_cond_set_false_label(g, hl_label(labels,
                                            gimple_cond_false_label(g)));
  }
  add(gsi, c);
}

/* -info: the region's top-level sequential loops run on the host. */
void hostloop_notes(struct hostloop *hl, location_t loc)
{
  vec<location_t> seqs = vNULL;
  gimple_seq body = NULL;
  for (unsigned k = 0; k < hl->stmts.length(); k++) /* the nests: nops */
    gimple_seq_add_stmt_without_update(
        &body, gimple_code(hl->stmts[k]) == GIMPLE_OMP_FOR
                   ? gimple_build_nop() : gimple_copy(hl->stmts[k]));
  kg_find_sequential_plain_loops(body, &seqs);
  for (unsigned i = 0; i < seqs.length(); i++)
    inform(seqs[i], "accgpu: loop runs on the host, launching a kernel "
           "for each loop nest in it");
  inform(loc, "accgpu: kernels region runs on the host around %u kernels "
         "(one per loop nest, launched where it stands)",
         hl->nests.length());
  seqs.release();
}

/* ---- construct-level reductions updated in loops ---- */

/* A `reduction` on the construct whose variable a partitioned loop updates
   without its own reduction clause: every lane of the loop would update a
   private copy that is then lost.  Gives each such loop (not `seq`) the
   clause, so its lanes' partials are combined (what GCC does too). */
void implicit_loop_reductions(struct kg_region *r, gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND)
      implicit_loop_reductions(r, gimple_bind_body(as_a<gbind *>(s)));
    else if (gimple_code(s) == GIMPLE_TRY)
      implicit_loop_reductions(r, gimple_try_eval(s));
    if (gimple_code(s) != GIMPLE_OMP_FOR)
      continue;
    bool lc_seq_loop = false;
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
      lc_seq_loop |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_SEQ;
    for (unsigned k = 0; !lc_seq_loop && k < r->reds.length(); k++) {
      tree d = r->reds[k].decl;
      bool has = false;
      for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
        has |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
               && OMP_CLAUSE_DECL(c) == d;
      if (has || !accgpu_seq_assigns(gimple_omp_body(s), d, 0))
        continue;
      tree c = build_omp_clause(gimple_location(s), OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL(c) = d;
      OMP_CLAUSE_REDUCTION_CODE(c) = r->reds[k].op;
      OMP_CLAUSE_CHAIN(c) = gimple_omp_for_clauses(s);
      gimple_omp_for_set_clauses(s, c);
    }
    implicit_loop_reductions(r, gimple_omp_body(s));
  }
}

