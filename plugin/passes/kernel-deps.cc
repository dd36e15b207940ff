/* kernel-deps.cc — which plain loops of a `kernels` region may run in
 * parallel, and their conversion into partitioned acc loops.  The C front
 * end gives a loop without a `loop` directive as
 *
 *   i = N1; goto test; body: BODY; i = i + STEP; test: if (i < N2) goto
 *   body; else goto exit; exit:
 *
 * BODY is walked once in order, following its forward jumps and inner
 * loops, with the symbolic value of every scalar it assigns (a polynomial
 * in loop-invariant symbols, the loop index and inner-loop indices with
 * their ranges).  A loop qualifies when BODY has no calls but math
 * builtins, no jump out, no scalar read before it is written in the same
 * iteration (except updates `s = s OP e` recognized as reductions), and
 * for every store and every other access to the same array, addresses
 * S*i + F with the same stride S such that, over the ranges of the inner
 * indices, the bytes F touches fit within |S| (the delinearization
 * argument: a[i*n + j] with 0 <= j < n is a[i][j]); symbolic facts come
 * from the inner loops running at least once (0 < n).  Anything that
 * cannot be analysed stays sequential.                                  */
#include "passes/kernel-deps.h"
#include "passes/flow.h"
#include "passes/kernel-gen.h"

/* ---- polynomials over symbols ---- */

enum { PT = 32, PD = 4 }; /* terms, symbols per term */

struct mono {
  unsigned char n;
  unsigned short s[PD]; /* symbol ids, sorted */
};

struct term {
  HOST_WIDE_INT c;
  mono m;
};

struct poly {
  bool bad; /* too large or overflowed: unknown */
  unsigned char n;
  term t[PT];
};

static bool mono_eq(const mono *a, const mono *b)
{
  if (a->n != b->n)
    return false;
  for (unsigned k = 0; k < a->n; k++)
    if (a->s[k] != b->s[k])
      return false;
  return true;
}

static poly p_const(HOST_WIDE_INT k)
{
  poly p;
  p.bad = false;
  p.n = 0;
  if (k) {
    p.t[0].c = k;
    p.t[0].m.n = 0;
    p.n = 1;
  }
  return p;
}

static poly p_sym(int id)
{
  poly p = p_const(0);
  p.t[0].c = 1;
  p.t[0].m.n = 1;
  p.t[0].m.s[0] = (unsigned short)id;
  p.n = 1;
  return p;
}

static void p_addterm(poly *p, HOST_WIDE_INT c, const mono *m)
{
  if (p->bad || !c)
    return;
  for (unsigned k = 0; k < p->n; k++)
    if (mono_eq(&p->t[k].m, m)) {
      if (__builtin_add_overflow(p->t[k].c, c, &p->t[k].c))
        p->bad = true;
      else if (!p->t[k].c)
        p->t[k] = p->t[--p->n];
      return;
    }
  if (p->n == PT) {
    p->bad = true;
    return;
  }
  p->t[p->n].c = c;
  p->t[p->n].m = *m;
  p->n++;
}

/* A + S * B. */
static poly p_add(const poly *a, const poly *b, HOST_WIDE_INT s)
{
  poly r = *a;
  r.bad |= b->bad;
  for (unsigned k = 0; k < b->n && !r.bad; k++) {
    HOST_WIDE_INT c;
    if (__builtin_mul_overflow(b->t[k].c, s, &c))
      r.bad = true;
    else
      p_addterm(&r, c, &b->t[k].m);
  }
  return r;
}

static bool mono_mul(const mono *a, const mono *b, mono *r)
{
  if (a->n + b->n > PD)
    return false;
  unsigned i = 0, j = 0;
  r->n = 0;
  while (i < a->n || j < b->n)
    if (j >= b->n || (i < a->n && a->s[i] <= b->s[j]))
      r->s[r->n++] = a->s[i++];
    else
      r->s[r->n++] = b->s[j++];
  return true;
}

static poly p_mul(const poly *a, const poly *b)
{
  poly r = p_const(0);
  r.bad = a->bad || b->bad;
  for (unsigned i = 0; i < a->n && !r.bad; i++)
    for (unsigned j = 0; j < b->n && !r.bad; j++) {
      mono m;
      HOST_WIDE_INT c;
      if (!mono_mul(&a->t[i].m, &b->t[j].m, &m)
          || __builtin_mul_overflow(a->t[i].c, b->t[j].c, &c))
        r.bad = true;
      else
        p_addterm(&r, c, &m);
    }
  return r;
}

static bool p_eq(const poly *a, const poly *b)
{
  poly d = p_add(a, b, -1);
  return !a->bad && !b->bad && !d.bad && d.n == 0;
}

static bool p_is_const(const poly *p, HOST_WIDE_INT *k)
{
  if (p->bad || p->n > 1 || (p->n == 1 && p->t[0].m.n))
    return false;
  *k = p->n ? p->t[0].c : 0;
  return true;
}

/* Occurrences of symbol ID in M. */
static unsigned mono_count(const mono *m, int id)
{
  unsigned c = 0;
  for (unsigned k = 0; k < m->n; k++)
    c += m->s[k] == id;
  return c;
}

static bool p_has(const poly *p, int id)
{
  for (unsigned k = 0; k < p->n; k++)
    if (mono_count(&p->t[k].m, id))
      return true;
  return false;
}

/* M without the occurrences of ID. */
static mono mono_drop(const mono *m, int id)
{
  mono r;
  memset(&r, 0, sizeof r);
  for (unsigned k = 0; k < m->n; k++)
    if (m->s[k] != id)
      r.s[r.n++] = m->s[k];
  return r;
}

/* P = C * id + R with C, R free of ID; false when ID appears squared. */
static bool p_split(const poly *p, int id, poly *c, poly *r)
{
  *c = p_const(0);
  *r = p_const(0);
  for (unsigned k = 0; k < p->n; k++) {
    unsigned n = mono_count(&p->t[k].m, id);
    if (n > 1)
      return false;
    mono m = mono_drop(&p->t[k].m, id);
    p_addterm(n ? c : r, p->t[k].c, &m);
  }
  return !p->bad && !c->bad && !r->bad;
}

/* P with symbol ID replaced by the polynomial V. */
static poly p_subst(const poly *p, int id, const poly *v)
{
  poly out = p_const(0);
  out.bad = p->bad;
  for (unsigned k = 0; k < p->n && !out.bad; k++) {
    unsigned n = mono_count(&p->t[k].m, id);
    poly t = p_const(0);
    mono m = mono_drop(&p->t[k].m, id);
    p_addterm(&t, p->t[k].c, &m);
    for (unsigned e = 0; e < n; e++)
      t = p_mul(&t, v);
    out = p_add(&out, &t, 1);
  }
  return out;
}

/* ---- symbolic values ---- */

/* BASE + P, BASE a pointer or array (NULL for integers).  WRAP: known only
   modulo 2^precision of a narrow unsigned type. */
struct aff {
  bool unknown, wrap;
  tree base;
  poly p;
};

static aff a_unknown(void)
{
  aff a;
  a.unknown = true;
  a.wrap = false;
  a.base = NULL_TREE;
  a.p = p_const(0);
  return a;
}

static aff a_of(const poly &p)
{
  aff a = a_unknown();
  a.unknown = p.bad;
  a.p = p;
  return a;
}

static bool a_eq(const aff *x, const aff *y)
{
  return !x->unknown && !y->unknown && x->wrap == y->wrap
         && x->base == y->base && p_eq(&x->p, &y->p);
}

/* A symbol: a loop-invariant value (LOOP -1), the loop's index (-2), or
   the index of inner loop LOOP, with its range [LO, HI] when RANGED.
   INST 1 is the copy standing for another iteration's inner indices. */
struct sym {
  tree t;
  int loop, inst, twin;
  bool ranged;
  poly lo, hi;
};

enum { MAXDIM = 4 };

/* ARRAY: for a[e0][e1]... of a true multi-dimensional array (inner
   subscripts in bounds, as C requires), the array's address and type and
   the subscripts, outermost first (ND = 0 otherwise). */
struct mem_access {
  aff a;
  HOST_WIDE_INT size;
  bool store;
  bool wild;  /* offset unknown: any element of A.BASE */
  unsigned nd;
  aff array;
  tree atype;
  poly sub[MAXDIM];
};

/* What a scalar holds at a point of the body: not yet assigned in this
   iteration (OUT), maybe assigned (MAYBE), or the value V. */
enum { K_OUT, K_MAYBE, K_VAL };

struct vstate {
  unsigned char kind;
  aff v;
};

typedef vec<vstate> state;

struct iloop {
  kg_plain_loop l;
  int p_init, p_body, p_incr, p_exit;
  int symid;
};

