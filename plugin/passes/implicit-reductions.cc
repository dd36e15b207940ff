/* implicit-reductions.cc — NVHPC's "Generating implicit reduction(max:
 * error)": NVIDIA's OpenACC labs (laplace2d, modules 2-5) compute
 *
 *     #pragma acc parallel loop
 *     for (j ...) { #pragma acc loop
 *       for (i ...) { ...; error = fmax(error, fabs(...)); } }
 *
 * with no reduction clause, and their text says the compiler supplies it.
 * By OpenACC 3.3 §2.5.1 `error` is firstprivate there: every gang updates
 * its own copy and the host's value never changes (GCC's answer: the
 * solver stops after one sweep).  As NVHPC does, a scalar that GCC made
 * implicitly firstprivate on a `parallel` construct and that the region
 * uses only in updates `s = s OP e` (`+ * min max & | ^`, `s = fmax(s, e)`,
 * `fmin`) inside partitioned loops gets `reduction(OP:s)` on each non-seq
 * acc loop around its updates and `copy(s)` on the construct: the clauses
 * GCC 12 writes for `parallel loop reduction(OP:s)` with the clause on the
 * inner loops too; on `kernels`, the same for an implicitly copied scalar
 * updated only in explicit acc loops.  A scalar used any other way keeps
 * OpenACC's meaning. */
#include "passes/implicit-reductions.h"
#include "passes/implicit-maps.h"
#include "passes/flow.h"
#include "passes/privatize.h"
#include "reduction/reduction.h"

struct scan {
  tree v;
  enum tree_code op;
  bool bad;
  vec<gomp_for *> stack; /* acc loops around the current statement */
  vec<gomp_for *> loops; /* non-seq loops around some update */
  /* A global goes through temporaries: `t1 = v; t2 = t1 OP e; v = t2`. */
  vec<tree> loads, stores; /* t1s, t2s */
  vec<gimple *> all;       /* the region's plain statements */
};

/* The operator of S when S is `L = A OP e`, `L = e OP A` or L = fmax(A, e)
   (fmin), A one of ACCS and e reading none of them, else ERROR_MARK. */
static enum tree_code update_op(gimple *s, tree l, const vec<tree> &accs)
{
  enum tree_code c = accgpu_red_minmax_call(s);
  tree x, y;
  if (c != ERROR_MARK && gimple_call_lhs(s) == l) {
    x = gimple_call_arg(s, 0);
    y = gimple_call_arg(s, 1);
  } else if (is_gimple_assign(s) && gimple_assign_lhs(s) == l &&
             get_gimple_rhs_class(gimple_assign_rhs_code(s)) ==
                 GIMPLE_BINARY_RHS) {
    c = gimple_assign_rhs_code(s);
    x = gimple_assign_rhs1(s);
    y = gimple_assign_rhs2(s);
  } else
    return ERROR_MARK;
  bool a = accs.contains(x), b = accs.contains(y);
  if (!accgpu_red_update_code_p(c) || a == b)
    return ERROR_MARK;
  for (unsigned k = 0; k < accs.length(); k++)
    if (accgpu_tree_refs(a ? y : x, accs[k]))
      return ERROR_MARK;
  return c;
}


/* S (referring to a scalar in memory: a global, or a local whose address
   the function takes, as for MPI_Allreduce(&err, ...)) is its load
   `t1 = v` or store `v = t2` through a temporary: recorded, true. */
static bool note_global_access(struct scan *sc, gimple *s)
{
  if (is_gimple_reg(sc->v) || !is_gimple_assign(s) ||
      !gimple_assign_single_p(s))
    return false;
  tree l = gimple_assign_lhs(s), r = gimple_assign_rhs1(s);
  if (r == sc->v && accgpu_gimple_temp_p(l))
    sc->loads.safe_push(l);
  else if (l == sc->v && accgpu_gimple_temp_p(r))
    sc->stores.safe_push(r);
  else
    return false;
  return true;
}

