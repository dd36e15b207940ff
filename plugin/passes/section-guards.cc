/* section-guards.cc — the conditions that guard a statement of a compute
 * region, as bounds on loop indices (for section-ranges.cc).
 *
 * A boundary test inside a loop (`if (i + 1 < n) y[i] = x[i + 1];`,
 * `if (i > 0 && i < n - 1)`) keeps the subscripts inside the arrays; the
 * hull over the loop bounds alone reached one element past each end, and
 * the implicit section then copied memory the program never allocated.
 * Only structured if/else as the gimplifier writes it is read:
 *     if (a CMP b) goto T; else goto F;  T: ...  [goto E;]  F: ...  E:
 * where no jump from outside enters the branch, and a test of the form
 * INDEX + K CMP E (E ranged over the region, INDEX a loop index that the
 * branch does not step) bounds INDEX for the statements of the branch. */
#include "passes/section-ranges.h"
#include "passes/flow.h"
#include "cfgexpand.h" /* gimple_assign_rhs_to_tree */

/* Where each label is defined and where it is jumped to from. */
struct labels {
  hash_map<tree, int> at;
  vec<std::pair<tree, int> > refs;
  bool computed_goto;
};

static void add_ref(struct labels *l, tree label, int from)
{
  if (label && TREE_CODE(label) == LABEL_DECL)
    l->refs.safe_push(std::make_pair(label, from));
}

static void find_labels(struct sr_ctx *c, struct labels *l)
{
  for (unsigned k = 0; k < c->st.length(); k++) {
    gimple *s = c->st[k];
    if (glabel *g = dyn_cast<glabel *>(s))
      l->at.put(gimple_label_label(g), k);
    else if (gimple_code(s) == GIMPLE_GOTO) {
      tree d = gimple_goto_dest(s);
      l->computed_goto |= TREE_CODE(d) != LABEL_DECL;
      add_ref(l, d, k);
    } else if (gcond *g = dyn_cast<gcond *>(s)) {
      add_ref(l, gimple_cond_true_label(g), k);
      add_ref(l, gimple_cond_false_label(g), k);
    } else if (gswitch *g = dyn_cast<gswitch *>(s)) {
      for (unsigned i = 0; i < gimple_switch_num_labels(g); i++)
        add_ref(l, CASE_LABEL(gimple_switch_label(g, i)), k);
    } else if (gasm *g = dyn_cast<gasm *>(s)) {
      for (unsigned i = 0; i < gimple_asm_nlabels(g); i++)
        add_ref(l, TREE_VALUE(gimple_asm_label_op(g, i)), k);
    }
  }
}

static int label_at(struct labels *l, tree label)
{
  int *p = label ? l->at.get(label) : NULL;
  return p ? *p : -1;
}

/* No jump from outside [FROM, TO) reaches a label defined in [IN, TO). */
static bool entered_only_from(struct labels *l, int from, int in, int to)
{
  for (unsigned k = 0; k < l->refs.length(); k++) {
    int def = label_at(l, l->refs[k].first), src = l->refs[k].second;
    if (def >= in && def < to && (src < from || src >= to))
      return false;
  }
  return true;
}

/* ---- Tests of loop indices ------------------------------------------- */

static bool loop_index_p(struct sr_ctx *c, tree v)
{
  for (unsigned k = 0; k < c->loops.length(); k++)
    if (c->loops[k].index == v && c->loops[k].lo)
      return true;
  return false;
}

/* The region's one assignment to V (NULL: none or several; loops' own
   steps not counted). */
static gimple *single_def(struct sr_ctx *c, tree v, int *count)
{
  gimple *def = NULL;
  *count = 0;
  for (unsigned k = 0; k < c->st.length(); k++) {
    gimple *s = c->st[k];
    if (accgpu_lhs_of(s) == v && !c->skip.contains(s)) {
      def = s;
      ++*count;
    }
  }
  return *count == 1 && is_gimple_assign(def) ? def : NULL;
}

/* E as INDEX + *K, through conversions that keep the value and
   temporaries the region assigns once. */
static bool index_plus(struct sr_ctx *c, tree e, tree *index,
                       HOST_WIDE_INT *k, int depth)
{
  if (depth > 8)
    return false;
  if (CONVERT_EXPR_P(e) || TREE_CODE(e) == NON_LVALUE_EXPR) {
    tree from = TREE_TYPE(TREE_OPERAND(e, 0));
    if (!INTEGRAL_TYPE_P(from) || TYPE_PRECISION(TREE_TYPE(e))
                                      < TYPE_PRECISION(from)
        || (TYPE_PRECISION(TREE_TYPE(e)) == TYPE_PRECISION(from)
            && TYPE_UNSIGNED(TREE_TYPE(e)) != TYPE_UNSIGNED(from)))
      return false;
    return index_plus(c, TREE_OPERAND(e, 0), index, k, depth + 1);
  }
  if ((TREE_CODE(e) == PLUS_EXPR || TREE_CODE(e) == MINUS_EXPR)
      && TREE_CODE(TREE_OPERAND(e, 1)) == INTEGER_CST
      && tree_fits_shwi_p(TREE_OPERAND(e, 1))) {
    HOST_WIDE_INT d = tree_to_shwi(TREE_OPERAND(e, 1));
    if (!index_plus(c, TREE_OPERAND(e, 0), index, k, depth + 1))
      return false;
    *k += TREE_CODE(e) == PLUS_EXPR ? d : -d;
    return true;
  }
  if (!VAR_P(e) && TREE_CODE(e) != PARM_DECL)
    return false;
  int count;
  gimple *def = single_def(c, e, &count);
  if (loop_index_p(c, e) && count == 0) {
    *index = e;
    *k = 0;
    return true;
  }
  return def && index_plus(c, gimple_assign_rhs_to_tree(def), index, k,
                           depth + 1);
}

