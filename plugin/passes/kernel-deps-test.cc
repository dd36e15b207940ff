/* kernel-deps-test.cc — the dependence test on the accesses a walk found,
 * and the analysis of one loop: may its iterations run in parallel? */
#include "passes/kernel-deps-internal.h"
#include "passes/flow.h"
#include "passes/kernel-gen.h"
#include "reduction/reduction.h"

/* ---- the dependence test ---- */

/* Lower bounds of invariant symbols (from loops running at least once). */

/* NONNEG >= 0 holds; keeps what it says about one symbol. */
static void add_fact(dctx *d, facts *f, const poly *nonneg)
{
  if (nonneg->bad)
    return;
  int s = -1;
  HOST_WIDE_INT c = 0, k = 0;
  for (unsigned i = 0; i < nonneg->n; i++) {
    const term *t = &nonneg->t[i];
    if (t->m.n == 0)
      k = t->c;
    else if (t->m.n == 1 && s < 0 && d->syms[t->m.s[0]].loop == -1)
      s = t->m.s[0], c = t->c;
    else
      return;
  }
  if (s < 0 || c != 1)
    return; /* only lower bounds are used */
  if (!f->has[s] || f->lb[s] < -k)
    f->lb[s] = -k;
  f->has[s] = true;
}

/* What the loop and the loops around it running imply. */
static void add_loop_facts(dctx *d, facts *f)
{
  add_fact(d, f, &d->loopfact);
  for (unsigned k = 0; k < d->outer.length(); k++)
    add_fact(d, f, &d->outer[k]);
}

static void gather_facts(dctx *d, facts *f, const poly *p, vec<int> *seen)
{
  for (unsigned i = 0; i < p->n; i++)
    for (unsigned k = 0; k < p->t[i].m.n; k++) {
      int id = p->t[i].m.s[k];
      if (!d->syms[id].ranged || seen->contains(id))
        continue;
      seen->safe_push(id);
      poly lo = d->syms[id].lo, hi = d->syms[id].hi;
      poly span = kd_p_add(&hi, &lo, -1);
      add_fact(d, f, &span);
      gather_facts(d, f, &lo, seen);
      gather_facts(d, f, &hi, seen);
    }
}

/* True when P >= 0 follows from the facts: every symbol shifted to its
   lower bound leaves only nonnegative coefficients. */
static bool prove_nonneg(dctx *d, facts *f, const poly *p)
{
  poly q = *p;
  vec<int> ids = vNULL;
  for (unsigned i = 0; i < q.n; i++)
    for (unsigned k = 0; k < q.t[i].m.n; k++)
      if (!ids.contains(q.t[i].m.s[k]))
        ids.safe_push(q.t[i].m.s[k]);
  bool ok = !q.bad;
  for (unsigned i = 0; ok && i < ids.length(); i++) {
    int id = ids[i];
    if (d->syms[id].loop != -1 || !f->has[id]) {
      ok = false;
      break;
    }
    poly v = kd_p_const(f->lb[id]), s = kd_p_sym(id);
    v = kd_p_add(&v, &s, 1);
    q = kd_p_subst(&q, id, &v);
  }
  for (unsigned i = 0; ok && i < q.n; i++)
    ok = q.t[i].c >= 0;
  ids.release();
  return ok && !q.bad;
}

/* The sign of the invariant C (from what the loop's bounds imply). */
bool kd_prove_index_free(dctx *d, const poly *c, bool *pos)
{
  facts f;
  f.lb = vNULL;
  f.has = vNULL;
  f.lb.safe_grow_cleared(d->syms.length() + 1);
  f.has.safe_grow_cleared(d->syms.length() + 1);
  add_loop_facts(d, &f);
  poly z = kd_p_const(0), neg = kd_p_add(&z, c, -1);
  bool ok = true;
  if (prove_nonneg(d, &f, c))
    *pos = true;
  else if (prove_nonneg(d, &f, &neg))
    *pos = false;
  else
    ok = false;
  f.lb.release();
  f.has.release();
  return ok;
}

/* The smallest (or largest, MAX) value of P over the ranges of its inner
   indices, as a polynomial of invariants. */
