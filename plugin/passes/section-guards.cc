/* section-guards.cc — the conditions that guard a statement of a compute
 * region, as bounds on loop indices (for section-ranges.cc).
 *
 * A boundary test inside a loop (`if (i + 1 < n) y[i] = x[i + 1];`,
 * `if (i > 0 && i < n - 1)`, the else of `if (i == 0 || i == n - 1)`,
 * `if (i == 0) continue;`) keeps the subscripts inside the arrays; the
 * hull over the loop bounds alone reached one element past each end, and
 * the implicit section then copied memory the program never allocated.
 * High GIMPLE has no CFG yet: on the region's statements in order, a jump
 * of `if (a CMP b) goto T; else goto F;` guards the statements [D, E) from
 * its label on that nothing else enters (no fall-through into D, no jump
 * from outside to a label inside, not past the end of a loop body holding
 * D).  There the test (or its inverse) holds, and so does every test that
 * held at the jump: a test of the form INDEX + K CMP E (E ranged over the
 * region, INDEX a loop index that [D, E) does not step) bounds INDEX. */
#include "passes/section-ranges.h"
#include "passes/flow.h"
#include "cfgexpand.h" /* gimple_assign_rhs_to_tree */

/* Where each label is defined and where it is jumped to from; for each
   position, the last statement that jumps to a label there (-1: none) and
   the end of the statement starting there when it holds others (loops,
   trys; not binds, whose bodies run in order; -1 otherwise). */
