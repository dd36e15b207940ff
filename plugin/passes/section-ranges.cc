/* section-ranges.cc — ranges of integer values in a compute region, as
 * expressions the host evaluates at the construct's entry.
 *
 * Flow-insensitive interval arithmetic: a variable the region assigns
 * ranges over the union of what its assignments compute (GCC's temporaries
 * are assigned the same value several times); a loop index over its loop's
 * bounds; a variable the region never assigns is its own value.  A cycle
 * (k = k + 1 outside a loop's step), a load, a call or a division makes a
 * value unknown.  Conversions are taken as value-preserving (the signed
 * reading of C's unsigned arithmetic, sizetype's and that GCC writes for
 * narrowing conversions), except narrowing ones to types of fewer than 32
 * bits. */
#include "passes/section-ranges.h"
#include "passes/kernel-deps-internal.h"
#include "passes/flow.h"
#include "cfgexpand.h" /* gimple_assign_rhs_to_tree */

/* X in ssizetype; a sizetype constant such as -8 (2^64 - 8) is not an
   overflow in this signed reading. */
static tree ss(tree x)
{
  tree r = fold_convert(ssizetype, x);
  return TREE_CODE(r) == INTEGER_CST ? drop_tree_overflow(r) : r;
}

/* The INTEGER_CST X read in the signed type of its precision. */
static tree signed_cst(tree x)
{
  if (!TYPE_UNSIGNED(TREE_TYPE(x)))
    return x;
  return drop_tree_overflow(fold_convert(signed_type_for(TREE_TYPE(x)), x));
}

static struct sr_range unknown(void)
{
  struct sr_range r = {false, false, NULL_TREE, NULL_TREE, NULL_TREE};
  return r;
}

struct sr_range sr_empty(void)
{
  struct sr_range r = {false, true, NULL_TREE, NULL_TREE, NULL_TREE};
  return r;
}

struct sr_range sr_point(tree x)
{
  struct sr_range r = {true, false, ss(x), ss(x), NULL_TREE};
  return r;
}

static tree cond_and(tree a, tree b)
{
  if (!a || (b && operand_equal_p(a, b, 0)))
    return b;
  return b ? fold_build2(TRUTH_AND_EXPR, boolean_type_node, a, b) : a;
}

static tree bin(enum tree_code code, tree a, tree b)
{
  if (code == MIN_EXPR || code == MAX_EXPR) { /* n + 1 vs n - 1: decided */
    tree d = fold_build2(MINUS_EXPR, ssizetype, a, b);
    if (TREE_CODE(d) == INTEGER_CST)
      return (tree_int_cst_sgn(d) < 0) == (code == MIN_EXPR) ? a : b;
  }
  return fold_build2(code, ssizetype, a, b);
}

struct sr_range sr_add(struct sr_range a, struct sr_range b)
{
  if (!a.ok || !b.ok)
    return unknown();
  struct sr_range r = {true, false, bin(PLUS_EXPR, a.lo, b.lo),
                       bin(PLUS_EXPR, a.hi, b.hi), cond_and(a.cond, b.cond)};
  return r;
}

static struct sr_range neg(struct sr_range a)
{
  if (!a.ok)
    return a;
  struct sr_range r = {true, false, fold_build1(NEGATE_EXPR, ssizetype, a.hi),
                       fold_build1(NEGATE_EXPR, ssizetype, a.lo), a.cond};
  return r;
}

/* X * K with K > 0 taken into the operands of a MIN or MAX (a guarded
   bound), so that the byte ranges of guarded and plain accesses fold. */
static tree scaled(tree x, tree k)
{
  if ((TREE_CODE(x) == MIN_EXPR || TREE_CODE(x) == MAX_EXPR)
      && tree_int_cst_sgn(k) > 0)
    return bin(TREE_CODE(x), scaled(TREE_OPERAND(x, 0), k),
               scaled(TREE_OPERAND(x, 1), k));
  return bin(MULT_EXPR, x, k);
}

struct sr_range sr_scale(struct sr_range a, HOST_WIDE_INT k)
{
  if (!a.ok)
    return a;
  tree kt = build_int_cst(ssizetype, k);
  struct sr_range r = {true, false, scaled(a.lo, kt), scaled(a.hi, kt),
                       a.cond};
  if (k < 0)
    std::swap(r.lo, r.hi);
  return r;
}

