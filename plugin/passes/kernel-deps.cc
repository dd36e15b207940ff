/* kernel-deps.cc — which plain loops of a `kernels` region may run in
 * parallel.  The C front end gives a loop without a `loop` directive as
 *
 *   i = N1; goto test; body: BODY; i = i + STEP; test: if (i < N2) goto
 *   body; else goto exit; exit:
 *
 * A loop qualifies when BODY is straight-line code (no labels, jumps or
 * calls other than math builtins), every scalar it assigns is private to an
 * iteration (a temporary or a variable declared in BODY, defined before its
 * first use), and every pair of memory accesses to the same array, one of
 * them a store, has affine addresses base + c*i + k with the same symbolic
 * terms, whose byte ranges never meet for two different iterations.  Loops
 * that do not qualify (anything unanalysable) stay sequential.          */
#include "passes/kernel-deps.h"

/* An address or integer value: BASE + COEF * i + CONST + sum of TERMS
   (loop-invariant variables times factors).  BASE is NULL for plain
   integers.  UNKNOWN when it could not be analysed. */
struct aff {
  bool unknown;
  tree base;
  HOST_WIDE_INT coef, cst;
  vec<std::pair<tree, HOST_WIDE_INT> > terms;
};

struct mem_access {
  aff a;
  HOST_WIDE_INT size;
  bool store;
};

struct dctx {
  tree index;
  vec<tree> assigned;      /* scalars the body assigns */
  vec<tree> body_vars;     /* variables declared in the body */
  hash_map<tree, int> *val_idx;
  vec<aff> vals;           /* current symbolic value of body scalars */
  vec<mem_access> acc;
  vec<tree> used_before_def;
  /* Inner sequential loops: index -> [min, max] of its values (constant
     bounds), indices without known bounds, scalars carried from one inner
     iteration to the next (their values are unknown). */
  vec<std::pair<tree, std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > > ranges;
  vec<tree> opaque;
  vec<tree> labels_def, labels_used;
  bool bad;
};

static bool range_of(const dctx *d, tree t, HOST_WIDE_INT *lo,
                     HOST_WIDE_INT *hi)
{
  for (unsigned i = 0; i < d->ranges.length(); i++)
    if (d->ranges[i].first == t) {
      *lo = d->ranges[i].second.first;
      *hi = d->ranges[i].second.second;
      return true;
    }
  return false;
}

static void aff_free(aff *a)
{
  a->terms.release();
}

static aff aff_unknown(void)
{
  aff a = {};
  a.unknown = true;
  return a;
}

static aff aff_copy(const aff *x)
{
  aff a = *x;
  a.terms = x->terms.copy();
  return a;
}

static void add_term(aff *a, tree t, HOST_WIDE_INT f)
{
  for (unsigned i = 0; i < a->terms.length(); i++)
    if (a->terms[i].first == t) {
      a->terms[i].second += f;
      return;
    }
  a->terms.safe_push(std::make_pair(t, f));
}

/* A + S * B (S = 1 or -1); B must not have a base when S is -1. */
static aff aff_add(aff *x, aff *y, HOST_WIDE_INT s)
{
  if (x->unknown || y->unknown || (x->base && y->base)
      || (y->base && s != 1))
    return aff_unknown();
  aff a = aff_copy(x);
  if (y->base)
    a.base = y->base;
  a.coef += s * y->coef;
  a.cst += s * y->cst;
  for (unsigned i = 0; i < y->terms.length(); i++)
    add_term(&a, y->terms[i].first, s * y->terms[i].second);
  return a;
}

static aff aff_scale(aff *x, HOST_WIDE_INT k)
{
  if (x->unknown || x->base)
    return aff_unknown();
  aff a = aff_copy(x);
  a.coef *= k;
  a.cst *= k;
  for (unsigned i = 0; i < a.terms.length(); i++)
    a.terms[i].second *= k;
  return a;
}

