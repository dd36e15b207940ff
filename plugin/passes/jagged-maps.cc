/* jagged-maps.cc — the pass's side of sections of pointer arrays
 * (a[0:n][0:m], rewritten by jagged.cc into a[0:n] plus a marker section
 * __accgpu_jagK[0:m] in the same clause): pairs each marker with its
 * array's item and gives the values of the rows item that follows it in
 * the runtime's map array. */
#include "gcc-common.h"
#include "data-internal.h"

/* The name of the array a map clause C's section is of (a marker's:
   __accgpu_jagK, __accgpu_jlKJ), or NULL. */
static const char *section_array_name(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return NULL;
  tree d = OMP_CLAUSE_DECL(c);
  if (TREE_CODE(d) != ARRAY_REF || !VAR_P(TREE_OPERAND(d, 0)) ||
      !DECL_NAME(TREE_OPERAND(d, 0)))
    return NULL;
  return IDENTIFIER_POINTER(DECL_NAME(TREE_OPERAND(d, 0)));
}

int accgpu_marker_number(tree c, const char *prefix)
{
  const char *n = section_array_name(c);
  size_t len = strlen(prefix);
  if (!n || strncmp(n, prefix, len) || !ISDIGIT(n[len]) || n[len + 1])
    return -1;
  return n[len] - '0';
}

/* K of a marker clause __accgpu_jagK[lo:len], else -1. */
int accgpu_jag_marker(tree c)
{
  int k = accgpu_marker_number(c, "__accgpu_jag");
  return k >= 0 ? k : accgpu_marker_number(c, "__accgpu_jb");
}

/* Does marker M give each row's part in bytes (section-shapes.cc)? */
static bool bytes_marker_p(tree m)
{
  return accgpu_marker_number(m, "__accgpu_jb") >= 0;
}

static location_t spelling(tree c)
{
  return linemap_resolve_location(line_table, OMP_CLAUSE_LOCATION(c),
                                  LRK_SPELLING_LOCATION, NULL);
}

/* Is map clause C a pointer's (assign, attach), not data's? */
static bool pointer_kind_p(tree c)
{
  switch (OMP_CLAUSE_MAP_KIND(c)) {
  case GOMP_MAP_POINTER: case GOMP_MAP_FIRSTPRIVATE_POINTER:
  case GOMP_MAP_ATTACH_DETACH: case GOMP_MAP_ATTACH: case GOMP_MAP_DETACH:
    return true;
  default:
    return false;
  }
}

/* Can C be the item of a pointer array (not a marker, not a pointer), or,
   with ROWS, of the rows of a 2-D array (strided update sections, paired
   by name only: an array named after the marker is no partner)? */
static bool array_item_p(tree c, bool rows)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || accgpu_jag_marker(c) >= 0 ||
      pointer_kind_p(c))
    return false;
  tree t = TREE_TYPE(OMP_CLAUSE_DECL(c));
  return POINTER_TYPE_P(t) || (rows && TREE_CODE(t) == ARRAY_TYPE);
}

bool accgpu_jag_strided_p(tree partner)
{
  return TREE_CODE(TREE_TYPE(OMP_CLAUSE_DECL(partner))) == ARRAY_TYPE;
}

/* The name of the variable item C maps through: the base of its decl
   (`*a`, `a[0]`), or, when that is a temporary (`*_20` for a[i:1]), the
   pointer of the pointer-assign clause that follows it. */
static tree item_name(tree c)
{
  tree d = OMP_CLAUSE_DECL(c);
  while (TREE_CODE(d) == MEM_REF || TREE_CODE(d) == INDIRECT_REF ||
         TREE_CODE(d) == ARRAY_REF || TREE_CODE(d) == NOP_EXPR ||
         TREE_CODE(d) == POINTER_PLUS_EXPR)
    d = TREE_OPERAND(d, 0);
  if (DECL_P(d) && DECL_NAME(d))
    return DECL_NAME(d);
  tree p = OMP_CLAUSE_CHAIN(c);
  if (p && OMP_CLAUSE_CODE(p) == OMP_CLAUSE_MAP && pointer_kind_p(p) &&
      DECL_P(OMP_CLAUSE_DECL(p)))
    return DECL_NAME(OMP_CLAUSE_DECL(p));
  return NULL_TREE;
}