static bool const_p(struct sr_range a, HOST_WIDE_INT *k)
{
  if (TREE_CODE(a.lo) != INTEGER_CST || !operand_equal_p(a.lo, a.hi, 0)
      || !tree_fits_shwi_p(a.lo))
    return false;
  *k = tree_to_shwi(a.lo);
  return true;
}

static bool point_p(struct sr_range a)
{
  return operand_equal_p(a.lo, a.hi, 0);
}

/* Product: by a constant; by a value V (a coefficient such as n in
   i*n + j, of a sign unknown here), V*lo and V*hi ordered at run time; else
   the extremes of the four corner products. */
static struct sr_range mul(struct sr_range a, struct sr_range b)
{
  HOST_WIDE_INT k;
  if (!a.ok || !b.ok)
    return unknown();
  if (const_p(b, &k))
    return sr_scale(a, k);
  if (const_p(a, &k))
    return sr_scale(b, k);
  if (point_p(a))
    std::swap(a, b);
  tree p[4] = {bin(MULT_EXPR, a.lo, b.lo), bin(MULT_EXPR, a.hi, b.lo),
               bin(MULT_EXPR, a.lo, b.hi), bin(MULT_EXPR, a.hi, b.hi)};
  struct sr_range r = {true, false, p[0], p[0], cond_and(a.cond, b.cond)};
  for (int i = 1; i < (point_p(b) ? 2 : 4); i++) {
    r.lo = bin(MIN_EXPR, r.lo, p[i]);
    r.hi = bin(MAX_EXPR, r.hi, p[i]);
  }
  return r;
}

static struct sr_range minmax(enum tree_code code, struct sr_range a,
                              struct sr_range b)
{
  if (!a.ok || !b.ok)
    return unknown();
  struct sr_range r = {true, false, bin(code, a.lo, b.lo), bin(code, a.hi, b.hi),
                       cond_and(a.cond, b.cond)};
  return r;
}

/* X where COND holds, else DFLT. */
static tree guard(tree cond, tree x, tree dflt)
{
  return cond ? fold_build3(COND_EXPR, ssizetype, cond, x, dflt) : x;
}

struct sr_range sr_unite(struct sr_range a, struct sr_range b)
{
  if (a.empty)
    return b;
  if (b.empty)
    return a;
  if (!a.ok || !b.ok)
    return unknown();
  struct sr_range r = {true, false, NULL_TREE, NULL_TREE, a.cond};
  if ((!a.cond && !b.cond) || (a.cond && b.cond
                               && operand_equal_p(a.cond, b.cond, 0))) {
    r.lo = bin(MIN_EXPR, a.lo, b.lo);
    r.hi = bin(MAX_EXPR, a.hi, b.hi);
    return r;
  }
  /* Each side counts only where its loops run. */
  tree big = TYPE_MAX_VALUE(ssizetype), small = TYPE_MIN_VALUE(ssizetype);
  r.lo = bin(MIN_EXPR, guard(a.cond, a.lo, big), guard(b.cond, b.lo, big));
  r.hi = bin(MAX_EXPR, guard(a.cond, a.hi, small),
             guard(b.cond, b.hi, small));
  r.cond = a.cond && b.cond
               ? fold_build2(TRUTH_OR_EXPR, boolean_type_node, a.cond, b.cond)
               : NULL_TREE;
  return r;
}

/* ---- Variables --------------------------------------------------------- */

/* walk_tree callback: the address of DATA is taken. */
static tree addr_of_cb(tree *tp, int *walk, void *data)
{
  if (TYPE_P(*tp))
    *walk = 0;
  else if (TREE_CODE(*tp) == ADDR_EXPR
           && accgpu_tree_refs(TREE_OPERAND(*tp, 0), (tree)data))
    return *tp;
  return NULL_TREE;
}

/* A statement of the region other than a plain assignment may change V
   (a call's result, an atomic, asm, its address taken). */
static bool changed_otherwise(struct sr_ctx *c, tree v)
{
  for (unsigned k = 0; k < c->st.length(); k++) {
    gimple *s = c->st[k];
    enum gimple_code code = gimple_code(s);
    if (code == GIMPLE_CALL && gimple_call_lhs(s) == v)
      return true;
    if (code == GIMPLE_OMP_ATOMIC_LOAD
        && gimple_omp_atomic_load_lhs(as_a<gomp_atomic_load *>(s)) == v)
      return true;
    if (code == GIMPLE_ASM && accgpu_stmt_refs(s, v))
      return true;
    for (unsigned i = 0; gimple_has_ops(s) && i < gimple_num_ops(s); i++) {
      tree op = gimple_op(s, i);
      if (op && walk_tree(&op, addr_of_cb, v, NULL))
        return true;
    }
  }
  return false;
}

