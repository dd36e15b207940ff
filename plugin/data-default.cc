/* data-default.cc — `default(present)` and `default(none)` on a `data`
 * construct (OpenACC 2.7, §2.6.2: they apply to the compute constructs
 * the data construct lexically contains that have no default clause of
 * their own), which GCC 12's parser refuses ("'default' is not valid for
 * '#pragma acc data'").
 *
 * 1. On the acc line (clause-mods.cc calls us for `default` on a data
 *    line): the clause is taken off the line and its line noted.
 * 2. On the function's GENERIC (PLUGIN_PRE_GENERICIZE), before the
 *    gimplifier decides the implicit data clauses: each OACC_DATA of a
 *    noted line gives the parallel, kernels and serial constructs in its
 *    body that lack one its default clause (a nested data construct with
 *    its own default gives its own), and GCC does the rest as for the
 *    clause written on them.                                             */
#include "gcc-common.h"
#include "passes/data-internal.h"

struct data_default {
  const char *file;
  int line;
  enum omp_clause_default_kind kind;
};
static vec<data_default> noted;

bool accgpu_data_default_clause(cpp_reader *pfile, location_t line_loc)
{
  const cpp_token *w = accgpu_pp_peek(pfile, 1);
  if (accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN
      || w->type != CPP_NAME
      || accgpu_pp_peek(pfile, 2)->type != CPP_CLOSE_PAREN)
    return false;
  const char *k = (const char *)NODE_NAME(w->val.node.node);
  data_default d;
  if (!strcmp(k, "present"))
    d.kind = OMP_CLAUSE_DEFAULT_PRESENT;
  else if (!strcmp(k, "none"))
    d.kind = OMP_CLAUSE_DEFAULT_NONE;
  else
    return false; /* GCC's error */
  expanded_location x = expand_location(line_loc);
  d.file = x.file;
  d.line = x.line;
  noted.safe_push(d);
  return true;
}

/* The default noted for the data construct T, or -1. */
static int noted_kind(tree t)
{
  expanded_location x = expand_location(EXPR_LOCATION(t));
  for (unsigned i = 0; i < noted.length(); i++)
    if (noted[i].line == x.line && x.file && noted[i].file
        && !strcmp(noted[i].file, x.file))
      return noted[i].kind;
  return -1;
}

/* walk_tree callback inside a data construct's body: DATA is the kind. */
static tree give_default(tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) == OACC_DATA && noted_kind(t) >= 0) {
    *walk_subtrees = 0; /* its own default, given when it is reached */
    return NULL_TREE;
  }
  if (TREE_CODE(t) != OACC_PARALLEL && TREE_CODE(t) != OACC_KERNELS
      && TREE_CODE(t) != OACC_SERIAL)
    return NULL_TREE;
  *walk_subtrees = 0; /* compute constructs do not nest */
  for (tree c = OMP_CLAUSES(t); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_DEFAULT)
      return NULL_TREE;
  tree c = build_omp_clause(EXPR_LOCATION(t), OMP_CLAUSE_DEFAULT);
  OMP_CLAUSE_DEFAULT_KIND(c) = (enum omp_clause_default_kind)(intptr_t)data;
  OMP_CLAUSE_CHAIN(c) = OMP_CLAUSES(t);
  OMP_CLAUSES(t) = c;
  return NULL_TREE;
}

static tree find_data(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  int kind = TREE_CODE(t) == OACC_DATA ? noted_kind(t) : -1;
  if (kind >= 0)
    walk_tree(&OACC_DATA_BODY(t), give_default, (void *)(intptr_t)kind,
              NULL);
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (!noted.is_empty() && fn && TREE_CODE(fn) == FUNCTION_DECL
      && DECL_SAVED_TREE(fn))
    walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), find_data, NULL);
}

void accgpu_data_default_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
