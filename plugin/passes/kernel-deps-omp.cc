/* kernel-deps-omp.cc — the dependence test for acc loops of a kernels
 * region that are `auto` (OpenACC 3.3 §2.9.7: a loop directive with no
 * independent, seq or level clause there): kg_omp_loop_independent.
 * Acc loops inside the body are inner loops of the test (their index
 * ranges from their bounds, kd_flatten_omp), so a nest of auto loops is
 * parallelized as the same nest written without directives; the levels
 * of a collapsed loop are tested one by one, each with the levels inside
 * it as inner loops.                                                    */
#include "passes/kernel-deps-internal.h"

/* kernel-deps-internal.h */
bool kd_omp_level(gomp_for *f, unsigned k, kg_plain_loop *l)
{
  tree i = gimple_omp_for_index(f, k), incr = gimple_omp_for_incr(f, k);
  if (!VAR_P(i) || !INTEGRAL_TYPE_P(TREE_TYPE(i)) || TREE_ADDRESSABLE(i))
    return false;
  if (TREE_CODE(incr) == MODIFY_EXPR)
    incr = TREE_OPERAND(incr, 1);
  if ((TREE_CODE(incr) != PLUS_EXPR && TREE_CODE(incr) != MINUS_EXPR)
      || TREE_OPERAND(incr, 0) != i
      || TREE_CODE(TREE_OPERAND(incr, 1)) != INTEGER_CST
      || !tree_fits_shwi_p(TREE_OPERAND(incr, 1)))
    return false;
  HOST_WIDE_INT step = tree_to_shwi(TREE_OPERAND(incr, 1));
  if (TREE_CODE(incr) == MINUS_EXPR)
    step = -step;
  /* An unsigned index stepping down: C's wrap-around, as for plain loops. */
  if (step == 0 || (TYPE_UNSIGNED(TREE_TYPE(i)) && step < 0))
    return false;
  enum tree_code c = gimple_omp_for_cond(f, k);
  if ((c != LT_EXPR && c != LE_EXPR && c != GT_EXPR && c != GE_EXPR)
      || (c == LT_EXPR || c == LE_EXPR) != (step > 0))
    return false;
  tree n1 = gimple_omp_for_initial(f, k), n2 = gimple_omp_for_final(f, k);
  if (!is_gimple_val(n1) || !is_gimple_val(n2))
    return false;
  memset((void *)l, 0, sizeof *l);
  l->init = f;
  l->index = i;
  l->n1 = n1;
  l->n2 = n2;
  l->cond = c;
  l->step = build_int_cst(TREE_TYPE(i), step);
  return true;
}

struct find_ctx {
  gimple *target, *inner, *found;
};

static tree find_construct_cb(gimple_stmt_iterator *gsi, bool *handled,
                              walk_stmt_info *wi)
{
  find_ctx *c = (find_ctx *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_TARGET)
    c->target = s;
  if (s == c->inner) {
    c->found = c->target;
    *handled = true;
    return integer_zero_node; /* stop */
  }
  return NULL_TREE;
}

/* The compute construct (in the function being compiled) holding S, or
   NULL. */
static gimple *construct_of(gimple *s)
{
  find_ctx c = {NULL, s, NULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_body(current_function_decl), find_construct_cb,
                  NULL, &wi);
  return c.found;
}

/* Every reduction the test recognized in F's body is one of F's own
   reduction clauses, with its operator: `loop reduction(+:s)` in kernels
   declares what the test finds (a `-` clause combines as `+`). */
static bool reductions_declared(gomp_for *f, const dep_result *res)
{
  for (unsigned i = 0; i < res->reds.length(); i++) {
    bool found = false;
    for (tree c = gimple_omp_for_clauses(f); c && !found;
         c = OMP_CLAUSE_CHAIN(c)) {
      if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION
          || OMP_CLAUSE_DECL(c) != res->reds[i].decl)
        continue;
      enum tree_code op = OMP_CLAUSE_REDUCTION_CODE(c);
      if (op == MINUS_EXPR)
        op = PLUS_EXPR;
      found = op == res->reds[i].op;
    }
    if (!found)
      return false;
  }
  return true;
}

/* Level K of acc loop F (in the construct with CLAUSES) has independent
   iterations, the levels inside it and F's body taken as inner loops. */
static bool level_independent(gomp_for *f, unsigned k, tree clauses)
{
  kg_plain_loop l;
  if (!kd_omp_level(f, k, &l))
    return false;
  dep_result res;
  kd_analyse(l.index, l.n1, l.n2, l.cond, NULL, NULL, NULL, NULL, NULL,
             tree_to_shwi(l.step), clauses, NULL, f, k + 1, &res);
  bool ok = res.indep && res.assumed.is_empty()
            && reductions_declared(f, &res);
  /* Scalars it assigns must be the loop's own (temporaries, locals). */
  for (unsigned i = 1; ok && i < res.privs.length(); i++)
    ok = DECL_ARTIFICIAL(res.privs[i]);
  kd_result_free(&res);
  return ok;
}

/* Two different iterations of a collapsed loop first differ at some
   level, the levels outside it equal: every level independent for fixed
   outer levels makes the whole iteration space independent. */
bool kg_omp_loop_independent(gomp_for *f)
{
  gimple *region = construct_of(f);
  tree clauses = region ? gimple_omp_target_clauses(region) : NULL_TREE;
  for (unsigned k = 0; k < gimple_omp_for_collapse(f); k++)
    if (!level_independent(f, k, clauses))
      return false;
  return true;
}