/* The range of a variable the region never assigns: its own value. */
static struct sr_range invariant(struct sr_ctx *c, tree v)
{
  if (!INTEGRAL_TYPE_P(TREE_TYPE(v)) || TREE_THIS_VOLATILE(v)
      || c->locals.contains(v) || (is_global_var(v) && c->calls))
    return unknown();
  return sr_point(v);
}

/* R within the bounds of the guards that hold for loop index V; R is
   the value statement AT assigns (-1: V's loop), which a guard bounds only
   when AT lies outside the statements it guards (an assignment after the
   test may leave the bounds). */
static struct sr_range narrowed(struct sr_ctx *c, tree v, struct sr_range r,
                                int at)
{
  for (unsigned k = 0; k < c->narrow.length(); k++) {
    struct sr_guard *g = &c->narrow[k];
    if (g->index != v || (g->from <= at && at < g->to))
      continue;
    if (g->lo)
      r.lo = bin(MAX_EXPR, r.lo, g->lo);
    if (g->hi)
      r.hi = bin(MIN_EXPR, r.hi, g->hi);
  }
  return r;
}

/* The range of loop L's index (its bounds' ranges combined, narrowed by
   the guards that hold). */
static struct sr_range loop_range(struct sr_ctx *c, const struct sr_loop *l)
{
  if (!l->lo)
    return unknown();
  struct sr_range lo = sr_eval(c, l->lo), hi = sr_eval(c, l->hi);
  if (!lo.ok || !hi.ok)
    return unknown();
  struct sr_range r = {true, false, lo.lo, hi.hi, cond_and(lo.cond, hi.cond)};
  tree runs = fold_build2(LE_EXPR, boolean_type_node, r.lo, r.hi);
  r.cond = cond_and(r.cond, runs);
  /* A guard that never holds leaves lo > hi: the access adds nothing
     outside the loop's hull, and the pieces keep one condition. */
  return narrowed(c, l->index, r, -1);
}

static int position(struct sr_ctx *c, gimple *s)
{
  for (unsigned k = 0; k < c->st.length(); k++)
    if (c->st[k] == s)
      return k;
  return -1;
}

/* The index V of plain loops is read outside them (after a loop it holds
   its bound, which the loop's range leaves out). */
static bool index_used_outside(struct sr_ctx *c, tree v)
{
  auto_vec<int> from, to;
  for (unsigned k = 0; k < c->loops.length(); k++)
    if (c->loops[k].index == v && c->loops[k].init) {
      from.safe_push(position(c, c->loops[k].init));
      to.safe_push(position(c, c->loops[k].exit));
    }
  for (unsigned k = 0; k < c->st.length() && from.length(); k++) {
    gimple *s = c->st[k];
    bool inside = false, refs = false;
    for (unsigned j = 0; j < from.length(); j++)
      inside |= from[j] <= (int)k && (int)k <= to[j];
    for (unsigned i = 0; !inside && gimple_has_ops(s)
                         && i < gimple_num_ops(s); i++)
      refs |= accgpu_tree_refs(gimple_op(s, i), v);
    if (refs)
      return true;
  }
  return false;
}

static struct sr_range var_range(struct sr_ctx *c, tree v)
{
  if (v == c->ptr)
    return sr_point(size_zero_node);
  if (c->busy.contains(v) || changed_otherwise(c, v)
      || index_used_outside(c, v))
    return unknown();
  c->busy.safe_push(v);
  struct sr_range r = sr_empty();
  bool assigned = false;
  for (unsigned k = 0; k < c->loops.length(); k++)
    if (c->loops[k].index == v) {
      r = sr_unite(r, loop_range(c, &c->loops[k]));
      assigned = true;
    }
  for (unsigned k = 0; k < c->st.length() && (r.ok || r.empty); k++) {
    gimple *s = c->st[k];
    if (!is_gimple_assign(s) || gimple_assign_lhs(s) != v
        || c->skip.contains(s))
      continue;
    assigned = true;
    /* `c = 234;` before an acc loop over c: in the loop's body c holds
       the loop's values (its guard) */
    struct sr_range a = sr_eval(c, gimple_assign_rhs_to_tree(s));
    r = sr_unite(r, a.ok ? narrowed(c, v, a, k) : a);
  }
  c->busy.pop();
  if (!assigned)
    return POINTER_TYPE_P(TREE_TYPE(v)) ? unknown() : invariant(c, v);
  return r;
}

