/* pointer-private-launch.cc — the copies of a pointer's private section
 * (plugin/pointer-private.cc made them slots) in the kernel and on the
 * host.  In the kernel, the marker `__accgpu_private_copy(tab, SLOT, lo)`
 * becomes tab[copy id] - lo, the copy id by the partitioning where it
 * stands: a gang's code shares the gang's copy (its stores are done once
 * for the gang), a worker loop's body the worker's, a vector loop's body
 * is each lane's.  Before each launch the host asks the runtime for the
 * table (__accgpu_private_alloc: as many copies as that level has under
 * the launch's geometry) and frees it after (queued); the host fallback
 * has a table of one copy, which its marker call (the runtime's) reads. */
#include "passes/kernel-gen-internal.h"
#include "passes/compute-internal.h"
#include "passes/data-internal.h"
#include "passes/lower-data.h"
#include "passes/pointer-private.h"

bool kg_emit_private_copy(kg *g, gimple *s, tree fn)
{
  if (strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "__accgpu_private_copy")
      || gimple_call_num_args(s) != 3
      || TREE_CODE(gimple_call_arg(s, 1)) != INTEGER_CST)
    return false;
  struct accgpu_pp_slot *sl =
      accgpu_pp_slot_num(tree_to_uhwi(gimple_call_arg(s, 1)));
  int level = g->part & KG_VECTOR ? 2 : g->part & KG_WORKER ? 1 : 0;
  if (sl && level > sl->level)
    sl->level = level;
  static const char *const ids[] = {
      "__accgpu_gid",
      "(__accgpu_gid * blockDim.y + threadIdx.y)",
      "((__accgpu_gid * blockDim.y + threadIdx.y) * blockDim.x + "
      "threadIdx.x)"};
  struct kbuf call = {}, tab = {}, lo = {};
  ex(g, &tab, gimple_call_arg(s, 0));
  ex(g, &lo, gimple_call_arg(s, 2));
  kb_printf(&call, "(void *)((char *)((void **)(%s))[%s] - (%s))",
            kb_str(&tab), ids[level], kb_str(&lo));
  kg_emit_call_result(g, gimple_call_lhs(s), &call);
  kb_free(&call);
  kb_free(&tab);
  kb_free(&lo);
  return true;
}

/* The bytes of one copy of SL (a negative length: none). */
static tree copy_bytes(gimple_stmt_iterator *gsi, struct accgpu_pp_slot *sl)
{
  tree n = fold_build2(MAX_EXPR, long_integer_type_node, sl->len,
                       build_int_cst(long_integer_type_node, 0));
  return val(gsi, fold_build2(MULT_EXPR, size_type_node,
                              fold_convert(size_type_node, n),
                              size_int(sl->elt)));
}

static tree name_of(struct accgpu_pp_slot *sl)
{
  return accgpu_string_cst(IDENTIFIER_POINTER(sl->name));
}

void accgpu_pp_launch_alloc(gimple_stmt_iterator *gsi, vec<tree> *pvars,
                            tree locp, const char *kname, tree grid,
                            tree block)
{
  tree fn = accgpu_runtime_decl("__accgpu_private_alloc");
  for (unsigned i = 0; i + 1 < pvars->length(); i += 2) {
    struct accgpu_pp_slot *sl = accgpu_pp_slot_of((*pvars)[i]);
    tree v = (*pvars)[i + 1];
    tree t = create_tmp_var(ptr_type_node, "accptab");
    gcall *c = gimple_build_call(fn, 7, locp, accgpu_string_cst(kname),
                                 name_of(sl), copy_bytes(gsi, sl),
                                 build_int_cst(integer_type_node,
                                               sl->level < 0 ? 0 : sl->level),
                                 grid, block);
    gimple_call_set_lhs(c, t);
    add(gsi, c);
    add(gsi, gimple_build_assign(v, fold_convert(TREE_TYPE(v), t)));
  }
}

void accgpu_pp_launch_free(gimple_stmt_iterator *gsi, vec<tree> *pvars,
                           tree locp, tree async)
{
  tree fn = accgpu_runtime_decl("__accgpu_private_free");
  for (unsigned i = 0; i + 1 < pvars->length(); i += 2) {
    tree v = val(gsi, fold_convert(ptr_type_node, (*pvars)[i + 1]));
    add(gsi, gimple_build_call(fn, 3, locp, v, async));
  }
}

void accgpu_pp_host(gimple_seq *host, struct kg_region *r, tree locp)
{
  gimple_seq pre = NULL, post = NULL;
  for (unsigned i = 0; i < r->params.length(); i++) {
    tree d = r->params[i].decl;
    struct accgpu_pp_slot *sl = accgpu_pp_slot_of(d);
    if (!sl || sl->fp_array) /* the fallback has GCC's firstprivate */
      continue;
    tree n = fold_build2(MAX_EXPR, long_integer_type_node, sl->len,
                         build_int_cst(long_integer_type_node, 0));
    tree bytes = fold_build2(MULT_EXPR, size_type_node,
                             fold_convert(size_type_node, n),
                             size_int(sl->elt));
    gimple_seq bs = NULL; /* force_gimple_operand empties its sequence */
    bytes = force_gimple_operand(bytes, &bs, true, NULL_TREE);
    gimple_seq_add_seq(&pre, bs);
    tree t = create_tmp_var(ptr_type_node, "accptab");
    gcall *c = gimple_build_call(accgpu_runtime_decl("__accgpu_private_host"),
                                 3, locp, name_of(sl), bytes);
    gimple_call_set_lhs(c, t);
    gimple_seq_add_stmt(&pre, c);
    gimple_seq_add_stmt(&pre, gimple_build_assign(d, fold_convert(
                                                         TREE_TYPE(d), t)));
    tree f = accgpu_runtime_decl("__accgpu_private_host_free");
    tree dv = create_tmp_var(ptr_type_node, "accptab");
    gimple_seq_add_stmt(&post, gimple_build_assign(dv, fold_convert(
                                                          ptr_type_node, d)));
    gimple_seq_add_stmt(&post, gimple_build_call(f, 1, dv));
  }
  gimple_seq_add_seq(&pre, *host);
  gimple_seq_add_seq(&pre, post);
  *host = pre;
}

static tree outside_cb(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR) {
    *handled = true; /* a loop's copies are its kernel's */
    return NULL_TREE;
  }
  tree fn = is_gimple_call(s) ? gimple_call_fndecl(s) : NULL_TREE;
  if (fn && DECL_NAME(fn) && !strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)),
                                     "__accgpu_private_copy"))
    return fn;
  return NULL_TREE;
}

bool accgpu_pp_outside_loops(gimple_seq body)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  return walk_gimple_seq(body, outside_cb, NULL, &wi) != NULL;
}