static bool scalar_p(tree t)
{
  return TREE_CODE(t) == SSA_NAME
         || ((VAR_P(t) || TREE_CODE(t) == PARM_DECL)
             && is_gimple_reg_type(TREE_TYPE(t)));
}

static aff eval(dctx *d, tree t);

/* Address of the lvalue T. */
static aff eval_addr(dctx *d, tree t)
{
  switch (TREE_CODE(t)) {
  case VAR_DECL:
  case PARM_DECL: {
    aff a = {};
    a.base = t;
    return a;
  }
  case MEM_REF: {
    aff p = eval(d, TREE_OPERAND(t, 0));
    if (p.unknown || !tree_fits_shwi_p(TREE_OPERAND(t, 1)))
      return p;
    p.cst += tree_to_shwi(TREE_OPERAND(t, 1));
    return p;
  }
  case ARRAY_REF: {
    tree esz = array_ref_element_size(t);
    if (!tree_fits_shwi_p(esz) || !integer_zerop(array_ref_low_bound(t)))
      return aff_unknown();
    aff b = eval_addr(d, TREE_OPERAND(t, 0));
    aff i = eval(d, TREE_OPERAND(t, 1));
    aff s = aff_scale(&i, tree_to_shwi(esz));
    aff r = aff_add(&b, &s, 1);
    aff_free(&b);
    aff_free(&i);
    aff_free(&s);
    return r;
  }
  case COMPONENT_REF: {
    tree f = TREE_OPERAND(t, 1);
    if (!tree_fits_shwi_p(DECL_FIELD_OFFSET(f)) || DECL_BIT_FIELD(f))
      return aff_unknown();
    aff b = eval_addr(d, TREE_OPERAND(t, 0));
    if (!b.unknown)
      b.cst += tree_to_shwi(DECL_FIELD_OFFSET(f))
               + tree_to_shwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT;
    return b;
  }
  default:
    return aff_unknown();
  }
}

static aff eval(dctx *d, tree t)
{
  aff a = {};
  if (TREE_CODE(t) == INTEGER_CST) {
    if (!tree_fits_shwi_p(t))
      return aff_unknown();
    a.cst = tree_to_shwi(t);
    return a;
  }
  if (t == d->index) {
    a.coef = 1;
    return a;
  }
  HOST_WIDE_INT lo, hi;
  if (range_of(d, t, &lo, &hi)) {
    add_term(&a, t, 1); /* an inner loop's index: a ranged symbol */
    return a;
  }
  if (d->opaque.contains(t))
    return aff_unknown();
  if (scalar_p(t)) {
    int *k = d->val_idx->get(t);
    if (k)
      return aff_copy(&d->vals[*k]);
    if (d->assigned.contains(t))
      return aff_unknown(); /* read before written: not analysable */
    if (POINTER_TYPE_P(TREE_TYPE(t)))
      a.base = t;
    else
      add_term(&a, t, 1);
    return a;
  }
  if (TREE_CODE(t) == ADDR_EXPR)
    return eval_addr(d, TREE_OPERAND(t, 0));
  return aff_unknown();
}

/* Symbolic value of the right-hand side of assignment S. */
static aff eval_rhs(dctx *d, gimple *s)
{
  enum tree_code code = gimple_assign_rhs_code(s);
  tree x = gimple_assign_rhs1(s);
  switch (code) {
  case NOP_EXPR:
  case CONVERT_EXPR:
    if (!INTEGRAL_TYPE_P(TREE_TYPE(x)) && !POINTER_TYPE_P(TREE_TYPE(x)))
      return aff_unknown();
    return eval(d, x);
  case PLUS_EXPR:
  case MINUS_EXPR:
  case POINTER_PLUS_EXPR: {
    aff p = eval(d, x), q = eval(d, gimple_assign_rhs2(s));
    aff r = aff_add(&p, &q, code == MINUS_EXPR ? -1 : 1);
    aff_free(&p);
    aff_free(&q);
    return r;
  }
  case MULT_EXPR: {
    tree y = gimple_assign_rhs2(s);
    if (TREE_CODE(y) != INTEGER_CST || !tree_fits_shwi_p(y))
      return aff_unknown();
    aff p = eval(d, x);
    aff r = aff_scale(&p, tree_to_shwi(y));
    aff_free(&p);
    return r;
  }
  default:
    if (get_gimple_rhs_class(code) == GIMPLE_SINGLE_RHS && scalar_p(x))
      return eval(d, x);
    return aff_unknown();
  }
}