static bool bound(dctx *d, facts *f, const poly *p, bool max, poly *out)
{
  poly q = *p;
  for (int iter = 0; iter < 32 && !q.bad; iter++) {
    vec<int> r = vNULL;
    for (unsigned i = 0; i < q.n; i++)
      for (unsigned k = 0; k < q.t[i].m.n; k++) {
        int id = q.t[i].m.s[k];
        if (d->syms[id].loop != -1 && !r.contains(id))
          r.safe_push(id);
      }
    if (r.is_empty()) {
      *out = q;
      return true;
    }
    /* An index no other one's range refers to goes first. */
    int pick = -1;
    for (unsigned a = 0; a < r.length() && pick < 0; a++) {
      bool used = !d->syms[r[a]].ranged;
      for (unsigned b = 0; b < r.length() && !used; b++)
        used = b != a && d->syms[r[b]].ranged
               && (kd_p_has(&d->syms[r[b]].lo, r[a])
                   || kd_p_has(&d->syms[r[b]].hi, r[a]));
      if (!used)
        pick = r[a];
    }
    bool any_ranged_coef = false;
    poly c, rest;
    bool ok = pick >= 0 && kd_p_split(&q, pick, &c, &rest);
    for (unsigned a = 0; ok && a < r.length(); a++)
      any_ranged_coef |= kd_p_has(&c, r[a]);
    r.release();
    if (!ok || any_ranged_coef)
      return false;
    poly neg = kd_p_const(0);
    neg = kd_p_add(&neg, &c, -1);
    bool pos = prove_nonneg(d, f, &c);
    if (!pos && !prove_nonneg(d, f, &neg))
      return false;
    const poly *b = max == pos ? &d->syms[pick].hi : &d->syms[pick].lo;
    poly cb = kd_p_mul(&c, b);
    q = kd_p_add(&rest, &cb, 1);
  }
  return false;
}

/* The copy of inner index ID standing for another iteration. */
static int twin(dctx *d, int id);

static poly rename(dctx *d, const poly *p)
{
  poly q = *p;
  for (unsigned i = 0; i < p->n; i++)
    for (unsigned k = 0; k < p->t[i].m.n; k++) {
      int id = p->t[i].m.s[k];
      if (d->syms[id].loop >= 0 && d->syms[id].inst == 0) {
        poly t = kd_p_sym(twin(d, id));
        q = kd_p_subst(&q, id, &t);
      }
    }
  return q;
}

static int twin(dctx *d, int id)
{
  if (d->syms[id].twin >= 0)
    return d->syms[id].twin;
  sym s = d->syms[id];
  s.inst = 1;
  s.twin = -1;
  d->syms.safe_push(s);
  int t = (int)d->syms.length() - 1;
  d->syms[id].twin = t;
  poly lo = rename(d, &s.lo), hi = rename(d, &s.hi);
  d->syms[t].lo = lo;
  d->syms[t].hi = hi;
  return t;
}

/* True when X (a store) and Y may touch the same bytes in two different
   iterations: addresses S*i + F; with S > 0 (or < 0) and G = F_Y - F_X
   over all inner indices, iterations d = i2 - i1 != 0 are disjoint when
   |S| + min G >= size X and |S| - max G >= size Y. */
static bool carried_1(dctx *d, const poly *px, HOST_WIDE_INT xsize,
                      const poly *py, HOST_WIDE_INT ysize)
{
  poly sx, fx, sy, fy;
  if (!kd_p_split(px, d->isym, &sx, &fx) || !kd_p_split(py, d->isym, &sy, &fy)
      || !kd_p_eq(&sx, &sy))
    return true;
  for (unsigned i = 0; i < sx.n; i++)
    for (unsigned k = 0; k < sx.t[i].m.n; k++)
      if (d->syms[sx.t[i].m.s[k]].loop != -1)
        return true;
  poly fy1 = rename(d, &fy);
  poly g = kd_p_add(&fy1, &fx, -1);
  facts f;
  f.lb = vNULL;
  f.has = vNULL;
  vec<int> seen = vNULL;
  bool dep = true;
  poly gmin, gmax;
  /* Range facts may add twins: size the tables afterwards. */
  rename(d, &g);
  f.lb.safe_grow_cleared(d->syms.length() + 1);
  f.has.safe_grow_cleared(d->syms.length() + 1);
  add_loop_facts(d, &f);
  gather_facts(d, &f, &g, &seen);
  gather_facts(d, &f, &sx, &seen);
  if (bound(d, &f, &g, false, &gmin) && bound(d, &f, &g, true, &gmax)) {
    poly zero = kd_p_const(0), one = kd_p_const(1);
    if (sx.n == 0) {
      /* The same addresses in every iteration: disjoint or dependent. */
      poly a = kd_p_const(-xsize), b = kd_p_const(-ysize);
      a = kd_p_add(&a, &gmin, 1);           /* min G - size X >= 0 */
      poly mg = kd_p_add(&zero, &gmax, -1);
      b = kd_p_add(&b, &mg, 1);             /* -max G - size Y >= 0 */
      dep = !prove_nonneg(d, &f, &a) && !prove_nonneg(d, &f, &b);
    } else {
      poly s = sx, sm1 = kd_p_add(&sx, &one, -1);
      if (!prove_nonneg(d, &f, &sm1)) {
        s = kd_p_add(&zero, &sx, -1);
        sm1 = kd_p_add(&s, &one, -1);
      }
      if (prove_nonneg(d, &f, &sm1)) {
        /* Two iterations differ by a multiple of the step. */
        poly st = kd_p_const(d->istep < 0 ? -d->istep : d->istep);
        s = kd_p_mul(&s, &st);
        poly a = kd_p_add(&s, &gmin, 1), b = kd_p_add(&s, &gmax, -1);
        poly sxs = kd_p_const(xsize), sys = kd_p_const(ysize);
        a = kd_p_add(&a, &sxs, -1);
        b = kd_p_add(&b, &sys, -1);
        dep = !prove_nonneg(d, &f, &a) || !prove_nonneg(d, &f, &b);
      }
    }
  }
  seen.release();
  f.lb.release();
  f.has.release();
  return dep;
}

