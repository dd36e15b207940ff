/* privatize.cc — scalars that each iteration of an acc loop assigns before
 * it reads them become private to the loop, as NVHPC does (its -Minfo
 * feedback says so), rather than one copy shared by all gangs:
 *
 *   double sum;
 *   #pragma acc parallel loop gang         <- GCC maps sum (tofrom) for the
 *   for (j...) { sum = 0.0;                   inner loop's reduction: all
 *     #pragma acc loop vector reduction(+:sum)   gangs would share it
 *     for (k...) sum += a[k] * x[col[k]];
 *     q[j] = sum; }
 *
 * The rule (docs/compiler.md, "Scalars private to loop iterations"): a
 * scalar local of the function that the construct maps only implicitly
 * (GCC's copy for a loop reduction, or a `kernels` scalar), whose every
 * reference in the region lies in acc loops that assign it before any
 * read in each iteration, and that no path from the region reads before
 * assigning it, gets a private clause on those loops (the innermost ones
 * that qualify) and loses its map.  Everything runs on the pristine
 * function, before any construct is lowered, for all its constructs at
 * once (one that privatizes the scalar too does not read it).          */
#include "passes/privatize.h"
#include "passes/flow.h"
#include "passes/implicit-maps.h"

static bool seq_refs(gimple_seq seq, tree v)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g))
    if (accgpu_stmt_refs(gsi_stmt(g), v))
      return true;
  return false;
}

bool accgpu_loop_private_p(gimple *f, tree v)
{
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++)
    if (gimple_omp_for_index(f, l) == v)
      return true;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE && OMP_CLAUSE_DECL(c) == v)
      return true;
  return false;
}

bool accgpu_loop_reduces_p(gimple *f, tree v)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
        && OMP_CLAUSE_DECL(c) == v)
      return true;
  return false;
}

/* The loop's clauses, bounds or pre-body refer to V (a reduction clause,
   a bound): references made once, outside the iterations. */
static bool header_refs(gomp_for *f, tree v)
{
  if (accgpu_tree_refs(gimple_omp_for_clauses(f), v)
      || seq_refs(gimple_omp_for_pre_body(f), v))
    return true;
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++) {
    tree t[3] = {gimple_omp_for_initial(f, l), gimple_omp_for_final(f, l),
                 gimple_omp_for_incr(f, l)};
    for (int k = 0; k < 3; k++)
      if (accgpu_tree_refs(t[k], v))
        return true;
  }
  return false;
}

static bool iteration_reads(gimple_seq body, tree v);
static enum accgpu_effect iteration_effect(gimple *s, tree v, void *);

/* What F's pre-body, which runs once before the loop whether or not it
   iterates, does to V.  The gimplifier puts the bounds' temporaries
   there (`lo.0 = lo;` for `for (k = lo; ...)` with LO addressable): an
   assignment, after which the bounds and iterations read that value,
   not the one V had before the loop. */
static enum accgpu_effect pre_body_effect(gomp_for *f, tree v)
{
  gimple_seq pre = gimple_omp_for_pre_body(f);
  if (!seq_refs(pre, v))
    return ACCGPU_NONE;
  struct accgpu_flat fl;
  accgpu_flat_init(&fl, pre);
  bool reads = accgpu_flow_reads(&fl, 0, v, iteration_effect, NULL);
  accgpu_flat_fini(&fl);
  return reads || !accgpu_seq_assigns(pre, v, 0) ? ACCGPU_READ
                                                   : ACCGPU_KILL;
}

/* What inner loop F does to V as one statement: it may run no iteration,
   so its iterations' assignments kill nothing (its pre-body's do); a
   reduction combines V's value. */
static enum accgpu_effect loop_effect(gomp_for *f, tree v)
{
  if (accgpu_loop_private_p(f, v))
    return ACCGPU_NONE;
  enum accgpu_effect pre = pre_body_effect(f, v);
  if (pre != ACCGPU_NONE)
    return pre;
  if (header_refs(f, v) || iteration_reads(gimple_omp_body(f), v))
    return ACCGPU_READ;
  return ACCGPU_NONE;
}