static void note_access(dctx *d, tree ref, bool store)
{
  if (scalar_p(ref) || TREE_CODE(ref) == INTEGER_CST
      || TREE_CODE(ref) == REAL_CST || TREE_CODE(ref) == ADDR_EXPR)
    return;
  if (DECL_P(ref) && !store)
    return; /* an aggregate read as a whole: handled as invariant */
  mem_access a;
  a.a = eval_addr(d, ref);
  a.store = store;
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(ref));
  a.size = sz && tree_fits_shwi_p(sz) ? tree_to_shwi(sz) : 0;
  if (a.a.unknown || !a.a.base || !a.size)
    d->bad = true;
  d->acc.safe_push(a);
}

static void walk_body(dctx *d, gimple_seq seq);

static void body_stmt(dctx *d, gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    for (tree v = gimple_bind_vars(as_a<gbind *>(s)); v; v = DECL_CHAIN(v))
      d->body_vars.safe_push(v);
    walk_body(d, gimple_bind_body(as_a<gbind *>(s)));
    return;
  case GIMPLE_ASSIGN: {
    if (gimple_clobber_p(s))
      return;
    tree lhs = gimple_assign_lhs(s);
    for (unsigned i = 1; i < gimple_num_ops(s); i++)
      if (gimple_op(s, i))
        note_access(d, gimple_op(s, i), false);
    if (scalar_p(lhs)) {
      if (lhs == d->index) {
        d->bad = true;
        return;
      }
      if (!d->assigned.contains(lhs))
        d->assigned.safe_push(lhs);
      HOST_WIDE_INT lo, hi;
      if (range_of(d, lhs, &lo, &hi) || d->opaque.contains(lhs))
        return; /* inner index or carried scalar: stays symbolic/unknown */
      aff v = eval_rhs(d, s);
      int *k = d->val_idx->get(lhs);
      if (k) {
        aff_free(&d->vals[*k]);
        d->vals[*k] = v;
      } else {
        d->val_idx->put(lhs, d->vals.length());
        d->vals.safe_push(v);
      }
    } else
      note_access(d, lhs, true);
    return;
  }
  case GIMPLE_CALL: {
    tree fn = gimple_call_fndecl(s);
    if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL)
        || !gimple_call_lhs(s) || !scalar_p(gimple_call_lhs(s))) {
      d->bad = true;
      return;
    }
    for (unsigned i = 0; i < gimple_call_num_args(s); i++)
      if (!is_gimple_val(gimple_call_arg(s, i))
          || POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(s, i))))
        d->bad = true;
    tree lhs = gimple_call_lhs(s);
    if (!d->assigned.contains(lhs))
      d->assigned.safe_push(lhs);
    int *k = d->val_idx->get(lhs);
    if (k) {
      aff_free(&d->vals[*k]);
      d->vals[*k] = aff_unknown();
    } else {
      d->val_idx->put(lhs, d->vals.length());
      d->vals.safe_push(aff_unknown());
    }
    return;
  }
  case GIMPLE_LABEL:
    d->labels_def.safe_push(gimple_label_label(as_a<glabel *>(s)));
    return;
  case GIMPLE_GOTO:
    if (TREE_CODE(gimple_goto_dest(s)) != LABEL_DECL)
      d->bad = true;
    else
      d->labels_used.safe_push(gimple_goto_dest(s));
    return;
  case GIMPLE_COND:
    if (gimple_cond_true_label(as_a<gcond *>(s)))
      d->labels_used.safe_push(gimple_cond_true_label(as_a<gcond *>(s)));
    if (gimple_cond_false_label(as_a<gcond *>(s)))
      d->labels_used.safe_push(gimple_cond_false_label(as_a<gcond *>(s)));
    return;
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
  case GIMPLE_DEBUG:
    return;
  default:
    d->bad = true; /* switches, returns, OMP, ... */
  }
}

