/* tune-dump.cc — -fplugin-arg-accgpu-tune-dump=FILE.yaml: the kernel model
 * of every compute construct, in the format acc-tune reads
 * (autotune/model.c, docs/tuning.md).
 *
 * The construct is read in high GIMPLE before it is lowered.  The
 * gimplifier's temporaries (D.1234) are reassigned freely, so a value is
 * traced through the last assignment seen before its use, walking in
 * statement order: first the enclosing function up to the construct, then
 * the construct's body.  Values are affine forms: per loop variable a
 * coefficient, plus a constant, each a polynomial in the kernel's
 * parameters (variables the construct does not assign).                  */
#include "accgpu-plugin.h"
#include "passes/tune-dump.h"
#include "passes/schedule-file.h"

#define TD_MAXF 4 /* factors in one monomial */
#define TD_MAXT 8 /* monomials in one polynomial */
#define TD_MAXV 8 /* loop variables of a kernel (acc-tune's TUNE_MAX_VARS) */
#define TD_MAXP 3 /* parallel levels (acc-tune's TUNE_MAX_PAR) */
#define TD_DEPTH 48

struct td_term {
  HOST_WIDE_INT c;
  int nf;
  tree f[TD_MAXF]; /* parameter decls, sorted by DECL_UID */
};
struct td_poly {
  int nt;
  td_term t[TD_MAXT];
};
/* An integer or an address: BASE (or NULL) + sum coef[v]*var_v + cst. */
struct td_aff {
  tree base;
  td_poly coef[TD_MAXV];
  td_poly cst;
};

/* A growing text buffer; xrealloc'd, owned by its user. */
struct td_buf {
  char *s;
  size_t len, cap;
};

static const char *dump_path;     /* tune-dump=FILE, or NULL */
static td_buf out;                /* the kernels written so far */
static int nkernels;
static hash_map<tree, gimple *> *defs; /* last assignment of each variable */

/* The kernel being dumped. */
static struct {
  tree var[TD_MAXV];
  char name[TD_MAXV][64];
  int nvars, npar;
  int scope[TD_MAXV], nscope;
  bool par_closed; /* the parallel nest is complete */
  int seq_depth;   /* sequential loops open */
  td_buf body;
  size_t blk_start; /* where the innermost open loop body's text starts */
  int nrefs, nonaffine;
} K;

static void buf_printf(td_buf *b, const char *fmt, ...)
  ATTRIBUTE_PRINTF_2;

static void buf_printf(td_buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->s = (char *)xrealloc(b->s, b->cap);
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, n + 1, fmt, ap);
  va_end(ap);
  b->len += n;
}

/* ---- polynomials in the parameters ------------------------------------ */

static int term_cmp(const td_term *a, const td_term *b)
{
  if (a->nf != b->nf)
    return b->nf - a->nf;
  for (int i = 0; i < a->nf; i++)
    if (DECL_UID(a->f[i]) != DECL_UID(b->f[i]))
      return DECL_UID(a->f[i]) < DECL_UID(b->f[i]) ? -1 : 1;
  return 0;
}

static int term_qcmp(const void *a, const void *b)
{
  return term_cmp((const td_term *)a, (const td_term *)b);
}

/* Adds C*T to P.  Returns false when P has no room. */
static bool poly_add_term(td_poly *p, const td_term *t, HOST_WIDE_INT c)
{
  if (c == 0)
    return true;
  for (int i = 0; i < p->nt; i++)
    if (term_cmp(&p->t[i], t) == 0) {
      p->t[i].c += c;
      if (p->t[i].c == 0)
        p->t[i] = p->t[--p->nt];
      return true;
    }
  if (p->nt == TD_MAXT)
    return false;
  p->t[p->nt] = *t;
  p->t[p->nt++].c = c;
  return true;
}

static bool poly_add(td_poly *p, const td_poly *q, HOST_WIDE_INT scale)
{
  for (int i = 0; i < q->nt; i++)
    if (!poly_add_term(p, &q->t[i], q->t[i].c * scale))
      return false;
  return true;
}

/* Returns false when the product has too many factors or terms. */
static bool poly_mul(td_poly *r, const td_poly *a, const td_poly *b)
{
  td_poly p;
  p.nt = 0;
  for (int i = 0; i < a->nt; i++)
    for (int j = 0; j < b->nt; j++) {
      const td_term *x = &a->t[i], *y = &b->t[j];
      td_term t;
      if (x->nf + y->nf > TD_MAXF)
        return false;
      t.nf = 0;
      int u = 0, v = 0;
      while (u < x->nf || v < y->nf)
        if (v == y->nf || (u < x->nf && DECL_UID(x->f[u]) <= DECL_UID(y->f[v])))
          t.f[t.nf++] = x->f[u++];
        else
          t.f[t.nf++] = y->f[v++];
      if (!poly_add_term(&p, &t, x->c * y->c))
        return false;
    }
  *r = p;
  return true;
}