/* Merges update operator OP into the scan's; false when they differ. */
static bool same_op(struct scan *sc, enum tree_code op)
{
  if (op == ERROR_MARK || (sc->op != ERROR_MARK && sc->op != op))
    return false;
  sc->op = op;
  return true;
}

/* The temporaries of a global's updates: each stored one defined once, by
   an update of a loaded one, and each loaded one used only there. */
static bool temps_ok(struct scan *sc)
{
  vec<gimple *> defs = vNULL; /* the stores' updates */
  bool ok = true;
  for (unsigned k = 0; ok && k < sc->stores.length(); k++) {
    unsigned n = 0;
    for (unsigned p = 0; ok && p < sc->all.length(); p++)
      if (accgpu_lhs_of(sc->all[p]) == sc->stores[k]) {
        n++;
        defs.safe_push(sc->all[p]);
        ok = same_op(sc, update_op(sc->all[p], sc->stores[k], sc->loads));
      }
    ok &= n == 1 && !sc->loads.contains(sc->stores[k]);
  }
  /* each load read once more, by one of those updates */
  for (unsigned k = 0; ok && k < sc->loads.length(); k++) {
    unsigned refs = 0, in_defs = 0;
    for (unsigned p = 0; p < sc->all.length(); p++)
      refs += accgpu_stmt_refs(sc->all[p], sc->loads[k]);
    for (unsigned p = 0; p < defs.length(); p++)
      in_defs += accgpu_stmt_refs(defs[p], sc->loads[k]);
    ok = refs == 2 && in_defs == 1;
  }
  defs.release();
  return ok;
}

static void note_loops(struct scan *sc);

/* Records update S of the scan's scalar, with the non-seq loops around. */
static void note_update(struct scan *sc, gimple *s)
{
  vec<tree> self = vNULL;
  self.safe_push(sc->v);
  bool global = note_global_access(sc, s);
  bool ok = global || same_op(sc, update_op(s, sc->v, self));
  self.release();
  if (!ok) {
    sc->bad = true;
    return;
  }
  if (global && gimple_assign_rhs1(s) == sc->v)
    return; /* a load: its store is the update */
  note_loops(sc);
}

/* An update happens here: the non-seq loops around it reduce. */
static void note_loops(struct scan *sc)
{
  bool inside = false;
  for (unsigned k = 0; k < sc->stack.length(); k++) {
    gomp_for *f = sc->stack[k];
    if (omp_find_clause(gimple_omp_for_clauses(f), OMP_CLAUSE_SEQ))
      continue;
    inside = true;
    if (!sc->loops.contains(f))
      sc->loops.safe_push(f);
  }
  sc->bad |= !inside; /* gang-redundant code: not a reduction */
}

static void scan_seq(struct scan *sc, gimple_seq seq);

/* An acc loop: its clauses must not name the scalar (private, reduction,
   an index); then its body. */
static void scan_loop(struct scan *sc, gomp_for *f)
{
  if (accgpu_tree_refs(gimple_omp_for_clauses(f), sc->v) ||
      accgpu_tree_refs(gimple_omp_for_index(f, 0), sc->v) ||
      gimple_omp_for_kind(f) != GF_OMP_FOR_KIND_OACC_LOOP) {
    sc->bad = true;
    return;
  }
  scan_seq(sc, gimple_omp_for_pre_body(f));
  sc->stack.safe_push(f);
  scan_seq(sc, gimple_omp_body(f));
  sc->stack.pop();
}

/* At *GSI (a statement referring to the scalar) a min or max update
   written with a comparison (`if (x > s) s = x`, `s = MAX(s, x)` as ?:),
   with the global's load `t = s` before it: noted, *GSI left at its last
   statement, true. */