bool accgpu_loop_reads_incoming(gimple *f, tree v)
{
  return loop_effect(as_a<gomp_for *>(f), v) == ACCGPU_READ;
}

static enum accgpu_effect iteration_effect(gimple *s, tree v, void *)
{
  if (!s)
    return ACCGPU_NONE;
  if (gimple_code(s) == GIMPLE_OMP_FOR)
    return loop_effect(as_a<gomp_for *>(s), v);
  return accgpu_plain_effect(s, v);
}

/* An iteration of a loop with BODY may read V before assigning it. */
static bool iteration_reads(gimple_seq body, tree v)
{
  struct accgpu_flat f;
  accgpu_flat_init(&f, body);
  bool r = accgpu_flow_reads(&f, 0, v, iteration_effect, NULL);
  accgpu_flat_fini(&f);
  return r;
}

static bool place_loop(gomp_for *f, tree v, vec<gomp_for *> *loops);

/* Every reference to V in SEQ is inside acc loops that can have their own
   copy of V; those loops go to LOOPS (inner ones where they all
   qualify).  False when some reference is not. */
static bool place(gimple_seq seq, tree v, vec<gomp_for *> *loops)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g)) {
    gimple *s = gsi_stmt(g);
    bool ok;
    if (gimple_code(s) == GIMPLE_BIND)
      ok = place(gimple_bind_body(as_a<gbind *>(s)), v, loops);
    else if (gimple_code(s) == GIMPLE_TRY)
      ok = place(gimple_try_eval(s), v, loops)
           && place(gimple_try_cleanup(s), v, loops);
    else if (gimple_code(s) == GIMPLE_OMP_FOR)
      ok = place_loop(as_a<gomp_for *>(s), v, loops);
    else
      ok = !accgpu_stmt_refs(s, v);
    if (!ok)
      return false;
  }
  return true;
}

static bool place_loop(gomp_for *f, tree v, vec<gomp_for *> *loops)
{
  gimple_seq body = gimple_omp_body(f);
  if (accgpu_loop_private_p(f, v) || !seq_refs(body, v))
    return !header_refs(f, v) || accgpu_loop_private_p(f, v);
  if (header_refs(f, v) || iteration_reads(body, v))
    return false;
  unsigned mark = loops->length();
  if (place(body, v, loops) && loops->length() > mark)
    return true;
  loops->truncate(mark);
  loops->safe_push(f);
  return true;
}

/* ---- candidates: a construct's implicit map of a scalar that the
   region's loops can privatize ---- */

struct cand {
  gomp_target *t;
  tree clause;          /* the map */
  vec<gomp_for *> loops;
  bool live;            /* its value after the construct is used */
};

static bool candidate_p(tree v)
{
  tree t = TREE_TYPE(v);
  return (VAR_P(v) || TREE_CODE(v) == PARM_DECL) && !is_global_var(v)
         && !TREE_THIS_VOLATILE(v)
         && is_gimple_reg_type(t) && TREE_CODE(t) != COMPLEX_TYPE
         && TREE_CODE(t) != VECTOR_TYPE;
}

/* ---- addressed scalars: NPB EP's seed `t1`, stepped by the host through
   `randlc(&t1, a)` and assigned first in each iteration of its loop ---- */

static tree find_addr(tree *tp, int *walk, void *data)
{
  if (TREE_CODE(*tp) == ADDR_EXPR
      && get_base_address(TREE_OPERAND(*tp, 0)) == (tree)data)
    return *tp;
  if (TYPE_P(*tp))
    *walk = 0;
  return NULL_TREE;
}

static tree find_addr_op(tree *tp, int *walk, void *data)
{
  return find_addr(tp, walk, ((walk_stmt_info *)data)->info);
}

static bool takes_addr(tree t, tree v)
{
  return t && walk_tree(&t, find_addr, v, NULL);
}

static bool compute_p(gimple *s);

/* A compute construct or a host call that takes V's address other than
   as a whole argument (other statements: their operands are walked). */
