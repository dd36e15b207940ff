/* acc-pass.cc — the accgpu GIMPLE pass, run on high GIMPLE just before
 * GCC's "omplower", so it sees every OpenACC construct intact and leaves
 * none behind (a GIMPLE_OMP_* that reached omplower would pull in libgomp).
 *
 * First the checks GCC's omplower would have made of the acc loops
 * (loop-clause-checks.cc).  Then for each statement, recursively through
 * binds and try blocks:
 *   1. data constructs go to accgpu_lower_data_construct (lower-data.cc);
 *   2. compute constructs to accgpu_lower_compute_construct (those of a
 *      nested function that use an enclosing function's variables are a
 *      "sorry" and dropped: nested-frame.cc);
 *   3. orphaned acc loops/atomics (in routines) to their sequential form.  */
#include "accgpu-plugin.h"
#include "passes/lower-data.h"
#include "passes/kernel-gen.h"
#include "passes/tune-dump.h"
#include "passes/privatize.h"
#include "passes/implicit-maps.h"
#include "passes/loop-private.h"
#include "passes/omp-nest.h"
#include "passes/implicit-reductions.h"

static void walk_seq(gimple_seq *seq);
static void walk_omp_body(gimple *stmt);

/* True for a GIMPLE_OMP_TARGET of one of OpenACC's kinds. */
static bool oacc_target_p(gimple *stmt)
{
  if (gimple_code(stmt) != GIMPLE_OMP_TARGET)
    return false;
  return is_gimple_omp_oacc(stmt);
}

bool accgpu_compute_construct_p(gimple *stmt)
{
  if (!oacc_target_p(stmt))
    return false;
  int kind = gimple_omp_target_kind(stmt);
  return kind == GF_OMP_TARGET_KIND_OACC_PARALLEL
         || kind == GF_OMP_TARGET_KIND_OACC_KERNELS
         || kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
}

/* Lowers the OpenACC constructs inside an OpenMP statement (OpenACC in
   `omp parallel`, one device per thread, as NVHPC allows; GCC 12 says
   "OpenACC construct inside of non-OpenACC region"); omp-nest.cc declares
   the temporaries in the OpenMP body. */
static void walk_omp_body(gimple *stmt)
{
  if (gimple_code(stmt) == GIMPLE_OMP_FOR)
    walk_seq(gimple_omp_for_pre_body_ptr(stmt));
  walk_seq(gimple_omp_body_ptr(stmt));
}

/* Walks into statements that contain sequences. */
static void walk_nested(gimple *stmt)
{
  switch (gimple_code(stmt)) {
  case GIMPLE_BIND:
    walk_seq(gimple_bind_body_ptr(as_a<gbind *>(stmt)));
    break;
  case GIMPLE_TRY:
    walk_seq(gimple_try_eval_ptr(stmt));
    walk_seq(gimple_try_cleanup_ptr(stmt));
    break;
  case GIMPLE_CATCH:
    walk_seq(gimple_catch_handler_ptr(as_a<gcatch *>(stmt)));
    break;
  case GIMPLE_EH_FILTER:
    walk_seq(gimple_eh_filter_failure_ptr(stmt));
    break;
  case GIMPLE_EH_ELSE: {
    geh_else *e = as_a<geh_else *>(stmt);
    walk_seq(gimple_eh_else_n_body_ptr(e));
    walk_seq(gimple_eh_else_e_body_ptr(e));
    break;
  }
  default:
    if (is_gimple_omp(stmt) && !is_gimple_omp_oacc(stmt))
      walk_omp_body(stmt);
    break;
  }
}

static void walk_seq(gimple_seq *seq)
{
  gimple_stmt_iterator gsi = gsi_start(*seq);
  while (!gsi_end_p(gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    if (accgpu_compute_construct_p(stmt)
        && accgpu_nested_frame_refused(stmt)) {
      gsi_remove(&gsi, true);
      continue;
    }
    if (accgpu_lower_data_construct(&gsi))
      continue; /* GSI is at what replaced it: walk that too */
    if (oacc_target_p(stmt)) {
      if (!accgpu_lower_compute_construct(&gsi)) {
        sorry_at(gimple_location(stmt),
                 "this OpenACC construct is not supported by accgpu");
        gsi_remove(&gsi, true);
      }
      continue;
    }
    if (accgpu_strip_orphan(&gsi))
      continue;
    walk_nested(stmt);
    gsi_next(&gsi);
  }
}

/* walk_tree callback: is *TP a scalar variable that must live in memory? */
static tree addressable_scalar(tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P(t) || TREE_CODE(t) == ADDR_EXPR) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if ((VAR_P(t) || TREE_CODE(t) == PARM_DECL) && TREE_ADDRESSABLE(t)
      && is_gimple_reg_type(TREE_TYPE(t)))
    return t;
  return NULL_TREE;
}

/* Mapping a scalar by reference makes it addressable, which turns its
   existing uses as register operands (if (i < n), _1 = n + 1, f (n)) into
   invalid GIMPLE; load such operands into temporaries again. */