static bool match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l);

/* Scalars assigned between FIRST and STOP (linear order, into binds) that
   are read there before being written: carried across that loop's
   iterations.  Adds them to D->opaque. */
static void collect_assigned(gimple *first, gimple *stop, vec<tree> *out,
                             bool *hit_stop);

static void collect_assigned_seq(gimple_seq seq, gimple *stop, vec<tree> *out,
                                 bool *hit_stop)
{
  gimple *f = gimple_seq_first_stmt(seq);
  if (f)
    collect_assigned(f, stop, out, hit_stop);
}

static void collect_assigned(gimple *first, gimple *stop, vec<tree> *out,
                             bool *hit_stop)
{
  for (gimple *s = first; s && !*hit_stop; s = s->next) {
    if (s == stop) {
      *hit_stop = true;
      return;
    }
    if (gimple_code(s) == GIMPLE_BIND)
      collect_assigned_seq(gimple_bind_body(as_a<gbind *>(s)), stop, out,
                           hit_stop);
    else if (gimple_code(s) == GIMPLE_ASSIGN
             && scalar_p(gimple_assign_lhs(s))
             && !out->contains(gimple_assign_lhs(s)))
      out->safe_push(gimple_assign_lhs(s));
    else if (gimple_code(s) == GIMPLE_CALL && gimple_call_lhs(s)
             && scalar_p(gimple_call_lhs(s))
             && !out->contains(gimple_call_lhs(s)))
      out->safe_push(gimple_call_lhs(s));
  }
}

struct carry_ctx {
  vec<tree> *assigned, *defined, *carried;
};

static tree carry_use(tree *tp, int *walk, void *data)
{
  carry_ctx *c = (carry_ctx *)data;
  if (TYPE_P(*tp))
    *walk = 0;
  else if (scalar_p(*tp) && c->assigned->contains(*tp)
           && !c->defined->contains(*tp) && !c->carried->contains(*tp))
    c->carried->safe_push(*tp);
  return NULL_TREE;
}

static void carried_in(gimple *first, gimple *stop, carry_ctx *c, bool *done)
{
  for (gimple *s = first; s && !*done; s = s->next) {
    if (s == stop) {
      *done = true;
      return;
    }
    if (gimple_code(s) == GIMPLE_BIND) {
      gimple *f = gimple_seq_first_stmt(gimple_bind_body(as_a<gbind *>(s)));
      if (f)
        carried_in(f, stop, c, done);
      continue;
    }
    unsigned first_op = gimple_code(s) == GIMPLE_ASSIGN ? 1
                        : gimple_code(s) == GIMPLE_CALL ? 3 : 0;
    for (unsigned i = first_op; i < gimple_num_ops(s); i++)
      if (gimple_op(s, i)) {
        tree op = gimple_op(s, i);
        walk_tree(&op, carry_use, c, NULL);
      }
    tree lhs = gimple_code(s) == GIMPLE_ASSIGN ? gimple_assign_lhs(s)
               : gimple_code(s) == GIMPLE_CALL ? gimple_call_lhs(s)
                                               : NULL_TREE;
    if (lhs && !scalar_p(lhs))
      walk_tree(&lhs, carry_use, c, NULL);
    else if (lhs && !c->defined->contains(lhs))
      c->defined->safe_push(lhs);
  }
}

/* Finds the inner loops of the body (any depth): records their index
   ranges and the scalars their iterations carry. */
