/* kernel-gen-lane-stores.cc — gang-level scalars that a lane's store must
 * reach the gang through.
 *
 * A variable of gang-redundant code (declared there, or private or
 * firstprivate on the construct or a gang loop) is one copy per gang that
 * its workers and vector lanes share (OpenACC 3.3 §2.5.13, §2.6.1).  On a
 * GPU a scalar is each thread's register, which is right while the lanes
 * only use it as their own temporary (NVHPC privatizes such scalars; so
 * does privatize.cc).  A search loop breaks that:
 *
 *   int found = -1;
 *   #pragma acc loop vector
 *   for (j...) if (a[j] == key) found = j;
 *   idx[i] = found;            <- the gang reads the lane's store
 *
 * So a scalar stored in a worker- or vector-partitioned loop (not its
 * private, index or reduction variable) whose value may be read after
 * that loop, before it is assigned again, is gang-shared (maybe_share,
 * fp_shared_scalars), as a scalar an atomic updates already was, unless
 * the loop uses it as a temporary: it reads it, but never before its
 * iteration assigned it (`t = a[j]; b[j] = t;`, then `x = t` after the
 * loop: shared, the lanes would read each other's t; OpenACC leaves the
 * last value undefined).                                               */
#include "passes/kernel-gen-internal.h"
#include "passes/flow.h"
#include "passes/privatize.h"

/* What a statement after the loop does to V; leaving the sequence reads
   V when what follows it may (*DATA). */
static enum accgpu_effect after_effect(gimple *s, tree v, void *data)
{
  if (!s)
    return *(bool *)data ? ACCGPU_READ : ACCGPU_NONE;
  if (gimple_code(s) == GIMPLE_OMP_FOR)
    return accgpu_loop_reads_incoming(s, v) ? ACCGPU_READ : ACCGPU_NONE;
  return accgpu_plain_effect(s, v);
}

static bool lane_loop_p(kg *g, gimple *f)
{
  return loop_dims_of(g, f) & (KG_WORKER | KG_VECTOR);
}

/* walk_gimple_seq callback: a statement that reads WI->info (an acc loop's
   clauses and bounds included); statements with bodies are entered. */
static tree read_cb(gimple_stmt_iterator *gsi, bool *handled,
                    walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  tree d = (tree)wi->info;
  if (gimple_code(s) == GIMPLE_OMP_FOR) {
    if (accgpu_tree_refs(gimple_omp_for_clauses(s), d))
      return d;
    for (unsigned l = 0; l < gimple_omp_for_collapse(s); l++)
      if (accgpu_tree_refs(gimple_omp_for_initial(s, l), d)
          || accgpu_tree_refs(gimple_omp_for_final(s, l), d)
          || accgpu_tree_refs(gimple_omp_for_incr(s, l), d))
        return d;
  }
  if (gimple_has_substatements(s))
    return NULL_TREE;
  *handled = true;
  return accgpu_reads_var(s, d) ? d : NULL_TREE;
}

/* Lane loop F stores D for the gang: it assigns D and either never reads
   it or may read the value it had before the iteration. */
static bool gang_store_p(gimple *f, tree d)
{
  gimple_seq body = gimple_omp_body(f);
  if (accgpu_tree_refs(gimple_omp_for_clauses(f), d)
      || !accgpu_seq_assigns(body, d, ACCGPU_ASSIGN_PART))
    return false;
  if (accgpu_loop_reads_incoming(f, d))
    return true;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = d;
  return !walk_gimple_seq(body, read_cb, NULL, &wi); /* else a temporary
                                                        of each iteration */
}

/* Walks SEQ's acc loops (nested ones too); CONT: what runs after SEQ may
   read D's value.  True at a lane loop whose store to D escapes. */
static bool escapes_in(kg *g, gimple_seq seq, tree d, bool cont)
{
  struct accgpu_flat f;
  accgpu_flat_init(&f, seq);
  bool found = false;
  for (unsigned i = 0; i < f.st.length() && !found; i++) {
    gimple *s = f.st[i];
    if (gimple_code(s) != GIMPLE_OMP_FOR)
      continue;
    gimple_seq body = gimple_omp_body(s);
    if (accgpu_loop_reduces_p(s, d))
      continue; /* the reduction's copies (kernel-gen-reduce.cc) */
    if (accgpu_loop_private_p(s, d)) { /* its own D, dead after each
                                          iteration */
      found = !lane_loop_p(g, s) && escapes_in(g, body, d, false);
      continue;
    }
    bool after = accgpu_flow_reads(&f, i + 1, d, after_effect, &cont);
    if (lane_loop_p(g, s) && after && gang_store_p(s, d))
      found = true;
    else
      found = escapes_in(g, body, d,
                         after || accgpu_loop_reads_incoming(s, d));
  }
  accgpu_flat_fini(&f);
  return found;
}

bool kg_lane_store_escapes(kg *g, tree d)
{
  if (!g->region || g->routine_mode || !(g->dims & (KG_WORKER | KG_VECTOR)))
    return false;
  return escapes_in(g, gimple_omp_body(g->region->stmt), d, false);
}

/* Whether a worker or vector loop in SEQ (nested ones too) stores into
   (a part of) D. */
static bool lanes_write_in(kg *g, gimple_seq seq, tree d)
{
  struct accgpu_flat f;
  accgpu_flat_init(&f, seq);
  bool found = false;
  for (unsigned i = 0; i < f.st.length() && !found; i++) {
    gimple *s = f.st[i];
    if (gimple_code(s) != GIMPLE_OMP_FOR)
      continue;
    gimple_seq body = gimple_omp_body(s);
    found = lane_loop_p(g, s)
                ? accgpu_seq_assigns(body, d, ACCGPU_ASSIGN_PART)
                : lanes_write_in(g, body, d);
  }
  accgpu_flat_fini(&f);
  return found;
}

bool kg_lane_writes_p(kg *g, tree d)
{
  if (!g->region || g->routine_mode || !(g->dims & (KG_WORKER | KG_VECTOR)))
    return false;
  return lanes_write_in(g, gimple_omp_body(g->region->stmt), d);
}