static void regimplify_seq(gimple_seq *seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(*seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    switch (gimple_code(stmt)) {
    case GIMPLE_BIND:
      regimplify_seq(gimple_bind_body_ptr(as_a<gbind *>(stmt)));
      continue;
    case GIMPLE_TRY:
      regimplify_seq(gimple_try_eval_ptr(stmt));
      regimplify_seq(gimple_try_cleanup_ptr(stmt));
      continue;
    case GIMPLE_CATCH:
      regimplify_seq(gimple_catch_handler_ptr(as_a<gcatch *>(stmt)));
      continue;
    case GIMPLE_EH_FILTER:
      regimplify_seq(gimple_eh_filter_failure_ptr(stmt));
      continue;
    case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_TASK: case GIMPLE_OMP_FOR:
    case GIMPLE_OMP_SECTIONS: case GIMPLE_OMP_SECTION: case GIMPLE_OMP_SINGLE:
    case GIMPLE_OMP_MASTER: case GIMPLE_OMP_MASKED: case GIMPLE_OMP_CRITICAL:
    case GIMPLE_OMP_ORDERED: case GIMPLE_OMP_TASKGROUP: case GIMPLE_OMP_SCOPE:
      regimplify_seq(gimple_omp_body_ptr(stmt)); /* OpenACC inside */
      continue;
    case GIMPLE_ASSIGN:
      if (gimple_assign_single_p(stmt))
        continue; /* loads and stores may name memory */
      break;
    case GIMPLE_COND:
    case GIMPLE_CALL:
    case GIMPLE_SWITCH:
    case GIMPLE_RETURN:
      break;
    default:
      continue;
    }
    bool bad = false;
    for (unsigned i = 0; i < gimple_num_ops(stmt) && !bad; i++) {
      tree op = gimple_op(stmt, i);
      if (!op)
        continue;
      if (gimple_code(stmt) == GIMPLE_CALL && i < 3)
        continue; /* lhs, fn, chain */
      bad = walk_tree(&op, addressable_scalar, NULL, NULL) != NULL_TREE
            && (VAR_P(op) || TREE_CODE(op) == PARM_DECL);
    }
    if (bad)
      gimple_regimplify_operands(stmt, &gsi);
  }
}

/* A clause whose operand the front end refused: error_mark_node, or for
   a clause that takes an integer, an operand of another type (GCC's
   parser says "expected integer expression" for `async(1.5)` and keeps
   the clause). */
static bool refused_p(tree c)
{
  if (omp_clause_num_ops[OMP_CLAUSE_CODE(c)] == 0)
    return false;
  tree op = OMP_CLAUSE_OPERAND(c, 0);
  if (error_operand_p(op))
    return true;
  switch (OMP_CLAUSE_CODE(c)) {
  case OMP_CLAUSE_ASYNC: case OMP_CLAUSE_WAIT: case OMP_CLAUSE_NUM_GANGS:
  case OMP_CLAUSE_NUM_WORKERS: case OMP_CLAUSE_VECTOR_LENGTH:
    return op && !INTEGRAL_TYPE_P(TREE_TYPE(op));
  default:
    return false;
  }
}

/* Drops from CLAUSES each clause the front end refused (refused_p): its
   error is already given, and the lowering would fold the bad operand
   and stop with "confused by earlier errors". */
static tree drop_refused(tree clauses)
{
  tree *pc = &clauses;
  while (*pc) {
    tree c = *pc;
    if (refused_p(c))
      *pc = OMP_CLAUSE_CHAIN(c);
    else
      pc = &OMP_CLAUSE_CHAIN(c);
  }
  return clauses;
}

static tree drop_refused_stmt(gimple_stmt_iterator *gsi, bool *,
                              struct walk_stmt_info *)
{
  gimple *s = gsi_stmt(*gsi);
  if (gomp_target *t = dyn_cast<gomp_target *>(s))
    gimple_omp_target_set_clauses(t,
                                  drop_refused(gimple_omp_target_clauses(t)));
  else if (gomp_for *f = dyn_cast<gomp_for *>(s))
    gimple_omp_for_set_clauses(f, drop_refused(gimple_omp_for_clauses(f)));
  return NULL_TREE;
}

namespace {
const pass_data acc_pass_data = {
  GIMPLE_PASS, "accgpu", OPTGROUP_NONE, TV_NONE, PROP_gimple_any, 0, 0, 0, 0,
};

struct acc_pass : gimple_opt_pass {
  acc_pass(gcc::context *ctx) : gimple_opt_pass(acc_pass_data, ctx) {}
  unsigned int execute(function *fun) final override
  {
    gimple_seq body = gimple_body(fun->decl);
    if (!body)
      return 0;
    if (seen_error()) {
      walk_stmt_info wi;
      memset(&wi, 0, sizeof wi);
      walk_gimple_seq(body, drop_refused_stmt, NULL, &wi);
    }
    accgpu_routine_bind_prepare();
    accgpu_check_loop_clauses(fun->decl, body);
    accgpu_check_nohost_calls(fun->decl, body);
    if (accgpu_opts.dump) {
      fprintf(stderr, "accgpu: before, %s\n", function_name(fun));
      print_gimple_seq(stderr, body, 2, TDF_NONE);
    }
    /* A routine's loops get their private copies here (a compute
       construct's, when it is lowered). */
    if (lookup_attribute("oacc function", DECL_ATTRIBUTES(fun->decl)))
      accgpu_privatize_loops(body);
    kg_maybe_emit_device_function(fun);
    accgpu_privatize_loop_scalars(body);
    accgpu_check_reduction_nesting(body);
    accgpu_firstprivate_data_body_scalars(body);
    accgpu_implicit_reductions(body);
    walk_seq(&body);
    regimplify_seq(&body);
    accgpu_declare_omp_locals(body);
    gimple_set_body(fun->decl, body);
    if (accgpu_opts.dump) {
      fprintf(stderr, "accgpu: after, %s\n", function_name(fun));
      print_gimple_seq(stderr, body, 2, TDF_NONE);
    }
    return 0;
  }
};
} // namespace

opt_pass *accgpu_make_acc_pass(gcc::context *ctx)
{
  return new acc_pass(ctx);
}