struct dctx {
  tree index;
  int isym;
  vec<gimple *> st;                 /* the body, flattened */
  hash_map<gimple *, int> *pos;
  hash_map<tree, int> *lab;         /* label -> position */
  vec<iloop> loops;
  vec<tree> body_vars;
  vec<tree> vars;                   /* scalars the body assigns */
  hash_map<tree, int> *vidx;
  vec<sym> syms;
  vec<mem_access> acc;
  vec<tree> exposed;                /* read before written in an iteration */
  vec<state> head;                  /* per inner loop: state at its body */
  poly loopfact;                    /* >= 0 when the loop runs */
  vec<poly> outer;                  /* >= 0: enclosing loops run */
  HOST_WIDE_INT istep;              /* the loop's step */
  tree clauses;                     /* of the compute construct */
  hash_map<tree, tree> *entry;      /* values of outer scalars at entry */
  vec<gimple *> ent_at;             /* recorded for inner loops: at the */
  vec<tree> ent_var, ent_val;       /* init ENT_AT, VAR holds VAL */
  bool irange;                      /* the loop's index lies in [ILO, IHI] */
  poly ilo, ihi;
  bool bad;
};

/* ---- results ---- */

struct dep_result {
  bool indep;
  bool bounds_vary;    /* the body assigns what the bounds are made of */
  vec<tree> privs;     /* scalars to privatize (index included) */
  vec<kg_red> reds;    /* recognized reductions */
  vec<tree> body_vars;
  vec<gimple *> ent_at; /* at inner loop init ENT_AT, VAR holds VAL */
  vec<tree> ent_var, ent_val;
};

static void result_free(dep_result *r)
{
  r->privs.release();
  r->reds.release();
  r->body_vars.release();
  r->ent_at.release();
  r->ent_var.release();
  r->ent_val.release();
}

static bool scalar_p(tree t)
{
  return TREE_CODE(t) == SSA_NAME
         || ((VAR_P(t) || TREE_CODE(t) == PARM_DECL)
             && is_gimple_reg_type(TREE_TYPE(t)));
}

static int new_sym(dctx *d, tree t, int loop)
{
  sym s;
  s.t = t;
  s.loop = loop;
  s.inst = 0;
  s.twin = -1;
  s.ranged = false;
  s.lo = s.hi = p_const(0);
  d->syms.safe_push(s);
  return (int)d->syms.length() - 1;
}

struct def_count {
  tree v;
  unsigned n;
  gimple *def;
};

static tree count_defs_cb(gimple_stmt_iterator *gsi, bool *handled,
                          walk_stmt_info *wi)
{
  def_count *c = (def_count *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  tree l = gimple_code(s) == GIMPLE_ASSIGN ? gimple_assign_lhs(s)
           : gimple_code(s) == GIMPLE_CALL ? gimple_call_lhs(s) : NULL_TREE;
  if (l == c->v || gimple_code(s) == GIMPLE_ASM) {
    c->n++;
    c->def = s;
  }
  return NULL_TREE;
}

static unsigned count_defs(tree v, gimple **def)
{
  def_count c = {v, 0, NULL};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &c;
  walk_gimple_seq(gimple_body(current_function_decl), count_defs_cb, NULL,
                  &wi);
  *def = c.def;
  return c.n;
}

static hash_map<tree, tree> *canon_map;
static tree canon_fn;

/* The parameter P when T is the gimplifier's copy of it (m.1 = m, made
   for a variable-length array type) and P is never assigned in the
   function: then both hold the same value. */
static tree canonical(tree t)
{
  if (!VAR_P(t) || !DECL_ARTIFICIAL(t) || !current_function_decl)
    return t;
  if (canon_fn != current_function_decl) {
    delete canon_map;
    canon_map = new hash_map<tree, tree>;
    canon_fn = current_function_decl;
  }
  tree *c = canon_map->get(t);
  if (c)
    return *c;
  tree r = t;
  gimple *def, *pdef;
  if (count_defs(t, &def) == 1 && gimple_code(def) == GIMPLE_ASSIGN
      && gimple_assign_single_p(def)
      && TREE_CODE(gimple_assign_rhs1(def)) == PARM_DECL
      && INTEGRAL_TYPE_P(TREE_TYPE(t))
      && TREE_TYPE(t) == TREE_TYPE(gimple_assign_rhs1(def))
      && count_defs(gimple_assign_rhs1(def), &pdef) == 0)
    r = gimple_assign_rhs1(def);
  canon_map->put(t, r);
  return r;
}

/* The invariant symbol for T (operand_equal_p identifies expressions). */
static int inv_sym(dctx *d, tree t)
{
  t = canonical(t);
  for (unsigned k = 0; k < d->syms.length(); k++)
    if (d->syms[k].loop == -1 && operand_equal_p(d->syms[k].t, t, 0))
      return (int)k;
  return new_sym(d, t, -1);
}

/* The value of integer constant T, as the wider arithmetic sees it. */
static bool cst_value(tree t, HOST_WIDE_INT *v)
{
  unsigned prec = TYPE_PRECISION(TREE_TYPE(t));
  if (prec > HOST_BITS_PER_WIDE_INT)
    return false;
  if (TYPE_UNSIGNED(TREE_TYPE(t)) && prec < HOST_BITS_PER_WIDE_INT)
    *v = (HOST_WIDE_INT)wi::to_wide(t).to_uhwi();
  else
    *v = wi::to_wide(t).to_shwi();
  return true;
}

static aff eval(dctx *d, state &cur, tree t);
static bool narrow_unsigned(tree type);

/* Element sizes of variable-length arrays, a loop's start: a GENERIC
   expression. */
static aff eval_size(dctx *d, state &cur, tree e)
{
  HOST_WIDE_INT k;
  switch (TREE_CODE(e)) {
  case INTEGER_CST:
    return cst_value(e, &k) ? a_of(p_const(k)) : a_unknown();
  case NOP_EXPR:
  case CONVERT_EXPR:
    if (TYPE_PRECISION(TREE_TYPE(e))
        < TYPE_PRECISION(TREE_TYPE(TREE_OPERAND(e, 0))))
      return a_unknown();
    return eval_size(d, cur, TREE_OPERAND(e, 0));
  case MULT_EXPR:
  case PLUS_EXPR:
  case MINUS_EXPR: {
    aff x = eval_size(d, cur, TREE_OPERAND(e, 0));
    aff y = eval_size(d, cur, TREE_OPERAND(e, 1));
    if (x.unknown || y.unknown || x.base || y.base || x.wrap || y.wrap
        || narrow_unsigned(TREE_TYPE(e)))
      return a_unknown();
    return a_of(TREE_CODE(e) == MULT_EXPR ? p_mul(&x.p, &y.p)
                : p_add(&x.p, &y.p, TREE_CODE(e) == MINUS_EXPR ? -1 : 1));
  }
  case POINTER_PLUS_EXPR: {
    aff x = eval(d, cur, TREE_OPERAND(e, 0));
    aff y = eval_size(d, cur, TREE_OPERAND(e, 1));
    if (x.unknown || y.unknown || !x.base || y.base || y.wrap)
      return a_unknown();
    x.p = p_add(&x.p, &y.p, 1);
    x.unknown = x.p.bad;
    return x;
  }
  case SSA_NAME:
  case VAR_DECL:
  case PARM_DECL:
    return eval(d, cur, e);
  default:
    return a_unknown();
  }
}

static aff eval_addr(dctx *d, state &cur, tree t)
{
  switch (TREE_CODE(t)) {
  case VAR_DECL:
  case PARM_DECL: {
    aff a = a_of(p_const(0));
    a.base = t;
    return a;
  }
  case MEM_REF: {
    aff p = eval(d, cur, TREE_OPERAND(t, 0));
    HOST_WIDE_INT off;
    if (p.unknown || !p.base || !cst_value(TREE_OPERAND(t, 1), &off))
      return a_unknown();
    poly o = p_const(off);
    p.p = p_add(&p.p, &o, 1);
    p.unknown = p.p.bad;
    return p;
  }
  case ARRAY_REF: {
    if (!integer_zerop(array_ref_low_bound(t)))
      return a_unknown();
    aff sz = eval_size(d, cur, array_ref_element_size(t));
    aff b = eval_addr(d, cur, TREE_OPERAND(t, 0));
    aff i = eval(d, cur, TREE_OPERAND(t, 1));
    if (sz.unknown || b.unknown || i.unknown || i.base || i.wrap || sz.base)
      return a_unknown();
    poly off = p_mul(&i.p, &sz.p);
    b.p = p_add(&b.p, &off, 1);
    b.unknown = b.p.bad;
    return b;
  }
  case COMPONENT_REF: {
    tree f = TREE_OPERAND(t, 1);
    if (!tree_fits_shwi_p(DECL_FIELD_OFFSET(f)) || DECL_BIT_FIELD(f))
      return a_unknown();
    aff b = eval_addr(d, cur, TREE_OPERAND(t, 0));
    poly o = p_const(tree_to_shwi(DECL_FIELD_OFFSET(f))
                     + tree_to_shwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT);
    b.p = p_add(&b.p, &o, 1);
    b.unknown |= b.p.bad;
    return b;
  }
  default:
    return a_unknown();
  }
}

static aff eval(dctx *d, state &cur, tree t)
{
  HOST_WIDE_INT k;
  if (TREE_CODE(t) == INTEGER_CST)
    return cst_value(t, &k) ? a_of(p_const(k)) : a_unknown();
  if (t == d->index)
    return a_of(p_sym(d->isym));
  if (scalar_p(t)) {
    int *v = d->vidx->get(t);
    if (v)
      return (unsigned)*v < cur.length() && cur[*v].kind == K_VAL
             ? cur[*v].v : a_unknown();
    if (!INTEGRAL_TYPE_P(TREE_TYPE(t)) && !POINTER_TYPE_P(TREE_TYPE(t)))
      return a_unknown();
    tree *e = d->entry ? d->entry->get(t) : NULL;
    if (e) /* set in the enclosing loop's body: its value there */
      return eval_size(d, cur, *e);
    if (POINTER_TYPE_P(TREE_TYPE(t))) {
      aff a = a_of(p_const(0));
      a.base = t;
      return a;
    }
    return a_of(p_sym(inv_sym(d, t)));
  }
  if (TREE_CODE(t) == ADDR_EXPR)
    return eval_addr(d, cur, TREE_OPERAND(t, 0));
  if (TREE_CODE(t) == PLUS_EXPR || TREE_CODE(t) == MINUS_EXPR
      || TREE_CODE(t) == MULT_EXPR) /* a loop's start, i = n - 1 */
    return eval_size(d, cur, t);
  return a_unknown();
}

static bool narrow_unsigned(tree type)
{
  return TYPE_UNSIGNED(type) && TYPE_PRECISION(type) < HOST_BITS_PER_WIDE_INT;
}

/* Integer conversion of X (of type FROM) to TO. */
static aff convert(aff x, tree from, tree to)
{
  if (x.unknown)
    return x;
  unsigned pf = TYPE_PRECISION(from), pt = TYPE_PRECISION(to);
  HOST_WIDE_INT k;
  bool cst = !x.base && p_is_const(&x.p, &k);
  if (pt > pf)
    return x.wrap ? a_unknown() : x; /* extension keeps the value */
  if (cst && pt < HOST_BITS_PER_WIDE_INT) {
    HOST_WIDE_INT m = (HOST_WIDE_INT)1 << pt;
    k &= m - 1;
    if (!TYPE_UNSIGNED(to) && k >= m / 2)
      k -= m;
    return a_of(p_const(k));
  }
  if (pt == HOST_BITS_PER_WIDE_INT || cst)
    return x; /* arithmetic modulo 2^64 */
  if (x.base)
    return a_unknown();
  if (TYPE_UNSIGNED(to)) {
    x.wrap = true;
    return x;
  }
  /* To a narrow signed type: the same value only when it fits. */
  if (pt == pf && !x.wrap)
    return x;
  return a_unknown();
}

static aff eval_rhs(dctx *d, state &cur, gimple *s)
{
  enum tree_code code = gimple_assign_rhs_code(s);
  tree x = gimple_assign_rhs1(s), type = TREE_TYPE(gimple_assign_lhs(s));
  if (!INTEGRAL_TYPE_P(type) && !POINTER_TYPE_P(type))
    return a_unknown();
  aff r;
  switch (code) {
  case NOP_EXPR:
  case CONVERT_EXPR:
    if (!INTEGRAL_TYPE_P(TREE_TYPE(x)) && !POINTER_TYPE_P(TREE_TYPE(x)))
      return a_unknown();
    return convert(eval(d, cur, x), TREE_TYPE(x), type);
  case PLUS_EXPR:
  case MINUS_EXPR:
  case POINTER_PLUS_EXPR:
  case MULT_EXPR: {
    aff p = eval(d, cur, x), q = eval(d, cur, gimple_assign_rhs2(s));
    if (code == POINTER_PLUS_EXPR && !p.unknown && p.base && q.unknown) {
      p.unknown = true; /* somewhere in P's array (see root_of) */
      return p;
    }
    if (p.unknown || q.unknown || (p.base && q.base)
        || (q.base && code != PLUS_EXPR && code != POINTER_PLUS_EXPR)
        || (code == MULT_EXPR && (p.base || q.base)))
      return a_unknown();
    r = a_of(code == MULT_EXPR ? p_mul(&p.p, &q.p)
                               : p_add(&p.p, &q.p, code == MINUS_EXPR ? -1 : 1));
    r.base = p.base ? p.base : q.base;
    r.wrap = p.wrap || q.wrap;
    break;
  }
  case NEGATE_EXPR: {
    aff p = eval(d, cur, x);
    if (p.unknown || p.base)
      return a_unknown();
    poly z = p_const(0);
    r = a_of(p_add(&z, &p.p, -1));
    r.wrap = p.wrap;
    break;
  }
  case LSHIFT_EXPR: {
    aff p = eval(d, cur, x);
    tree y = gimple_assign_rhs2(s);
    if (p.unknown || p.base || !tree_fits_uhwi_p(y) || tree_to_uhwi(y) > 32)
      return a_unknown();
    poly m = p_const((HOST_WIDE_INT)1 << tree_to_uhwi(y));
    r = a_of(p_mul(&p.p, &m));
    r.wrap = p.wrap;
    break;
  }
  case SSA_NAME:
  case VAR_DECL:
  case PARM_DECL:
  case INTEGER_CST:
  case ADDR_EXPR:
    return eval(d, cur, x);
  default: {
    /* Other operations of invariant operands: an invariant symbol. */
    if (get_gimple_rhs_class(code) != GIMPLE_BINARY_RHS
        || !INTEGRAL_TYPE_P(type))
      return a_unknown();
    tree y = gimple_assign_rhs2(s);
    for (int k = 0; k < 2; k++) {
      tree o = k ? y : x;
      if (TREE_CODE(o) != INTEGER_CST
          && (!scalar_p(o) || d->vidx->get(o) || o == d->index))
        return a_unknown();
    }
    return a_of(p_sym(inv_sym(d, build2(code, type, x, y))));
  }
  }
  if (narrow_unsigned(type))
    r.wrap = true;
  r.unknown |= r.p.bad;
  return r;
}

/* ---- walking the body ---- */

static bool match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l);