/* The region stores into variable V (or an element of it). */
static bool stored_p(struct sr_ctx *c, tree v)
{
  for (unsigned k = 0; k < c->st.length(); k++) {
    tree lhs = accgpu_lhs_of(c->st[k]);
    if (lhs && !DECL_P(lhs) && get_base_address(lhs) == v)
      return true;
  }
  return changed_otherwise(c, v);
}

/* Array element E whose indices are each one value, rebuilt with them
   clamped to the array's bounds (a guarded load may be out of them); the
   array a variable the region does not change.  NULL_TREE otherwise. */
static tree entry_element(struct sr_ctx *c, tree e)
{
  if (VAR_P(e))
    return TREE_THIS_VOLATILE(e) || c->locals.contains(e)
                   || (is_global_var(e) && c->calls) || stored_p(c, e)
               ? NULL_TREE : e;
  if (TREE_CODE(e) != ARRAY_REF)
    return NULL_TREE;
  tree dom = TYPE_DOMAIN(TREE_TYPE(TREE_OPERAND(e, 0)));
  struct sr_range i = sr_eval(c, TREE_OPERAND(e, 1));
  if (!i.ok || i.cond || !point_p(i) || !dom || !TYPE_MAX_VALUE(dom)
      || TREE_CODE(TYPE_MAX_VALUE(dom)) != INTEGER_CST
      || TREE_CODE(TYPE_MIN_VALUE(dom)) != INTEGER_CST)
    return NULL_TREE;
  tree base = entry_element(c, TREE_OPERAND(e, 0));
  if (!base)
    return NULL_TREE;
  tree at = bin(MIN_EXPR, bin(MAX_EXPR, i.lo, ss(TYPE_MIN_VALUE(dom))),
                ss(TYPE_MAX_VALUE(dom)));
  return build4(ARRAY_REF, TREE_TYPE(e), base,
                fold_convert(TREE_TYPE(TREE_OPERAND(e, 1)), at), NULL_TREE,
                NULL_TREE);
}

/* An integer element of an array the region does not change (a bound
   iy_start[dn]): its value at entry, read on the host. */
static struct sr_range entry_load(struct sr_ctx *c, tree e)
{
  tree x = INTEGRAL_TYPE_P(TREE_TYPE(e)) ? entry_element(c, e) : NULL_TREE;
  return x ? sr_point(x) : unknown();
}

/* ---- Expressions ------------------------------------------------------- */

static struct sr_range convert(struct sr_ctx *c, tree e)
{
  tree to = TREE_TYPE(e), from = TREE_TYPE(TREE_OPERAND(e, 0));
  bool ptr = POINTER_TYPE_P(to) && POINTER_TYPE_P(from);
  /* (int) n for a loop over int i < long n: the value is taken to fit. */
  if (!ptr && (!INTEGRAL_TYPE_P(to) || !INTEGRAL_TYPE_P(from)
               || (TYPE_PRECISION(to) < TYPE_PRECISION(from)
                   && TYPE_PRECISION(to) < 32)))
    return unknown();
  return sr_eval(c, TREE_OPERAND(e, 0));
}

struct sr_range sr_eval(struct sr_ctx *c, tree e)
{
  if (!e)
    return unknown();
  switch (TREE_CODE(e)) {
  case INTEGER_CST:
    /* GCC folds (int)(j - 2) into (int)((unsigned) j + 4294967294u): an
       unsigned constant is read signed, as sizetype's are. */
    return sr_point(signed_cst(e));
  case VAR_DECL:
  case PARM_DECL: {
    struct sr_range *m = c->memo->get(e);
    if (m)
      return *m;
    struct sr_range r = var_range(c, e);
    if (r.ok || !c->busy.length()) /* unknown may be a cycle through busy */
      c->memo->put(e, r);
    return r;
  }
  CASE_CONVERT:
  case NON_LVALUE_EXPR:
    return convert(c, e);
  case PLUS_EXPR:
  case POINTER_PLUS_EXPR:
    return sr_add(sr_eval(c, TREE_OPERAND(e, 0)),
                  sr_eval(c, TREE_OPERAND(e, 1)));
  case MINUS_EXPR:
    return sr_add(sr_eval(c, TREE_OPERAND(e, 0)),
                  neg(sr_eval(c, TREE_OPERAND(e, 1))));
  case NEGATE_EXPR:
    return neg(sr_eval(c, TREE_OPERAND(e, 0)));
  case MULT_EXPR:
    return mul(sr_eval(c, TREE_OPERAND(e, 0)),
               sr_eval(c, TREE_OPERAND(e, 1)));
  case MIN_EXPR:
  case MAX_EXPR:
    return minmax(TREE_CODE(e), sr_eval(c, TREE_OPERAND(e, 0)),
                  sr_eval(c, TREE_OPERAND(e, 1)));
  case ARRAY_REF:
    return entry_load(c, e);
  default:
    return unknown();
  }
}

