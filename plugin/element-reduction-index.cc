/* element-reduction-index.cc — `reduction(+: errors[x])`: one array
 * element whose index is known only at run time (OpenACC 2.7+).  On the
 * function's GENERIC (element-reduction-guard.cc calls us for each compute
 * construct X, before it rewrites the clauses), X becomes
 *     { T *e = &errors[x];  X' }
 * the element's address taken once, on the host, at the construct's entry;
 * in X' each such clause names e[0] instead (a section of constant bounds,
 * which the guard and kernel-gen-reduce.cc already reduce: the construct
 * copies `e[0:1]`, present when `errors` is, so the device's element is
 * reduced, also in an async queue) and every `errors[x]` of the body is
 * `*e`.  A loop's element inside X is hoisted the same way when nothing
 * in X declares or changes the variables of its index; else, and for an
 * index that reads memory or calls, the guard's "sorry" stays. */
#include "accgpu-plugin.h"
#include "passes/flow.h"
#include "tree-pretty-print.h"

/* T without conversions and SAVE_EXPRs: indices are compared as values. */
static tree bare(tree t)
{
  while (CONVERT_EXPR_P(t) || TREE_CODE(t) == NON_LVALUE_EXPR
         || TREE_CODE(t) == SAVE_EXPR)
    t = TREE_OPERAND(t, 0);
  return t;
}

/* OFF, the byte offset `(sizetype)(I * size)` of a pointer's element
   (SIZE bytes): its index I, else NULL_TREE. */
static tree scaled_index(tree off, tree size)
{
  off = bare(off);
  if (TREE_CODE(off) != MULT_EXPR
      || !tree_int_cst_equal(TREE_OPERAND(off, 1), size))
    return NULL_TREE;
  return bare(TREE_OPERAND(off, 0));
}

/* ADDR (`p + off` or `&a + (&a[i] - &a)`, as the C front end writes an
   element's address in a clause or a body): the pointer or array it
   indexes (*IDX: the index), else NULL_TREE. */
static tree element_address(tree addr, tree *idx)
{
  addr = bare(addr);
  if (TREE_CODE(addr) != POINTER_PLUS_EXPR)
    return NULL_TREE;
  tree base = bare(TREE_OPERAND(addr, 0)), off = bare(TREE_OPERAND(addr, 1));
  if (DECL_P(base) && POINTER_TYPE_P(TREE_TYPE(base))
      && TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(base)))) {
    *idx = scaled_index(off, TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(base))));
    return *idx ? base : NULL_TREE;
  }
  if (TREE_CODE(base) != ADDR_EXPR || TREE_CODE(off) != MINUS_EXPR)
    return NULL_TREE;
  tree e = bare(TREE_OPERAND(off, 0));
  if (TREE_CODE(e) != ADDR_EXPR || TREE_CODE(TREE_OPERAND(e, 0)) != ARRAY_REF
      || TREE_OPERAND(TREE_OPERAND(e, 0), 0) != TREE_OPERAND(base, 0))
    return NULL_TREE;
  *idx = bare(TREE_OPERAND(TREE_OPERAND(e, 0), 1));
  return TREE_OPERAND(base, 0);
}

/* Reference T (`p[i]`, `a[i]`) of the body: its pointer or array, *IDX
   its index; else NULL_TREE. */
static tree element_ref(tree t, tree *idx)
{
  if (TREE_CODE(t) == ARRAY_REF && DECL_P(TREE_OPERAND(t, 0))) {
    *idx = bare(TREE_OPERAND(t, 1));
    return TREE_OPERAND(t, 0);
  }
  if (TREE_CODE(t) == INDIRECT_REF
      || (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1))))
    return element_address(TREE_OPERAND(t, 0), idx);
  return NULL_TREE;
}

/* A reduction clause's ITEM names one element at a run-time index: its
   pointer or array (*IDX: the index), else NULL_TREE. */