struct labels {
  hash_map<tree, int> at;
  vec<std::pair<tree, int> > refs;
  bool computed_goto;
  vec<int> last_ref, end;
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

/* walk_gimple_stmt callback: DATA's end past the statement met. */
static tree end_cb(gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  std::pair<hash_map<gimple *, int> *, int> *d =
      (std::pair<hash_map<gimple *, int> *, int> *)wi->info;
  int *p = d->first->get(gsi_stmt(*gsi));
  if (p && *p + 1 > d->second)
    d->second = *p + 1;
  return NULL_TREE;
}

static void find_ends(struct sr_ctx *c, struct labels *l)
{
  hash_map<gimple *, int> pos;
  for (unsigned k = 0; k < c->st.length(); k++)
    pos.put(c->st[k], k);
  l->end.safe_grow_cleared(c->st.length());
  l->last_ref.safe_grow_cleared(c->st.length());
  for (unsigned k = 0; k < c->st.length(); k++) {
    gimple *s = c->st[k];
    l->end[k] = l->last_ref[k] = -1;
    if (!gimple_has_substatements(s) || gimple_code(s) == GIMPLE_BIND)
      continue;
    std::pair<hash_map<gimple *, int> *, int> d(&pos, k + 1);
    struct walk_stmt_info wi;
    memset(&wi, 0, sizeof wi);
    wi.info = &d;
    gimple_seq dummy;
    gimple_stmt_iterator gsi = accgpu_gsi_at(s, &dummy);
    walk_gimple_stmt(&gsi, end_cb, NULL, &wi);
    l->end[k] = d.second;
  }
  for (unsigned k = 0; k < l->refs.length(); k++) {
    int def = label_at(l, l->refs[k].first);
    if (def >= 0)
      l->last_ref[def] = MAX(l->last_ref[def], l->refs[k].second);
  }
}

/* Control may reach position D other than by a jump to a label there. */
static bool falls_into(struct sr_ctx *c, struct labels *l, int d)
{
  for (int q = 0; q < d; q++)
    if (l->end[q] == d)
      return true; /* the exit of a loop (or try) ending before D */
  switch (gimple_code(c->st[d - 1])) {
  case GIMPLE_GOTO: case GIMPLE_COND: case GIMPLE_SWITCH: case GIMPLE_RETURN:
    return false;
  default:
    return true;
  }
}

/* The statements [*D, result) that the jump from P to LABEL alone enters
   (result <= *D: none). */
static int entered_by(struct sr_ctx *c, struct labels *l, int p, tree label,
                      int *d)
{
  int x = label_at(l, label), lim = c->st.length();
  if (x <= p)
    return -1;
  while (x - 1 > p && gimple_code(c->st[x - 1]) == GIMPLE_LABEL)
    x--;
  if (falls_into(c, l, x))
    return -1;
  for (int q = 0; q < x; q++)
    if (l->end[q] > x)
      lim = MIN(lim, l->end[q]); /* not past the body holding X */
  for (unsigned k = 0; k < l->refs.length(); k++) {
    int def = label_at(l, l->refs[k].first), src = l->refs[k].second;
    if (def >= x && src < x && (src != p || l->refs[k].first != label))
      lim = MIN(lim, def); /* a label jumped to from before X */
  }
  int best = x, last = -1;
  for (int e = x + 1; e <= lim; e++) {
    last = MAX(last, l->last_ref[e - 1]);
    if (last < e) /* no jump from after E back into [X, E) */
      best = e;
  }
  *d = x;
  return best;
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

/* INDEX != V narrows INDEX only at an end of its loop's range: over
   i >= 0, i != 0 gives i >= 1 (the else of `i == 0 || i == n - 1`).  An
   index that several loops step is left alone (which one runs here?). */
static void ne_bound(struct sr_ctx *c, tree index, tree v, struct sr_guard *g)
{
  struct sr_loop *l = NULL;
  for (unsigned k = 0; k < c->loops.length(); k++)
    if (c->loops[k].index == index) {
      if (l)
        return;
      l = &c->loops[k];
    }
  if (!l || !l->lo)
    return;
  tree one = ssize_int(1);
  struct sr_range lo = sr_eval(c, l->lo), hi = sr_eval(c, l->hi);
  if (lo.ok && operand_equal_p(lo.lo, v, 0))
    g->lo = fold_build2(PLUS_EXPR, ssizetype, v, one);
  if (hi.ok && operand_equal_p(hi.hi, v, 0))
    g->hi = fold_build2(MINUS_EXPR, ssizetype, v, one);
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
  case NE_EXPR:
    if (!operand_equal_p(lo, hi, 0) || (uns && k))
      return;
    ne_bound(c, index, lo, &g);
    break;
  default: return;
  }
  if (uns && code != EQ_EXPR && code != NE_EXPR)
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

/* The guards of the statements that the jump from P to LABEL alone
   enters, where A CODE B holds. */
static void edge_guards(struct sr_ctx *c, struct labels *l, int p,
                        tree label, tree a, enum tree_code code, tree b)
{
  int d = 0, e = entered_by(c, l, p, label, &d);
  if (e <= d)
    return;
  for (unsigned k = 0, n = c->guards.length(); k < n; k++) {
    struct sr_guard g = c->guards[k];
    bool holds = g.from <= p && p < g.to, covers = g.from <= d && e <= g.to;
    if (holds && !covers && !stepped_in(c, g.index, d, e)) {
      g.from = d, g.to = e;
      c->guards.safe_push(g);
    }
  }
  test_bounds(c, d, e, a, code, b);
}

/* How many loops step V, and statements other than their steps assign
   it. */
static unsigned assignments(struct sr_ctx *c, tree v)
{
  unsigned n = 0;
  for (unsigned j = 0; j < c->loops.length(); j++)
    n += c->loops[j].index == v;
  for (unsigned k = 0; k < c->st.length(); k++)
    n += is_gimple_assign(c->st[k]) && gimple_assign_lhs(c->st[k]) == v
         && !c->skip.contains(c->st[k]);
  return n;
}

/* An index that several acc loops step (`i` of one kernels nest over
   [0, n) and of the next over [1, n-1), read there as i - 1), or that the
   region also assigns (`c = 234;` then an acc loop over c), ranges over
   the union of their values; in the body of each acc loop it takes that
   loop's values only (it is private to the loop, OpenACC 3.3 §2.6.1): a
   guard over the body, so the second nest's i - 1 does not reach -1, nor
   b[c] the 234th element (an implicit section past the array's ends). */
static void loop_guards(struct sr_ctx *c, struct labels *l)
{
  for (unsigned k = 0; k < c->loops.length(); k++) {
    struct sr_loop *lp = &c->loops[k];
    if (!lp->omp || !lp->lo || assignments(c, lp->index) < 2)
      continue;
    int pos = -1;
    for (unsigned q = 0; q < c->st.length() && pos < 0; q++)
      if (c->st[q] == lp->omp)
        pos = q;
    struct sr_range lo = sr_eval(c, lp->lo), hi = sr_eval(c, lp->hi);
    if (pos < 0 || l->end[pos] <= pos + 1 || !lo.ok || !hi.ok)
      continue;
    struct sr_guard g = {pos + 1, l->end[pos], lp->index, lo.lo, hi.hi};
    c->guards.safe_push(g);
  }
}

void sr_find_guards(struct sr_ctx *c)
{
  struct labels l;
  l.refs = vNULL;
  l.last_ref = vNULL;
  l.end = vNULL;
  l.computed_goto = false;
  find_labels(c, &l);
  find_ends(c, &l);
  loop_guards(c, &l);
  for (unsigned k = 0; k < c->st.length() && !l.computed_goto; k++) {
    gcond *g = dyn_cast<gcond *>(c->st[k]);
    if (!g || !INTEGRAL_TYPE_P(TREE_TYPE(gimple_cond_lhs(g)))
        || gimple_cond_true_label(g) == gimple_cond_false_label(g))
      continue;
    tree a = gimple_cond_lhs(g), b = gimple_cond_rhs(g);
    enum tree_code code = gimple_cond_code(g);
    edge_guards(c, &l, k, gimple_cond_true_label(g), a, code, b);
    edge_guards(c, &l, k, gimple_cond_false_label(g), a,
                invert_tree_comparison(code, false), b);
  }
  l.refs.release();
  l.last_ref.release();
  l.end.release();
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
