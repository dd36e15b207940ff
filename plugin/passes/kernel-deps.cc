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
  bool bad;
};

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
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
  case GIMPLE_DEBUG:
    return;
  default:
    d->bad = true; /* labels, jumps, conditions, OMP, ... */
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

static HOST_WIDE_INT absu_hwi_s(HOST_WIDE_INT x)
{
  return x < 0 ? -x : x;
}

static bool same_terms(const aff *x, const aff *y)
{
  unsigned nx = 0, ny = 0;
  for (unsigned i = 0; i < x->terms.length(); i++)
    nx += x->terms[i].second != 0;
  for (unsigned i = 0; i < y->terms.length(); i++)
    ny += y->terms[i].second != 0;
  if (nx != ny)
    return false;
  for (unsigned i = 0; i < x->terms.length(); i++) {
    if (!x->terms[i].second)
      continue;
    bool found = false;
    for (unsigned j = 0; j < y->terms.length(); j++)
      if (y->terms[j].first == x->terms[i].first
          && y->terms[j].second == x->terms[i].second)
        found = true;
    if (!found)
      return false;
  }
  return true;
}

/* True when accesses X and Y (same base) can touch the same bytes in two
   different iterations. */
static bool carried(const mem_access *x, const mem_access *y)
{
  if (!same_terms(&x->a, &y->a) || x->a.coef != y->a.coef)
    return true;
  HOST_WIDE_INT c = x->a.coef, dlt = x->a.cst - y->a.cst;
  HOST_WIDE_INT s = MAX(x->size, y->size);
  if (c == 0)
    return true; /* the same place in every iteration */
  if (c < 0) {
    c = -c;
    dlt = -dlt;
  }
  HOST_WIDE_INT lim = (absu_hwi_s(dlt) + s) / c + 2;
  for (HOST_WIDE_INT k = -lim; k <= lim; k++)
    if (k != 0 && absu_hwi_s(c * k + dlt) < s)
      return true;
  return false;
}

/* Decides whether BODY (statements strictly between the body label and
   the increment) of the loop over INDEX can run its iterations in
   parallel. */
static bool independent_p(tree index, gimple_seq body)
{
  dctx d = {};
  d.index = index;
  d.val_idx = new hash_map<tree, int>;
  walk_body(&d, body);
  bool ok = !d.bad;
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
      if (carried(x, y))
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

static void find_in_seq(gimple_seq seq, vec<kg_plain_loop> *out)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      find_in_seq(gimple_bind_body(as_a<gbind *>(s)), out);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      find_in_seq(gimple_try_eval(s), out);
      continue;
    }
    kg_plain_loop l = {};
    if (!match_loop(gsi, &l))
      continue;
    if (loop_independent(&l))
      out->safe_push(l);
    /* Skip to the loop's exit label: inner loops stay sequential. */
    while (!gsi_end_p(gsi) && gsi_stmt(gsi) != l.exit)
      gsi_next(&gsi);
    if (gsi_end_p(gsi))
      break;
  }
}

void kg_find_parallel_plain_loops(gimple_seq seq, vec<kg_plain_loop> *out)
{
  find_in_seq(seq, out);
}