/* What is known about the symbols of X and Y in the loop: the loop index
   ranged over its iterations, the enclosing loops' and the symbols' own
   facts.  Undone by facts_done. */
static void facts_for_pair(dctx *d, facts *f, const mem_access *x,
                           const mem_access *y)
{
  sym *is = &d->syms[d->isym];
  is->ranged = true;
  is->lo = d->ilo;
  is->hi = d->ihi;
  f->lb = vNULL;
  f->has = vNULL;
  f->lb.safe_grow_cleared(d->syms.length() + 1);
  f->has.safe_grow_cleared(d->syms.length() + 1);
  vec<int> seen = vNULL;
  add_loop_facts(d, f);
  gather_facts(d, f, &x->a.p, &seen);
  gather_facts(d, f, &y->a.p, &seen);
  seen.release();
}

static void facts_done(dctx *d, facts *f)
{
  d->syms[d->isym].ranged = false;
  f->lb.release();
  f->has.release();
}

/* The addresses X and Y take over the whole loop never meet. */
static bool ranges_disjoint(dctx *d, const mem_access *x, const mem_access *y)
{
  if (!d->irange)
    return false;
  facts f;
  facts_for_pair(d, &f, x, y);
  poly xl, xh, yl, yh;
  bool ok = bound(d, &f, &x->a.p, false, &xl) && bound(d, &f, &x->a.p, true, &xh)
            && bound(d, &f, &y->a.p, false, &yl)
            && bound(d, &f, &y->a.p, true, &yh);
  if (ok) {
    poly a = kd_p_add(&yl, &xh, -1), b = kd_p_add(&xl, &yh, -1);
    poly sx = kd_p_const(x->size), sy = kd_p_const(y->size);
    a = kd_p_add(&a, &sx, -1);
    b = kd_p_add(&b, &sy, -1);
    ok = prove_nonneg(d, &f, &a) || prove_nonneg(d, &f, &b);
  }
  facts_done(d, &f);
  return ok;
}

/* A - B as multisets of symbols, when B is contained in A. */
static bool mono_sub(const mono *a, const mono *b, mono *out)
{
  mono r = *a;
  for (unsigned k = 0; k < b->n; k++) {
    unsigned j = 0;
    while (j < r.n && r.s[j] != b->s[k])
      j++;
    if (j == r.n)
      return false;
    for (; j + 1 < r.n; j++)
      r.s[j] = r.s[j + 1];
    r.n--;
  }
  *out = r;
  return true;
}

/* P = T * Q + R, Q collecting the terms T divides. */
static bool split_by(const poly *p, const term *t, poly *q, poly *r)
{
  *q = kd_p_const(0);
  *r = kd_p_const(0);
  for (unsigned k = 0; k < p->n; k++) {
    mono m;
    if (p->t[k].c % t->c == 0 && mono_sub(&p->t[k].m, &t->m, &m))
      kd_p_addterm(q, p->t[k].c / t->c, &m);
    else
      kd_p_addterm(r, p->t[k].c, &p->t[k].m);
  }
  return !p->bad && !q->bad && !r->bad;
}

/* 0 <= P and P + SIZE <= T over all iterations and inner indices. */
static bool in_window(dctx *d, facts *f, const poly *p, HOST_WIDE_INT size,
                      const poly *t)
{
  poly lo, hi;
  if (!bound(d, f, p, false, &lo) || !bound(d, f, p, true, &hi))
    return false;
  poly sz = kd_p_const(size), room = kd_p_add(t, &hi, -1);
  room = kd_p_add(&room, &sz, -1);
  return prove_nonneg(d, f, &lo) && prove_nonneg(d, f, &room);
}

/* The other delinearization: addresses T*Q + P with the loop's index only
   in P, both P within one T (a[i + j*n] with 0 <= i < n): the accesses
   meet only where the P parts do, a one-subscript test. */