static bool poly_zero(const td_poly *p)
{
  return p->nt == 0;
}

/* Appends P as an acc-tune expression ("nj*nk - 1"). */
static void poly_print(td_buf *b, const td_poly *p)
{
  td_poly s = *p;
  if (!s.nt) {
    buf_printf(b, "0");
    return;
  }
  qsort(s.t, s.nt, sizeof s.t[0], term_qcmp);
  for (int i = 0; i < s.nt; i++) {
    HOST_WIDE_INT c = s.t[i].c, a = c < 0 ? -c : c;
    buf_printf(b, "%s", i == 0 ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + "));
    if (a != 1 || s.t[i].nf == 0)
      buf_printf(b, HOST_WIDE_INT_PRINT_DEC "%s", a, s.t[i].nf ? "*" : "");
    for (int f = 0; f < s.t[i].nf; f++)
      buf_printf(b, "%s%s", f ? "*" : "",
                 IDENTIFIER_POINTER(DECL_NAME(s.t[i].f[f])));
  }
}

/* ---- affine forms ------------------------------------------------------ */

static void aff_const(td_aff *a, HOST_WIDE_INT c)
{
  memset(a, 0, sizeof *a);
  td_term t;
  t.nf = 0;
  poly_add_term(&a->cst, &t, c);
}

static bool aff_has_vars(const td_aff *a)
{
  for (int v = 0; v < TD_MAXV; v++)
    if (!poly_zero(&a->coef[v]))
      return true;
  return false;
}

/* A += SCALE * B (SCALE is 1 or -1).  Returns false for base - base or
   base + base, and on overflow of the representation. */
static bool aff_add(td_aff *a, const td_aff *b, int scale)
{
  if (b->base) {
    if (a->base || scale < 0)
      return false;
    a->base = b->base;
  }
  for (int v = 0; v < TD_MAXV; v++)
    if (!poly_add(&a->coef[v], &b->coef[v], scale))
      return false;
  return poly_add(&a->cst, &b->cst, scale);
}

/* A *= B when at most one of them has loop terms and neither is an
   address.  Returns false otherwise. */
static bool aff_mul(td_aff *a, const td_aff *b)
{
  if (a->base || b->base)
    return false;
  if (aff_has_vars(a) && aff_has_vars(b))
    return false;
  const td_aff *lin = aff_has_vars(a) ? a : b;
  td_poly s = aff_has_vars(a) ? b->cst : a->cst;
  td_aff r;
  memset(&r, 0, sizeof r);
  for (int v = 0; v < TD_MAXV; v++)
    if (!poly_mul(&r.coef[v], &lin->coef[v], &s))
      return false;
  if (!poly_mul(&r.cst, &lin->cst, &s))
    return false;
  *a = r;
  return true;
}

static int loop_var_index(tree decl)
{
  for (int i = 0; i < K.nscope; i++)
    if (K.var[K.scope[i]] == decl)
      return K.scope[i];
  return -1;
}

static bool eval(tree t, td_aff *a, int depth);
static bool eval_ref_addr(tree ref, td_aff *a, int depth);

/* A parameter is a named user variable the kernel does not assign: its
   value is fixed for the launch.  A read-only one with a known constant
   value is that constant. */
static bool eval_param(tree d, td_aff *a)
{
  if (TREE_READONLY(d) && DECL_INITIAL(d)
      && TREE_CODE(DECL_INITIAL(d)) == INTEGER_CST
      && tree_fits_shwi_p(DECL_INITIAL(d))) {
    aff_const(a, tree_to_shwi(DECL_INITIAL(d)));
    return true;
  }
  if (!DECL_NAME(d) || DECL_ARTIFICIAL(d)
      || strchr(IDENTIFIER_POINTER(DECL_NAME(d)), '.'))
    return false;
  memset(a, 0, sizeof *a);
  if (POINTER_TYPE_P(TREE_TYPE(d)) || TREE_CODE(TREE_TYPE(d)) == ARRAY_TYPE) {
    a->base = d;
    return true;
  }
  if (!INTEGRAL_TYPE_P(TREE_TYPE(d)))
    return false;
  td_term t;
  t.nf = 1;
  t.f[0] = d;
  return poly_add_term(&a->cst, &t, 1);
}

/* Evaluates the right-hand side of assignment G. */
static bool eval_assign(gimple *g, td_aff *a, int depth)
{
  enum tree_code code = gimple_assign_rhs_code(g);
  tree r1 = gimple_assign_rhs1(g);
  td_aff b;
  switch (get_gimple_rhs_class(code)) {
  case GIMPLE_SINGLE_RHS:
    return eval(r1, a, depth);
  case GIMPLE_UNARY_RHS:
    if (CONVERT_EXPR_CODE_P(code))
      return eval(r1, a, depth);
    if (code == NEGATE_EXPR) {
      td_aff z;
      aff_const(&z, 0);
      if (!eval(r1, &b, depth))
        return false;
      *a = z;
      return aff_add(a, &b, -1);
    }
    return false;
  case GIMPLE_BINARY_RHS:
    if (!eval(r1, a, depth) || !eval(gimple_assign_rhs2(g), &b, depth))
      return false;
    if (code == PLUS_EXPR || code == POINTER_PLUS_EXPR)
      return aff_add(a, &b, 1);
    if (code == MINUS_EXPR)
      return aff_add(a, &b, -1);
    if (code == MULT_EXPR)
      return aff_mul(a, &b);
    return false;
  default:
    return false;
  }
}

/* Evaluates T (an operand of high GIMPLE) into A.  Returns false when T is
   not affine in the loop variables in scope. */
static bool eval(tree t, td_aff *a, int depth)
{
  if (depth > TD_DEPTH)
    return false;
  STRIP_NOPS(t);
  switch (TREE_CODE(t)) {
  case INTEGER_CST:
    /* Address arithmetic wraps at 64 bits: sizetype's 2^64 - 8 is -8. */
    if (TYPE_PRECISION(TREE_TYPE(t)) == HOST_BITS_PER_WIDE_INT)
      aff_const(a, (HOST_WIDE_INT)TREE_INT_CST_LOW(t));
    else if (tree_fits_shwi_p(t))
      aff_const(a, tree_to_shwi(t));
    else
      return false;
    return true;
  case ADDR_EXPR:
    return eval_ref_addr(TREE_OPERAND(t, 0), a, depth + 1);
  case PLUS_EXPR:
  case MINUS_EXPR:
  case MULT_EXPR:
  case POINTER_PLUS_EXPR: {
    td_aff b;
    if (!eval(TREE_OPERAND(t, 0), a, depth + 1)
        || !eval(TREE_OPERAND(t, 1), &b, depth + 1))
      return false;
    if (TREE_CODE(t) == MULT_EXPR)
      return aff_mul(a, &b);
    return aff_add(a, &b, TREE_CODE(t) == MINUS_EXPR ? -1 : 1);
  }
  case VAR_DECL:
  case PARM_DECL:
  case SSA_NAME: {
    int v = loop_var_index(t);
    if (v >= 0) {
      memset(a, 0, sizeof *a);
      td_term one;
      one.nf = 0;
      return poly_add_term(&a->coef[v], &one, 1);
    }
    gimple **g = defs->get(t);
    if (g)
      return is_gimple_assign(*g) && eval_assign(*g, a, depth + 1);
    if (TREE_CODE(t) == SSA_NAME) {
      gimple *d = SSA_NAME_DEF_STMT(t);
      return d && is_gimple_assign(d) && eval_assign(d, a, depth + 1);
    }
    return eval_param(t, a);
  }
  default:
    return false;
  }
}

/* Evaluates the address of memory reference REF into A. */
static bool eval_ref_addr(tree ref, td_aff *a, int depth)
{
  if (depth > TD_DEPTH)
    return false;
  switch (TREE_CODE(ref)) {
  case MEM_REF: {
    if (!eval(TREE_OPERAND(ref, 0), a, depth + 1) || !a->base)
      return false;
    td_aff off;
    poly_offset_int o = mem_ref_offset(ref);
    if (!o.is_constant())
      return false;
    aff_const(&off, o.coeffs[0].to_shwi());
    return aff_add(a, &off, 1);
  }
  case ARRAY_REF: {
    tree sz = array_ref_element_size(ref), lo = array_ref_low_bound(ref);
    td_aff i, s;
    if (!eval_ref_addr(TREE_OPERAND(ref, 0), a, depth + 1)
        || !eval(TREE_OPERAND(ref, 1), &i, depth + 1)
        || TREE_CODE(sz) != INTEGER_CST || !tree_fits_shwi_p(sz)
        || !integer_zerop(lo))
      return false;
    aff_const(&s, tree_to_shwi(sz));
    return aff_mul(&i, &s) && aff_add(a, &i, 1);
  }
  case COMPONENT_REF: {
    tree f = TREE_OPERAND(ref, 1), off = component_ref_field_offset(ref);
    if (!eval_ref_addr(TREE_OPERAND(ref, 0), a, depth + 1)
        || !tree_fits_shwi_p(off)
        || !tree_fits_shwi_p(DECL_FIELD_BIT_OFFSET(f)))
      return false;
    td_aff o;
    aff_const(&o, tree_to_shwi(off)
                      + tree_to_shwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT);
    return aff_add(a, &o, 1);
  }
  case VAR_DECL:
  case PARM_DECL:
    if (!DECL_NAME(ref) || DECL_ARTIFICIAL(ref))
      return false;
    memset(a, 0, sizeof *a);
    a->base = ref;
    return true;
  default:
    return false;
  }
}

/* ---- the model's text -------------------------------------------------- */

static void indent(td_buf *b, int n)
{
  buf_printf(b, "%*s", n, "");
}

/* The named pointer or array that address T is computed from, following
   the first pointer operand of each assignment; NULL when none. */
static tree pointer_root(tree t, int depth)
{
  STRIP_NOPS(t);
  if (depth > TD_DEPTH)
    return NULL_TREE;
  if (TREE_CODE(t) == ADDR_EXPR) {
    t = TREE_OPERAND(t, 0);
    while (handled_component_p(t))
      t = TREE_OPERAND(t, 0);
    return TREE_CODE(t) == MEM_REF ? pointer_root(TREE_OPERAND(t, 0), depth + 1)
                                   : pointer_root(t, depth + 1);
  }
  if (TREE_CODE(t) == POINTER_PLUS_EXPR)
    return pointer_root(TREE_OPERAND(t, 0), depth + 1);
  if (!VAR_P(t) && TREE_CODE(t) != PARM_DECL && TREE_CODE(t) != SSA_NAME)
    return NULL_TREE;
  gimple **g = defs->get(t);
  gimple *d = g ? *g : TREE_CODE(t) == SSA_NAME ? SSA_NAME_DEF_STMT(t) : NULL;
  if (d)
    return is_gimple_assign(d) ? pointer_root(gimple_assign_rhs1(d), depth + 1)
                               : NULL_TREE;
  return DECL_P(t) && DECL_NAME(t) && !DECL_ARTIFICIAL(t)
                 && (POINTER_TYPE_P(TREE_TYPE(t))
                     || TREE_CODE(TREE_TYPE(t)) == ARRAY_TYPE)
             ? t
             : NULL_TREE;
}

/* The variable at the root of REF (for naming a non-affine reference). */
static tree ref_root(tree ref)
{
  while (handled_component_p(ref))
    ref = TREE_OPERAND(ref, 0);
  if (TREE_CODE(ref) == MEM_REF || TREE_CODE(ref) == TARGET_MEM_REF)
    return pointer_root(TREE_OPERAND(ref, 0), 0);
  return DECL_P(ref) && DECL_NAME(ref) && !DECL_ARTIFICIAL(ref) ? ref
                                                                 : NULL_TREE;
}

/* Is the read whose text starts at LINE (the last line of K.body) a
   repeat, in the same loop body, of a read of ARR with no write to ARR in
   between?  The value is then still in a register (nvcc reuses it). */
static bool repeated_read(size_t line, const char *arr)
{
  const char *text = K.body.s + line;
  size_t len = K.body.len - line;
  char wr[96];
  snprintf(wr, sizeof wr, "- {array: %s, ", arr);
  bool seen = false;
  for (size_t p = K.blk_start; p < line;) {
    const char *l = K.body.s + p, *nl = strchr(l, '\n');
    size_t ll = nl - l + 1;
    if (ll == len && !memcmp(l, text, len))
      seen = true;
    const char *a = strstr(l, wr);
    const char *w = a && a < nl ? strstr(a, "access: write") : NULL;
    if (w && w < nl)
      seen = false;
    p += ll;
  }
  return seen;
}

/* Appends the reference REF (read or WRITE) at indentation IND when it
   reads or writes an array element. */
static void emit_ref(tree ref, bool write, int ind)
{
  tree type = TREE_TYPE(ref), sz = TYPE_SIZE_UNIT(type);
  if (!sz || !tree_fits_shwi_p(sz) || tree_to_shwi(sz) < 1
      || tree_to_shwi(sz) > 64)
    return;
  HOST_WIDE_INT elem = tree_to_shwi(sz);
  td_aff a;
  bool ok = eval_ref_addr(ref, &a, 0) && a.base;
  tree root = ok ? a.base : ref_root(ref);
  if (!root || !DECL_P(root) || !DECL_NAME(root))
    return;
  /* Scalars that live in memory are not array references. */
  if (!POINTER_TYPE_P(TREE_TYPE(root))
      && TREE_CODE(TREE_TYPE(root)) != ARRAY_TYPE)
    return;
  for (int v = 0; ok && v < TD_MAXV; v++) {
    if (!poly_zero(&a.coef[v]) && loop_var_index(K.var[v]) < 0)
      ok = false; /* a loop that has ended: not affine here */
    for (int i = 0; ok && i < a.coef[v].nt; i++)
      ok = a.coef[v].t[i].c % elem == 0;
  }
  for (int i = 0; ok && i < a.cst.nt; i++)
    ok = a.cst.t[i].c % elem == 0;
  size_t line = K.body.len;
  indent(&K.body, ind);
  buf_printf(&K.body, "- {array: %s, elem: " HOST_WIDE_INT_PRINT_DEC
                      ", access: %s, ",
             IDENTIFIER_POINTER(DECL_NAME(root)), elem,
             write ? "write" : "read");
  K.nrefs++;
  if (!ok) {
    K.nonaffine++;
    buf_printf(&K.body, "affine: false}\n");
    return;
  }
  buf_printf(&K.body, "index: {");
  for (int v = 0; v < K.nvars; v++) {
    if (poly_zero(&a.coef[v]))
      continue;
    for (int i = 0; i < a.coef[v].nt; i++)
      a.coef[v].t[i].c /= elem;
    buf_printf(&K.body, "%s: ", K.name[v]);
    poly_print(&K.body, &a.coef[v]);
    buf_printf(&K.body, ", ");
  }
  for (int i = 0; i < a.cst.nt; i++)
    a.cst.t[i].c /= elem;
  buf_printf(&K.body, "const: ");
  poly_print(&K.body, &a.cst);
  buf_printf(&K.body, "}}\n");
  if (!write && repeated_read(line, IDENTIFIER_POINTER(DECL_NAME(root)))) {
    K.body.len = line;
    K.nrefs--;
  }
}

static bool memory_ref_p(tree t)
{
  return t && (TREE_CODE(t) == MEM_REF || TREE_CODE(t) == ARRAY_REF
               || TREE_CODE(t) == TARGET_MEM_REF
               || (TREE_CODE(t) == COMPONENT_REF
                   && ref_root(t) && DECL_P(ref_root(t))));
}

/* Appends the references of statement G and records its definition. */
static void visit_stmt(gimple *g, int ind)
{
  if (is_gimple_assign(g)) {
    tree lhs = gimple_assign_lhs(g);
    if (gimple_assign_single_p(g) && memory_ref_p(gimple_assign_rhs1(g)))
      emit_ref(gimple_assign_rhs1(g), false, ind);
    if (memory_ref_p(lhs))
      emit_ref(lhs, true, ind);
    else if (VAR_P(lhs) || TREE_CODE(lhs) == SSA_NAME)
      defs->put(lhs, g);
  } else if (is_gimple_call(g)) {
    for (unsigned i = 0; i < gimple_call_num_args(g); i++)
      if (memory_ref_p(gimple_call_arg(g, i)))
        emit_ref(gimple_call_arg(g, i), false, ind);
    tree lhs = gimple_call_lhs(g);
    if (lhs && memory_ref_p(lhs))
      emit_ref(lhs, true, ind);
    else if (lhs)
      defs->remove(lhs);
  }
}

/* Adds loop variable DECL; returns its index or -1 when there is no room. */
static int add_var(tree decl)
{
  if (K.nvars == TD_MAXV || !DECL_P(decl) || !DECL_NAME(decl))
    return -1;
  int v = K.nvars++;
  const char *base = IDENTIFIER_POINTER(DECL_NAME(decl));
  snprintf(K.name[v], sizeof K.name[v], "%s", base);
  for (int n = 2, clash = 1; clash; n++) {
    clash = 0;
    for (int i = 0; i < v; i++)
      if (!strcmp(K.name[i], K.name[v]))
        clash = 1;
    if (clash)
      snprintf(K.name[v], sizeof K.name[v], "%s_%d", base, n);
  }
  K.var[v] = decl;
  return v;
}

/* Appends "{var: V, lower: L, upper: U}" for a loop from LO (evaluated
   first, or NULL) while VAR CODE BOUND.  A bound that is not affine in the
   parameters becomes the parameter trip_V (lower 0), to be given with -D
   or a profile. */
static void emit_bounds(td_buf *b, int v, const td_aff *lo0,
                        enum tree_code code, tree bound)
{
  td_aff lo, up, one;
  bool ok = lo0 && bound && eval(bound, &up, 0) && !lo0->base && !up.base
            && !aff_has_vars(lo0) && !aff_has_vars(&up) && code != EQ_EXPR;
  if (ok)
    lo = *lo0;
  aff_const(&one, 1);
  if (ok && code == LE_EXPR)
    ok = aff_add(&up, &one, 1);
  if (ok && (code == GT_EXPR || code == GE_EXPR)) {
    /* Downward loop: the same iterations, counted upwards. */
    td_aff t = lo;
    lo = up;
    up = t;
    ok = aff_add(&up, &one, 1) && (code == GE_EXPR || aff_add(&lo, &one, 1));
  }
  buf_printf(b, "{var: %s, lower: ", K.name[v]);
  if (!ok) {
    buf_printf(b, "0, upper: trip_%s}", K.name[v]);
    return;
  }
  poly_print(b, &lo.cst);
  buf_printf(b, ", upper: ");
  poly_print(b, &up.cst);
  buf_printf(b, "}");
}

static void walk_seq(gimple_seq seq, int ind);
static void walk_stmt(gimple_stmt_iterator *gsi, int ind);

/* Walks a sequential loop over DECL from LO (or NULL: unknown) while DECL
   CODE BOUND: its BODY (a sequence, or NULL) and the statements FROM up to
   TO; wraps what it appends in "- loop: {...}  body: [...]". */
static void seq_loop(tree decl, const td_aff *lo, enum tree_code code,
                     tree bound, gimple_seq body, gimple_stmt_iterator from,
                     gimple_stmt_iterator to, int ind)
{
  int v = add_var(decl);
  if (v >= 0) {
    K.scope[K.nscope++] = v;
    K.seq_depth++;
  }
  /* Without room for the variable its references become non-affine. */
  int inner = v >= 0 ? ind + 4 : ind;
  size_t start = K.body.len, outer_blk = K.blk_start;
  K.blk_start = start;
  if (body)
    walk_seq(body, inner);
  for (; !gsi_end_p(from) && gsi_stmt(from) != gsi_stmt(to); gsi_next(&from))
    walk_stmt(&from, inner);
  K.blk_start = outer_blk;
  if (v < 0)
    return;
  K.seq_depth--;
  K.nscope--;
  /* The bound is evaluated after the body: its temporaries are computed
     just before the test.  The header goes before the body's text. */
  char *text = xstrndup(K.body.s ? K.body.s + start : "", K.body.len - start);
  K.body.len = start;
  indent(&K.body, ind);
  buf_printf(&K.body, "- loop: ");
  emit_bounds(&K.body, v, lo, code, bound);
  buf_printf(&K.body, "\n");
  indent(&K.body, ind + 2);
  buf_printf(&K.body, "body:%s\n%s", *text ? "" : " []", text);
  free(text);
}

/* Is G the condition "if (VAR op BOUND) goto LABEL" closing a loop? */
static bool back_edge_p(gimple *g, tree label)
{
  if (gimple_code(g) != GIMPLE_COND)
    return false;
  gcond *c = as_a<gcond *>(g);
  return gimple_cond_true_label(c) == label && VAR_P(gimple_cond_lhs(c));
}

/* At the label of a gimplified "for" (init; goto C; L: body; C: if (cond)
   goto L;), walks it as a sequential loop and leaves GSI at the condition.
   Returns false when GSI is not at such a loop. */
static bool try_seq_loop(gimple_stmt_iterator *gsi, int ind)
{
  tree label = gimple_label_label(as_a<glabel *>(gsi_stmt(*gsi)));
  gimple_stmt_iterator c = *gsi;
  for (gsi_next(&c); !gsi_end_p(c); gsi_next(&c))
    if (back_edge_p(gsi_stmt(c), label))
      break;
  if (gsi_end_p(c))
    return false;
  gcond *cond = as_a<gcond *>(gsi_stmt(c));
  tree var = gimple_cond_lhs(cond);
  gimple **init = defs->get(var);
  td_aff lo;
  bool lo_ok = init && is_gimple_assign(*init) && eval_assign(*init, &lo, 0);
  gimple_stmt_iterator from = *gsi;
  gsi_next(&from);
  seq_loop(var, lo_ok ? &lo : NULL, gimple_cond_code(cond),
           gimple_cond_rhs(cond), NULL, from, c, ind);
  *gsi = c;
  return true;
}

/* The collapsed levels of parallel loop G join the nest (LOOPS). */
static void par_loop(gomp_for *g, td_buf *loops)
{
  walk_seq(gimple_omp_for_pre_body(g), 6);
  for (size_t i = 0; i < gimple_omp_for_collapse(g); i++) {
    td_aff lo;
    bool lo_ok = eval(gimple_omp_for_initial(g, i), &lo, 0);
    int v = add_var(gimple_omp_for_index(g, i));
    if (v < 0)
      continue;
    K.scope[K.nscope++] = v;
    K.npar++;
    buf_printf(loops, "      - ");
    emit_bounds(loops, v, lo_ok ? &lo : NULL, gimple_omp_for_cond(g, i),
                gimple_omp_for_final(g, i));
    buf_printf(loops, "\n");
  }
}

static td_buf *loops_buf; /* the "loops:" list of the kernel */

static void walk_stmt(gimple_stmt_iterator *gsi, int ind)
{
  gimple *g = gsi_stmt(*gsi);
  switch (gimple_code(g)) {
  case GIMPLE_BIND:
    walk_seq(gimple_bind_body(as_a<gbind *>(g)), ind);
    break;
  case GIMPLE_TRY:
    walk_seq(gimple_try_eval(g), ind);
    walk_seq(gimple_try_cleanup(g), ind);
    break;
  case GIMPLE_OMP_FOR: {
    gomp_for *f = as_a<gomp_for *>(g);
    if (!K.par_closed && !K.seq_depth
        && K.npar + (int)gimple_omp_for_collapse(f) <= TD_MAXP) {
      par_loop(f, loops_buf);
      walk_seq(gimple_omp_body(f), ind);
      K.par_closed = true;
    } else {
      /* A nested loop that is not part of the nest runs sequentially. */
      walk_seq(gimple_omp_for_pre_body(f), ind);
      td_aff lo;
      bool lo_ok = eval(gimple_omp_for_initial(f, 0), &lo, 0);
      seq_loop(gimple_omp_for_index(f, 0), lo_ok ? &lo : NULL,
               gimple_omp_for_cond(f, 0), gimple_omp_for_final(f, 0),
               gimple_omp_body(f), gsi_none(), gsi_none(), ind);
    }
    break;
  }
  case GIMPLE_LABEL:
    try_seq_loop(gsi, ind);
    break;
  case GIMPLE_OMP_ATOMIC_LOAD: {
    /* An atomic update reads and writes its location. */
    gomp_atomic_load *l = as_a<gomp_atomic_load *>(g);
    tree addr = gimple_omp_atomic_load_rhs(l);
    if (POINTER_TYPE_P(TREE_TYPE(addr))) {
      tree ref = build_simple_mem_ref(addr);
      emit_ref(ref, false, ind);
      emit_ref(ref, true, ind);
    }
    break;
  }
  default:
    if (gimple_has_substatements(g) && is_gimple_omp(g))
      walk_seq(gimple_omp_body(g), ind);
    else
      visit_stmt(g, ind);
  }
}

static void walk_seq(gimple_seq seq, int ind)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi))
    walk_stmt(&gsi, ind);
}

