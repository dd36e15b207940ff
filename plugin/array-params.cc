/* array-params.cc — parameters declared as arrays, named in data clauses
 * without a range:
 *
 *   static void kernel_gemm(int ni, double C[NI][NJ], double A[NI][NK]) {
 *   #pragma acc data copyin(A) copy(C)          (PolyBench-ACC)
 *
 * C adjusts `double A[NI][NK]` to `double (*A)[NK]`, so by the letter of
 * OpenACC copyin(A) maps the pointer.  NVHPC maps the declared array,
 * A[0:NI], and programs written for it rely on that; accgpu does the same.
 *
 * GCC 12 keeps what the declarator said for -Warray-parameter: each such
 * PARM_DECL carries the internal attribute "arg spec" (c-decl.cc,
 * get_parm_array_spec), a STRING_CST such as "[1000]" (constant leading
 * bound), "[$]" or "[$$]" (variable bounds, one `$` each, the trees of the
 * bound expressions following it in the attribute's arguments, leading
 * bound first), "[s10]" (`static`), "[ ]" (`[]`, no bound) or "[*]";
 * the leading bound is the last one in the string.  Pointers (`double *p`,
 * `double (*A)[NK]`) get no "arg spec".
 *
 * On each function's GENERIC (PLUGIN_PRE_GENERICIZE, before the clause
 * warnings of pointer-clauses.cc), a map clause of such a parameter
 * becomes the pair GCC's parser makes for `A[0:NI]`:
 *   map(KIND: *A [len: NI * sizeof *A]) map(firstprivate: A [pointer
 *   assign, bias: 0])
 * so every construct treats it as that section.  The same parameters used
 * in a compute construct without a clause: lower-data.cc. */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

/* walk_tree callback: a part of a bound expression that cannot be
   evaluated again at a construct (anything but constants, arithmetic,
   the function's parameters and global variables). */
static tree bad_bound_part(tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp, fn = (tree)data;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) == PARM_DECL)
    return DECL_CONTEXT(t) == fn ? NULL_TREE : t;
  if (VAR_P(t))
    return TREE_STATIC(t) || DECL_EXTERNAL(t) ? NULL_TREE : t;
  if (CONSTANT_CLASS_P(t) || UNARY_CLASS_P(t) || BINARY_CLASS_P(t)
      || CONVERT_EXPR_P(t) || TREE_CODE(t) == NON_LVALUE_EXPR
      || TREE_CODE(t) == SAVE_EXPR)
    return NULL_TREE;
  return t;
}

/* The leading bound of the declared array of "arg spec" SPEC (the
   attribute's arguments): an INTEGER_CST or the bound's expression. */
static tree spec_bound(tree spec, tree parm)
{
  tree str = TREE_VALUE(spec);
  if (TREE_CODE(str) != STRING_CST)
    return NULL_TREE;
  const char *s = TREE_STRING_POINTER(str);
  size_t n = strlen(s);
  if (n < 3 || s[0] != '[' || s[n - 1] != ']')
    return NULL_TREE;
  if (ISDIGIT(s[n - 2])) {
    size_t k = n - 2;
    while (ISDIGIT(s[k - 1]))
      k--;
    return size_int(strtoull(s + k, NULL, 10));
  }
  if (s[n - 2] != '$' || !TREE_CHAIN(spec))
    return NULL_TREE;
  tree b = TREE_VALUE(TREE_CHAIN(spec));
  if (!b || !INTEGRAL_TYPE_P(TREE_TYPE(b)) || TREE_SIDE_EFFECTS(b)
      || walk_tree_without_duplicates(&b, bad_bound_part,
                                      DECL_CONTEXT(parm)))
    return NULL_TREE;
  return b;
}

/* Each array parameter's leading bound, recorded when its function's
   GENERIC is complete: the C front end empties the "arg spec" attributes
   at the end of the unit, before the pass runs (c-decl.cc,
   free_attr_access_data).  Both trees are kept (GC
   roots). */