static bool split_dims_indep(dctx *d, const mem_access *x, const mem_access *y)
{
  if (!d->irange)
    return false;
  for (unsigned k = 0; k < x->a.p.n; k++) {
    term t = x->a.p.t[k];
    bool inner = false, idx = false;
    mono inv;
    inv.n = 0;
    for (unsigned j = 0; j < t.m.n; j++) {
      int id = t.m.s[j];
      inner |= d->syms[id].loop >= 0;
      idx |= id == d->isym;
      if (d->syms[id].loop == -1)
        inv.s[inv.n++] = t.m.s[j];
    }
    if (!inner || idx || t.c == 0)
      continue;
    t.m = inv;
    if (t.c < 0)
      t.c = -t.c;
    poly qx, px, qy, py, tp = kd_p_const(0);
    kd_p_addterm(&tp, t.c, &t.m);
    if (!split_by(&x->a.p, &t, &qx, &px) || !split_by(&y->a.p, &t, &qy, &py)
        || kd_p_has(&qx, d->isym) || kd_p_has(&qy, d->isym))
      continue;
    facts f;
    facts_for_pair(d, &f, x, y);
    poly one = kd_p_const(1), tm1 = kd_p_add(&tp, &one, -1);
    bool ok = prove_nonneg(d, &f, &tm1)
              && in_window(d, &f, &px, x->size, &tp)
              && in_window(d, &f, &py, y->size, &tp);
    facts_done(d, &f);
    if (ok && !carried_1(d, &px, x->size, &py, y->size))
      return true;
  }
  return false;
}

/* Accesses X (a store) and Y may meet in two different iterations: their
   byte ranges, or for elements of the same multi-dimensional array, one
   subscript that differs between any two iterations separates them. */
static bool carried(dctx *d, const mem_access *x, const mem_access *y)
{
  if (x->wild || y->wild)
    return true;
  if (x->nd && x->nd == y->nd && x->size == y->size
      && kd_a_eq(&x->array, &y->array)
      && TYPE_MAIN_VARIANT(x->atype) == TYPE_MAIN_VARIANT(y->atype))
    for (unsigned k = 0; k < x->nd; k++)
      if (!carried_1(d, &x->sub[k], 1, &y->sub[k], 1))
        return false;
  return carried_1(d, &x->a.p, x->size, &y->a.p, y->size)
         && !ranges_disjoint(d, x, y) && !split_dims_indep(d, x, y);
}

/* ---- one loop ---- */

tree kd_find_var_cb(tree *tp, int *walk, void *data)
{
  if (TYPE_P(*tp))
    *walk = 0;
  return *tp == (tree)data ? *tp : NULL_TREE;
}

/* Pushes pairs: a scalar assigned, the statement (as a tree pointer). */
static tree collect_lhs(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi)
{
  tree lhs = accgpu_lhs_of(gsi_stmt(*gsi));
  if (lhs) {
    ((vec<tree> *)wi->info)->safe_push(lhs);
    ((vec<tree> *)wi->info)->safe_push((tree)gsi_stmt(*gsi));
  }
  return NULL_TREE;
}



static bool stmt_refs(gimple *s, tree v)
{
  for (unsigned o = 0; o < gimple_num_ops(s); o++) {
    tree t = gimple_op(s, o);
    if (t && walk_tree(&t, kd_find_var_cb, v, NULL))
      return true;
  }
  return false;
}

/* S is `x = a OP b` (or x = fmax(a, b), fmin) with exactly one of A, B in
   IN; sets or checks *OP. */
static bool red_step(gimple *s, const vec<tree> &in, enum tree_code *op)
{
  enum tree_code c = accgpu_red_minmax_call(s);
  tree x, y;
  if (c != ERROR_MARK) {
    x = gimple_call_arg(s, 0);
    y = gimple_call_arg(s, 1);
  } else if (gimple_code(s) == GIMPLE_ASSIGN
             && get_gimple_rhs_class(gimple_assign_rhs_code(s))
                    == GIMPLE_BINARY_RHS) {
    c = gimple_assign_rhs_code(s);
    x = gimple_assign_rhs1(s);
    y = gimple_assign_rhs2(s);
  } else
    return false;
  bool a = in.contains(x);
  bool b = in.contains(y);
  if (a == b || !accgpu_red_update_code_p(c) ||
      (*op != ERROR_MARK && *op != c))
    return false;
  *op = c;
  return true;
}

/* At D->st[*P] (which reads V) a min or max update written with a
   comparison (`if (x > v) v = x`, `v = MAX(v, x)` as ?:), after a load
   `t = v` of a global: *P moved to its last statement, *OP merged (*OK
   false when it differs), true. */
static bool cond_minmax_at(dctx *d, unsigned *p, tree v, enum tree_code *op,
                           bool *ok)
{
  gimple *last = NULL;
  enum tree_code k = accgpu_red_cond_minmax(d->st[*p], v, &last);
  if (k == ERROR_MARK)
    return false;
  unsigned q = *p;
  while (q < d->st.length() && d->st[q] != last)
    q++;
  if (q == d->st.length())
    return false;
  *p = q;
  *ok = *op == ERROR_MARK || *op == k;
  *op = k;
  return true;
}