/* Flattens statements FIRST .. before STOP (into binds and trys),
   recording inner loops and variables declared. */
static void flatten(dctx *d, gimple *first, gimple *stop)
{
  for (gimple *s = first; s && s != stop; s = s->next) {
    if (gimple_code(s) == GIMPLE_BIND) {
      for (tree v = gimple_bind_vars(as_a<gbind *>(s)); v; v = DECL_CHAIN(v))
        d->body_vars.safe_push(v);
      flatten(d, gimple_seq_first_stmt(gimple_bind_body(as_a<gbind *>(s))),
              NULL);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      flatten(d, gimple_seq_first_stmt(gimple_try_eval(s)), NULL);
      flatten(d, gimple_seq_first_stmt(gimple_try_cleanup(s)), NULL);
      continue;
    }
    gimple_seq dummy;
    iloop il = {};
    if (match_loop(accgpu_gsi_at(s, &dummy), &il.l))
      d->loops.safe_push(il);
    d->pos->put(s, d->st.length());
    d->st.safe_push(s);
    if (gimple_code(s) == GIMPLE_LABEL)
      d->lab->put(gimple_label_label(as_a<glabel *>(s)), d->st.length() - 1);
  }
}

static void collect_vars(dctx *d)
{
  for (unsigned p = 0; p < d->st.length(); p++) {
    tree l = accgpu_lhs_of(d->st[p]);
    if (l && scalar_p(l) && !d->vidx->get(l) && !gimple_clobber_p(d->st[p])) {
      d->vidx->put(l, d->vars.length());
      d->vars.safe_push(l);
    }
  }
}

/* Merges SRC into DST (DST_HAS: DST holds a state yet). */
static void merge(state *dst, bool *dst_has, const state &src)
{
  if (!*dst_has) {
    *dst = src.copy();
    *dst_has = true;
    return;
  }
  for (unsigned k = 0; k < src.length(); k++) {
    vstate *a = &(*dst)[k];
    const vstate *b = &src[k];
    if (a->kind == K_OUT && b->kind == K_OUT)
      continue;
    if (a->kind != K_VAL || b->kind != K_VAL)
      a->kind = K_MAYBE;
    else if (!a_eq(&a->v, &b->v))
      a->v = a_unknown();
  }
}

struct use_ctx {
  dctx *d;
  state *cur;
};

static tree use_cb(tree *tp, int *walk, void *data)
{
  use_ctx *u = (use_ctx *)data;
  if (TYPE_P(*tp)) {
    *walk = 0;
    return NULL_TREE;
  }
  int *k = scalar_p(*tp) ? u->d->vidx->get(*tp) : NULL;
  if (k && (*u->cur)[*k].kind != K_VAL && !u->d->exposed.contains(*tp))
    u->d->exposed.safe_push(*tp);
  return NULL_TREE;
}

/* Records scalars S reads that may hold a value from outside the
   iteration. */
static void note_uses(dctx *d, state &cur, gimple *s)
{
  use_ctx u = {d, &cur};
  tree lhs = accgpu_lhs_of(s);
  unsigned first = gimple_code(s) == GIMPLE_ASSIGN ? 1
                   : gimple_code(s) == GIMPLE_CALL ? 3 : 0;
  for (unsigned i = first; i < gimple_num_ops(s); i++)
    if (gimple_op(s, i)) {
      tree op = gimple_op(s, i);
      walk_tree(&op, use_cb, &u, NULL);
    }
  if (lhs && !scalar_p(lhs))
    walk_tree(&lhs, use_cb, &u, NULL);
}