/* Records the assignments of the function's body up to TARGET; returns
   true when TARGET was reached. */
static bool prewalk(gimple_seq seq, gimple *target)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *g = gsi_stmt(gsi);
    if (g == target)
      return true;
    switch (gimple_code(g)) {
    case GIMPLE_BIND:
      if (prewalk(gimple_bind_body(as_a<gbind *>(g)), target))
        return true;
      break;
    case GIMPLE_TRY:
      if (prewalk(gimple_try_eval(g), target)
          || prewalk(gimple_try_cleanup(g), target))
        return true;
      break;
    case GIMPLE_ASSIGN: {
      tree lhs = gimple_assign_lhs(g);
      if ((VAR_P(lhs) && DECL_ARTIFICIAL(lhs)) || TREE_CODE(lhs) == SSA_NAME)
        defs->put(lhs, g);
      break;
    }
    default:
      if (gimple_has_substatements(g) && is_gimple_omp(g)
          && prewalk(gimple_omp_body(g), target))
        return true;
    }
  }
  return false;
}

/* S as a YAML double-quoted scalar that reads back as S: a file name may
   hold quotes, backslashes, newlines and the Unicode line breaks U+0085,
   U+2028, U+2029 (YAML would fold those into spaces) and other control
   characters.  Other bytes go through as they are (YAML files are
   UTF-8). */