/* V's updates are all `V = V OP e` (or `e OP V`), possibly through
   temporaries (t1 = V; t2 = e OP t1; V = t2, as for a mapped scalar), with
   one operator a reduction can combine, and V is read nowhere else. */
static bool reduction_of(dctx *d, tree v, enum tree_code *op)
{
  if (!VAR_P(v) || (!INTEGRAL_TYPE_P(TREE_TYPE(v))
                    && !SCALAR_FLOAT_TYPE_P(TREE_TYPE(v)))
      || TREE_CODE(TREE_TYPE(v)) == BOOLEAN_TYPE || d->body_vars.contains(v))
    return false;
  *op = ERROR_MARK;
  vec<tree> loads = vNULL, stores = vNULL, self = vNULL;
  self.safe_push(v);
  bool ok = true;
  for (unsigned p = 0; ok && p < d->st.length(); p++) {
    gimple *s = d->st[p];
    if (!stmt_refs(s, v))
      continue;
    if (cond_minmax_at(d, &p, v, op, &ok))
      continue;
    bool assign = gimple_code(s) == GIMPLE_ASSIGN;
    if (assign && gimple_assign_lhs(s) == v && gimple_assign_single_p(s)
        && accgpu_gimple_temp_p(gimple_assign_rhs1(s)))
      stores.safe_push(gimple_assign_rhs1(s));
    else if (accgpu_lhs_of(s) == v)
      ok = red_step(s, self, op);
    else if (assign && gimple_assign_single_p(s) && gimple_assign_rhs1(s) == v
             && accgpu_gimple_temp_p(gimple_assign_lhs(s)))
      loads.safe_push(gimple_assign_lhs(s));
    else
      ok = false;
  }
  /* Each stored temporary is defined once, from a loaded one; each loaded
     one is used only there. */
  for (unsigned k = 0; ok && k < stores.length(); k++) {
    unsigned defs = 0;
    for (unsigned p = 0; ok && p < d->st.length(); p++)
      if (accgpu_lhs_of(d->st[p]) == stores[k]) {
        defs++;
        ok = red_step(d->st[p], loads, op);
      }
    ok &= defs == 1;
  }
  for (unsigned k = 0; ok && k < loads.length(); k++) {
    unsigned refs = 0;
    for (unsigned p = 0; p < d->st.length(); p++)
      refs += stmt_refs(d->st[p], loads[k]);
    ok = refs == 2 && !stores.contains(loads[k]);
  }
  loads.release();
  stores.release();
  self.release();
  return ok && *op != ERROR_MARK;
}

static void dctx_init(dctx *d, tree index)
{
  memset((void *)d, 0, sizeof *d);
  d->index = index;
  d->pos = new hash_map<gimple *, int>;
  d->lab = new hash_map<tree, int>;
  d->vidx = new hash_map<tree, int>;
  d->isym = kd_new_sym(d, index, -2);
  d->loopfact = kd_p_const(0);
  d->loopfact.bad = true;
  d->istep = 1;
}

static void dctx_fini(dctx *d)
{
  for (unsigned k = 0; k < d->head.length(); k++)
    d->head[k].release();
  d->st.release();
  d->loops.release();
  d->body_vars.release();
  d->vars.release();
  d->syms.release();
  d->acc.release();
  d->exposed.release();
  d->head.release();
  d->outer.release();
  d->ent_at.release();
  d->ent_var.release();
  d->ent_val.release();
  delete d->pos;
  delete d->lab;
  delete d->vidx;
}

/* The value of N2 as the statements TFIRST .. before TCOND compute it
   from invariants. */
static aff test_bound(dctx *d, tree n2, gimple *tfirst, gimple *tcond)
{
  unsigned nv = d->vars.length();
  for (gimple *s = tfirst; s && s != tcond; s = s->next) {
    tree l = accgpu_lhs_of(s);
    if (l && kd_scalar_p(l) && !d->vidx->get(l)) {
      d->vidx->put(l, d->vars.length());
      d->vars.safe_push(l);
    }
  }
  state st = vNULL;
  vstate out = {K_OUT, kd_a_unknown()};
  for (unsigned k = 0; k < d->vars.length(); k++)
    st.safe_push(out);
  for (gimple *s = tfirst; s && s != tcond; s = s->next)
    if (gimple_code(s) == GIMPLE_ASSIGN && kd_scalar_p(gimple_assign_lhs(s)))
      kd_set_var(d, st, gimple_assign_lhs(s), kd_eval_rhs(d, st, s));
  aff b = kd_eval(d, st, n2);
  for (unsigned k = nv; k < d->vars.length(); k++)
    d->vidx->remove(d->vars[k]);
  d->vars.truncate(nv);
  st.release();
  return b;
}

