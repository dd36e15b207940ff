/* reduction-nesting.cc — a loop reduction whose variable an enclosing
 * partitioned loop shares.  OpenACC 3.3 §2.9.11: a reduction that spans
 * nested loops needs the clause on each of them; without it every gang
 * (or worker) combines into one copy at once, a race.  GCC 12 warns
 * "nested loop in reduction needs reduction clause for 'x'" while it
 * lowers the loops (omp-low.cc), which accgpu's pass now does instead, so
 * the warning is given here, on the pristine function after privatize.cc
 * (a scalar each iteration of the outer loop resets is its own there and
 * needs no clause):
 *
 *   #pragma acc parallel loop gang          <- no reduction(max:mx)
 *   for (i...) {
 *     #pragma acc loop vector reduction(max:mx)
 *     for (j...) mx = fmax(mx, a[i][j]); }                             */
#include "passes/privatize.h"
#include "passes/flow.h"

static bool seq_loop_p(gimple *f)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_SEQ)
      return true;
  return false;
}

/* V is declared in SEQ (a bind of it, nested ones too, not inner loops'). */
static bool declares_p(gimple_seq seq, tree v)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g)) {
    gimple *s = gsi_stmt(g);
    if (gbind *b = dyn_cast<gbind *>(s)) {
      for (tree d = gimple_bind_vars(b); d; d = DECL_CHAIN(d))
        if (d == v)
          return true;
      if (declares_p(gimple_bind_body(b), v))
        return true;
    } else if (gimple_code(s) == GIMPLE_TRY
               && (declares_p(gimple_try_eval(s), v)
                   || declares_p(gimple_try_cleanup(s), v)))
      return true;
  }
  return false;
}

/* The construct being walked runs one gang (num_gangs(1)): its gang
   loops are sequential. */
static bool one_gang;

/* E is a gang loop without worker or vector: in one gang, in order. */
static bool gang_only_p(gimple *e)
{
  bool gang = false;
  for (tree c = gimple_omp_for_clauses(e); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WORKER
        || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR)
      return false;
    else
      gang |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG;
  return gang;
}

/* Loop F reduces V; OUTER holds the acc loops around it in its construct:
   the first partitioned one that neither reduces nor owns V. */
static void check_loop(gimple *f, tree v, const vec<gimple *> &outer)
{
  for (unsigned k = outer.length(); k-- > 0;) {
    gimple *e = outer[k];
    if (accgpu_loop_reduces_p(e, v) || accgpu_loop_private_p(e, v)
        || declares_p(gimple_omp_body(e), v))
      return;
    if (seq_loop_p(e) || (one_gang && gang_only_p(e)))
      continue;
    warning_at(gimple_location(f), 0, "nested loop in reduction needs "
               "reduction clause for %qD: the enclosing loop at line %d "
               "shares it between its iterations (a race); add "
               "%<reduction%> there too", v,
               LOCATION_LINE(gimple_location(e)));
    return;
  }
}

static void walk(gimple_seq seq, vec<gimple *> *outer);

static void walk_stmt(gimple *s, vec<gimple *> *outer)
{
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    walk(gimple_bind_body(as_a<gbind *>(s)), outer);
    break;
  case GIMPLE_TRY:
    walk(gimple_try_eval(s), outer);
    walk(gimple_try_cleanup(s), outer);
    break;
  case GIMPLE_OMP_TARGET: /* a construct: its loops from the top */
    if (is_gimple_omp_oacc(s)
        && gimple_omp_target_kind(s) != GF_OMP_TARGET_KIND_OACC_SERIAL) {
      tree ng = omp_find_clause(gimple_omp_target_clauses(s),
                                OMP_CLAUSE_NUM_GANGS);
      one_gang = ng && integer_onep(OMP_CLAUSE_NUM_GANGS_EXPR(ng));
      vec<gimple *> mine = vNULL;
      walk(gimple_omp_body(s), &mine);
      mine.release();
    }
    break;
  case GIMPLE_OMP_FOR:
    if (is_gimple_omp_oacc(s)) {
      for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
        if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
            && DECL_P(OMP_CLAUSE_DECL(c)))
          check_loop(s, OMP_CLAUSE_DECL(c), *outer);
      outer->safe_push(s);
      walk(gimple_omp_body(s), outer);
      outer->pop();
    }
    break;
  default:
    break;
  }
}

static void walk(gimple_seq seq, vec<gimple *> *outer)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g))
    walk_stmt(gsi_stmt(g), outer);
}

void accgpu_check_reduction_nesting(gimple_seq body)
{
  vec<gimple *> none = vNULL;
  walk(body, &none);
}
