/* element-reduction-guard.cc — `reduction(+: a[i])` on an array element
 * or section (OpenACC 2.7+).  GCC 12's C front end accepts it and turns
 * the item into a MEM_REF, on which its gimplifier then crashes (an
 * internal compiler error, with or without the plugin) on compute
 * constructs; on a loop it takes them.  The clauses are rewritten here, on
 * the function's GENERIC (PLUGIN_PRE_GENERICIZE, before gimplification):
 * see guard_clauses.  kernel-gen-reduce.cc reduces each element of the
 * loop's array or section.  What cannot be rewritten is diagnosed at the
 * clause and removed, so that GCC stops with the "sorry" instead of
 * crashing. */
#include "accgpu-plugin.h"
#include "reduction/reduction.h"
#include "passes/pointer-private.h"

/* D is a section of constant start and length: MEM_REF<T[N]>(P, OFF)
   with P a pointer variable or the address of an array. */
static bool const_section_p(tree d)
{
  if (TREE_CODE(d) != MEM_REF || TREE_CODE(TREE_OPERAND(d, 1)) != INTEGER_CST
      || !TYPE_SIZE_UNIT(TREE_TYPE(d))
      || TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(d))) != INTEGER_CST)
    return false;
  tree p = TREE_OPERAND(d, 0);
  if (TREE_CODE(p) == ADDR_EXPR)
    return DECL_P(TREE_OPERAND(p, 0))
           && TREE_CODE(TREE_TYPE(TREE_OPERAND(p, 0))) == ARRAY_TYPE;
  return DECL_P(p) && POINTER_TYPE_P(TREE_TYPE(p));
}

/* D is a section of a run-time length or start, or of a constant one over
   ACCGPU_RED_ARRAY_MAX elements, of scalars: MEM_REF<T[n]>(B, 0) with B a
   pointer variable or the address of an array, plus a run-time start
   perhaps (POINTER_PLUS_EXPR).  Reduced with atomics on the variable
   (passes/kernel-gen-red-big.cc). */
static bool big_section_p(tree d)
{
  if (TREE_CODE(d) != MEM_REF || TREE_CODE(TREE_OPERAND(d, 1)) != INTEGER_CST
      || TREE_CODE(TREE_TYPE(d)) != ARRAY_TYPE
      || !accgpu_red_scalar_p(TREE_TYPE(TREE_TYPE(d))))
    return false;
  tree p = TREE_OPERAND(d, 0);
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(d));
  tree esz = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(d)));
  if (TREE_CODE(p) != POINTER_PLUS_EXPR && sz && TREE_CODE(sz) == INTEGER_CST
      && tree_to_uhwi(sz) <= ACCGPU_RED_ARRAY_MAX * tree_to_uhwi(esz))
    return false; /* const_section_p's */
  if (TREE_CODE(p) == POINTER_PLUS_EXPR)
    p = TREE_OPERAND(p, 0);
  if (TREE_CODE(p) == ADDR_EXPR)
    return DECL_P(TREE_OPERAND(p, 0))
           && TREE_CODE(TREE_TYPE(TREE_OPERAND(p, 0))) == ARRAY_TYPE;
  return DECL_P(p) && POINTER_TYPE_P(TREE_TYPE(p));
}

/* The data clauses that a compute construct's reduction on section D
   implies (copy, OpenACC 3.3 2.5.15), in the form the front end gives
   `copy(p[lo:n])`: the section, then the pointer with its bias (a run-time
   start's added); for an array, the whole array. */