/* last - first >= 0 for the plain loop L (its bounds as invariants). */
static poly span_of(dctx *d, kg_plain_loop *l)
{
  state none = vNULL;
  aff a = kd_eval(d, none, l->n1);
  aff b = l->test_first ? test_bound(d, l->n2, l->test_first, l->cond_stmt)
                        : kd_eval(d, none, l->n2);
  poly r = kd_p_const(0);
  r.bad = true;
  if (a.unknown || b.unknown || a.base || b.base || a.wrap || b.wrap)
    return r;
  poly one = kd_p_const(1);
  if (l->cond == LT_EXPR || l->cond == LE_EXPR)
    r = kd_p_add(&b.p, &a.p, -1);
  else
    r = kd_p_add(&a.p, &b.p, -1);
  if (l->cond == LT_EXPR || l->cond == GT_EXPR)
    r = kd_p_add(&r, &one, -1);
  return r;
}

/* Store base B1 and base B2 may overlap: taken as distinct when the
   construct maps both with ranges (checked when it starts), else the loop
   is not independent (*OK false; NVHPC: "loop carried dependence"). */
static void note_pair(dctx *d, dep_result *res, tree b1, tree b2, bool *ok)
{
  if (kd_checkable_base_p(d->clauses, b1)
      && kd_checkable_base_p(d->clauses, b2)) {
    for (tree b : {b1, b2})
      if (!res->assumed.contains(b))
        res->assumed.safe_push(b);
    return;
  }
  *ok = false;
  res->alias = b1;
  res->alias2 = b2;
}

/* The index of an acc loop inside the body: private to that loop. */
static bool omp_index_p(dctx *d, tree v)
{
  for (unsigned k = 0; k < d->loops.length(); k++)
    if (d->loops[k].omp && d->loops[k].l.index == v)
      return true;
  return false;
}

/* kernel-deps-internal.h; N1/N2 may be NULL when unknown; ENCL: the plain
   loops around it, in the construct with CLAUSES. */
void kd_analyse(tree index, tree n1, tree n2, enum tree_code cond,
                gimple *first, gimple *stop, gimple *tfirst, gimple *tcond,
                vec<kg_plain_loop *> *encl, HOST_WIDE_INT step, tree clauses,
                hash_map<tree, tree> *entry, gomp_for *wrap, unsigned from,
                dep_result *res)
{
  dctx d;
  dctx_init(&d, index);
  d.istep = step ? step : 1;
  d.clauses = clauses;
  d.entry = entry;
  d.omp_inner = wrap != NULL;
  memset((void *)res, 0, sizeof *res);
  if (wrap)
    kd_flatten_omp(&d, wrap, from);
  else
    kd_flatten(&d, first, stop);
  for (unsigned k = 0; k < d.loops.length(); k++) {
    iloop *il = &d.loops[k];
    if (il->omp)
      continue; /* positions set by kd_flatten_omp */
    int *pb = d.lab->get(gimple_cond_true_label(as_a<gcond *>(il->l.cond_stmt)));
    il->p_init = *d.pos->get(il->l.init);
    il->p_incr = *d.pos->get(il->l.incr);
    il->p_exit = *d.pos->get(il->l.exit);
    il->p_body = pb ? *pb : -1;
  }
  kd_collect_vars(&d);
  if (d.vidx->get(index))
    d.bad = true;
  for (unsigned k = 0; encl && k < encl->length() && !d.bad; k++)
    d.outer.safe_push(span_of(&d, (*encl)[k]));
  /* The loop runs at least once when the body does: N1 <= last. */
  if (n1 && n2 && !d.bad) {
    state none = vNULL;
    aff a = kd_eval(&d, none, n1);
    aff b = tfirst ? test_bound(&d, n2, tfirst, tcond) : kd_eval(&d, none, n2);
    if (!a.unknown && !b.unknown && !a.base && !b.base && !a.wrap && !b.wrap) {
      poly one = kd_p_const(1);
      d.irange = true;
      if (cond == LT_EXPR || cond == LE_EXPR) {
        d.ilo = a.p;
        d.ihi = cond == LT_EXPR ? kd_p_add(&b.p, &one, -1) : b.p;
      } else if (cond == GT_EXPR || cond == GE_EXPR) {
        d.ihi = a.p;
        d.ilo = cond == GT_EXPR ? kd_p_add(&b.p, &one, 1) : b.p;
      } else
        d.irange = false;
      if (d.irange)
        d.loopfact = kd_p_add(&d.ihi, &d.ilo, -1);
    }
  }
  if (!d.bad)
    kd_walk_body(&d);
  bool ok = !d.bad;
  /* Values flowing in from another iteration: only reductions. */
  for (unsigned i = 0; ok && i < d.exposed.length(); i++) {
    kg_red r = {d.exposed[i], ERROR_MARK};
    if (TREE_CODE(r.decl) != SSA_NAME && reduction_of(&d, r.decl, &r.op))
      res->reds.safe_push(r);
    else
      ok = false;
  }
  for (unsigned i = 0; ok && i < d.acc.length(); i++)
    for (unsigned j = 0; ok && j < d.acc.length(); j++)
      if (d.acc[i].store && d.acc[i].a.base == d.acc[j].a.base
          && carried(&d, &d.acc[i], &d.acc[j]))
        ok = false;
      else if (d.acc[i].store && d.acc[i].a.base != d.acc[j].a.base
               && (d.acc[i].derived || d.acc[j].derived)) {
        /* A local copy of a pointer (`double *x = a;`) may reach what the
           other base does: only loops storing through neither, or through
           it alone, are independent (reads may overlap freely). */
        ok = false;
        res->alias = d.acc[i].a.base;
        res->alias2 = d.acc[j].a.base;
        res->alias_local = true;
      } else if (d.acc[i].store
                 && kd_may_alias(d.acc[i].a.base, d.acc[j].a.base))
        note_pair(&d, res, d.acc[i].a.base, d.acc[j].a.base, &ok);
  res->indep = ok;
  res->privs.safe_push(index);
  for (unsigned i = 0; i < d.vars.length(); i++) {
    tree v = d.vars[i];
    bool red = false;
    for (unsigned k = 0; k < res->reds.length(); k++)
      red |= res->reds[k].decl == v;
    if (TREE_CODE(v) != SSA_NAME && !red && !d.body_vars.contains(v)
        && !res->privs.contains(v) && !omp_index_p(&d, v))
      res->privs.safe_push(v);
  }
  res->body_vars = d.body_vars.copy();
  res->ent_at = d.ent_at.copy();
  res->ent_var = d.ent_var.copy();
  res->ent_val = d.ent_val.copy();
  dctx_fini(&d);
}