static bool cond_update(struct scan *sc, gimple_stmt_iterator *gsi)
{
  gimple *last = NULL;
  if (!accgpu_stmt_refs(gsi_stmt(*gsi), sc->v))
    return false;
  enum tree_code op = accgpu_red_cond_minmax(gsi_stmt(*gsi), sc->v, &last);
  if (op == ERROR_MARK)
    return false;
  sc->bad |= !same_op(sc, op);
  note_loops(sc);
  for (;; gsi_next(gsi)) {
    sc->all.safe_push(gsi_stmt(*gsi));
    if (gsi_stmt(*gsi) == last)
      return true;
  }
}

static void scan_seq(struct scan *sc, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi) && !sc->bad;
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    switch (gimple_code(s)) {
    case GIMPLE_BIND:
      scan_seq(sc, gimple_bind_body(as_a<gbind *>(s)));
      break;
    case GIMPLE_TRY:
      scan_seq(sc, gimple_try_eval(s));
      scan_seq(sc, gimple_try_cleanup(s));
      break;
    case GIMPLE_OMP_FOR:
      scan_loop(sc, as_a<gomp_for *>(s));
      break;
    default:
      if (cond_update(sc, &gsi))
        break;
      if (gimple_has_substatements(s))
        sc->bad |= accgpu_stmt_refs(s, sc->v); /* atomics, nested ... */
      else if (accgpu_stmt_refs(s, sc->v))
        note_update(sc, s);
      if (!gimple_has_substatements(s))
        sc->all.safe_push(s);
    }
  }
}

/* Adds reduction(OP:V) to loop F. */
static void add_loop_reduction(gomp_for *f, tree v, enum tree_code op)
{
  tree c = build_omp_clause(gimple_location(f), OMP_CLAUSE_REDUCTION);
  OMP_CLAUSE_DECL(c) = v;
  OMP_CLAUSE_REDUCTION_CODE(c) = op;
  OMP_CLAUSE_CHAIN(c) = gimple_omp_for_clauses(f);
  gimple_omp_for_set_clauses(f, c);
}

/* Clause *PC of T (an implicit firstprivate scalar of `parallel`, or an
   implicit map of a scalar on `kernels`): when the region only updates it
   in acc loops, the reduction on those loops (and, for the firstprivate,
   copy in its place); true when done. */