static hash_map<tree, tree> *bounds;

static void record_bounds(tree fn)
{
  for (tree d = DECL_ARGUMENTS(fn); d; d = DECL_CHAIN(d)) {
    if (!POINTER_TYPE_P(TREE_TYPE(d))
        || !COMPLETE_TYPE_P(TREE_TYPE(TREE_TYPE(d))))
      continue;
    tree a = lookup_attribute("arg spec", DECL_ATTRIBUTES(d));
    tree b = a && TREE_VALUE(a) ? spec_bound(TREE_VALUE(a), d) : NULL_TREE;
    if (!b)
      continue;
    if (!bounds)
      bounds = new hash_map<tree, tree>;
    b = unshare_expr(b);
    accgpu_keep(d);
    accgpu_keep(b);
    bounds->put(d, b);
  }
}

tree accgpu_parm_array_bound(tree d)
{
  tree *b = bounds && d && TREE_CODE(d) == PARM_DECL ? bounds->get(d) : NULL;
  return b ? unshare_expr(*b) : NULL_TREE;
}

tree accgpu_parm_array_bytes(tree d)
{
  tree b = accgpu_parm_array_bound(d);
  if (!b)
    return NULL_TREE;
  tree el = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(d)));
  return size_binop(MULT_EXPR, fold_convert(sizetype, b), unshare_expr(el));
}

/* Clause C of CONSTRUCT, map(KIND: A) of an array parameter A, becomes
   map(KIND: *A [len]) followed by A's pointer assignment. */
static void rewrite_clause(tree c, enum tree_code construct)
{
  tree d = OMP_CLAUSE_DECL(c), bound = accgpu_parm_array_bound(d);
  location_t loc = OMP_CLAUSE_LOCATION(c);
  unsigned kind = OMP_CLAUSE_MAP_KIND(c);
  if (accgpu_opts.info)
    inform(loc, "%<%s(%E)%> of the array parameter %qD maps %<%E[0:%E]%>, "
           "its declared bound", accgpu_map_clause_name(kind, construct), d,
           d, d, bound);
  OMP_CLAUSE_DECL(c) = build_fold_indirect_ref_loc(loc, d);
  OMP_CLAUSE_SIZE(c) = accgpu_parm_array_bytes(d);
  OMP_CLAUSE_MAP_MAYBE_ZERO_LENGTH_ARRAY_SECTION(c) = 1;
  tree fp = build_omp_clause(loc, OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(fp) = d;
  OMP_CLAUSE_SIZE(fp) = build_int_cst(ptrdiff_type_node, 0);
  OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(c);
  OMP_CLAUSE_CHAIN(c) = fp;
}

/* The clauses from C on, in source order (the parser chains them last
   first), so that the notes come in that order. */
static void rewrite_clauses(tree c, enum tree_code construct)
{
  if (!c)
    return;
  rewrite_clauses(OMP_CLAUSE_CHAIN(c), construct);
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
      && accgpu_map_clause_name(OMP_CLAUSE_MAP_KIND(c), construct)
      && accgpu_parm_array_bound(OMP_CLAUSE_DECL(c)))
    rewrite_clause(c, construct);
}

/* walk_tree callback: rewrites the clauses of OpenACC data, compute,
   update and declare constructs. */
static tree rewrite_construct(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp, clauses;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_DATA:
    clauses = OMP_CLAUSES(t);
    break;
  case OACC_UPDATE: case OACC_ENTER_DATA: case OACC_EXIT_DATA:
    clauses = OMP_STANDALONE_CLAUSES(t);
    break;
  case OACC_DECLARE: /* its exit: passes/declare-params.cc */
    clauses = OACC_DECLARE_CLAUSES(t);
    break;
  default:
    return NULL_TREE;
  }
  rewrite_clauses(clauses, TREE_CODE(t));
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_SAVED_TREE(fn))
    return;
  record_bounds(fn);
  walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), rewrite_construct,
                               NULL);
}

void accgpu_array_params_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