static void scan_inner(dctx *d, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      scan_inner(d, gimple_bind_body(as_a<gbind *>(s)));
      continue;
    }
    kg_plain_loop l = {};
    if (!match_loop(gsi, &l))
      continue;
    if (TREE_CODE(l.n1) == INTEGER_CST && TREE_CODE(l.n2) == INTEGER_CST
        && tree_fits_shwi_p(l.n1) && tree_fits_shwi_p(l.n2)
        && tree_fits_shwi_p(l.step) && !l.test_first) {
      HOST_WIDE_INT a = tree_to_shwi(l.n1), b = tree_to_shwi(l.n2);
      HOST_WIDE_INT st = tree_to_shwi(l.step);
      if (l.cond == LT_EXPR)
        b -= 1;
      else if (l.cond == GT_EXPR)
        b += 1;
      HOST_WIDE_INT lo = MIN(a, b), hi = MAX(a, b);
      if ((st > 0 && b < a) || (st < 0 && b > a))
        lo = hi = a; /* no iteration */
      d->ranges.safe_push(std::make_pair(l.index, std::make_pair(lo, hi)));
    } else
      d->opaque.safe_push(l.index);
    vec<tree> assigned = vNULL, defined = vNULL, carried = vNULL;
    bool stop = false;
    collect_assigned(l.first_body, l.incr, &assigned, &stop);
    carry_ctx c = {&assigned, &defined, &carried};
    stop = false;
    carried_in(l.first_body, l.incr, &c, &stop);
    for (unsigned i = 0; i < carried.length(); i++)
      if (carried[i] != l.index && !d->opaque.contains(carried[i]))
        d->opaque.safe_push(carried[i]);
    assigned.release();
    defined.release();
    carried.release();
  }
}

static void walk_body(dctx *d, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi) && !d->bad;
       gsi_next(&gsi))
    body_stmt(d, gsi_stmt(gsi));
}

/* Scalars read before their first write in the body, i.e. values that
   flow from one iteration to the next, or from before the loop. */
static tree first_use_check(tree *tp, int *walk, void *data)
{
  dctx *d = (dctx *)data;
  if (TYPE_P(*tp))
    *walk = 0;
  else if (scalar_p(*tp) && d->assigned.contains(*tp)
           && !d->used_before_def.contains(*tp))
    d->used_before_def.safe_push(*tp);
  return NULL_TREE;
}

static void upward_exposed(dctx *d, gimple_seq seq, vec<tree> *defined)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      upward_exposed(d, gimple_bind_body(as_a<gbind *>(s)), defined);
      continue;
    }
    unsigned first = 0;
    tree lhs = NULL_TREE;
    if (gimple_code(s) == GIMPLE_ASSIGN) {
      lhs = gimple_assign_lhs(s);
      first = 1;
    } else if (gimple_code(s) == GIMPLE_CALL) {
      lhs = gimple_call_lhs(s);
      first = 3;
    }
    for (unsigned i = first; i < gimple_num_ops(s); i++) {
      tree op = gimple_op(s, i);
      if (!op)
        continue;
      unsigned before = d->used_before_def.length();
      walk_tree(&op, first_use_check, d, NULL);
      /* Uses of scalars already defined in this iteration are fine. */
      for (unsigned k = before; k < d->used_before_def.length();)
        if (defined->contains(d->used_before_def[k]))
          d->used_before_def.ordered_remove(k);
        else
          k++;
    }
    if (lhs && !scalar_p(lhs)) {
      /* Scalars in the address of a store are uses too. */
      unsigned before = d->used_before_def.length();
      walk_tree(&lhs, first_use_check, d, NULL);
      for (unsigned k = before; k < d->used_before_def.length();)
        if (defined->contains(d->used_before_def[k]))
          d->used_before_def.ordered_remove(k);
        else
          k++;
    } else if (lhs && !defined->contains(lhs))
      defined->safe_push(lhs);
  }
}

/* The invariant symbolic terms of X and Y (inner indices excluded) are
   equal. */
