/* cond-minmax.cc — min and max updates written with a comparison:
 *
 *     if (x > m) m = x;                 e = MAX(e, fabs(d));
 *
 * with MAX a `?:` macro.  For integers GCC folds the second to MAX_EXPR,
 * which the plain update recognizers take; for floating point it cannot
 * (NaNs, signed zeros), and the gimplifier leaves control flow:
 *
 *     (1)  if (X cmp V) goto L1; else goto L2;  L1: ...; V = X';  L2:
 *     (2)  if (A cmp B) goto L1; else goto L2;  L1: ...; T = P; goto L3;
 *          L2: ...; T = Q;  L3: V = T;
 *
 * where "..." are computations into SSA temporaries (the branch evaluates
 * the macro's argument again).  NVHPC reduces both (its "Max reduction
 * generated for e"); so do the kernels dependence test and the implicit
 * reductions of `parallel`.  The values compared and assigned must be the
 * same computation, so `if (a[i] > m) m = b[i]` is no reduction. */
#include "reduction/reduction.h"

/* A temporary of the gimplifier: an SSA name, or inside OpenACC regions
   (gimplified without SSA) an artificial local whose address is never
   taken; `iftmp`s too, which the idiom's shapes tell apart by where they
   stand.  Shared with the implicit reductions and the kernels
   dependence test, which forward values through such temporaries. */
bool accgpu_gimple_temp_p(tree t)
{
  return TREE_CODE(t) == SSA_NAME ||
         (VAR_P(t) && DECL_ARTIFICIAL(t) && !is_global_var(t) &&
          !TREE_ADDRESSABLE(t));
}

/* Statements of the idiom that only compute into temporaries. */
static bool pure_def_p(gimple *s)
{
  if (is_gimple_assign(s))
    return accgpu_gimple_temp_p(gimple_assign_lhs(s));
  if (gimple_code(s) == GIMPLE_CALL && gimple_call_lhs(s) &&
      accgpu_gimple_temp_p(gimple_call_lhs(s)) && gimple_call_fndecl(s))
    return (gimple_call_flags(s) & ECF_CONST) != 0;
  return false;
}

/* The statement that last set temporary T before AT: SSA_NAME_DEF_STMT,
   else the nearest assignment to it among the 64 statements before AT
   (the gimplifier reuses a formal temporary for equal expressions). */
static gimple *def_before(tree t, gimple *at)
{
  if (TREE_CODE(t) == SSA_NAME)
    return SSA_NAME_DEF_STMT(t);
  for (int n = 0; at && n < 64; n++) {
    gimple *p = at->prev;
    if (!p || p->next != at)
      return NULL; /* the first statement's prev is the last one */
    at = p;
    if (pure_def_p(at) && gimple_get_lhs(at) == t)
      return at;
    if (!pure_def_p(at) && gimple_code(at) != GIMPLE_LABEL)
      return NULL; /* a store or a branch between: not the same value */
  }
  return NULL;
}

static bool same_value(tree x, gimple *ax, tree y, gimple *ay, tree v,
                       int depth);

/* Statements A and B compute the same value (their operands from AX, AY). */
static bool same_def(gimple *a, gimple *b, tree v, int depth)
{
  if (!a || !b || gimple_code(a) != gimple_code(b) ||
      gimple_num_ops(a) != gimple_num_ops(b))
    return false;
  if (is_gimple_assign(a) &&
      gimple_assign_rhs_code(a) != gimple_assign_rhs_code(b))
    return false;
  if (gimple_code(a) == GIMPLE_CALL &&
      gimple_call_fndecl(a) != gimple_call_fndecl(b))
    return false;
  unsigned first = gimple_code(a) == GIMPLE_CALL ? 3 : 1; /* past lhs */
  for (unsigned i = first; i < gimple_num_ops(a); i++)
    if (!same_value(gimple_op(a, i), a, gimple_op(b, i), b, v, depth + 1))
      return false;
  return true;
}

/* The value of temporary T at AT when its definition is a plain copy
   (`t = a[i]`): that right-hand side, else T. */
static tree copied(tree t, gimple *at, gimple **where)
{
  if (!accgpu_gimple_temp_p(t))
    return t;
  gimple *d = def_before(t, at);
  if (d && gimple_assign_single_p(d)) {
    *where = d;
    return gimple_assign_rhs1(d);
  }
  return t;
}

/* X (read at AX) and Y (read at AY) are the same value: the same
   computation from the same variables and memory, V itself excluded (it
   changes between the comparison and the store). */
static bool same_value(tree x, gimple *ax, tree y, gimple *ay, tree v,
                       int depth)
{
  if (depth > 24 || !x || !y)
    return x == y;
  x = copied(x, ax, &ax);
  y = copied(y, ay, &ay);
  if (x == y && !accgpu_gimple_temp_p(x))
    return x != v;
  if (TREE_CODE(x) != TREE_CODE(y) ||
      !types_compatible_p(TREE_TYPE(x), TREE_TYPE(y)))
    return false;
  if (accgpu_gimple_temp_p(x))
    return same_def(def_before(x, ax), def_before(y, ay), v, depth);
  if (DECL_P(x) || CONSTANT_CLASS_P(x))
    return operand_equal_p(x, y, 0) && x != v;
  if (!EXPR_P(x) && !REFERENCE_CLASS_P(x))
    return false;
  for (int i = 0; i < TREE_OPERAND_LENGTH(x); i++)
    if (!same_value(TREE_OPERAND(x, i), ax, TREE_OPERAND(y, i), ay, v,
                    depth + 1))
      return false;
  return true;
}

