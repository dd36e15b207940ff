/* kernel-deps.cc — which plain loops of a `kernels` region may run in
 * parallel, and their conversion into partitioned acc loops.  The C front
 * end gives a loop without a `loop` directive as
 *
 *   i = N1; goto test; body: BODY; i = i + STEP; test: if (i < N2) goto
 *   body; else goto exit; exit:
 *
 * BODY is walked once in order, following its forward jumps and inner
 * loops, with the symbolic value of every scalar it assigns (a polynomial
 * in loop-invariant symbols, the loop index and inner-loop indices with
 * their ranges).  A loop qualifies when BODY has no calls but math
 * builtins, no jump out, no scalar read before it is written in the same
 * iteration (except updates `s = s OP e` recognized as reductions), and
 * for every store and every other access to the same array, addresses
 * S*i + F with the same stride S such that, over the ranges of the inner
 * indices, the bytes F touches fit within |S| (the delinearization
 * argument: a[i*n + j] with 0 <= j < n is a[i][j]); symbolic facts come
 * from the inner loops running at least once (0 < n).  Anything that
 * cannot be analysed stays sequential.                                  */
#include "passes/kernel-deps-internal.h"
#include "passes/flow.h"
#include "passes/kernel-gen.h"

/* ---- kernels regions: plain loops become acc loops ---- */

enum { DIM_SEQ = 8 }; /* converted (privatized), not partitioned */

struct cnode {
  kg_plain_loop l;
  gimple_seq *seqp;  /* the sequence holding it */
  int parent;
  dep_result res;
  int dims;          /* KG_GANG | KG_VECTOR, DIM_SEQ, or 0: left alone */
  hash_map<tree, tree> *map; /* privatized copies */
};

struct cctx {
  struct kg_region *r;
  vec<cnode> nodes;
  struct accgpu_flat fl; /* the region body, flattened */
  vec<tree> indices; /* indices of all plain loops */
  bool host_loops;   /* top-level sequential loops will run on the host */
};

static void scan(cctx *c, gimple_seq *seqp, vec<int> *stack)
{
  for (gimple_stmt_iterator gsi = gsi_start(*seqp); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    while (!stack->is_empty() && c->nodes[stack->last()].l.exit == s)
      stack->pop();
    if (gimple_code(s) == GIMPLE_BIND) {
      scan(c, gimple_bind_body_ptr(as_a<gbind *>(s)), stack);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      scan(c, gimple_try_eval_ptr(s), stack);
      continue;
    }
    cnode n;
    memset((void *)&n, 0, sizeof n);
    if (!kd_match_loop(gsi, &n.l, KD_MATCH_PLAIN))
      continue;
    n.seqp = seqp;
    n.parent = stack->is_empty() ? -1 : stack->last();
    /* Enclosing loops whose bounds stay put run, which gives facts. */
    vec<kg_plain_loop *> encl = vNULL;
    for (unsigned k = 0; k < stack->length(); k++)
      if (!c->nodes[(*stack)[k]].res.bounds_vary)
        encl.safe_push(&c->nodes[(*stack)[k]].l);
    /* Values the enclosing loop's body gives scalars before this loop. */
    hash_map<tree, tree> entry;
    if (n.parent >= 0) {
      dep_result *pr = &c->nodes[n.parent].res;
      for (unsigned k = 0; k < pr->ent_at.length(); k++)
        if (pr->ent_at[k] == n.l.init)
          entry.put(pr->ent_var[k], pr->ent_val[k]);
    }
    kd_analyse_plain(&n.l, &encl, gimple_omp_target_clauses(c->r->stmt), &entry,
                  &n.res);
    encl.release();
    if (!c->indices.contains(n.l.index))
      c->indices.safe_push(n.l.index);
    c->nodes.safe_push(n);
    stack->safe_push((int)c->nodes.length() - 1);
  }
}

struct outside_ctx {
  gimple *skip;
  tree v;
};

static tree outside_stmt(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  if (gsi_stmt(*gsi) == ((outside_ctx *)wi->info)->skip)
    *handled = true;
  return NULL_TREE;
}

static tree outside_op(tree *tp, int *walk, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  return kd_find_var_cb(tp, walk, ((outside_ctx *)wi->info)->v);
}

/* V may be read after the region: a global, addressable, or referred to
   elsewhere in the function.  Indices of plain loops are private to
   their loops (as those of acc loops), so their values do not leave. */
static bool live_at_exit(cctx *c, tree v)
{
  if (c->indices.contains(v))
    return false;
  if (!VAR_P(v) || is_global_var(v) || TREE_ADDRESSABLE(v))
    return true;
  outside_ctx o = {c->r->stmt, v};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &o;
  return walk_gimple_seq(gimple_body(current_function_decl), outside_stmt,
                         outside_op, &wi) != NULL;
}