/* Accesses through different bases are assumed not to overlap when the
   bases are arrays or pointers the construct maps (different mapped
   pointers are assumed distinct); a pointer set inside the region could
   point into another array. */
static bool distinct_base_p(dctx *d, tree base)
{
  if (!POINTER_TYPE_P(TREE_TYPE(base)))
    return DECL_P(base);
  for (tree c = d->clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
        && OMP_CLAUSE_CODE(c) != OMP_CLAUSE_FIRSTPRIVATE)
      continue;
    tree x = OMP_CLAUSE_DECL(c);
    /* A local VLA is mapped as `*c.1`, the gimplifier's pointer to it. */
    if (x == base || (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
                      && (TREE_CODE(x) == INDIRECT_REF
                          || TREE_CODE(x) == MEM_REF)
                      && TREE_OPERAND(x, 0) == base))
      return true;
  }
  return false;
}

/* The array REF is an element of (its base only, the offset unknown). */
static aff root_of(dctx *d, state &cur, tree ref)
{
  tree t = ref;
  while (handled_component_p(t))
    t = TREE_OPERAND(t, 0);
  aff a = a_unknown();
  if (DECL_P(t))
    a = eval_addr(d, cur, t);
  else if (TREE_CODE(t) == MEM_REF)
    a = eval(d, cur, TREE_OPERAND(t, 0));
  a.unknown = true; /* the base alone, if known */
  return a;
}

static void note_access(dctx *d, state &cur, tree ref, bool store)
{
  if (scalar_p(ref) || CONSTANT_CLASS_P(ref) || TREE_CODE(ref) == ADDR_EXPR)
    return;
  if (DECL_P(ref) && !store)
    return; /* an aggregate read as a whole */
  mem_access a;
  a.a = eval_addr(d, cur, ref);
  a.store = store;
  a.wild = false;
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(ref));
  a.size = sz && tree_fits_shwi_p(sz) ? tree_to_shwi(sz) : 0;
  if (a.a.unknown || !a.a.base || a.a.wrap || !a.size) {
    /* An unknown offset into a known array only matters against stores
       to that array (indirect writes stay sequential). */
    a.a = root_of(d, cur, ref);
    a.wild = true;
    if (!a.a.base) {
      d->bad = true;
      return;
    }
  }
  if (DECL_P(a.a.base) && d->body_vars.contains(a.a.base))
    return; /* declared in the body: private to the iteration */
  if (!distinct_base_p(d, a.a.base)) {
    d->bad = true;
    return;
  }
  a.nd = 0;
  tree t = ref, subs[MAXDIM + 1];
  unsigned nd = 0;
  while (TREE_CODE(t) == ARRAY_REF && nd <= MAXDIM) {
    subs[nd++] = TREE_OPERAND(t, 1);
    t = TREE_OPERAND(t, 0);
  }
  if (nd >= 2 && nd <= MAXDIM && TREE_CODE(t) != ARRAY_REF) {
    a.array = eval_addr(d, cur, t);
    a.atype = TREE_TYPE(t);
    bool ok = !a.array.unknown;
    for (unsigned k = 0; k < nd && ok; k++) {
      aff v = eval(d, cur, subs[nd - 1 - k]);
      ok = !v.unknown && !v.base && !v.wrap;
      a.sub[k] = v.p;
    }
    if (ok)
      a.nd = nd;
  }
  d->acc.safe_push(a);
}

static void set_var(dctx *d, state &cur, tree v, aff a)
{
  int *k = d->vidx->get(v);
  if (k) {
    cur[*k].kind = K_VAL;
    cur[*k].v = a;
  }
}

/* A and B compute the same expression of the same operands. */
static bool same_rhs(gimple *a, gimple *b)
{
  if (gimple_code(a) != GIMPLE_ASSIGN || gimple_code(b) != GIMPLE_ASSIGN
      || gimple_assign_rhs_code(a) != gimple_assign_rhs_code(b)
      || gimple_num_ops(a) != gimple_num_ops(b))
    return false;
  for (unsigned o = 1; o < gimple_num_ops(a); o++)
    if (!operand_equal_p(gimple_op(a, o), gimple_op(b, o), 0))
      return false;
  return true;
}

/* Every assignment at positions [B, E) to what DEF assigns computes the
   same as DEF. */
static bool same_defs(dctx *d, int b, int e, gimple *def)
{
  for (int p = b; p < e; p++)
    if (accgpu_lhs_of(d->st[p]) == gimple_assign_lhs(def) && !same_rhs(d->st[p], def))
      return false;
  return true;
}

/* Scalars assigned at positions [B, E). */
static void assigned_in(dctx *d, int b, int e, vec<tree> *out)
{
  for (int p = b; p < e; p++) {
    tree l = accgpu_lhs_of(d->st[p]);
    if (l && scalar_p(l) && !out->contains(l))
      out->safe_push(l);
  }
}

static bool prove_index_free(dctx *d, const poly *c, bool *pos);

/* Replaces the loop's index in P by the end of its range that makes P
   largest (MAX) or smallest; false when that cannot be decided. */
static bool widen(dctx *d, poly *p, bool max)
{
  if (p->bad)
    return false;
  if (!p_has(p, d->isym))
    return true;
  poly c, r;
  bool pos;
  if (!d->irange || !p_split(p, d->isym, &c, &r) || !prove_index_free(d, &c, &pos))
    return false;
  const poly *e = max == pos ? &d->ihi : &d->ilo;
  poly ce = p_mul(&c, e);
  *p = p_add(&r, &ce, 1);
  return !p->bad;
}

/* A as a GENERIC expression of invariants and the loop's index (for the
   analysis of an inner loop), or NULL. */
static tree aff_to_tree(dctx *d, const aff *a)
{
  if (a->unknown || a->wrap || a->p.bad)
    return NULL_TREE;
  tree ty = long_long_integer_type_node, sum = build_int_cst(ty, 0);
  for (unsigned k = 0; k < a->p.n; k++) {
    tree t = build_int_cst(ty, a->p.t[k].c);
    for (unsigned j = 0; j < a->p.t[k].m.n; j++) {
      sym *s = &d->syms[a->p.t[k].m.s[j]];
      if ((s->loop != -1 && s->loop != -2) || !DECL_P(s->t))
        return NULL_TREE;
      t = build2(MULT_EXPR, ty, t, s->t);
    }
    sum = build2(PLUS_EXPR, ty, sum, t);
  }
  if (a->base) {
    tree b = POINTER_TYPE_P(TREE_TYPE(a->base)) ? a->base
             : build_fold_addr_expr(a->base);
    return build2(POINTER_PLUS_EXPR, TREE_TYPE(b), b,
                  build1(NOP_EXPR, sizetype, sum));
  }
  return sum;
}

/* Records the values scalars hold at inner loop K's initialization that
   the inner loop does not change (IN: what it assigns). */
static void record_entry(dctx *d, state &cur, int k, vec<tree> &in)
{
  for (unsigned v = 0; v < d->vars.length(); v++) {
    if (cur[v].kind != K_VAL || in.contains(d->vars[v])
        || !(INTEGRAL_TYPE_P(TREE_TYPE(d->vars[v]))
             || POINTER_TYPE_P(TREE_TYPE(d->vars[v]))))
      continue;
    tree e = aff_to_tree(d, &cur[v].v);
    if (!e)
      continue;
    d->ent_at.safe_push(d->loops[k].l.init);
    d->ent_var.safe_push(d->vars[v]);
    d->ent_val.safe_push(e);
  }
}

/* At inner loop K's initialization (CUR: after it): its index range and
   the state at the start of its body (values changed in the loop are
   unknown there). */