static bool same_terms(const dctx *d, const aff *x, const aff *y)
{
  HOST_WIDE_INT lo, hi;
  for (int pass = 0; pass < 2; pass++) {
    const aff *p = pass ? y : x, *q = pass ? x : y;
    for (unsigned i = 0; i < p->terms.length(); i++) {
      tree t = p->terms[i].first;
      HOST_WIDE_INT f = p->terms[i].second;
      if (!f || range_of(d, t, &lo, &hi))
        continue;
      bool found = false;
      for (unsigned j = 0; j < q->terms.length(); j++)
        if (q->terms[j].first == t && q->terms[j].second == f)
          found = true;
      if (!found)
        return false;
    }
  }
  return true;
}

/* Smallest and largest constant offset of A over its inner indices. */
static void offset_range(const dctx *d, const aff *a, HOST_WIDE_INT *kmin,
                         HOST_WIDE_INT *kmax)
{
  *kmin = *kmax = a->cst;
  for (unsigned i = 0; i < a->terms.length(); i++) {
    HOST_WIDE_INT lo, hi, f = a->terms[i].second;
    if (!range_of(d, a->terms[i].first, &lo, &hi))
      continue;
    *kmin += f > 0 ? f * lo : f * hi;
    *kmax += f > 0 ? f * hi : f * lo;
  }
}