static enum accgpu_effect region_effect(gimple *s, tree v, void *c)
{
  if (!s)
    return live_at_exit((cctx *)c, v) ? ACCGPU_READ : ACCGPU_NONE;
  return accgpu_plain_effect(s, v);
}

/* V may be read, before being assigned, after position P of the region. */
static bool live_after(cctx *c, int p, tree v)
{
  return accgpu_flow_reads(&c->fl, p + 1, v, region_effect, c);
}

/* The scalars node N privatizes are dead after it; else names one. */
/* V is private on the construct (kernels private(v), kernels-private.cc)
   and N an outermost loop: private to N, its value after N undefined. */
static bool region_private(cctx *c, int n, tree v)
{
  if (c->nodes[n].parent >= 0)
    return false;
  for (tree k = gimple_omp_target_clauses(c->r->stmt); k;
       k = OMP_CLAUSE_CHAIN(k))
    if (OMP_CLAUSE_CODE(k) == OMP_CLAUSE_PRIVATE && OMP_CLAUSE_DECL(k) == v)
      return true;
  return false;
}

static bool privs_dead(cctx *c, int n, tree *culprit)
{
  cnode *x = &c->nodes[n];
  int *p = c->fl.pos->get(x->l.exit);
  for (unsigned i = 0; i < x->res.privs.length(); i++) {
    tree v = x->res.privs[i];
    if (TREE_CODE(v) == SSA_NAME || region_private(c, n, v))
      continue;
    if (!p || TREE_ADDRESSABLE(v) || live_after(c, *p, v)) {
      *culprit = v;
      return false;
    }
  }
  return true;
}

static bool ancestor_p(cctx *c, int a, int k)
{
  for (int p = c->nodes[k].parent; p >= 0; p = c->nodes[p].parent)
    if (p == a)
      return true;
  return false;
}

/* A constant trip count below a warp: not worth vector lanes. */
static bool small_loop(cnode *x)
{
  kg_plain_loop *l = &x->l;
  if (TREE_CODE(l->n1) != INTEGER_CST || TREE_CODE(l->n2) != INTEGER_CST
      || !tree_fits_shwi_p(l->n1) || !tree_fits_shwi_p(l->n2))
    return false;
  HOST_WIDE_INT a = tree_to_shwi(l->n1), b = tree_to_shwi(l->n2);
  HOST_WIDE_INT s = tree_to_shwi(l->step);
  HOST_WIDE_INT span = s > 0 ? b - a : a - b;
  return span / (s > 0 ? s : -s) < 32;
}

static bool par_below(cctx *c, int n)
{
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].res.indep && ancestor_p(c, n, k)
        && !small_loop(&c->nodes[k]))
      return true;
  return false;
}

static bool by_ref_param(cctx *c, tree v)
{
  for (unsigned i = 0; i < c->r->params.length(); i++)
    if (c->r->params[i].decl == v)
      return c->r->params[i].by_ref;
  return false;
}

/* The gang loop enclosing N also reduces V, or a converted loop enclosing
   N privatizes it (a thread-local copy). */
static bool gang_reduces(cctx *c, int n, tree v)
{
  for (int p = c->nodes[n].parent; p >= 0; p = c->nodes[p].parent) {
    if (c->nodes[p].dims && c->nodes[p].res.privs.contains(v))
      return true;
    if (c->nodes[p].dims & KG_GANG)
      for (unsigned k = 0; k < c->nodes[p].res.reds.length(); k++)
        if (c->nodes[p].res.reds[k].decl == v)
          return true;
  }
  return false;
}

enum { M_TOP, M_GANG, M_SINGLE };

/* Chooses the mapping of node N and its inner loops.  MODE: N is outside
   partitioned loops (TOP), inside a gang loop, or inside a sequential loop
   of the region, where gangs would race (SINGLE: one gang's lanes).  A
   sequential loop the host will run (C->host_loops) is no such loop. */