/* ---- The region -------------------------------------------------------- */

/* INDEX's range in a loop from N1 while INDEX CODE N2. */
static void add_loop(struct sr_ctx *c, tree index, tree n1, tree n2,
                     enum tree_code code, bool up)
{
  struct sr_loop l = {index, NULL_TREE, NULL_TREE, NULL, NULL, NULL};
  /* A pointer index (for (p = a; p < a + n; p++)): its range is left
     unknown (an integer 1 cannot be added to it). */
  if (!INTEGRAL_TYPE_P(TREE_TYPE(n2))) {
    c->loops.safe_push(l);
    return;
  }
  tree one = build_int_cst(TREE_TYPE(n2), 1);
  if (up && (code == LT_EXPR || code == LE_EXPR)) {
    l.lo = n1;
    l.hi = code == LT_EXPR ? build2(MINUS_EXPR, TREE_TYPE(n2), n2, one) : n2;
  } else if (!up && (code == GT_EXPR || code == GE_EXPR)) {
    l.lo = code == GT_EXPR ? build2(PLUS_EXPR, TREE_TYPE(n2), n2, one) : n2;
    l.hi = n1;
  }
  c->loops.safe_push(l);
}

static void add_omp_loops(struct sr_ctx *c, gomp_for *f)
{
  for (unsigned k = 0; k < gimple_omp_for_collapse(f); k++) {
    tree incr = gimple_omp_for_incr(f, k);
    tree step = incr && BINARY_CLASS_P(incr) ? TREE_OPERAND(incr, 1) : NULL;
    bool known = step && TREE_CODE(step) == INTEGER_CST, up = false;
    /* Read signed: an unsigned index stepping down (u--) adds 2^64 - 1. */
    if (known)
      up = (tree_int_cst_sgn(signed_cst(step)) > 0)
           != (TREE_CODE(incr) == MINUS_EXPR);
    add_loop(c, gimple_omp_for_index(f, k), gimple_omp_for_initial(f, k),
             gimple_omp_for_final(f, k),
             known ? gimple_omp_for_cond(f, k) : ERROR_MARK, up);
    c->loops.last().omp = f;
  }
}

static tree collect_cb(gimple_stmt_iterator *gsi, bool *handled,
                       struct walk_stmt_info *wi)
{
  struct sr_ctx *c = (struct sr_ctx *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  c->st.safe_push(s);
  if (gbind *b = dyn_cast<gbind *>(s))
    for (tree v = gimple_bind_vars(b); v; v = DECL_CHAIN(v))
      c->locals.safe_push(v);
  if (gomp_for *f = dyn_cast<gomp_for *>(s))
    add_omp_loops(c, f);
  if (is_gimple_call(s) && !gimple_call_internal_p(s)
      && !gimple_call_builtin_p(s, BUILT_IN_NORMAL))
    c->calls = true;
  kg_plain_loop l = {};
  if (is_gimple_assign(s) && kd_match_loop(*gsi, &l, KD_MATCH_WIDE)) {
    add_loop(c, l.index, l.n1, l.n2, l.cond, tree_int_cst_sgn(l.step) > 0);
    c->loops.last().init = l.init;
    c->loops.last().exit = l.exit;
    c->skip.safe_push(l.init);
    c->skip.safe_push(l.incr);
  }
  return NULL_TREE;
}

void sr_init(struct sr_ctx *c, gomp_target *t)
{
  memset(c, 0, sizeof *c);
  c->memo = new hash_map<tree, sr_range>;
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = c;
  walk_gimple_seq(gimple_omp_body(t), collect_cb, NULL, &wi);
  sr_find_guards(c);
}

void sr_set_ptr(struct sr_ctx *c, tree ptr)
{
  delete c->memo;
  c->memo = new hash_map<tree, sr_range>;
  c->ptr = ptr;
  c->derived.truncate(0);
}

void sr_fini(struct sr_ctx *c)
{
  c->st.release();
  c->skip.release();
  c->loops.release();
  c->locals.release();
  c->derived.release();
  c->busy.release();
  c->guards.release();
  c->narrow.release();
  delete c->memo;
}
