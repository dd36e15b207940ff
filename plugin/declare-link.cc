/* declare-link.cc — `declare link(g)` globals used in routines.
 *
 * OpenACC 3.3 §2.13.3: link is for global data "referenced within an
 * accelerator routine" whose device copy is made later by a data clause.
 * GCC 12's gimplifier refuses exactly that use ("'g' with 'link' clause
 * used in 'routine' function", at the declaration), as it would need the
 * offload linker's indirection.  accgpu reaches declared globals from
 * routines through pointers the kernel passes (passes/routine-globals.cc)
 * and maps them `present` on the calling construct, which finds what the
 * data clause mapped (or says it is not present).  So on each function's
 * GENERIC, before gimplification, the globals it uses lose GCC's link
 * attribute and get GCC's plain "declared" one (which the gimplifier
 * accepts in routines and constructs) and accgpu's own, which
 * accgpu_declared_global_p reads as link: no device copy is made when
 * the program starts.                                                  */
#include "gcc-common.h"
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

static tree relabel(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (!VAR_P(t) || !is_global_var(t)
      || !lookup_attribute(GCC_LINK_ATTR, DECL_ATTRIBUTES(t)))
    return NULL_TREE;
  tree a = remove_attribute(GCC_LINK_ATTR, DECL_ATTRIBUTES(t));
  a = tree_cons(get_identifier(ACCGPU_LINK_ATTR), NULL_TREE, a);
  if (!lookup_attribute("omp declare target", a)) /* GCC's "declared" */
    a = tree_cons(get_identifier("omp declare target"), NULL_TREE, a);
  DECL_ATTRIBUTES(t) = a;
  return NULL_TREE;
}

static const accgpu_generic_walk walk = {relabel};

void accgpu_declare_link_init(const char *plugin_name)
{
  accgpu_walk_each_generic(plugin_name, &walk);
}