static tree item_element(tree item, tree *idx)
{
  if (TREE_CODE(item) != MEM_REF || !integer_zerop(TREE_OPERAND(item, 1)))
    return NULL_TREE;
  tree base = element_address(TREE_OPERAND(item, 0), idx);
  tree elt = base ? TREE_TYPE(TREE_TYPE(base)) : NULL_TREE;
  if (!base || TREE_CONSTANT(*idx)
      || !tree_int_cst_equal(TYPE_SIZE_UNIT(TREE_TYPE(item)),
                             TYPE_SIZE_UNIT(elt)))
    return NULL_TREE;
  return base;
}

/* ---- indices that can be read at the construct's entry ---------------- */

struct idx_use {
  tree idx;  /* the index */
  bool bad;  /* X declares or changes one of its variables */
};

static bool mentions(tree expr, tree d)
{
  return DECL_P(d) && accgpu_tree_refs(expr, d);
}

/* The index reads only variables and constants (no memory, no call). */
static tree plain_cb(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  return DECL_P(t) || CONSTANT_CLASS_P(t) || UNARY_CLASS_P(t)
                 || BINARY_CLASS_P(t) || CONVERT_EXPR_P(t)
                 || TREE_CODE(t) == SAVE_EXPR
             ? NULL_TREE : t;
}

static tree changes_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct idx_use *u = (struct idx_use *)data;
  tree t = *tp, d = NULL_TREE;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case MODIFY_EXPR: case INIT_EXPR: case PREINCREMENT_EXPR:
  case PREDECREMENT_EXPR: case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
  case ADDR_EXPR: case DECL_EXPR:
    d = TREE_OPERAND(t, 0);
    break;
  case BIND_EXPR:
    for (tree v = BIND_EXPR_VARS(t); v; v = DECL_CHAIN(v))
      u->bad |= mentions(u->idx, v);
    break;
  default:
    break;
  }
  u->bad |= d && mentions(u->idx, d);
  return u->bad ? t : NULL_TREE;
}

/* IDX, the index of a loop's element in compute construct X, has the
   value at X's entry that it has at the loop. */
static bool hoistable(tree x, tree idx)
{
  struct idx_use u = {idx, false};
  if (walk_tree_without_duplicates(&idx, plain_cb, NULL))
    return false;
  walk_tree_without_duplicates(&OMP_BODY(x), changes_cb, &u);
  return !u.bad;
}

/* ---- the rewrite ------------------------------------------------------ */

struct elem {
  tree base, idx;  /* the element */
  tree ptr;        /* the variable holding its address */
};

static tree elem_ptr(vec<struct elem> *els, tree base, tree idx)
{
  for (unsigned i = 0; i < els->length(); i++)
    if ((*els)[i].base == base && operand_equal_p((*els)[i].idx, idx, 0))
      return (*els)[i].ptr;
  return NULL_TREE;
}

/* A new variable for the address of ITEM (BASE[IDX]), set on the host
   before the construct: appended to *VARS and *INIT. */
static tree new_ptr(tree item, tree base, tree idx, tree *vars, tree *init)
{
  char *ix = print_generic_expr_to_str(idx), name[256];
  snprintf(name, sizeof name, "%s[%s]", IDENTIFIER_POINTER(DECL_NAME(base)),
           ix);
  free(ix);
  tree pt = build_pointer_type(TREE_TYPE(TREE_TYPE(base)));
  tree p = build_decl(DECL_SOURCE_LOCATION(base), VAR_DECL,
                      get_identifier(name), pt);
  DECL_IGNORED_P(p) = 1;
  TREE_USED(p) = 1;
  DECL_CONTEXT(p) = current_function_decl;
  DECL_CHAIN(p) = *vars;
  *vars = p;
  accgpu_keep(p);
  append_to_statement_list(
      build2(MODIFY_EXPR, pt, p,
             fold_convert(pt, unshare_expr(TREE_OPERAND(item, 0)))),
      init);
  return p;
}

/* Clause C names a run-time element: names *P[0] instead (a new P for a
   new element).  LOOP_IN: for a loop's clause, the compute construct, where
   the element must be one of the construct's or hoistable. */