/* Analyses the plain loop L, whose bound must not change in the loop. */
void kd_analyse_plain(kg_plain_loop *l, vec<kg_plain_loop *> *encl,
                          tree clauses, hash_map<tree, tree> *entry,
                          dep_result *res)
{
  kd_analyse(l->index, l->n1, l->n2, l->cond, l->first_body, l->incr,
             l->test_first, l->cond_stmt, encl, tree_to_shwi(l->step),
             clauses, entry, NULL, 0, res);
  bool inv = TREE_CODE(l->n2) == INTEGER_CST || TREE_CODE(l->n2) == SSA_NAME
             || DECL_P(l->n2);
  for (gimple *s = l->first_body; inv && s && s != l->incr; s = s->next) {
    vec<tree> asg = vNULL;
    /* Anything assigned in the body (nested statements included). */
    walk_stmt_info wi;
    memset(&wi, 0, sizeof wi);
    wi.info = &asg;
    gimple_seq one = s;
    gimple_stmt_iterator g = accgpu_gsi_at(s, &one);
    walk_gimple_stmt(&g, collect_lhs, NULL, &wi);
    for (unsigned k = 0; inv && k < asg.length(); k += 2) {
      tree v = asg[k];
      gimple *def = (gimple *)asg[k + 1], *tdef = NULL;
      for (gimple *t = l->test_first; t && t != l->cond_stmt; t = t->next)
        if (gimple_code(t) == GIMPLE_ASSIGN && gimple_assign_lhs(t) == v)
          tdef = t;
      if (v == l->n1)
        res->bounds_vary = true;
      /* GCC reuses the bound's temporary (D.1 = m - 1) in inner loops:
         the same computation gives the same value. */
      if (tdef) {
        if (!kd_same_rhs(def, tdef))
          inv = false;
        continue;
      }
      if (v == l->n2)
        inv = false;
      for (gimple *t = l->test_first; inv && t && t != l->cond_stmt;
           t = t->next)
        for (unsigned o = 1; o < gimple_num_ops(t); o++)
          if (gimple_op(t, o) == v)
            inv = false;
    }
    asg.release();
  }
  res->indep &= inv;
  res->bounds_vary |= !inv;
}

static void find_in_seq(gimple_seq seq, vec<location_t> *rejected)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      find_in_seq(gimple_bind_body(as_a<gbind *>(s)), rejected);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      find_in_seq(gimple_try_eval(s), rejected);
      continue;
    }
    kg_plain_loop l = {};
    if (!kd_match_loop(gsi, &l, KD_MATCH_PLAIN))
      continue;
    if (rejected)
      rejected->safe_push(gimple_location(l.init));
    while (!gsi_end_p(gsi) && gsi_stmt(gsi) != l.exit)
      gsi_next(&gsi);
    if (gsi_end_p(gsi))
      break;
  }
}