static void enter_loop(dctx *d, state &cur, int k)
{
  iloop *il = &d->loops[k];
  kg_plain_loop *l = &il->l;
  vec<tree> in = vNULL, body = vNULL;
  assigned_in(d, il->p_body, il->p_exit, &in);
  assigned_in(d, il->p_body, il->p_incr, &body);
  record_entry(d, cur, k, in);
  /* The bound, computed after the test label from values the body does
     not change. */
  aff n2 = a_unknown();
  bool inv = !body.contains(l->n2);
  state scratch = cur.copy();
  if (l->test_first) {
    int b = *d->pos->get(l->test_first), e = *d->pos->get(l->cond_stmt);
    /* A temporary of the test that deeper loops reuse for the same
       computation (D.1 = m - 1) keeps its value. */
    if (!inv)
      for (int p = b; p < e; p++)
        if (accgpu_lhs_of(d->st[p]) == l->n2)
          inv = same_defs(d, il->p_body, il->p_incr, d->st[p]);
    for (int p = b; p < e && inv; p++) {
      gimple *s = d->st[p];
      for (unsigned o = 1; o < gimple_num_ops(s); o++)
        if (gimple_op(s, o) && body.contains(gimple_op(s, o)))
          inv = false;
      if (inv && gimple_code(s) == GIMPLE_ASSIGN)
        set_var(d, scratch, gimple_assign_lhs(s), eval_rhs(d, scratch, s));
    }
  }
  if (inv)
    n2 = eval(d, scratch, l->n2);
  scratch.release();
  aff n1 = eval(d, cur, l->n1);
  bool own = body.contains(l->index); /* the body moves its index */
  body.release();
  sym s;
  s.t = l->index;
  s.loop = k;
  s.inst = 0;
  s.twin = -1;
  s.ranged = false;
  HOST_WIDE_INT step = tree_to_shwi(l->step);
  if (!n1.unknown && !n2.unknown && !n1.base && !n2.base && !n1.wrap
      && !n2.wrap && !own) {
    poly one = p_const(1);
    s.ranged = true;
    if (step > 0) {
      s.lo = n1.p;
      s.hi = l->cond == LT_EXPR ? p_add(&n2.p, &one, -1) : n2.p;
    } else {
      s.hi = n1.p;
      s.lo = l->cond == GT_EXPR ? p_add(&n2.p, &one, 1) : n2.p;
    }
    /* Triangular: bounds in the loop's index, widened over its range. */
    s.ranged = widen(d, &s.lo, false) && widen(d, &s.hi, true);
  }
  d->syms.safe_push(s);
  il->symid = (int)d->syms.length() - 1;
  state h = cur.copy();
  for (unsigned i = 0; i < in.length(); i++) {
    int *v = d->vidx->get(in[i]);
    if (!v)
      continue;
    if (h[*v].kind == K_VAL)
      h[*v].v = a_unknown();
    else
      h[*v].kind = K_MAYBE;
  }
  aff j = s.ranged ? a_of(p_sym(il->symid)) : a_unknown();
  set_var(d, h, l->index, j);
  d->head[k] = h;
  in.release();
}

/* Records a jump from P to LABEL with state CUR. */
static void jump(dctx *d, state &cur, int p, tree label, vec<state> &pend,
                 vec<bool> &has)
{
  int *q = d->lab->get(label);
  if (!q) {
    d->bad = true; /* leaves the body */
    return;
  }
  if (*q > p) {
    merge(&pend[*q], &has[*q], cur);
    return;
  }
  /* Backward: only an inner loop's condition to its body. */
  for (unsigned k = 0; k < d->loops.length(); k++)
    if (d->loops[k].l.cond_stmt == d->st[p] && d->loops[k].p_body == *q)
      return;
  d->bad = true;
}

static int loop_at(dctx *d, int p, bool incr)
{
  for (unsigned k = 0; k < d->loops.length(); k++)
    if ((incr ? d->loops[k].p_incr : d->loops[k].p_init) == p)
      return (int)k;
  return -1;
}

static void walk_stmt(dctx *d, state &cur, int p, vec<state> &pend,
                      vec<bool> &has, bool *dead)
{
  gimple *s = d->st[p];
  switch (gimple_code(s)) {
  case GIMPLE_ASSIGN: {
    if (gimple_clobber_p(s) || loop_at(d, p, true) >= 0)
      return; /* an inner index's increment: its value stays symbolic */
    note_uses(d, cur, s);
    tree lhs = gimple_assign_lhs(s);
    if (get_gimple_rhs_class(gimple_assign_rhs_code(s)) == GIMPLE_SINGLE_RHS)
      note_access(d, cur, gimple_assign_rhs1(s), false);
    if (!scalar_p(lhs)) {
      note_access(d, cur, lhs, true);
      return;
    }
    if (lhs == d->index) {
      d->bad = true;
      return;
    }
    set_var(d, cur, lhs, eval_rhs(d, cur, s));
    int k = loop_at(d, p, false);
    if (k >= 0)
      enter_loop(d, cur, k);
    return;
  }
  case GIMPLE_CALL: {
    tree fn = gimple_call_fndecl(s), lhs = gimple_call_lhs(s);
    if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL) || !lhs
        || !scalar_p(lhs) || lhs == d->index) {
      d->bad = true;
      return;
    }
    for (unsigned i = 0; i < gimple_call_num_args(s); i++)
      if (!is_gimple_val(gimple_call_arg(s, i))
          || POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(s, i))))
        d->bad = true;
    note_uses(d, cur, s);
    set_var(d, cur, lhs, a_unknown());
    return;
  }
  case GIMPLE_COND: {
    gcond *c = as_a<gcond *>(s);
    note_uses(d, cur, s);
    jump(d, cur, p, gimple_cond_true_label(c), pend, has);
    jump(d, cur, p, gimple_cond_false_label(c), pend, has);
    *dead = true;
    return;
  }
  case GIMPLE_GOTO:
    if (TREE_CODE(gimple_goto_dest(s)) != LABEL_DECL)
      d->bad = true;
    else
      jump(d, cur, p, gimple_goto_dest(s), pend, has);
    *dead = true;
    return;
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
  case GIMPLE_DEBUG:
  case GIMPLE_LABEL:
    return;
  default:
    d->bad = true; /* switches, returns, asm, OMP, ... */
  }
}

/* Walks the flattened body once, in order. */
static void walk_body(dctx *d)
{
  unsigned n = d->st.length();
  vec<state> pend = vNULL;
  vec<bool> has = vNULL;
  pend.safe_grow_cleared(n + 1);
  has.safe_grow_cleared(n + 1);
  d->head.safe_grow_cleared(d->loops.length());
  state cur = vNULL;
  vstate out = {K_OUT, a_unknown()};
  for (unsigned k = 0; k < d->vars.length(); k++)
    cur.safe_push(out);
  bool dead = false;
  for (unsigned p = 0; p < n && !d->bad; p++) {
    if (gimple_code(d->st[p]) == GIMPLE_LABEL) {
      int body = -1;
      for (unsigned k = 0; k < d->loops.length(); k++)
        if (d->loops[k].p_body == (int)p)
          body = (int)k;
      if (body >= 0 && d->head[body].exists()) {
        cur.release();
        cur = d->head[body].copy();
        dead = false;
      } else if (has[p]) {
        if (dead) {
          cur.release();
          cur = pend[p].copy();
        } else {
          bool h = true;
          merge(&cur, &h, pend[p]);
        }
        dead = false;
      }
      continue;
    }
    if (!dead)
      walk_stmt(d, cur, p, pend, has, &dead);
  }
  cur.release();
  for (unsigned k = 0; k <= n; k++)
    pend[k].release();
  pend.release();
  has.release();
}

/* ---- the dependence test ---- */

/* Lower bounds of invariant symbols (from loops running at least once). */
struct facts {
  vec<HOST_WIDE_INT> lb;
  vec<bool> has;
};

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
      poly span = p_add(&hi, &lo, -1);
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
    poly v = p_const(f->lb[id]), s = p_sym(id);
    v = p_add(&v, &s, 1);
    q = p_subst(&q, id, &v);
  }
  for (unsigned i = 0; ok && i < q.n; i++)
    ok = q.t[i].c >= 0;
  ids.release();
  return ok && !q.bad;
}