/* A loop of INDEX starts or steps inside [FROM, TO): a test before it
   does not hold for the values it takes there. */
static bool stepped_in(struct sr_ctx *c, tree index, int from, int to)
{
  for (int k = from; k < to; k++) {
    gimple *s = c->st[k];
    if (c->skip.contains(s) && accgpu_lhs_of(s) == index)
      return true;
    if (gomp_for *f = dyn_cast<gomp_for *>(s))
      for (unsigned i = 0; i < gimple_omp_for_collapse(f); i++)
        if (gimple_omp_for_index(f, i) == index)
          return true;
  }
  return false;
}

/* Bounds of INDEX where INDEX + K CODE E holds; an unsigned test gives
   upper bounds only (a negative left side wraps to a large value). */
static void add_bound(struct sr_ctx *c, int from, int to, tree index,
                      HOST_WIDE_INT k, enum tree_code code, tree e,
                      bool uns)
{
  struct sr_range r = sr_eval(c, e);
  if (!r.ok || stepped_in(c, index, from, to))
    return;
  struct sr_guard g = {from, to, index, NULL_TREE, NULL_TREE};
  tree kk = build_int_cst(ssizetype, k), one = ssize_int(1);
  tree hi = fold_build2(MINUS_EXPR, ssizetype, r.hi, kk);
  tree lo = fold_build2(MINUS_EXPR, ssizetype, r.lo, kk);
  switch (code) {
  case LT_EXPR: g.hi = fold_build2(MINUS_EXPR, ssizetype, hi, one); break;
  case LE_EXPR: g.hi = hi; break;
  case GT_EXPR: g.lo = fold_build2(PLUS_EXPR, ssizetype, lo, one); break;
  case GE_EXPR: g.lo = lo; break;
  case EQ_EXPR: g.lo = lo, g.hi = hi; break;
  default: return;
  }
  if (uns && code != EQ_EXPR)
    g.lo = NULL_TREE;
  if (g.lo || g.hi)
    c->guards.safe_push(g);
}

/* The bounds test A CODE B puts on the statements [FROM, TO). */
static void test_bounds(struct sr_ctx *c, int from, int to, tree a,
                        enum tree_code code, tree b)
{
  tree index;
  HOST_WIDE_INT k;
  bool uns = TYPE_UNSIGNED(TREE_TYPE(a));
  if (index_plus(c, a, &index, &k, 0))
    add_bound(c, from, to, index, k, code, b, uns);
  if (index_plus(c, b, &index, &k, 0))
    add_bound(c, from, to, index, k, swap_tree_comparison(code), a, uns);
}

/* The branches of the if/else that G (at position P) starts. */
static void cond_guards(struct sr_ctx *c, struct labels *l, gcond *g, int p)
{
  int t = label_at(l, gimple_cond_true_label(g));
  int f = label_at(l, gimple_cond_false_label(g));
  if (t != p + 1 || f <= t || !entered_only_from(l, p, t, f))
    return;
  tree a = gimple_cond_lhs(g), b = gimple_cond_rhs(g);
  enum tree_code code = gimple_cond_code(g);
  if (!INTEGRAL_TYPE_P(TREE_TYPE(a)))
    return;
  test_bounds(c, t, f, a, code, b);
  gimple *last = c->st[f - 1];
  if (gimple_code(last) != GIMPLE_GOTO)
    return; /* no else: F is where the branches meet */
  int e = label_at(l, gimple_goto_dest(last));
  if (e > f && entered_only_from(l, p, f, e))
    test_bounds(c, f, e, a, invert_tree_comparison(code, false), b);
}

void sr_find_guards(struct sr_ctx *c)
{
  struct labels l;
  l.refs = vNULL;
  l.computed_goto = false;
  find_labels(c, &l);
  for (unsigned k = 0; k < c->st.length() && !l.computed_goto; k++)
    if (gcond *g = dyn_cast<gcond *>(c->st[k]))
      cond_guards(c, &l, g, k);
  l.refs.release();
}

/* ---- Narrowing -------------------------------------------------------- */

bool sr_enter_guards(struct sr_ctx *c, unsigned pos)
{
  for (unsigned k = 0; k < c->guards.length(); k++)
    if (c->guards[k].from <= (int)pos && (int)pos < c->guards[k].to)
      c->narrow.safe_push(c->guards[k]);
  if (!c->narrow.length())
    return false;
  c->outer_memo = c->memo; /* ranges met under other guards differ */
  c->memo = new hash_map<tree, sr_range>;
  return true;
}

void sr_leave_guards(struct sr_ctx *c)
{
  delete c->memo;
  c->memo = c->outer_memo;
  c->outer_memo = NULL;
  c->narrow.truncate(0);
}