void kg_find_sequential_plain_loops(gimple_seq seq,
                                    vec<location_t> *rejected)
{
  find_in_seq(seq, rejected);
}

/* The test `D = (long) i; if (D < n)` of a loop over int i while i < n, n
   wider: D when S is that conversion of I. */
static bool widened_index(gimple *s, tree i)
{
  return gimple_assign_cast_p(s) && gimple_assign_rhs1(s) == i
         && INTEGRAL_TYPE_P(TREE_TYPE(gimple_assign_lhs(s)))
         && TYPE_PRECISION(TREE_TYPE(gimple_assign_lhs(s)))
                >= TYPE_PRECISION(TREE_TYPE(i));
}

/* A bound of a loop MODE matches may be OP, a load: an array element for
   KD_MATCH_WIDE, any scalar in memory for KD_MATCH_INNER (an inner loop of
   the one analysed, whose range may then be unknown: CSR rows, for (k =
   rp[i]; k < rp[i + 1]; k++)). */
static bool load_bound_ok(int mode, tree op)
{
  if (mode == KD_MATCH_WIDE)
    return TREE_CODE(op) == ARRAY_REF;
  return mode == KD_MATCH_INNER && INTEGRAL_TYPE_P(TREE_TYPE(op))
         && (TREE_CODE(op) == ARRAY_REF || TREE_CODE(op) == MEM_REF
             || TREE_CODE(op) == COMPONENT_REF);
}

/* Matches the C front end's loop shape starting at GSI; fills L.
   KD_MATCH_WIDE (section-ranges.cc): the test may compare a widened copy
   of the index (N2 is then in the wider type), and the bounds may be array
   elements (i = lo[d]; ... if (i < D.1) with D.1 = hi[d]); KD_MATCH_INNER:
   loads as bounds (load_bound_ok). */
bool kd_match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l, int mode)
{
  bool wide = mode == KD_MATCH_WIDE;
  gimple *s = gsi_stmt(gsi);
  if (gimple_code(s) != GIMPLE_ASSIGN)
    return false;
  tree i = gimple_assign_lhs(s);
  enum tree_code ic = gimple_assign_rhs_code(s);
  if (!VAR_P(i) || !INTEGRAL_TYPE_P(TREE_TYPE(i)) || TREE_ADDRESSABLE(i)
      || !(is_gimple_val(gimple_assign_rhs1(s))
           || load_bound_ok(mode, gimple_assign_rhs1(s))))
    return false;
  l->init = s;
  l->index = i;
  l->n1 = gimple_assign_rhs1(s);
  /* i = n - 1: the start as an expression (computed anew when converted). */
  if (ic == PLUS_EXPR || ic == MINUS_EXPR || ic == MULT_EXPR) {
    if (!is_gimple_val(gimple_assign_rhs2(s)) || gimple_assign_rhs1(s) == i
        || gimple_assign_rhs2(s) == i)
      return false;
    l->n1 = build2(ic, TREE_TYPE(i), gimple_assign_rhs1(s),
                   gimple_assign_rhs2(s));
  } else if (!gimple_assign_single_p(s))
    return false;
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
  /* An unsigned index stepping down (u--: u + UINT_MAX) keeps C's wrap-
     around (`for (size_t i = n - 1; i < n; i--)` runs n times): it stays
     sequential.  Read as positive, its step gave a trip count of one, or
     (size_t) did not fit a HOST_WIDE_INT. */
  if (TYPE_UNSIGNED(TREE_TYPE(i))
      && tree_int_cst_sign_bit(gimple_assign_rhs2(incr)))
    return false;
  l->incr = incr;
  l->step = gimple_assign_rhs2(incr);
  gsi_next_nondebug(&gsi);
  /* The bound may be computed after the test label (D.1 = n / 2). */
  l->test_first = NULL;
  tree wi = i;
  while (!gsi_end_p(gsi) && gimple_code(gsi_stmt(gsi)) == GIMPLE_ASSIGN) {
    gimple *t = gsi_stmt(gsi);
    tree lhs = gimple_assign_lhs(t);
    if (wide && wi == i && widened_index(t, i)) {
      wi = lhs;
      gsi_next_nondebug(&gsi);
      continue;
    }
    if (!kd_scalar_p(lhs) || lhs == i || lhs == wi)
      return false;
    for (unsigned k = 1; k < gimple_num_ops(t); k++) {
      tree op = gimple_op(t, k);
      /* Operands, or loads of scalars mapping made addressable. */
      if (op == i || op == wi
          || (op && !is_gimple_val(op) && !kd_scalar_p(op)
              && !load_bound_ok(mode, op)))
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
  if (gimple_cond_lhs(c) == wi) {
    l->cond = gimple_cond_code(c);
    l->n2 = gimple_cond_rhs(c);
  } else if (gimple_cond_rhs(c) == wi) {
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