static void decide(cctx *c, int n, int mode)
{
  cnode *x = &c->nodes[n];
  tree culprit = NULL_TREE;
  bool ok = x->res.indep && privs_dead(c, n, &culprit);
  if (x->res.indep && !ok && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized: %qD "
           "is used after the loop", culprit);
  else if (!x->res.indep && x->res.alias && x->res.alias_local
           && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized: %qD "
           "and %qD may point to the same memory (a local pointer set from "
           "another pointer or address); declare it %<restrict%>, or write "
           "%<loop independent%>", x->res.alias, x->res.alias2);
  else if (!x->res.indep && x->res.alias && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized: %qD "
           "and %qD may point to the same memory (pointers whose targets "
           "this function cannot see); declare them %<restrict%>, or write "
           "%<loop independent%>", x->res.alias, x->res.alias2);
  else if (!x->res.indep && x->parent >= 0 && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized "
           "(possible loop-carried dependence, or a body the dependence test "
           "cannot analyse): runs sequentially");
  bool below = par_below(c, n);
  bool gang_reds = true, lane_reds = true;
  for (unsigned k = 0; k < x->res.reds.length(); k++) {
    tree v = x->res.reds[k].decl;
    gang_reds &= by_ref_param(c, v);
    lane_reds &= mode != M_GANG || !by_ref_param(c, v)
                 || gang_reduces(c, n, v);
  }
  int kids = mode == M_TOP ? M_SINGLE : mode;
  x->dims = 0;
  if (ok && mode == M_TOP) {
    if (below && small_loop(x))
      x->dims = DIM_SEQ, kids = M_TOP;
    else if (gang_reds)
      x->dims = KG_GANG | (below ? 0 : KG_VECTOR), kids = M_GANG;
    else if (!below)
      x->dims = KG_VECTOR;
  } else if (ok && !below && !small_loop(x) && lane_reds)
    x->dims = KG_VECTOR;
  if (!x->dims && mode == M_TOP && c->host_loops)
    kids = M_TOP;
  if (x->dims & (KG_GANG | KG_VECTOR))
    for (unsigned k = 0; k < x->res.assumed.length(); k++)
      kd_note_distinct(c->r->stmt, x->res.assumed[k]);
  if ((x->dims & (KG_GANG | KG_VECTOR)) && x->res.assumed.length() > 1
      && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop parallelized assuming "
           "%qD and %qD do not overlap (checked when the construct starts)",
           x->res.assumed[0], x->res.assumed[1]);
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].parent == n)
      decide(c, k, kids);
}

/* V's name inside node N: renamed by the enclosing converted loops. */
static tree resolve(cctx *c, int n, tree v)
{
  vec<int> chain = vNULL;
  for (int p = c->nodes[n].parent; p >= 0; p = c->nodes[p].parent)
    chain.safe_push(p);
  for (int k = (int)chain.length() - 1; k >= 0; k--) {
    hash_map<tree, tree> *m = c->nodes[chain[k]].map;
    tree *t = m ? m->get(v) : NULL;
    if (t)
      v = *t;
  }
  chain.release();
  return v;
}

static tree remap_cb(tree *tp, int *walk, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  if (TYPE_P(*tp)) {
    *walk = 0;
    return NULL_TREE;
  }
  tree *n = ((hash_map<tree, tree> *)wi->info)->get(*tp);
  if (n)
    *tp = *n;
  return NULL_TREE;
}

static tree build_clauses(cctx *c, int n, location_t loc)
{
  cnode *x = &c->nodes[n];
  tree list = NULL_TREE;
  int codes[3] = {x->dims & KG_GANG ? OMP_CLAUSE_GANG : -1,
                  x->dims & KG_VECTOR ? OMP_CLAUSE_VECTOR : -1,
                  x->dims & DIM_SEQ ? OMP_CLAUSE_SEQ : -1};
  for (int k = 0; k < 3; k++)
    if (codes[k] >= 0) {
      tree cl = build_omp_clause(loc, (enum omp_clause_code)codes[k]);
      OMP_CLAUSE_CHAIN(cl) = list;
      list = cl;
    }
  for (unsigned k = 0; !(x->dims & DIM_SEQ) && k < x->res.reds.length(); k++) {
    tree cl = build_omp_clause(loc, OMP_CLAUSE_REDUCTION);
    OMP_CLAUSE_DECL(cl) = resolve(c, n, x->res.reds[k].decl);
    OMP_CLAUSE_REDUCTION_CODE(cl) = x->res.reds[k].op;
    OMP_CLAUSE_CHAIN(cl) = list;
    list = cl;
  }
  return list;
}

/* A new local like V, keeping the user's name (notes, the kernel model
   and the profile name loops by it). */
static tree fresh_copy(tree v)
{
  if (!DECL_NAME(v) || DECL_ARTIFICIAL(v))
    return create_tmp_var(TREE_TYPE(v), "acckp");
  tree d = copy_var_decl(v, DECL_NAME(v), TREE_TYPE(v));
  DECL_CONTEXT(d) = current_function_decl;
  DECL_CHAIN(d) = NULL_TREE;
  DECL_SEEN_IN_BIND_EXPR_P(d) = 0;
  gimple_add_tmp_var(d);
  return d;
}