/* The sign of the invariant C (from what the loop's bounds imply). */
static bool prove_index_free(dctx *d, const poly *c, bool *pos)
{
  facts f;
  f.lb = vNULL;
  f.has = vNULL;
  f.lb.safe_grow_cleared(d->syms.length() + 1);
  f.has.safe_grow_cleared(d->syms.length() + 1);
  add_loop_facts(d, &f);
  poly z = p_const(0), neg = p_add(&z, c, -1);
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
               && (p_has(&d->syms[r[b]].lo, r[a])
                   || p_has(&d->syms[r[b]].hi, r[a]));
      if (!used)
        pick = r[a];
    }
    bool any_ranged_coef = false;
    poly c, rest;
    bool ok = pick >= 0 && p_split(&q, pick, &c, &rest);
    for (unsigned a = 0; ok && a < r.length(); a++)
      any_ranged_coef |= p_has(&c, r[a]);
    r.release();
    if (!ok || any_ranged_coef)
      return false;
    poly neg = p_const(0);
    neg = p_add(&neg, &c, -1);
    bool pos = prove_nonneg(d, f, &c);
    if (!pos && !prove_nonneg(d, f, &neg))
      return false;
    const poly *b = max == pos ? &d->syms[pick].hi : &d->syms[pick].lo;
    poly cb = p_mul(&c, b);
    q = p_add(&rest, &cb, 1);
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
        poly t = p_sym(twin(d, id));
        q = p_subst(&q, id, &t);
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
  if (!p_split(px, d->isym, &sx, &fx) || !p_split(py, d->isym, &sy, &fy)
      || !p_eq(&sx, &sy))
    return true;
  for (unsigned i = 0; i < sx.n; i++)
    for (unsigned k = 0; k < sx.t[i].m.n; k++)
      if (d->syms[sx.t[i].m.s[k]].loop != -1)
        return true;
  poly fy1 = rename(d, &fy);
  poly g = p_add(&fy1, &fx, -1);
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
    poly zero = p_const(0), one = p_const(1);
    if (sx.n == 0) {
      /* The same addresses in every iteration: disjoint or dependent. */
      poly a = p_const(-xsize), b = p_const(-ysize);
      a = p_add(&a, &gmin, 1);           /* min G - size X >= 0 */
      poly mg = p_add(&zero, &gmax, -1);
      b = p_add(&b, &mg, 1);             /* -max G - size Y >= 0 */
      dep = !prove_nonneg(d, &f, &a) && !prove_nonneg(d, &f, &b);
    } else {
      poly s = sx, sm1 = p_add(&sx, &one, -1);
      if (!prove_nonneg(d, &f, &sm1)) {
        s = p_add(&zero, &sx, -1);
        sm1 = p_add(&s, &one, -1);
      }
      if (prove_nonneg(d, &f, &sm1)) {
        /* Two iterations differ by a multiple of the step. */
        poly st = p_const(d->istep < 0 ? -d->istep : d->istep);
        s = p_mul(&s, &st);
        poly a = p_add(&s, &gmin, 1), b = p_add(&s, &gmax, -1);
        poly sxs = p_const(xsize), sys = p_const(ysize);
        a = p_add(&a, &sxs, -1);
        b = p_add(&b, &sys, -1);
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
    poly a = p_add(&yl, &xh, -1), b = p_add(&xl, &yh, -1);
    poly sx = p_const(x->size), sy = p_const(y->size);
    a = p_add(&a, &sx, -1);
    b = p_add(&b, &sy, -1);
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
  *q = p_const(0);
  *r = p_const(0);
  for (unsigned k = 0; k < p->n; k++) {
    mono m;
    if (p->t[k].c % t->c == 0 && mono_sub(&p->t[k].m, &t->m, &m))
      p_addterm(q, p->t[k].c / t->c, &m);
    else
      p_addterm(r, p->t[k].c, &p->t[k].m);
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
  poly sz = p_const(size), room = p_add(t, &hi, -1);
  room = p_add(&room, &sz, -1);
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
    poly qx, px, qy, py, tp = p_const(0);
    p_addterm(&tp, t.c, &t.m);
    if (!split_by(&x->a.p, &t, &qx, &px) || !split_by(&y->a.p, &t, &qy, &py)
        || p_has(&qx, d->isym) || p_has(&qy, d->isym))
      continue;
    facts f;
    facts_for_pair(d, &f, x, y);
    poly one = p_const(1), tm1 = p_add(&tp, &one, -1);
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
      && a_eq(&x->array, &y->array)
      && TYPE_MAIN_VARIANT(x->atype) == TYPE_MAIN_VARIANT(y->atype))
    for (unsigned k = 0; k < x->nd; k++)
      if (!carried_1(d, &x->sub[k], 1, &y->sub[k], 1))
        return false;
  return carried_1(d, &x->a.p, x->size, &y->a.p, y->size)
         && !ranges_disjoint(d, x, y) && !split_dims_indep(d, x, y);
}

/* ---- one loop ---- */

static tree find_var_cb(tree *tp, int *walk, void *data)
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


static bool temp_p(tree t)
{
  return TREE_CODE(t) == SSA_NAME || (VAR_P(t) && DECL_ARTIFICIAL(t));
}

static bool stmt_refs(gimple *s, tree v)
{
  for (unsigned o = 0; o < gimple_num_ops(s); o++) {
    tree t = gimple_op(s, o);
    if (t && walk_tree(&t, find_var_cb, v, NULL))
      return true;
  }
  return false;
}

static bool red_code_p(enum tree_code c)
{
  switch (c) {
  case PLUS_EXPR: case MULT_EXPR: case MIN_EXPR: case MAX_EXPR:
  case BIT_AND_EXPR: case BIT_IOR_EXPR: case BIT_XOR_EXPR:
    return true;
  default:
    return false;
  }
}

/* fmax/fmin (any precision) as the reduction operator, else ERROR_MARK. */
static enum tree_code minmax_call(gimple *s)
{
  tree fn = gimple_code(s) == GIMPLE_CALL ? gimple_call_fndecl(s) : NULL_TREE;
  if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL)
      || gimple_call_num_args(s) != 2)
    return ERROR_MARK;
  switch (DECL_FUNCTION_CODE(fn)) {
  CASE_FLT_FN(BUILT_IN_FMAX):
    return MAX_EXPR;
  CASE_FLT_FN(BUILT_IN_FMIN):
    return MIN_EXPR;
  default:
    return ERROR_MARK;
  }
}

/* S is `x = a OP b` (or x = fmax(a, b), fmin) with exactly one of A, B in
   IN; sets or checks *OP. */
static bool red_step(gimple *s, const vec<tree> &in, enum tree_code *op)
{
  enum tree_code c = minmax_call(s);
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
  if (a == b || !red_code_p(c) || (*op != ERROR_MARK && *op != c))
    return false;
  *op = c;
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
    bool assign = gimple_code(s) == GIMPLE_ASSIGN;
    if (assign && gimple_assign_lhs(s) == v && gimple_assign_single_p(s)
        && temp_p(gimple_assign_rhs1(s)))
      stores.safe_push(gimple_assign_rhs1(s));
    else if (accgpu_lhs_of(s) == v)
      ok = red_step(s, self, op);
    else if (assign && gimple_assign_single_p(s) && gimple_assign_rhs1(s) == v
             && temp_p(gimple_assign_lhs(s)))
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
  d->isym = new_sym(d, index, -2);
  d->loopfact = p_const(0);
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
    if (l && scalar_p(l) && !d->vidx->get(l)) {
      d->vidx->put(l, d->vars.length());
      d->vars.safe_push(l);
    }
  }
  state st = vNULL;
  vstate out = {K_OUT, a_unknown()};
  for (unsigned k = 0; k < d->vars.length(); k++)
    st.safe_push(out);
  for (gimple *s = tfirst; s && s != tcond; s = s->next)
    if (gimple_code(s) == GIMPLE_ASSIGN && scalar_p(gimple_assign_lhs(s)))
      set_var(d, st, gimple_assign_lhs(s), eval_rhs(d, st, s));
  aff b = eval(d, st, n2);
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
  aff a = eval(d, none, l->n1);
  aff b = l->test_first ? test_bound(d, l->n2, l->test_first, l->cond_stmt)
                        : eval(d, none, l->n2);
  poly r = p_const(0);
  r.bad = true;
  if (a.unknown || b.unknown || a.base || b.base || a.wrap || b.wrap)
    return r;
  poly one = p_const(1);
  if (l->cond == LT_EXPR || l->cond == LE_EXPR)
    r = p_add(&b.p, &a.p, -1);
  else
    r = p_add(&a.p, &b.p, -1);
  if (l->cond == LT_EXPR || l->cond == GT_EXPR)
    r = p_add(&r, &one, -1);
  return r;
}

/* Analyses the body FIRST .. before STOP of the loop over INDEX (from N1
   by STEP while INDEX COND N2, N2 computed by TFIRST .. before TCOND when
   TFIRST is set; N1/N2 may be NULL when unknown), inside the loops ENCL
   of the construct with CLAUSES. */
static void analyse(tree index, tree n1, tree n2, enum tree_code cond,
                    gimple *first, gimple *stop, gimple *tfirst,
                    gimple *tcond, vec<kg_plain_loop *> *encl,
                    HOST_WIDE_INT step, tree clauses,
                    hash_map<tree, tree> *entry, dep_result *res)
{
  dctx d;
  dctx_init(&d, index);
  d.istep = step ? step : 1;
  d.clauses = clauses;
  d.entry = entry;
  memset((void *)res, 0, sizeof *res);
  flatten(&d, first, stop);
  for (unsigned k = 0; k < d.loops.length(); k++) {
    iloop *il = &d.loops[k];
    int *pb = d.lab->get(gimple_cond_true_label(as_a<gcond *>(il->l.cond_stmt)));
    il->p_init = *d.pos->get(il->l.init);
    il->p_incr = *d.pos->get(il->l.incr);
    il->p_exit = *d.pos->get(il->l.exit);
    il->p_body = pb ? *pb : -1;
  }
  collect_vars(&d);
  if (d.vidx->get(index))
    d.bad = true;
  for (unsigned k = 0; encl && k < encl->length() && !d.bad; k++)
    d.outer.safe_push(span_of(&d, (*encl)[k]));
  /* The loop runs at least once when the body does: N1 <= last. */
  if (n1 && n2 && !d.bad) {
    state none = vNULL;
    aff a = eval(&d, none, n1);
    aff b = tfirst ? test_bound(&d, n2, tfirst, tcond) : eval(&d, none, n2);
    if (!a.unknown && !b.unknown && !a.base && !b.base && !a.wrap && !b.wrap) {
      poly one = p_const(1);
      d.irange = true;
      if (cond == LT_EXPR || cond == LE_EXPR) {
        d.ilo = a.p;
        d.ihi = cond == LT_EXPR ? p_add(&b.p, &one, -1) : b.p;
      } else if (cond == GT_EXPR || cond == GE_EXPR) {
        d.ihi = a.p;
        d.ilo = cond == GT_EXPR ? p_add(&b.p, &one, 1) : b.p;
      } else
        d.irange = false;
      if (d.irange)
        d.loopfact = p_add(&d.ihi, &d.ilo, -1);
    }
  }
  if (!d.bad)
    walk_body(&d);
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
  res->indep = ok;
  res->privs.safe_push(index);
  for (unsigned i = 0; i < d.vars.length(); i++) {
    tree v = d.vars[i];
    bool red = false;
    for (unsigned k = 0; k < res->reds.length(); k++)
      red |= res->reds[k].decl == v;
    if (TREE_CODE(v) != SSA_NAME && !red && !d.body_vars.contains(v)
        && !res->privs.contains(v))
      res->privs.safe_push(v);
  }
  res->body_vars = d.body_vars.copy();
  res->ent_at = d.ent_at.copy();
  res->ent_var = d.ent_var.copy();
  res->ent_val = d.ent_val.copy();
  dctx_fini(&d);
}