static void clause_to_ptr(tree c, tree loop_in, vec<struct elem> *els,
                          tree *vars, tree *init)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION)
    return;
  tree idx, item = OMP_CLAUSE_DECL(c), base = item_element(item, &idx);
  if (!base)
    return;
  tree p = elem_ptr(els, base, idx);
  if (!p) {
    if (loop_in && !hoistable(loop_in, idx))
      return;
    p = new_ptr(item, base, idx, vars, init);
    struct elem e = {base, idx, p};
    els->safe_push(e);
  }
  OMP_CLAUSE_DECL(c) = build2(MEM_REF, TREE_TYPE(item), p,
                              build_int_cst(TREE_TYPE(p), 0));
}

struct walk_ctx {
  tree x;                 /* the compute construct */
  vec<struct elem> *els;  /* its elements so far */
  tree *vars, *init;
};

/* Loops under X: their run-time elements (hoistable ones). */
static tree loops_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct walk_ctx *w = (struct walk_ctx *)data;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) != OACC_LOOP)
    return NULL_TREE;
  for (tree c = OMP_CLAUSES(*tp); c; c = OMP_CLAUSE_CHAIN(c))
    clause_to_ptr(c, w->x, w->els, w->vars, w->init);
  return NULL_TREE;
}

/* The body's references to the elements become `*P`. */
static tree refs_cb(tree *tp, int *walk_subtrees, void *data)
{
  vec<struct elem> *els = (vec<struct elem> *)data;
  tree idx, base, p;
  if (TYPE_P(*tp) || TREE_CODE(*tp) == OMP_CLAUSE) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if ((base = element_ref(*tp, &idx)) && (p = elem_ptr(els, base, idx))) {
    *tp = build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(p)), p);
    *walk_subtrees = 0;
  }
  return NULL_TREE;
}

/* X names array BASE in a data clause. */
static bool names_array(tree x, tree base)
{
  for (tree c = OMP_CLAUSES(x); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
        && (OMP_CLAUSE_DECL(c) == base
            || mentions(OMP_CLAUSE_DECL(c), base)))
      return true;
  return false;
}

/* An array whose element X reduces and whose other elements X uses is
   implicitly copied whole (OpenACC 2.6.2): said here, before the
   element's own copy that the guard appends, so that the element finds
   the array present instead of the array finding the element mapped. */
static void copy_arrays(tree x, vec<struct elem> *els)
{
  for (unsigned i = 0; i < els->length(); i++) {
    tree b = (*els)[i].base;
    if (TREE_CODE(TREE_TYPE(b)) != ARRAY_TYPE || !mentions(OMP_BODY(x), b)
        || names_array(x, b))
      continue;
    tree m = build_omp_clause(EXPR_LOCATION(x), OMP_CLAUSE_MAP);
    OMP_CLAUSE_SET_MAP_KIND(m, GOMP_MAP_TOFROM);
    OMP_CLAUSE_DECL(m) = b;
    OMP_CLAUSE_SIZE(m) = TYPE_SIZE_UNIT(TREE_TYPE(b));
    tree *p = &OMP_CLAUSES(x);
    while (*p)
      p = &OMP_CLAUSE_CHAIN(*p);
    *p = m;
  }
}

void accgpu_element_index_hoist(tree *tp)
{
  tree x = *tp, vars = NULL_TREE, init = alloc_stmt_list();
  auto_vec<struct elem> els;
  for (tree c = OMP_CLAUSES(x); c; c = OMP_CLAUSE_CHAIN(c))
    clause_to_ptr(c, NULL_TREE, &els, &vars, &init);
  struct walk_ctx w = {x, &els, &vars, &init};
  walk_tree(&OMP_BODY(x), loops_cb, &w, NULL);
  if (els.is_empty())
    return;
  walk_tree(&OMP_BODY(x), refs_cb, &els, NULL);
  copy_arrays(x, &els);
  append_to_statement_list(x, &init);
  *tp = build3_loc(EXPR_LOCATION(x), BIND_EXPR, void_type_node, vars, init,
                   NULL_TREE);
  TREE_SIDE_EFFECTS(*tp) = 1;
}