static tree addr_stmt(gimple_stmt_iterator *g, bool *handled,
                      walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*g);
  tree v = (tree)wi->info;
  if (compute_p(s)) {
    *handled = true;
    walk_stmt_info in;
    memset(&in, 0, sizeof in);
    in.info = v;
    return takes_addr(gimple_omp_target_clauses(s), v)
           || walk_gimple_seq(gimple_omp_body(s), NULL, find_addr_op, &in)
           ? v : NULL_TREE;
  }
  if (gimple_code(s) != GIMPLE_CALL)
    return NULL_TREE;
  *handled = true;
  for (unsigned a = 0; a < gimple_call_num_args(s); a++) {
    tree t = gimple_call_arg(s, a);
    if (!(TREE_CODE(t) == ADDR_EXPR && TREE_OPERAND(t, 0) == v)
        && takes_addr(t, v))
      return v;
  }
  return takes_addr(gimple_call_fn(s), v) || takes_addr(gimple_call_lhs(s), v)
         ? v : NULL_TREE;
}

/* V's address, if taken, goes only to host calls as an argument: no
   construct reaches V but through its clauses, and a call that gets &V
   counts as reading it (flow.cc).  A callee is assumed not to keep the
   pointer past its return. */
static bool addr_only_to_calls(gimple_seq fn_body, tree v)
{
  if (!TREE_ADDRESSABLE(v))
    return true;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = v;
  return !walk_gimple_seq(fn_body, addr_stmt, find_addr_op, &wi);
}

/* The variable a data-sharing or data clause names (not, say, num_gangs'
   expression). */
static tree clause_decl(tree c)
{
  enum omp_clause_code k = OMP_CLAUSE_CODE(c);
  return k >= OMP_CLAUSE_PRIVATE && k <= OMP_CLAUSE__SCANTEMP_
             ? OMP_CLAUSE_DECL(c) : NULL_TREE;
}

/* Clause C of construct T maps a scalar only because GCC's implicit data
   rules did. */
static bool implicit_scalar_map_p(gomp_target *t, tree c)
{
  if (!accgpu_implicit_map_p(t, c)
      || (OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_TOFROM
          && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FORCE_TOFROM))
    return false;
  tree v = OMP_CLAUSE_DECL(c);
  if (!DECL_P(v) || !candidate_p(v))
    return false;
  for (tree o = gimple_omp_target_clauses(t); o; o = OMP_CLAUSE_CHAIN(o))
    if (o != c && clause_decl(o) == v)
      return false;
  return true;
}

static void find_candidates(gomp_target *t, gimple_seq fn_body,
                            vec<cand> *cands)
{
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (!implicit_scalar_map_p(t, c)
        || !addr_only_to_calls(fn_body, OMP_CLAUSE_DECL(c)))
      continue;
    cand k = {t, c, vNULL, false};
    if (place(gimple_omp_body(t), OMP_CLAUSE_DECL(c), &k.loops)
        && !k.loops.is_empty())
      cands->safe_push(k);
    else
      k.loops.release();
  }
}

/* ---- the host side: is V read after the construct? ---- */

/* Compute construct T has V only as an implicit firstprivate whose value
   it never reads: every reference in loops that assign V first (NPB CG's
   residual loop `d = x[j] - r[j]` after the `d` of the mat-vec). */
static bool unread_firstprivate_p(gomp_target *t, tree v)
{
  if (!compute_p(t))
    return false;
  bool fp = false;
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (clause_decl(c) != v)
      continue;
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_FIRSTPRIVATE
        || !accgpu_implicit_clause_p(t, c))
      return false;
    fp = true;
  }
  vec<gomp_for *> loops = vNULL;
  bool unread = fp && place(gimple_omp_body(t), v, &loops);
  loops.release();
  return unread;
}