static tree section_copy(tree d, location_t loc, tree next)
{
  tree p = TREE_OPERAND(d, 0), start = NULL_TREE;
  if (TREE_CODE(p) == POINTER_PLUS_EXPR) {
    start = TREE_OPERAND(p, 1);
    p = TREE_OPERAND(p, 0);
  }
  tree m = build_omp_clause(loc, OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(m, GOMP_MAP_TOFROM);
  if (TREE_CODE(p) == ADDR_EXPR) {
    OMP_CLAUSE_DECL(m) = TREE_OPERAND(p, 0);
    OMP_CLAUSE_SIZE(m) = TYPE_SIZE_UNIT(TREE_TYPE(TREE_OPERAND(p, 0)));
    OMP_CLAUSE_CHAIN(m) = next;
    return m;
  }
  OMP_CLAUSE_DECL(m) = unshare_expr(d);
  OMP_CLAUSE_SIZE(m) = TYPE_SIZE_UNIT(TREE_TYPE(d));
  tree fp = build_omp_clause(loc, OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(fp) = p;
  OMP_CLAUSE_SIZE(fp) = fold_convert(sizetype, TREE_OPERAND(d, 1));
  if (start)
    OMP_CLAUSE_SIZE(fp) = fold_build2(PLUS_EXPR, sizetype, OMP_CLAUSE_SIZE(fp),
                                      fold_convert(sizetype, start));
  OMP_CLAUSE_CHAIN(m) = fp;
  OMP_CLAUSE_CHAIN(fp) = next;
  return m;
}

/* Appends clauses M to the clauses of construct T: the copies a
   reduction implies come after the data clauses written, so that a
   section of an array written whole there finds it present. */
static void append_clauses(tree t, tree m)
{
  tree *p = &OMP_CLAUSES(t);
  while (*p)
    p = &OMP_CLAUSE_CHAIN(*p);
  *p = m;
}

/* COMPUTE's clauses give pointer P a section already. */
static bool has_section_of(tree compute, tree p)
{
  for (tree c = OMP_CLAUSES(compute); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL(c) == p
        && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER)
      return true;
  return false;
}

/* The sections reduced on compute constructs (accgpu_red_construct_section):
   location, variable, operator. */
struct construct_section {
  location_t loc;
  tree var;
  enum tree_code op;
};
static vec<construct_section> construct_sections;

tree accgpu_red_construct_section(location_t loc, unsigned i,
                                  enum tree_code *op)
{
  for (unsigned k = 0; k < construct_sections.length(); k++)
    if (construct_sections[k].loc == loc && !i--) {
      *op = construct_sections[k].op;
      return construct_sections[k].var;
    }
  return NULL_TREE;
}

/* Rewrites the reductions of construct T's clauses that GCC 12 cannot
   gimplify.  On a compute construct a whole array becomes its DECL again
   (GCC crashes on the MEM_REF there, not on a loop), and a section of
   constant bounds becomes the copy it implies (the loop's clause reduces
   it).  A loop's section of a pointer's array also gives the enclosing
   compute construct COMPUTE that copy (present: the device's copy is
   reduced), else GCC maps the pointer itself.  (An element at a run-time
   index is one of constant bounds by now: element-reduction-index.cc;
   one the index pass left, and sections of run-time bounds, are treated
   as constant ones here: big_section_p.)  Other element reductions (of
   structs, of expressions) are diagnosed and unlinked. */
static void guard_clauses(tree t, tree compute)
{
  static location_t said; /* a combined construct has it twice */
  bool on_compute = TREE_CODE(t) != OACC_LOOP;
  for (tree *p = &OMP_CLAUSES(t); *p;) {
    tree c = *p, d = OMP_CLAUSE_DECL(c);
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION || DECL_P(d)) {
      p = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    bool sect = const_section_p(d) || big_section_p(d);
    if (accgpu_red_whole_p(d) || (sect && !on_compute)) {
      if (on_compute)
        OMP_CLAUSE_DECL(c) = TREE_OPERAND(TREE_OPERAND(d, 0), 0);
      else if (compute && !accgpu_red_whole_p(d)
               && !has_section_of(compute, accgpu_red_var(d))
               && TREE_CODE(TREE_TYPE(accgpu_red_var(d))) != ARRAY_TYPE)
        append_clauses(compute,
                       section_copy(d, OMP_CLAUSE_LOCATION(c), NULL_TREE));
      p = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    if (sect) {
      construct_section cs = {EXPR_LOCATION(t), accgpu_red_var(d),
                              OMP_CLAUSE_REDUCTION_CODE(c)};
      construct_sections.safe_push(cs);
      *p = OMP_CLAUSE_CHAIN(c);
      append_clauses(t, section_copy(d, OMP_CLAUSE_LOCATION(c), NULL_TREE));
      continue;
    }
    if (OMP_CLAUSE_LOCATION(c) != said)
      sorry_at(OMP_CLAUSE_LOCATION(c),
               "accgpu: reduction on a section or element of this kind "
               "is not supported (only of an array or pointer variable of "
               "scalars): reduce into a scalar and store it");
    said = OMP_CLAUSE_LOCATION(c);
    *p = OMP_CLAUSE_CHAIN(c);
  }
}

/* Walks the constructs under *TP; DATA: the enclosing compute construct
   (NULL_TREE: none). */
static tree guard_construct(tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL:
    accgpu_element_index_hoist(tp); /* *tp may now hold t */
    accgpu_ld_reduction_wrap(tp, t);
    guard_clauses(t, NULL_TREE);
    /* its body, knowing the construct; not again from here */
    walk_tree(&OMP_BODY(t), guard_construct, t, NULL);
    *walk_subtrees = 0;
    break;
  case OACC_LOOP:
    guard_clauses(t, (tree)data);
    break;
  default:
    break;
  }
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_SAVED_TREE(fn))
    return;
  /* first: private sections of pointers are reductions until then */
  accgpu_pointer_private_generic(fn);
  walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), guard_construct,
                                 NULL);
}

void accgpu_element_reduction_guard_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