static HOST_WIDE_INT floor_div(HOST_WIDE_INT a, HOST_WIDE_INT b)
{
  HOST_WIDE_INT q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* True when accesses X and Y (same base) can touch the same bytes in two
   different iterations i1 != i2 of the loop: X covers [c*i1 + kminX,
   c*i1 + kmaxX + sX), Y likewise; they meet iff some integer D = i2 - i1
   != 0 has  kminX - kmaxY - sY < c*D < kmaxX + sX - kminY. */
static bool carried(const dctx *d, const mem_access *x, const mem_access *y)
{
  if (!same_terms(d, &x->a, &y->a) || x->a.coef != y->a.coef)
    return true;
  HOST_WIDE_INT c = x->a.coef;
  HOST_WIDE_INT xmin, xmax, ymin, ymax;
  offset_range(d, &x->a, &xmin, &xmax);
  offset_range(d, &y->a, &ymin, &ymax);
  HOST_WIDE_INT lo = xmin - ymax - y->size, hi = xmax + x->size - ymin;
  if (c == 0)
    return lo < 0 && 0 < hi; /* the same bytes in every iteration */
  if (c < 0)
    c = -c;
  HOST_WIDE_INT dmin = floor_div(lo, c) + 1;
  HOST_WIDE_INT dmax = -floor_div(-hi, c) - 1;
  if (dmin > dmax)
    return false;
  return !(dmin == 0 && dmax == 0);
}

/* Decides whether BODY (statements strictly between the body label and
   the increment) of the loop over INDEX can run its iterations in
   parallel. */
static bool independent_p(tree index, gimple_seq body)
{
  dctx d = {};
  d.index = index;
  d.val_idx = new hash_map<tree, int>;
  scan_inner(&d, body);
  walk_body(&d, body);
  bool ok = !d.bad;
  /* Jumps stay inside the body (no break out of the loop). */
  for (unsigned i = 0; ok && i < d.labels_used.length(); i++)
    if (!d.labels_def.contains(d.labels_used[i]))
      ok = false;
  /* Scalars assigned in the body must be private to an iteration. */
  for (unsigned i = 0; ok && i < d.assigned.length(); i++) {
    tree v = d.assigned[i];
    if (TREE_CODE(v) != SSA_NAME && !DECL_ARTIFICIAL(v)
        && !d.body_vars.contains(v))
      ok = false;
  }
  if (ok) {
    vec<tree> defined = vNULL;
    upward_exposed(&d, body, &defined);
    ok = d.used_before_def.is_empty();
    defined.release();
  }
  for (unsigned i = 0; ok && i < d.acc.length(); i++)
    for (unsigned j = 0; ok && j < d.acc.length(); j++) {
      mem_access *x = &d.acc[i], *y = &d.acc[j];
      if (!x->store || x->a.base != y->a.base)
        continue;
      if (carried(&d, x, y))
        ok = false;
    }
  for (unsigned i = 0; i < d.acc.length(); i++)
    aff_free(&d.acc[i].a);
  for (unsigned i = 0; i < d.vals.length(); i++)
    aff_free(&d.vals[i]);
  d.acc.release();
  d.vals.release();
  d.assigned.release();
  d.body_vars.release();
  d.used_before_def.release();
  d.ranges.release();
  d.opaque.release();
  d.labels_def.release();
  d.labels_used.release();
  delete d.val_idx;
  return ok;
}

/* Matches the C front end's loop shape starting at GSI; fills L. */
static bool match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l)
{
  gimple *s = gsi_stmt(gsi);
  if (gimple_code(s) != GIMPLE_ASSIGN || !gimple_assign_single_p(s))
    return false;
  tree i = gimple_assign_lhs(s);
  if (!VAR_P(i) || !INTEGRAL_TYPE_P(TREE_TYPE(i)) || TREE_ADDRESSABLE(i)
      || !is_gimple_val(gimple_assign_rhs1(s)))
    return false;
  l->init = s;
  l->index = i;
  l->n1 = gimple_assign_rhs1(s);
  gsi_next_nondebug(&gsi);
  if (gsi_end_p(gsi) || gimple_code(gsi_stmt(gsi)) != GIMPLE_GOTO)
    return false;
  tree ltest = gimple_goto_dest(gsi_stmt(gsi));
  gsi_next_nondebug(&gsi);
  if (gsi_end_p(gsi) || gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL)
    return false;
  tree lbody = gimple_label_label(as_a<glabel *>(gsi_stmt(gsi)));
  gsi_next_nondebug(&gsi);
  gimple *first = gsi_end_p(gsi) ? NULL : gsi_stmt(gsi);
  l->first_body = first;
  /* Find  i = i + STEP; test: if (i CMP N2) goto body; else goto exit; */
  for (; !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *t = gsi_stmt(gsi);
    if (gimple_code(t) == GIMPLE_LABEL
        && gimple_label_label(as_a<glabel *>(t)) == ltest)
      break;
  }
  if (gsi_end_p(gsi))
    return false;
  gimple *incr = gsi_stmt(gsi)->prev;
  while (incr && is_gimple_debug(incr))
    incr = incr->prev;
  if (!incr || incr == first || gimple_code(incr) != GIMPLE_ASSIGN
      || gimple_assign_lhs(incr) != i
      || gimple_assign_rhs_code(incr) != PLUS_EXPR
      || gimple_assign_rhs1(incr) != i
      || TREE_CODE(gimple_assign_rhs2(incr)) != INTEGER_CST
      || integer_zerop(gimple_assign_rhs2(incr)))
    return false;
  l->incr = incr;
  l->step = gimple_assign_rhs2(incr);
  gsi_next_nondebug(&gsi);
  /* The bound may be computed after the test label (D.1 = n / 2). */
  l->test_first = NULL;
  while (!gsi_end_p(gsi) && gimple_code(gsi_stmt(gsi)) == GIMPLE_ASSIGN) {
    gimple *t = gsi_stmt(gsi);
    tree lhs = gimple_assign_lhs(t);
    if (!scalar_p(lhs) || lhs == i)
      return false;
    for (unsigned k = 1; k < gimple_num_ops(t); k++) {
      tree op = gimple_op(t, k);
      if (op == i || (op && !is_gimple_val(op)))
        return false;
    }
    if (!l->test_first)
      l->test_first = t;
    gsi_next_nondebug(&gsi);
  }
  if (gsi_end_p(gsi) || gimple_code(gsi_stmt(gsi)) != GIMPLE_COND)
    return false;
  gcond *c = as_a<gcond *>(gsi_stmt(gsi));
  l->cond_stmt = c;
  if (gimple_cond_true_label(c) != lbody || !gimple_cond_false_label(c))
    return false;
  if (gimple_cond_lhs(c) == i) {
    l->cond = gimple_cond_code(c);
    l->n2 = gimple_cond_rhs(c);
  } else if (gimple_cond_rhs(c) == i) {
    l->cond = swap_tree_comparison(gimple_cond_code(c));
    l->n2 = gimple_cond_lhs(c);
  } else
    return false;
  if (l->cond != LT_EXPR && l->cond != LE_EXPR && l->cond != GT_EXPR
      && l->cond != GE_EXPR)
    return false;
  if ((l->cond == LT_EXPR || l->cond == LE_EXPR)
      != (tree_int_cst_sgn(l->step) > 0))
    return false;
  gsi_next_nondebug(&gsi);
  if (gsi_end_p(gsi) || gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL
      || gimple_label_label(as_a<glabel *>(gsi_stmt(gsi)))
             != gimple_cond_false_label(c))
    return false;
  l->exit = gsi_stmt(gsi);
  return true;
}