static bool maybe_reduce(gomp_target *t, tree *pc)
{
  tree v = OMP_CLAUSE_DECL(*pc);
  tree type = TREE_TYPE(v);
  if (!VAR_P(v) || TREE_CODE(type) == BOOLEAN_TYPE ||
      (!INTEGRAL_TYPE_P(type) && !SCALAR_FLOAT_TYPE_P(type)))
    return false;
  struct scan sc = {v, ERROR_MARK, false, vNULL, vNULL, vNULL, vNULL, vNULL};
  scan_seq(&sc, gimple_omp_body(t));
  bool ok = !sc.bad && !sc.loops.is_empty() && temps_ok(&sc) &&
            sc.op != ERROR_MARK;
  for (unsigned k = 0; ok && k < sc.loops.length(); k++)
    add_loop_reduction(sc.loops[k], v, sc.op);
  sc.stack.release();
  sc.loops.release();
  sc.loads.release();
  sc.stores.release();
  sc.all.release();
  if (!ok)
    return false;
  if (accgpu_opts.info)
    inform(gimple_location(t), "implicit reduction(%s:%s)",
           accgpu_red_op_spelling(sc.op),
           DECL_NAME(v) ? IDENTIFIER_POINTER(DECL_NAME(v)) : "?");
  if (OMP_CLAUSE_CODE(*pc) == OMP_CLAUSE_MAP)
    return true; /* kernels: already copied in and out */
  tree m = build_omp_clause(OMP_CLAUSE_LOCATION(*pc), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(m, GOMP_MAP_TOFROM);
  OMP_CLAUSE_DECL(m) = v;
  OMP_CLAUSE_SIZE(m) = TYPE_SIZE_UNIT(type);
  OMP_CLAUSE_CHAIN(m) = OMP_CLAUSE_CHAIN(*pc);
  *pc = m;
  return true;
}

/* The implicit clause of a scalar that may become a reduction: parallel's
   firstprivate; kernels' copy (GCC's force_tofrom), whose explicit acc
   loops NVHPC also reduces (the labs' `kernels loop independent` Jacobi;
   plain loops are the kernels analysis' own, kg_kernels_parallelize). */
static bool candidate_p(gomp_target *t, tree c)
{
  if (gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_KERNELS)
    return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
           OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FORCE_TOFROM &&
           VAR_P(OMP_CLAUSE_DECL(c)) && accgpu_implicit_clause_p(t, c);
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE &&
         accgpu_implicit_clause_p(t, c);
}

struct carried {
  tree v;
  bool warned; /* once per scalar */
};

/* walk_gimple_seq callback: a partitioned acc loop (not seq) whose
   iterations assign the scalar of WI->info (a carried) and may read the
   value an earlier iteration left: each gang, worker or lane has its own
   copy of the firstprivate scalar, so that value is whatever its copy
   last saw. */
static tree carried_cb(gimple_stmt_iterator *gsi, bool *handled,
                       struct walk_stmt_info *wi)
{
  gomp_for *f = dyn_cast<gomp_for *>(gsi_stmt(*gsi));
  struct carried *c = (struct carried *)wi->info;
  tree v = c->v;
  *handled = false;
  if (!f || c->warned || gimple_omp_for_kind(f) != GF_OMP_FOR_KIND_OACC_LOOP
      || omp_find_clause(gimple_omp_for_clauses(f), OMP_CLAUSE_SEQ)
      || accgpu_loop_private_p(f, v) || accgpu_loop_reduces_p(f, v)
      || !accgpu_seq_assigns(gimple_omp_body(f), v, 0)
      || !accgpu_loop_reads_incoming(f, v))
    return NULL_TREE;
  if (warning_at(gimple_location(f), 0, "%qD is read in an iteration of "
                 "this loop before it is assigned, and assigned later: the "
                 "value is not carried from one iteration to the next (each "
                 "gang, worker or vector lane has its own copy of %qD); "
                 "use %<reduction%> or %<loop seq%>, or assign it first in "
                 "each iteration", v, v))
    c->warned = true;
  *handled = true;
  return NULL_TREE;
}

/* An implicit firstprivate scalar of `parallel` that no reduction took:
   a value some loop means to carry between its iterations (`b[i] =
   a[i] + prev; prev = a[i];`) is the schedule's. */
static void warn_carried(gomp_target *t, tree v)
{
  struct carried c = {v, false};
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_omp_body(t), carried_cb, NULL, &wi);
}

static void reduce_construct(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  bool par = gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_PARALLEL;
  for (tree *pc = &clauses; *pc; pc = &OMP_CLAUSE_CHAIN(*pc))
    if (candidate_p(t, *pc) && !maybe_reduce(t, pc) && par
        && is_gimple_reg_type(TREE_TYPE(OMP_CLAUSE_DECL(*pc))))
      warn_carried(t, OMP_CLAUSE_DECL(*pc));
  gimple_omp_target_set_clauses(t, clauses);
}

static tree find_parallel(gimple_stmt_iterator *gsi, bool *handled,
                          struct walk_stmt_info *)
{
  gomp_target *t = dyn_cast<gomp_target *>(gsi_stmt(*gsi));
  *handled = false;
  if (t && (gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_PARALLEL ||
            gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_KERNELS))
    reduce_construct(t);
  if (t && (gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_PARALLEL ||
            gimple_omp_target_kind(t) == GF_OMP_TARGET_KIND_OACC_SERIAL)) {
    accgpu_firstprivate_atomics(t);
    *handled = true;
  }
  return NULL_TREE;
}

void accgpu_implicit_reductions(gimple_seq body)
{
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq(body, find_parallel, NULL, &wi);
}
