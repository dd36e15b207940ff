/* loop-clause-checks.cc — GCC 12's checks of OpenACC loop clauses that
 * live in the passes accgpu's pass replaces.  GCC's parser takes these
 * loops; omp-low.cc (scan_omp_for, check_oacc_kernel_gwv) and the device
 * lowering of omp-offload.cc (oacc_loop_fixed_partitions) diagnose them,
 * and neither runs under accgpu (its pass runs before "omplower" and
 * leaves no OpenACC statement behind), so they compiled silently:
 *
 *   - a `gang`, `worker` or `vector` argument (gang(num:4), gang(4),
 *     worker(8), vector(length:32)) on a loop whose parent compute
 *     construct is not `kernels` (parallel, serial, a routine's loop):
 *     error "argument not permitted on 'gang' clause" at the clause, with a
 *     note at the construct ("enclosing parent compute construct") or the
 *     routine ("enclosing routine").  OpenACC 3.3 §2.9.2-2.9.4 give the
 *     num/length arguments to loops in kernels constructs only;
 *     gang(static:n) stays allowed everywhere;
 *   - `seq` with `gang`, `worker`, `vector` or `auto`: error "'seq'
 *     overrides other OpenACC loop specifiers"; `auto` with a level: error
 *     "'auto' conflicts with other OpenACC loop specifiers" (at the loop);
 *   - a loop reduction on a variable whose nearest enclosing reduction (an
 *     acc loop around it in the same construct or routine) has another
 *     operator: warning "conflicting reduction operations for 's'" at the
 *     clause, with a note at the other one;
 *   - (accgpu's own) a loop reduction whose variable the loop body updates
 *     with another operator (`reduction(+:s)` around `s = s * a[i]`):
 *     warning at the clause, a note at the update.  The partial results
 *     are combined with the clause's operator, so the answer differed from
 *     the serial loop's (and between devices) with no word.
 *
 * Loops outside any compute construct of a function that is not a routine
 * get GCC's other errors (an orphaned loop) and are skipped here.       */
#include "accgpu-plugin.h"
#include "reduction/reduction.h"

typedef struct lcc_ctx {
  gimple *tgt;         /* the innermost compute construct, or NULL */
  bool routine;        /* the function is an acc routine */
  unsigned first;      /* LOOPS' first loop inside TGT */
  vec<gimple *> loops; /* the acc loops around the statement */
} lcc_ctx;

static bool kernels_p(gimple *tgt)
{
  return tgt && gimple_omp_target_kind(tgt) == GF_OMP_TARGET_KIND_OACC_KERNELS;
}

/* The argument of gang/worker/vector clause C (not gang's static:), or
   NULL_TREE; NULL_TREE too for other clauses. */
static tree level_argument(tree c)
{
  switch (OMP_CLAUSE_CODE(c)) {
  case OMP_CLAUSE_GANG:
    return OMP_CLAUSE_GANG_EXPR(c);
  case OMP_CLAUSE_WORKER:
    return OMP_CLAUSE_WORKER_EXPR(c);
  case OMP_CLAUSE_VECTOR:
    return OMP_CLAUSE_VECTOR_EXPR(c);
  default:
    return NULL_TREE;
  }
}

/* omp-low.cc's scan_omp_for: arguments outside kernels. */
static void check_arguments(gimple *f, const lcc_ctx *ctx)
{
  if (kernels_p(ctx->tgt))
    return;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (!level_argument(c))
      continue;
    auto_diagnostic_group d;
    error_at(OMP_CLAUSE_LOCATION(c), "argument not permitted on %qs clause",
             omp_clause_code_name[OMP_CLAUSE_CODE(c)]);
    if (ctx->tgt)
      inform(gimple_location(ctx->tgt), "enclosing parent compute construct");
    else
      inform(DECL_SOURCE_LOCATION(current_function_decl), "enclosing routine");
  }
}

/* omp-offload.cc's oacc_loop_fixed_partitions (and check_oacc_kernel_gwv
   in kernels): seq or auto beside other specifiers. */
static void check_specifiers(gimple *f)
{
  bool seq = false, autop = false, level = false;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_GANG:
    case OMP_CLAUSE_WORKER:
    case OMP_CLAUSE_VECTOR:
      level = true;
      break;
    case OMP_CLAUSE_SEQ:
      seq = true;
      break;
    case OMP_CLAUSE_AUTO:
      autop = true;
      break;
    default:
      break;
    }
  if (seq && (level || autop))
    error_at(gimple_location(f),
             "%<seq%> overrides other OpenACC loop specifiers");
  else if (autop && level)
    error_at(gimple_location(f),
             "%<auto%> conflicts with other OpenACC loop specifiers");
}

/* The reduction clause on V of acc loop F, or NULL_TREE. */
static tree reduction_on(gimple *f, tree v)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION && OMP_CLAUSE_DECL(c) == v)
      return c;
  return NULL_TREE;
}

/* omp-low.cc's scan_omp_for: reduction clause C of a loop against the
   nearest enclosing loop's reduction on the same variable. */
static void check_reduction(tree c, const lcc_ctx *ctx)
{
  tree v = OMP_CLAUSE_DECL(c);
  if (!DECL_P(v))
    return;
  for (unsigned k = ctx->loops.length(); k-- > ctx->first;) {
    tree outer = reduction_on(ctx->loops[k], v);
    if (!outer)
      continue;
    if (OMP_CLAUSE_REDUCTION_CODE(outer) != OMP_CLAUSE_REDUCTION_CODE(c)) {
      auto_diagnostic_group d;
      if (warning_at(OMP_CLAUSE_LOCATION(c), 0,
                     "conflicting reduction operations for %qE", v))
        inform(OMP_CLAUSE_LOCATION(outer),
               "location of the previous reduction for %qE", v);
    }
    return;
  }
}