static enum accgpu_effect host_effect(gimple *s, tree v, void *data)
{
  if (!s)
    return ACCGPU_NONE; /* a local: dead when the function returns */
  if (gimple_code(s) != GIMPLE_OMP_TARGET)
    return accgpu_plain_effect(s, v);
  /* A construct that will have its own copies does nothing to V. */
  vec<cand> *cands = (vec<cand> *)data;
  for (unsigned k = 0; k < cands->length(); k++)
    if ((*cands)[k].t == s && !(*cands)[k].live
        && OMP_CLAUSE_DECL((*cands)[k].clause) == v)
      return ACCGPU_NONE;
  /* Another construct or directive naming V in a clause reads it (data
     moves, firstprivate); what a compute construct refers to without a
     clause is its own. */
  if (unread_firstprivate_p(as_a<gomp_target *>(s), v))
    return ACCGPU_NONE;
  return accgpu_tree_refs(gimple_omp_target_clauses(s), v) ? ACCGPU_READ
                                                          : ACCGPU_NONE;
}

/* Marks the candidates whose value may be read after their construct,
   assuming the others privatized, until that holds for all the others. */
static void find_live(struct accgpu_flat *fn, vec<cand> *cands)
{
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned k = 0; k < cands->length(); k++) {
      cand *c = &(*cands)[k];
      if (c->live)
        continue;
      int *p = fn->pos->get(c->t);
      c->live = !p || accgpu_flow_reads(fn, *p + 1, OMP_CLAUSE_DECL(c->clause),
                                        host_effect, cands);
      changed |= c->live;
    }
  }
}

/* ---- the change ---- */

static void note_loops(cand *c)
{
  tree v = OMP_CLAUSE_DECL(c->clause);
  for (unsigned k = 0; accgpu_opts.info && k < c->loops.length(); k++)
    if (!c->live)
      inform(gimple_location(c->loops[k]), "accgpu: %qD is private to each "
             "iteration of this loop (assigned before it is read)", v);
    else
      inform(gimple_location(c->loops[k]), "accgpu: %qD is assigned before "
             "it is read in each iteration, but its last value is used "
             "after the region: not privatized (one copy for all "
             "iterations)", v);
}

static void add_private(gomp_for *f, tree v)
{
  tree c = build_omp_clause(gimple_location(f), OMP_CLAUSE_PRIVATE);
  OMP_CLAUSE_DECL(c) = v;
  OMP_CLAUSE_CHAIN(c) = gimple_omp_for_clauses(f);
  gimple_omp_for_set_clauses(f, c);
}

/* Private clauses on the candidate's loops, its map gone. */
static void privatize(cand *c)
{
  for (unsigned k = 0; k < c->loops.length(); k++)
    add_private(c->loops[k], OMP_CLAUSE_DECL(c->clause));
  tree clauses = gimple_omp_target_clauses(c->t);
  for (tree *pc = &clauses; *pc; pc = &OMP_CLAUSE_CHAIN(*pc))
    if (*pc == c->clause) {
      *pc = OMP_CLAUSE_CHAIN(*pc);
      break;
    }
  gimple_omp_target_set_clauses(c->t, clauses);
}

static bool compute_p(gimple *s)
{
  if (gimple_code(s) != GIMPLE_OMP_TARGET || !is_gimple_omp_oacc(s))
    return false;
  int k = gimple_omp_target_kind(as_a<gomp_target *>(s));
  return k == GF_OMP_TARGET_KIND_OACC_PARALLEL
         || k == GF_OMP_TARGET_KIND_OACC_KERNELS
         || k == GF_OMP_TARGET_KIND_OACC_SERIAL;
}

void accgpu_privatize_loop_scalars(gimple_seq body)
{
  struct accgpu_flat fn;
  vec<cand> cands = vNULL;
  accgpu_flat_init(&fn, body);
  for (unsigned k = 0; k < fn.st.length(); k++)
    if (compute_p(fn.st[k]))
      find_candidates(as_a<gomp_target *>(fn.st[k]), body, &cands);
  find_live(&fn, &cands);
  for (unsigned k = 0; k < cands.length(); k++) {
    note_loops(&cands[k]);
    if (!cands[k].live)
      privatize(&cands[k]);
    cands[k].loops.release();
  }
  cands.release();
  accgpu_flat_fini(&fn);
}