static void put_quoted(td_buf *b, const char *s)
{
  buf_printf(b, "\"");
  for (const unsigned char *u = (const unsigned char *)s; *u; u++) {
    if (*u == '"' || *u == '\\') {
      buf_printf(b, "\\%c", *u);
    } else if (*u < 0x20 || *u == 0x7f) {
      buf_printf(b, "\\x%02x", *u);
    } else if (u[0] == 0xc2 && u[1] == 0x85) {
      buf_printf(b, "\\N");
      u++;
    } else if (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)) {
      buf_printf(b, u[2] == 0xa8 ? "\\L" : "\\P");
      u += 2;
    } else {
      buf_printf(b, "%c", *u);
    }
  }
  buf_printf(b, "\"");
}

static const char *dim_name(int d)
{
  return d == ACCGPU_SCHED_NONE ? "none" : d == 0 ? "x" : d == 1 ? "y" : "z";
}

/* Under -fplugin-arg-accgpu-info, says which schedule the construct at LOC
   has: the lookup the compute side makes, made visible for tests. */
static void note_schedule(location_t loc, const char *file, int line,
                          const char *fn)
{
  const struct accgpu_schedule *s = accgpu_schedule_find(file, line, fn);
  if (!s)
    return;
  char map[256] = "";
  for (int i = 0; i < s->nloops; i++) {
    size_t n = strlen(map);
    snprintf(map + n, sizeof map - n, "%s %s (thread %s, block %s)",
             i ? "," : "", s->loop[i].var, dim_name(s->loop[i].thread),
             dim_name(s->loop[i].block));
  }
  inform(loc, "acc-tune schedule %qs for %qs: block %ux%ux%u, grid "
              "%llux%llux%llu,%s",
         s->pattern, s->id, s->block[0], s->block[1], s->block[2],
         s->grid[0], s->grid[1], s->grid[2], map);
}