/* The reduction clauses from C on, last first (as GCC: in the order they
   were written). */
static void check_reductions(tree c, const lcc_ctx *ctx)
{
  if (!c)
    return;
  check_reductions(OMP_CLAUSE_CHAIN(c), ctx);
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
    check_reduction(c, ctx);
}

/* Walks a reduction loop's body for updates of V: TEMPS holds the
   temporaries loaded from V (t = v), OPS those computed from them with an
   operator; FOUND the first update `v = v OP e` (or through them). */
struct body_ops {
  tree v;
  hash_map<tree, int> ops; /* temporary -> tree_code (0: a copy of V) */
  gimple *found;
  enum tree_code op;
};

static bool from_v(body_ops *b, tree t)
{
  int *k = b->ops.get(t);
  return t == b->v || (k && *k == 0);
}

static tree body_op_stmt(gimple_stmt_iterator *gsi, bool *, walk_stmt_info *wi)
{
  body_ops *b = (body_ops *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (b->found || !is_gimple_assign(s))
    return NULL_TREE;
  tree lhs = gimple_assign_lhs(s);
  enum tree_code code = gimple_assign_rhs_code(s);
  if (gimple_assign_single_p(s) && gimple_assign_rhs1(s) == b->v) {
    b->ops.put(lhs, 0);
    return NULL_TREE;
  }
  if (get_gimple_rhs_class(code) == GIMPLE_BINARY_RHS
      && accgpu_red_op_spelling(code)
      && (from_v(b, gimple_assign_rhs1(s))
          || from_v(b, gimple_assign_rhs2(s)))) {
    if (lhs == b->v) {
      b->found = s;
      b->op = code;
    } else
      b->ops.put(lhs, (int)code);
    return NULL_TREE;
  }
  int *k = gimple_assign_single_p(s) && lhs == b->v
               ? b->ops.get(gimple_assign_rhs1(s)) : NULL;
  if (k && *k) {
    b->found = s;
    b->op = (enum tree_code)*k;
  }
  return NULL_TREE;
}

/* Reduction clause C of loop F against how F's body updates its variable. */
static void check_body_op(gimple *f, tree c)
{
  tree v = OMP_CLAUSE_DECL(c);
  enum tree_code want = OMP_CLAUSE_REDUCTION_CODE(c);
  if (!DECL_P(v) || !accgpu_red_op_spelling(want))
    return;
  body_ops b = {v, hash_map<tree, int>(), NULL, ERROR_MARK};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &b;
  walk_gimple_seq(gimple_omp_body(f), body_op_stmt, NULL, &wi);
  enum tree_code got = b.op == MINUS_EXPR ? PLUS_EXPR : b.op;
  if (!b.found || got == (want == MINUS_EXPR ? PLUS_EXPR : want))
    return;
  auto_diagnostic_group d;
  if (warning_at(OMP_CLAUSE_LOCATION(c), 0, "%<reduction(%s:%E)%>, but the "
                 "loop updates %qE with %qs: the partial results are "
                 "combined with %qs, not as the serial loop would",
                 accgpu_red_op_spelling(want), v, v,
                 accgpu_red_op_spelling(b.op), accgpu_red_op_spelling(want)))
    inform(gimple_location(b.found), "the update of %qE", v);
}

/* `reduction(-:x)`: OpenMP's operator, which GCC's parser takes on
   OpenACC clauses too; OpenACC 3.3 §2.5.15 has no `-`.  It is done as
   `+` (the partial results are sums), as GCC does. */
static void check_minus(tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION &&
        OMP_CLAUSE_REDUCTION_CODE(c) == MINUS_EXPR)
      warning_at(OMP_CLAUSE_LOCATION(c), 0, "%<-%> is not an OpenACC "
                 "reduction operator; %<reduction(-:%E)%> is done as "
                 "%<reduction(+:%E)%>", OMP_CLAUSE_DECL(c),
                 OMP_CLAUSE_DECL(c));
}

static void check_loop(gimple *f, const lcc_ctx *ctx)
{
  if (!ctx->tgt && !ctx->routine)
    return; /* an orphaned loop: GCC's error elsewhere */
  check_arguments(f, ctx);
  check_specifiers(f);
  check_reductions(gimple_omp_for_clauses(f), ctx);
  check_minus(gimple_omp_for_clauses(f));
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      check_body_op(f, c);
}

static tree check_stmt(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  lcc_ctx *ctx = (lcc_ctx *)wi->info;
  if (accgpu_compute_construct_p(s)) {
    check_minus(gimple_omp_target_clauses(s));
    lcc_ctx saved = *ctx;
    ctx->tgt = s;
    ctx->first = ctx->loops.length();
    walk_gimple_seq(gimple_omp_body(s), check_stmt, NULL, wi);
    ctx->tgt = saved.tgt;
    ctx->first = saved.first;
    *handled = true;
  } else if (gimple_code(s) == GIMPLE_OMP_FOR && is_gimple_omp_oacc(s)) {
    check_loop(s, ctx);
    ctx->loops.safe_push(s);
    walk_gimple_seq(gimple_omp_body(s), check_stmt, NULL, wi);
    ctx->loops.pop();
    *handled = true;
  }
  return NULL_TREE;
}

void accgpu_check_loop_clauses(tree fn, gimple_seq body)
{
  lcc_ctx ctx = {NULL, oacc_get_fn_attrib(fn) != NULL_TREE, 0, vNULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &ctx;
  walk_gimple_seq(body, check_stmt, NULL, &wi);
  ctx.loops.release();
}