/* The array's item is the map clause of the same clause (its `(` spelled
   at the same place) whose variable the rewrite named for the marker
   (jagged.cc); GCC lists the items of a clause in source order on some
   constructs and reversed on others. Without a note, the next map clause
   after the marker (the order of data directives). */
tree accgpu_jag_partner(tree clauses, tree m)
{
  tree name = accgpu_jag_array_name(spelling(m), accgpu_jag_marker(m));
  for (tree c = clauses; name && c; c = OMP_CLAUSE_CHAIN(c)) {
    if (array_item_p(c, true) && item_name(c) == name &&
        spelling(c) == spelling(m))
      return c;
  }
  tree c = OMP_CLAUSE_CHAIN(m);
  while (c && (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || pointer_kind_p(c)))
    c = OMP_CLAUSE_CHAIN(c); /* update gives the marker a pointer assign */
  if (!c || !array_item_p(c, true))
    return NULL_TREE;
  if (spelling(c) == spelling(m) && array_item_p(c, false))
    return c;
  /* In a _Pragma every clause has the _Pragma token's location, not the
     `(` the rewrite noted: the next item, when a note of this marker
     names its array (the items of data directives come reversed). */
  tree next = item_name(c);
  return next && accgpu_jag_noted(accgpu_jag_marker(m), next) ? c
                                                              : NULL_TREE;
}

tree accgpu_jag_marker_for(tree clauses, tree c)
{
  for (tree m = clauses; m; m = OMP_CLAUSE_CHAIN(m))
    if (accgpu_jag_marker(m) >= 0 && accgpu_jag_partner(clauses, m) == c)
      return m;
  return NULL_TREE;
}

const char *accgpu_jag_bytes_name(tree m)
{
  if (!bytes_marker_p(m))
    return NULL;
  const char *text = accgpu_jag_text(spelling(m), accgpu_jag_marker(m));
  tree name = accgpu_jag_array_name(spelling(m), accgpu_jag_marker(m));
  return text ? text : name ? IDENTIFIER_POINTER(name) : NULL;
}

/* K * 10 + J of a level marker clause __accgpu_jlKJ[stride:count]
   (section-shapes.cc), else -1. */
static int level_number(tree c)
{
  const char *n = section_array_name(c);
  if (!n || strncmp(n, "__accgpu_jl", 11) || !ISDIGIT(n[11]) ||
      !ISDIGIT(n[12]) || n[13])
    return -1;
  return (n[11] - '0') * 10 + n[12] - '0';
}

bool accgpu_jag_level_p(tree c)
{
  return level_number(c) >= 0;
}

tree accgpu_jag_level(tree clauses, tree m, int j)
{
  if (!bytes_marker_p(m))
    return NULL_TREE;
  int kj = accgpu_jag_marker(m) * 10 + j;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (level_number(c) == kj)
      return c;
  return NULL_TREE;
}

void accgpu_jag_rows(tree m, tree partner, tree *host, tree *bytes)
{
  tree elem = TREE_TYPE(TREE_TYPE(OMP_CLAUSE_DECL(partner)));
  tree esize = bytes_marker_p(m) ? build_int_cst(size_type_node, 1)
               : fold_convert(size_type_node, TYPE_SIZE_UNIT(elem));
  tree lo = fold_convert(size_type_node,
                         unshare_expr(TREE_OPERAND(OMP_CLAUSE_DECL(m), 1)));
  *host = fold_convert(ptr_type_node,
                       fold_build2(MULT_EXPR, size_type_node, lo, esize));
  *bytes = fold_build2(MULT_EXPR, size_type_node,
                       fold_convert(size_type_node,
                                    unshare_expr(OMP_CLAUSE_SIZE(m))),
                       esize);
}