/* Replaces plain loop N by an acc loop with its chosen clauses. */
static void convert_nest(cctx *c, int n)
{
  cnode *x = &c->nodes[n];
  kg_plain_loop *l = &x->l;
  x->map = new hash_map<tree, tree>;
  for (unsigned i = 0; i < x->res.privs.length(); i++) {
    tree v = resolve(c, n, x->res.privs[i]);
    /* Fresh copies: mapped scalars would be shared by the threads, and
       the pieces of a split region must not share the loop's scalars. */
    if (TREE_CODE(v) != SSA_NAME && !x->map->get(v))
      x->map->put(v, fresh_copy(v));
  }
  gimple_seq body = NULL;
  gimple_stmt_iterator g = gsi_for_stmt(l->first_body, x->seqp);
  while (gsi_stmt(g) != l->incr) {
    gimple *s = gsi_stmt(g);
    gsi_remove(&g, false);
    gimple_seq_add_stmt_without_update(&body, s);
  }
  /* Enclosing loops may have renamed the parts since the match. */
  tree idx = gimple_assign_lhs(l->init), n1 = gimple_assign_rhs1(l->init);
  gimple *start = NULL;
  if (!gimple_assign_single_p(l->init)) {
    n1 = create_tmp_var(TREE_TYPE(idx), "acckn");
    start = gimple_build_assign(n1, gimple_assign_rhs_code(l->init),
                                gimple_assign_rhs1(l->init),
                                gimple_assign_rhs2(l->init));
  }
  tree step = gimple_assign_rhs2(l->incr), n2;
  gcond *cs = as_a<gcond *>(l->cond_stmt);
  enum tree_code cond = gimple_cond_code(cs);
  if (gimple_cond_lhs(cs) == idx)
    n2 = gimple_cond_rhs(cs);
  else
    n2 = gimple_cond_lhs(cs), cond = swap_tree_comparison(cond);
  location_t loc = gimple_location(l->init);
  /* Drop the loop's control, keeping the bound's computation. */
  g = gsi_for_stmt(l->init, x->seqp);
  bool keep = false;
  while (gsi_stmt(g) != l->exit) {
    gimple *s = gsi_stmt(g);
    if (s == l->test_first)
      keep = true;
    if (s == l->cond_stmt)
      keep = false;
    if (keep)
      gsi_next(&g);
    else
      gsi_remove(&g, true);
  }
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = x->map;
  walk_gimple_seq(body, NULL, remap_cb, &wi);
  tree *mi = x->map->get(idx), ni = mi ? *mi : idx;
  gomp_for *f = gimple_build_omp_for(body, GF_OMP_FOR_KIND_OACC_LOOP,
                                     build_clauses(c, n, loc), 1, NULL);
  gimple_omp_for_set_index(f, 0, ni);
  gimple_omp_for_set_initial(f, 0, n1);
  gimple_omp_for_set_final(f, 0, n2);
  gimple_omp_for_set_cond(f, 0, cond);
  gimple_omp_for_set_incr(f, 0, build2(MODIFY_EXPR, TREE_TYPE(ni), ni,
                                       build2(PLUS_EXPR, TREE_TYPE(ni), ni,
                                              step)));
  gimple_set_location(f, loc);
  if (start)
    gsi_insert_before(&g, start, GSI_SAME_STMT);
  gsi_insert_before(&g, f, GSI_SAME_STMT);
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].seqp == x->seqp && ancestor_p(c, n, k))
      c->nodes[k].seqp = gimple_omp_body_ptr(f);
}

void kg_kernels_parallelize(struct kg_region *r, bool host_loops)
{
  cctx c;
  memset((void *)&c, 0, sizeof c);
  c.r = r;
  c.host_loops = host_loops;
  accgpu_flat_init(&c.fl, gimple_omp_body(r->stmt));
  vec<int> stack = vNULL;
  scan(&c, gimple_omp_body_ptr(r->stmt), &stack);
  stack.release();
  for (unsigned k = 0; k < c.nodes.length(); k++)
    if (c.nodes[k].parent < 0)
      decide(&c, k, M_TOP);
  for (unsigned k = 0; k < c.nodes.length(); k++)
    if (c.nodes[k].dims)
      convert_nest(&c, k);
  for (unsigned k = 0; k < c.nodes.length(); k++) {
    kd_result_free(&c.nodes[k].res);
    delete c.nodes[k].map;
  }
  c.nodes.release();
  accgpu_flat_fini(&c.fl);
  c.indices.release();
}