void accgpu_tune_dump_construct(gimple *target_stmt)
{
  if (gimple_code(target_stmt) != GIMPLE_OMP_TARGET)
    return;
  expanded_location x = expand_location(gimple_location(target_stmt));
  const char *fn = current_function_decl && DECL_NAME(current_function_decl)
                       ? IDENTIFIER_POINTER(DECL_NAME(current_function_decl))
                       : "";
  const char *file = x.file ? x.file : "<unknown>";
  if (accgpu_opts.info && accgpu_schedule_path)
    note_schedule(gimple_location(target_stmt), file, x.line, fn);
  if (!dump_path)
    return;
  td_buf loops = {NULL, 0, 0};
  hash_map<tree, gimple *> map;
  memset(&K, 0, sizeof K);
  defs = &map;
  loops_buf = &loops;
  prewalk(gimple_body(current_function_decl), target_stmt);
  walk_seq(gimple_omp_body(target_stmt), 6);
  defs = NULL;
  if (!K.npar) {
    buf_printf(&out, "  # %s:%d:%s: no parallel loop, no model\n", file,
               x.line, fn);
  } else {
    char id[1024];
    snprintf(id, sizeof id, "%s:%d:%s", file, x.line, fn);
    buf_printf(&out, "  - id: ");
    put_quoted(&out, id);
    buf_printf(&out, "\n    file: ");
    put_quoted(&out, file);
    buf_printf(&out, "\n    line: %d\n    function: ", x.line);
    put_quoted(&out, fn);
    buf_printf(&out, "\n    # %d references, %d not affine\n", K.nrefs,
               K.nonaffine);
    buf_printf(&out, "    loops:\n%s    body:%s\n", loops.s,
               K.body.len ? "" : " []");
    if (K.body.len)
      buf_printf(&out, "%s", K.body.s);
    nkernels++;
  }
  free(loops.s);
  free(K.body.s);
  memset(&K.body, 0, sizeof K.body);
}

