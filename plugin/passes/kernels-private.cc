/* kernels-private.cc — `#pragma acc kernels private(t)`: OpenACC 3.3 has
 * no private clause on kernels, GCC 12 rejects it, published programs
 * write it and NVHPC accepts it.  What the program means: each gang's (and
 * each loop iteration's) own t, never the host's.  The preprocessor
 * turned the clause into create(t) and remembered it (clause-mods.cc);
 * here that map becomes
 *   - private(t) on each outermost acc loop of the region (as if written
 *     there: each iteration's copy, loop-private.cc), and
 *   - private(t) on the construct, for the code between the loops (a
 *     gang's copy, as for `parallel private`) and the host fallback (the
 *     host's t is not changed).
 * docs/compiler.md, "private on kernels".                                */
#include "passes/kernels-private.h"
#include "passes/data-internal.h"

static tree private_clause(location_t loc, tree d, tree chain)
{
  tree c = build_omp_clause(loc, OMP_CLAUSE_PRIVATE);
  OMP_CLAUSE_DECL(c) = d;
  OMP_CLAUSE_CHAIN(c) = chain;
  return c;
}

/* The loop F names D in a clause already (private, reduction). */
static bool loop_names(gimple *f, tree d)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_GANG
        && OMP_CLAUSE_CODE(c) != OMP_CLAUSE_WORKER
        && OMP_CLAUSE_CODE(c) != OMP_CLAUSE_VECTOR
        && omp_clause_num_ops[OMP_CLAUSE_CODE(c)] > 0
        && OMP_CLAUSE_OPERAND(c, 0) == d)
      return true;
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++)
    if (gimple_omp_for_index(f, l) == d)
      return true;
  return false;
}

/* Adds private(D) to each outermost acc loop of SEQ. */
static void outer_loops(gimple_seq seq, tree d, location_t loc)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g)) {
    gimple *s = gsi_stmt(g);
    switch (gimple_code(s)) {
    case GIMPLE_OMP_FOR:
      if (!loop_names(s, d))
        gimple_omp_for_set_clauses(
            s, private_clause(loc, d, gimple_omp_for_clauses(s)));
      break;
    case GIMPLE_BIND:
      outer_loops(gimple_bind_body(as_a<gbind *>(s)), d, loc);
      break;
    case GIMPLE_TRY:
      outer_loops(gimple_try_eval(s), d, loc);
      outer_loops(gimple_try_cleanup(s), d, loc);
      break;
    default:
      break;
    }
  }
}

void accgpu_kernels_private(gomp_target *t)
{
  tree *pc = gimple_omp_target_clauses_ptr(t);
  location_t reported = UNKNOWN_LOCATION; /* a section maps in 2 clauses */
  while (*pc) {
    tree c = *pc;
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
        || !accgpu_kernels_private_clause_p(c)) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    tree d = OMP_CLAUSE_DECL(c);
    location_t loc = OMP_CLAUSE_LOCATION(c);
    *pc = OMP_CLAUSE_CHAIN(c); /* the map goes */
    if ((!VAR_P(d) && TREE_CODE(d) != PARM_DECL) || reported == loc) {
      if (reported != loc)
        error_at(loc, "accgpu: %<private%> on %<kernels%> takes variables, "
                 "not array sections or members");
      reported = loc;
      continue;
    }
    outer_loops(gimple_omp_body(t), d, loc);
    *pc = private_clause(loc, d, *pc);
    pc = &OMP_CLAUSE_CHAIN(*pc);
  }
}