/* T (read at AT) is V, or a temporary loaded from it (`t = v`). */
static bool is_v(tree t, gimple *at, tree v)
{
  if (t == v)
    return true;
  if (!accgpu_gimple_temp_p(t))
    return false;
  gimple *d = def_before(t, at);
  return d && gimple_assign_single_p(d) && gimple_assign_rhs1(d) == v;
}

/* S is the label statement of LAB. */
static bool label_p(gimple *s, tree lab)
{
  return s && gimple_code(s) == GIMPLE_LABEL &&
         gimple_label_label(as_a<glabel *>(s)) == lab;
}

/* The store that ends a branch starting at S: the assignment followed by
   a goto or a label, with only pure computations before it; or NULL. */
static gimple *branch_store(gimple *s)
{
  for (int n = 0; s && s->next && n < 64; n++, s = s->next) {
    enum gimple_code k = gimple_code(s->next);
    if (k == GIMPLE_GOTO || k == GIMPLE_LABEL)
      return is_gimple_assign(s) ? s : NULL;
    if (!pure_def_p(s))
      return NULL;
  }
  return NULL;
}

/* A value as read at a statement AT, or (T null) the value AT's
   right-hand side computes. */
struct at_val {
  tree t;
  gimple *at;
};

/* The value branch store S assigns. */
static at_val stored(gimple *s)
{
  at_val r = {gimple_assign_single_p(s) ? gimple_assign_rhs1(s) : NULL_TREE,
              s};
  return r;
}

/* VAL, a value a branch assigns, is SIDE, one operand of the comparison:
   for V's side any load of V, for the other the same computation. */
static bool picks(at_val val, at_val side, tree v)
{
  if (is_v(side.t, side.at, v))
    return val.t && is_v(val.t, val.at, v);
  if (val.t)
    return same_value(val.t, val.at, side.t, side.at, v, 0);
  return accgpu_gimple_temp_p(side.t) &&
         same_def(val.at, def_before(side.t, side.at), v, 0);
}

/* The operator of T = (A CMP B) ? P : Q when that is max or min of V and
   another value, else ERROR_MARK. */
static enum tree_code classify(gcond *c, at_val p, at_val q, tree v)
{
  enum tree_code cmp = gimple_cond_code(c);
  at_val a = {gimple_cond_lhs(c), c}, b = {gimple_cond_rhs(c), c};
  bool gt = cmp == GT_EXPR || cmp == GE_EXPR;
  if ((!gt && cmp != LT_EXPR && cmp != LE_EXPR) ||
      is_v(a.t, c, v) == is_v(b.t, c, v))
    return ERROR_MARK;
  if (picks(p, a, v) && picks(q, b, v))
    return gt ? MAX_EXPR : MIN_EXPR;
  if (picks(p, b, v) && picks(q, a, v))
    return gt ? MIN_EXPR : MAX_EXPR;
  return ERROR_MARK;
}

/* S itself when it is a GIMPLE_COND; when it loads V into a temporary
   (a global's `t = v`), the comparison after the pure statements that
   follow it; else NULL. */
static gcond *cond_from(gimple *s, tree v)
{
  if (gimple_assign_single_p(s) && gimple_assign_rhs1(s) == v &&
      accgpu_gimple_temp_p(gimple_assign_lhs(s)))
    for (int n = 0; s->next && n < 64 && pure_def_p(s); n++)
      s = s->next;
  return dyn_cast<gcond *>(s);
}

enum tree_code accgpu_red_cond_minmax(gimple *s, tree v, gimple **last)
{
  gcond *c = cond_from(s, v);
  if (!c)
    return ERROR_MARK;
  tree lt = gimple_cond_true_label(c), lf = gimple_cond_false_label(c);
  if (!lt || !lf || !label_p(c->next, lt))
    return ERROR_MARK;
  gimple *st = branch_store(c->next->next);
  if (!st)
    return ERROR_MARK;
  tree to = gimple_assign_lhs(st);
  at_val p = stored(st);
  if (to == v && label_p(st->next, lf)) { /* shape (1) */
    *last = st->next;
    at_val q = {v, c};
    return classify(c, p, q, v);
  }
  gimple *go = st->next;
  if (!VAR_P(to) || is_global_var(to) || TREE_ADDRESSABLE(to) ||
      gimple_code(go) != GIMPLE_GOTO || !label_p(go->next, lf))
    return ERROR_MARK;
  gimple *st2 = branch_store(go->next->next);
  if (!st2 || gimple_assign_lhs(st2) != to ||
      !label_p(st2->next, gimple_goto_dest(go)))
    return ERROR_MARK;
  gimple *fin = st2->next->next;
  if (!fin || !gimple_assign_single_p(fin) || gimple_assign_lhs(fin) != v ||
      gimple_assign_rhs1(fin) != to)
    return ERROR_MARK;
  *last = fin;
  at_val q = stored(st2);
  return classify(c, p, q, v);
}
