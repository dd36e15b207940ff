/* const-init.cc — the constant initializer of a static object (a `static
 * const` table declared in a compute region or routine) as C initializer
 * text, for its module-level definition in the generated CUDA C.
 *
 * Positional only (CUDA C++ has no array designators): the elements a
 * CONSTRUCTOR leaves out are written as zeros, RANGE_EXPR indices repeat
 * their value, a string fills a char array with its codes.              */
#include "passes/const-init.h"

static bool print_init(struct kbuf *b, tree type, tree init,
                       kg_const_leaf leaf, void *ctx);

/* Elements of the array TYPE, or -1 when its bounds are not constant. */
static HOST_WIDE_INT array_length(tree type)
{
  tree dom = TYPE_DOMAIN(type);
  if (!dom || !TYPE_MIN_VALUE(dom) || !TYPE_MAX_VALUE(dom)
      || !tree_fits_shwi_p(TYPE_MIN_VALUE(dom))
      || !tree_fits_shwi_p(TYPE_MAX_VALUE(dom)))
    return -1;
  return tree_to_shwi(TYPE_MAX_VALUE(dom)) - tree_to_shwi(TYPE_MIN_VALUE(dom))
         + 1;
}

/* Places the elements of array constructor INIT (type TYPE) in ELTS;
   false for an index that is not a constant in bounds. */
static bool array_elts(tree type, tree init, vec<tree> *elts)
{
  HOST_WIDE_INT n = array_length(type), pos = 0;
  HOST_WIDE_INT lo = tree_to_shwi(TYPE_MIN_VALUE(TYPE_DOMAIN(type)));
  elts->safe_grow_cleared(n);
  unsigned i;
  tree idx, val;
  FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(init), i, idx, val) {
    HOST_WIDE_INT first = pos, last = pos;
    if (idx && TREE_CODE(idx) == RANGE_EXPR) {
      tree a = TREE_OPERAND(idx, 0), z = TREE_OPERAND(idx, 1);
      if (!tree_fits_shwi_p(a) || !tree_fits_shwi_p(z))
        return false;
      first = tree_to_shwi(a) - lo;
      last = tree_to_shwi(z) - lo;
    } else if (idx) {
      if (!tree_fits_shwi_p(idx))
        return false;
      first = last = tree_to_shwi(idx) - lo;
    }
    if (first < 0 || last >= n)
      return false;
    for (HOST_WIDE_INT k = first; k <= last; k++)
      (*elts)[k] = val;
    pos = last + 1;
  }
  return true;
}

static bool print_array(struct kbuf *b, tree type, tree init,
                        kg_const_leaf leaf, void *ctx)
{
  if (array_length(type) < 0)
    return false;
  vec<tree> elts = vNULL;
  bool ok = array_elts(type, init, &elts);
  kb_add(b, "{");
  for (unsigned k = 0; ok && k < elts.length(); k++) {
    kb_add(b, k ? ", " : "");
    if (elts[k])
      ok = print_init(b, TREE_TYPE(type), elts[k], leaf, ctx);
    else
      kb_add(b, AGGREGATE_TYPE_P(TREE_TYPE(type)) ? "{0}" : "0");
  }
  kb_add(b, "}");
  elts.release();
  return ok;
}

/* The value INIT gives field F, or NULL. */
static tree field_value(tree init, tree f)
{
  unsigned i;
  tree idx, val;
  FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(init), i, idx, val)
    if (idx == f)
      return val;
  return NULL_TREE;
}

static bool print_record(struct kbuf *b, tree type, tree init,
                         kg_const_leaf leaf, void *ctx)
{
  bool ok = true, first = true;
  kb_add(b, "{");
  for (tree f = TYPE_FIELDS(type); ok && f; f = DECL_CHAIN(f)) {
    if (TREE_CODE(f) != FIELD_DECL)
      continue;
    tree v = field_value(init, f);
    kb_add(b, first ? "" : ", ");
    first = false;
    if (v)
      ok = print_init(b, TREE_TYPE(f), v, leaf, ctx);
    else
      kb_add(b, AGGREGATE_TYPE_P(TREE_TYPE(f)) ? "{0}" : "0");
    /* A union is initialized through its first member only. */
    if (TREE_CODE(type) == UNION_TYPE) {
      ok &= CONSTRUCTOR_NELTS(init) == 0 || v;
      break;
    }
  }
  kb_add(b, "}");
  return ok;
}