/* Analyses the plain loop L, whose bound must not change in the loop. */
static void analyse_plain(kg_plain_loop *l, vec<kg_plain_loop *> *encl,
                          tree clauses, hash_map<tree, tree> *entry,
                          dep_result *res)
{
  analyse(l->index, l->n1, l->n2, l->cond, l->first_body, l->incr,
          l->test_first, l->cond_stmt, encl, tree_to_shwi(l->step), clauses,
          entry, res);
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
        if (!same_rhs(def, tdef))
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
    if (!match_loop(gsi, &l))
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

bool kg_omp_loop_independent(gomp_for *f)
{
  if (gimple_omp_for_collapse(f) != 1)
    return false;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      return false;
  dep_result res;
  gimple *region = construct_of(f);
  analyse(gimple_omp_for_index(f, 0), gimple_omp_for_initial(f, 0),
          gimple_omp_for_final(f, 0), gimple_omp_for_cond(f, 0),
          gimple_seq_first_stmt(gimple_omp_body(f)), NULL, NULL, NULL, NULL,
          1, region ? gimple_omp_target_clauses(region) : NULL_TREE, NULL,
          &res);
  bool ok = res.indep && res.reds.is_empty();
  /* Scalars it assigns must be the loop's own (temporaries, locals). */
  for (unsigned i = 1; ok && i < res.privs.length(); i++)
    ok = DECL_ARTIFICIAL(res.privs[i]);
  result_free(&res);
  return ok;
}

/* Matches the C front end's loop shape starting at GSI; fills L. */
static bool match_loop(gimple_stmt_iterator gsi, kg_plain_loop *l)
{
  gimple *s = gsi_stmt(gsi);
  if (gimple_code(s) != GIMPLE_ASSIGN)
    return false;
  tree i = gimple_assign_lhs(s);
  enum tree_code ic = gimple_assign_rhs_code(s);
  if (!VAR_P(i) || !INTEGRAL_TYPE_P(TREE_TYPE(i)) || TREE_ADDRESSABLE(i)
      || !is_gimple_val(gimple_assign_rhs1(s)))
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
      /* Operands, or loads of scalars mapping made addressable. */
      if (op == i || (op && !is_gimple_val(op) && !scalar_p(op)))
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


/* ---- kernels regions: plain loops become acc loops ---- */

enum { DIM_SEQ = 8 }; /* converted (privatized), not partitioned */

struct cnode {
  kg_plain_loop l;
  gimple_seq *seqp;  /* the sequence holding it */
  int parent;
  dep_result res;
  int dims;          /* KG_GANG | KG_VECTOR, DIM_SEQ, or 0: left alone */
  hash_map<tree, tree> *map; /* privatized copies */
};

struct cctx {
  struct kg_region *r;
  vec<cnode> nodes;
  struct accgpu_flat fl; /* the region body, flattened */
  vec<tree> indices; /* indices of all plain loops */
  bool host_loops;   /* top-level sequential loops will run on the host */
};

static void scan(cctx *c, gimple_seq *seqp, vec<int> *stack)
{
  for (gimple_stmt_iterator gsi = gsi_start(*seqp); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    while (!stack->is_empty() && c->nodes[stack->last()].l.exit == s)
      stack->pop();
    if (gimple_code(s) == GIMPLE_BIND) {
      scan(c, gimple_bind_body_ptr(as_a<gbind *>(s)), stack);
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      scan(c, gimple_try_eval_ptr(s), stack);
      continue;
    }
    cnode n;
    memset((void *)&n, 0, sizeof n);
    if (!match_loop(gsi, &n.l))
      continue;
    n.seqp = seqp;
    n.parent = stack->is_empty() ? -1 : stack->last();
    /* Enclosing loops whose bounds stay put run, which gives facts. */
    vec<kg_plain_loop *> encl = vNULL;
    for (unsigned k = 0; k < stack->length(); k++)
      if (!c->nodes[(*stack)[k]].res.bounds_vary)
        encl.safe_push(&c->nodes[(*stack)[k]].l);
    /* Values the enclosing loop's body gives scalars before this loop. */
    hash_map<tree, tree> entry;
    if (n.parent >= 0) {
      dep_result *pr = &c->nodes[n.parent].res;
      for (unsigned k = 0; k < pr->ent_at.length(); k++)
        if (pr->ent_at[k] == n.l.init)
          entry.put(pr->ent_var[k], pr->ent_val[k]);
    }
    analyse_plain(&n.l, &encl, gimple_omp_target_clauses(c->r->stmt), &entry,
                  &n.res);
    encl.release();
    if (!c->indices.contains(n.l.index))
      c->indices.safe_push(n.l.index);
    c->nodes.safe_push(n);
    stack->safe_push((int)c->nodes.length() - 1);
  }
}

struct outside_ctx {
  gimple *skip;
  tree v;
};

static tree outside_stmt(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  if (gsi_stmt(*gsi) == ((outside_ctx *)wi->info)->skip)
    *handled = true;
  return NULL_TREE;
}

static tree outside_op(tree *tp, int *walk, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  return find_var_cb(tp, walk, ((outside_ctx *)wi->info)->v);
}

/* V may be read after the region: a global, addressable, or referred to
   elsewhere in the function.  Indices of plain loops are private to
   their loops (as those of acc loops), so their values do not leave. */
static bool live_at_exit(cctx *c, tree v)
{
  if (c->indices.contains(v))
    return false;
  if (!VAR_P(v) || is_global_var(v) || TREE_ADDRESSABLE(v))
    return true;
  outside_ctx o = {c->r->stmt, v};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &o;
  return walk_gimple_seq(gimple_body(current_function_decl), outside_stmt,
                         outside_op, &wi) != NULL;
}

static enum accgpu_effect region_effect(gimple *s, tree v, void *c)
{
  if (!s)
    return live_at_exit((cctx *)c, v) ? ACCGPU_READ : ACCGPU_NONE;
  return accgpu_plain_effect(s, v);
}

/* V may be read, before being assigned, after position P of the region. */
static bool live_after(cctx *c, int p, tree v)
{
  return accgpu_flow_reads(&c->fl, p + 1, v, region_effect, c);
}

/* The scalars node N privatizes are dead after it; else names one. */
static bool privs_dead(cctx *c, int n, tree *culprit)
{
  cnode *x = &c->nodes[n];
  int *p = c->fl.pos->get(x->l.exit);
  for (unsigned i = 0; i < x->res.privs.length(); i++) {
    tree v = x->res.privs[i];
    if (TREE_CODE(v) == SSA_NAME)
      continue;
    if (!p || TREE_ADDRESSABLE(v) || live_after(c, *p, v)) {
      *culprit = v;
      return false;
    }
  }
  return true;
}

static bool ancestor_p(cctx *c, int a, int k)
{
  for (int p = c->nodes[k].parent; p >= 0; p = c->nodes[p].parent)
    if (p == a)
      return true;
  return false;
}

/* A constant trip count below a warp: not worth vector lanes. */
static bool small_loop(cnode *x)
{
  kg_plain_loop *l = &x->l;
  if (TREE_CODE(l->n1) != INTEGER_CST || TREE_CODE(l->n2) != INTEGER_CST
      || !tree_fits_shwi_p(l->n1) || !tree_fits_shwi_p(l->n2))
    return false;
  HOST_WIDE_INT a = tree_to_shwi(l->n1), b = tree_to_shwi(l->n2);
  HOST_WIDE_INT s = tree_to_shwi(l->step);
  HOST_WIDE_INT span = s > 0 ? b - a : a - b;
  return span / (s > 0 ? s : -s) < 32;
}

static bool par_below(cctx *c, int n)
{
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].res.indep && ancestor_p(c, n, k)
        && !small_loop(&c->nodes[k]))
      return true;
  return false;
}

static bool by_ref_param(cctx *c, tree v)
{
  for (unsigned i = 0; i < c->r->params.length(); i++)
    if (c->r->params[i].decl == v)
      return c->r->params[i].by_ref;
  return false;
}

/* The gang loop enclosing N also reduces V, or a converted loop enclosing
   N privatizes it (a thread-local copy). */
static bool gang_reduces(cctx *c, int n, tree v)
{
  for (int p = c->nodes[n].parent; p >= 0; p = c->nodes[p].parent) {
    if (c->nodes[p].dims && c->nodes[p].res.privs.contains(v))
      return true;
    if (c->nodes[p].dims & KG_GANG)
      for (unsigned k = 0; k < c->nodes[p].res.reds.length(); k++)
        if (c->nodes[p].res.reds[k].decl == v)
          return true;
  }
  return false;
}