/* PLUGIN_FINISH_UNIT: writes the models of this unit. */
static void finish_unit(void *gcc_data, void *user_data)
{
  FILE *f = fopen(dump_path, "w");
  if (!f) {
    error("accgpu: cannot write the kernel models to %qs: %m", dump_path);
    return;
  }
  fprintf(f, "# accgpu kernel models (-fplugin-arg-accgpu-tune-dump); read "
             "by acc-tune\n# (docs/tuning.md).  Parameters have no "
             "defaults: give them with -D NAME=VALUE\n# or a profile.\n"
             "kernels:%s\n%s",
          nkernels ? "" : " []", out.s ? out.s : "");
  if (fclose(f) != 0)
    error("accgpu: cannot write the kernel models to %qs: %m", dump_path);
}

bool accgpu_tune_arg(const char *key, const char *val)
{
  const char **slot = !strcmp(key, "tune-dump") ? &dump_path
                      : !strcmp(key, "schedule") ? &accgpu_schedule_path
                                                 : NULL;
  if (!slot)
    return false;
  if (!val || !*val)
    error("accgpu: %<-fplugin-arg-accgpu-%s%> needs a file: "
          "%<-fplugin-arg-accgpu-%s=FILE%>", key, key);
  else
    *slot = val;
  return true;
}

void accgpu_tune_init(const char *plugin_name)
{
  if (dump_path)
    register_callback(plugin_name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
  if (accgpu_schedule_path)
    accgpu_schedule_load(accgpu_schedule_path);
}