/* "abc" for a char array: the codes, then zeros. */
static bool print_string(struct kbuf *b, tree type, tree s)
{
  HOST_WIDE_INT n = array_length(type);
  tree et = TREE_TYPE(type);
  if (n < 0 || TREE_CODE(et) != INTEGER_TYPE || TYPE_PRECISION(et) != 8)
    return false;
  const unsigned char *p = (const unsigned char *)TREE_STRING_POINTER(s);
  HOST_WIDE_INT len = TREE_STRING_LENGTH(s);
  kb_add(b, "{");
  for (HOST_WIDE_INT k = 0; k < n; k++)
    kb_printf(b, "%s%d", k ? ", " : "",
              k < len ? (TYPE_UNSIGNED(et) ? p[k] : (signed char)p[k]) : 0);
  kb_add(b, "}");
  return true;
}

/* The narrow string literal INIT points to ("alpha" in a table of names,
   &"alpha"[0]), conversions stripped; NULL_TREE for anything else. */
static tree string_addr(tree init)
{
  tree a = init;
  STRIP_NOPS(a);
  if (TREE_CODE(a) != ADDR_EXPR)
    return NULL_TREE;
  tree s = TREE_OPERAND(a, 0);
  if (TREE_CODE(s) == ARRAY_REF && integer_zerop(TREE_OPERAND(s, 1)))
    s = TREE_OPERAND(s, 0);
  if (TREE_CODE(s) != STRING_CST || !TREE_TYPE(TREE_TYPE(s))
      || TYPE_PRECISION(TREE_TYPE(TREE_TYPE(s))) != BITS_PER_UNIT)
    return NULL_TREE;
  return s;
}

static bool print_init(struct kbuf *b, tree type, tree init,
                       kg_const_leaf leaf, void *ctx)
{
  /* The bare literal: CUDA C++ initializes a `const char *` from it as a
     constant, not through a cast (a dynamic initializer it refuses), and
     not a `char *`. */
  if (POINTER_TYPE_P(type) && string_addr(init)) {
    if (!TYPE_READONLY(TREE_TYPE(type)))
      return false;
    leaf(ctx, b, string_addr(init));
    return true;
  }
  switch (TREE_CODE(init)) {
  case INTEGER_CST:
  case REAL_CST:
    leaf(ctx, b, fold_convert(type, init));
    return true;
  case STRING_CST:
    return TREE_CODE(type) == ARRAY_TYPE && print_string(b, type, init);
  case CONSTRUCTOR:
    if (TREE_CODE(type) == ARRAY_TYPE)
      return print_array(b, type, init, leaf, ctx);
    if (RECORD_OR_UNION_TYPE_P(type))
      return print_record(b, type, init, leaf, ctx);
    return false;
  default:
    return false;
  }
}

bool kg_const_init(struct kbuf *b, tree type, tree init, kg_const_leaf leaf,
                   void *ctx)
{
  return init && print_init(b, type, init, leaf, ctx);
}

static void no_leaf(void *, struct kbuf *, tree)
{
}

bool kg_const_init_p(tree type, tree init)
{
  struct kbuf b = {};
  bool ok = kg_const_init(&b, type, init, no_leaf, NULL);
  kb_free(&b);
  return ok;
}

bool kg_module_const_p(tree d)
{
  tree init = VAR_P(d) ? DECL_INITIAL(d) : NULL_TREE;
  return init && init != error_mark_node && TREE_STATIC(d)
         && TREE_READONLY(d) && !TREE_THIS_VOLATILE(d) && !DECL_EXTERNAL(d)
         && kg_const_init_p(TREE_TYPE(d), init);
}