enum { M_TOP, M_GANG, M_SINGLE };

/* Chooses the mapping of node N and its inner loops.  MODE: N is outside
   partitioned loops (TOP), inside a gang loop, or inside a sequential loop
   of the region, where gangs would race (SINGLE: one gang's lanes).  A
   sequential loop the host will run (C->host_loops) is no such loop. */
static void decide(cctx *c, int n, int mode)
{
  cnode *x = &c->nodes[n];
  tree culprit = NULL_TREE;
  bool ok = x->res.indep && privs_dead(c, n, &culprit);
  if (x->res.indep && !ok && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized: %qD "
           "is used after the loop", culprit);
  else if (!x->res.indep && x->parent >= 0 && accgpu_opts.info)
    inform(gimple_location(x->l.init), "accgpu: loop not parallelized "
           "(possible loop-carried dependence, or a body the dependence test "
           "cannot analyse): runs sequentially");
  bool below = par_below(c, n);
  bool gang_reds = true, lane_reds = true;
  for (unsigned k = 0; k < x->res.reds.length(); k++) {
    tree v = x->res.reds[k].decl;
    gang_reds &= by_ref_param(c, v);
    lane_reds &= mode != M_GANG || !by_ref_param(c, v)
                 || gang_reduces(c, n, v);
  }
  int kids = mode == M_TOP ? M_SINGLE : mode;
  x->dims = 0;
  if (ok && mode == M_TOP) {
    if (below && small_loop(x))
      x->dims = DIM_SEQ, kids = M_TOP;
    else if (gang_reds)
      x->dims = KG_GANG | (below ? 0 : KG_VECTOR), kids = M_GANG;
    else if (!below)
      x->dims = KG_VECTOR;
  } else if (ok && !below && !small_loop(x) && lane_reds)
    x->dims = KG_VECTOR;
  if (!x->dims && mode == M_TOP && c->host_loops)
    kids = M_TOP;
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].parent == n)
      decide(c, k, kids);
}

/* V's name inside node N: renamed by the enclosing converted loops. */
static tree resolve(cctx *c, int n, tree v)
{
  vec<int> chain = vNULL;
  for (int p = c->nodes[n].parent; p >= 0; p = c->nodes[p].parent)
    chain.safe_push(p);
  for (int k = (int)chain.length() - 1; k >= 0; k--) {
    hash_map<tree, tree> *m = c->nodes[chain[k]].map;
    tree *t = m ? m->get(v) : NULL;
    if (t)
      v = *t;
  }
  chain.release();
  return v;
}

static tree remap_cb(tree *tp, int *walk, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  if (TYPE_P(*tp)) {
    *walk = 0;
    return NULL_TREE;
  }
  tree *n = ((hash_map<tree, tree> *)wi->info)->get(*tp);
  if (n)
    *tp = *n;
  return NULL_TREE;
}

static tree build_clauses(cctx *c, int n, location_t loc)
{
  cnode *x = &c->nodes[n];
  tree list = NULL_TREE;
  int codes[3] = {x->dims & KG_GANG ? OMP_CLAUSE_GANG : -1,
                  x->dims & KG_VECTOR ? OMP_CLAUSE_VECTOR : -1,
                  x->dims & DIM_SEQ ? OMP_CLAUSE_SEQ : -1};
  for (int k = 0; k < 3; k++)
    if (codes[k] >= 0) {
      tree cl = build_omp_clause(loc, (enum omp_clause_code)codes[k]);
      OMP_CLAUSE_CHAIN(cl) = list;
      list = cl;
    }
  for (unsigned k = 0; !(x->dims & DIM_SEQ) && k < x->res.reds.length(); k++) {
    tree cl = build_omp_clause(loc, OMP_CLAUSE_REDUCTION);
    OMP_CLAUSE_DECL(cl) = resolve(c, n, x->res.reds[k].decl);
    OMP_CLAUSE_REDUCTION_CODE(cl) = x->res.reds[k].op;
    OMP_CLAUSE_CHAIN(cl) = list;
    list = cl;
  }
  return list;
}

/* A new local like V, keeping the user's name (notes, the kernel model
   and the profile name loops by it). */
static tree fresh_copy(tree v)
{
  if (!DECL_NAME(v) || DECL_ARTIFICIAL(v))
    return create_tmp_var(TREE_TYPE(v), "acckp");
  tree d = copy_var_decl(v, DECL_NAME(v), TREE_TYPE(v));
  DECL_CONTEXT(d) = current_function_decl;
  DECL_CHAIN(d) = NULL_TREE;
  DECL_SEEN_IN_BIND_EXPR_P(d) = 0;
  gimple_add_tmp_var(d);
  return d;
}

/* Replaces plain loop N by an acc loop with its chosen clauses. */
static void convert(cctx *c, int n)
{
  cnode *x = &c->nodes[n];
  kg_plain_loop *l = &x->l;
  x->map = new hash_map<tree, tree>;
  for (unsigned i = 0; i < x->res.privs.length(); i++) {
    tree v = resolve(c, n, x->res.privs[i]);
    /* Fresh copies: mapped scalars would be shared by the threads, and
       the pieces of a split region must not share the loop's scalars. */
    if (TREE_CODE(v) != SSA_NAME && !x->map->get(v))
      x->map->put(v, fresh_copy(v));
  }
  gimple_seq body = NULL;
  gimple_stmt_iterator g = gsi_for_stmt(l->first_body, x->seqp);
  while (gsi_stmt(g) != l->incr) {
    gimple *s = gsi_stmt(g);
    gsi_remove(&g, false);
    gimple_seq_add_stmt_without_update(&body, s);
  }
  /* Enclosing loops may have renamed the parts since the match. */
  tree idx = gimple_assign_lhs(l->init), n1 = gimple_assign_rhs1(l->init);
  gimple *start = NULL;
  if (!gimple_assign_single_p(l->init)) {
    n1 = create_tmp_var(TREE_TYPE(idx), "acckn");
    start = gimple_build_assign(n1, gimple_assign_rhs_code(l->init),
                                gimple_assign_rhs1(l->init),
                                gimple_assign_rhs2(l->init));
  }
  tree step = gimple_assign_rhs2(l->incr), n2;
  gcond *cs = as_a<gcond *>(l->cond_stmt);
  enum tree_code cond = gimple_cond_code(cs);
  if (gimple_cond_lhs(cs) == idx)
    n2 = gimple_cond_rhs(cs);
  else
    n2 = gimple_cond_lhs(cs), cond = swap_tree_comparison(cond);
  location_t loc = gimple_location(l->init);
  /* Drop the loop's control, keeping the bound's computation. */
  g = gsi_for_stmt(l->init, x->seqp);
  bool keep = false;
  while (gsi_stmt(g) != l->exit) {
    gimple *s = gsi_stmt(g);
    if (s == l->test_first)
      keep = true;
    if (s == l->cond_stmt)
      keep = false;
    if (keep)
      gsi_next(&g);
    else
      gsi_remove(&g, true);
  }
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = x->map;
  walk_gimple_seq(body, NULL, remap_cb, &wi);
  tree *mi = x->map->get(idx), ni = mi ? *mi : idx;
  gomp_for *f = gimple_build_omp_for(body, GF_OMP_FOR_KIND_OACC_LOOP,
                                     build_clauses(c, n, loc), 1, NULL);
  gimple_omp_for_set_index(f, 0, ni);
  gimple_omp_for_set_initial(f, 0, n1);
  gimple_omp_for_set_final(f, 0, n2);
  gimple_omp_for_set_cond(f, 0, cond);
  gimple_omp_for_set_incr(f, 0, build2(MODIFY_EXPR, TREE_TYPE(ni), ni,
                                       build2(PLUS_EXPR, TREE_TYPE(ni), ni,
                                              step)));
  gimple_set_location(f, loc);
  if (start)
    gsi_insert_before(&g, start, GSI_SAME_STMT);
  gsi_insert_before(&g, f, GSI_SAME_STMT);
  for (unsigned k = n + 1; k < c->nodes.length(); k++)
    if (c->nodes[k].seqp == x->seqp && ancestor_p(c, n, k))
      c->nodes[k].seqp = gimple_omp_body_ptr(f);
}

void kg_kernels_parallelize(struct kg_region *r, bool host_loops)
{
  cctx c;
  memset((void *)&c, 0, sizeof c);
  c.r = r;
  c.host_loops = host_loops;
  accgpu_flat_init(&c.fl, gimple_omp_body(r->stmt));
  vec<int> stack = vNULL;
  scan(&c, gimple_omp_body_ptr(r->stmt), &stack);
  stack.release();
  for (unsigned k = 0; k < c.nodes.length(); k++)
    if (c.nodes[k].parent < 0)
      decide(&c, k, M_TOP);
  for (unsigned k = 0; k < c.nodes.length(); k++)
    if (c.nodes[k].dims)
      convert(&c, k);
  for (unsigned k = 0; k < c.nodes.length(); k++) {
    result_free(&c.nodes[k].res);
    delete c.nodes[k].map;
  }
  c.nodes.release();
  accgpu_flat_fini(&c.fl);
  c.indices.release();
}