/* The body statements [FIRST, INCR) as a detached copy of the chain for
   analysis (the statements themselves are shared, not modified). */
static bool loop_independent(kg_plain_loop *l)
{
  /* Build a temporary sequence view: GIMPLE sequences are linked through
     prev/next, so walk them directly. */
  gimple_seq body = NULL;
  vec<gimple *> stmts = vNULL;
  for (gimple *s = l->first_body; s && s != l->incr; s = s->next)
    stmts.safe_push(s);
  /* N2 must not change in the loop. */
  bool inv = TREE_CODE(l->n2) == INTEGER_CST || TREE_CODE(l->n2) == SSA_NAME
             || DECL_P(l->n2);
  bool ok = inv;
  if (ok) {
    /* Relink a private copy of the statement list. */
    for (unsigned k = 0; k < stmts.length(); k++) {
      gimple *c = gimple_copy(stmts[k]);
      gimple_seq_add_stmt_without_update(&body, c);
    }
    ok = independent_p(l->index, body);
    /* N2 and what computes it are evaluated once, before the loop: the
       body must not assign anything they read. */
    for (unsigned k = 0; ok && k < stmts.length(); k++) {
      if (gimple_code(stmts[k]) != GIMPLE_ASSIGN)
        continue;
      tree lhs = gimple_assign_lhs(stmts[k]);
      if (lhs == l->n2)
        ok = false;
      for (gimple *t = l->test_first; ok && t && t != l->cond_stmt;
           t = t->next)
        for (unsigned o = 0; o < gimple_num_ops(t); o++)
          if (gimple_op(t, o) == lhs)
            ok = false;
    }
  }
  stmts.release();
  return ok;
}

static void find_in_seq(gimple_seq seq, vec<kg_plain_loop> *out,
                        vec<location_t> *rejected)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      find_in_seq(gimple_bind_body(as_a<gbind *>(s)), out, rejected);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      find_in_seq(gimple_try_eval(s), out, rejected);
      continue;
    }
    kg_plain_loop l = {};
    if (!match_loop(gsi, &l))
      continue;
    if (loop_independent(&l))
      out->safe_push(l);
    else if (rejected)
      rejected->safe_push(gimple_location(l.init));
    /* Skip to the loop's exit label: inner loops stay sequential. */
    while (!gsi_end_p(gsi) && gsi_stmt(gsi) != l.exit)
      gsi_next(&gsi);
    if (gsi_end_p(gsi))
      break;
  }
}

void kg_find_parallel_plain_loops(gimple_seq seq, vec<kg_plain_loop> *out,
                                  vec<location_t> *rejected)
{
  find_in_seq(seq, out, rejected);
}

bool kg_omp_loop_independent(gomp_for *f)
{
  if (gimple_omp_for_collapse(f) != 1)
    return false;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      return false;
  return independent_p(gimple_omp_for_index(f, 0), gimple_omp_body(f));
}
