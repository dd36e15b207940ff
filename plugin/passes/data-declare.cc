/* data-declare.cc — `declare` on file-scope variables.
 *
 * GCC marks `int g[N]; #pragma acc declare create(g)` (or copyin,
 * device_resident) at file scope with the attribute "omp declare target"
 * and emits no statement.  libgomp maps such variables when the offload
 * image loads onto a device; accgpu registers them from a static
 * constructor, one per translation unit, built when the pass first runs
 * (or, in a unit whose functions never reach the pass, at the end of the
 * unit), and the runtime maps them on each device as it opens
 * (runtime/declare.c):
 *
 *   static const __accgpu_map maps[] = {{&g, sizeof g, COPYIN, 0, "g"}, ...};
 *   static void _GLOBAL__I_... (void)
 *   { __accgpu_declare_map (&loc, n, maps); }
 *
 * Every such variable's device copy starts as its initial value, as in a
 * GPU's image (for create the contents are unspecified, so that is as
 * good): the runtime keeps the bytes it held at registration, or zeroes
 * the copy of a definition flagged ACCGPU_MAPF_ZERO (no initializer, or
 * zeros: nothing to keep).  `link` variables
 * are left to the data clauses that name them.  An `extern` declaration
 * with the directive maps the variable too (its definition, in another
 * file, may lack it; mapped twice is present once).  A destructor frees
 * the device copies of the unit's own definitions when the library they
 * are in is unloaded (dlclose), so a later load maps them afresh.        */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"
#include "omp-offload.h"
#include "accgpu_abi.h"

bool accgpu_declared_global_p(tree d, bool with_link)
{
  return VAR_P(d) && is_global_var(d)
         && lookup_attribute("omp declare target", DECL_ATTRIBUTES(d))
         && !lookup_attribute(ACCGPU_ROUTINE_CONST_ATTR, DECL_ATTRIBUTES(d))
         && (with_link
             || !(lookup_attribute(GCC_LINK_ATTR, DECL_ATTRIBUTES(d))
                  || lookup_attribute(ACCGPU_LINK_ATTR, DECL_ATTRIBUTES(d))));
}

/* DECL is defined here with a declare directive that gives it a device
   copy (registered by this unit). */
static bool defined_declared_p(tree decl)
{
  return accgpu_declared_global_p(decl, false) && !DECL_EXTERNAL(decl);
}

/* DECL is an `extern` declaration of known size with a declare directive
   (its unit maps it too: the definition may have none). */
static bool extern_declared_p(tree decl)
{
  return accgpu_declared_global_p(decl, false) && DECL_EXTERNAL(decl)
         && DECL_SIZE_UNIT(decl)
         && TREE_CODE(DECL_SIZE_UNIT(decl)) == INTEGER_CST;
}

/* The static initializer of one __accgpu_map for DECL. */
static tree map_ctor(tree decl)
{
  tree mt = accgpu_map_type();
  vec<constructor_elt, va_gc> *v = NULL;
  const char *name = DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl))
                                     : "?";
  TREE_ADDRESSABLE(decl) = 1;
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(mt, "host"),
                         fold_convert(ptr_type_node,
                                      build_fold_addr_expr(decl)));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(mt, "bytes"),
                         fold_convert(size_type_node, DECL_SIZE_UNIT(decl)));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(mt, "kind"),
                         build_int_cst(unsigned_type_node, ACCGPU_MAP_COPYIN));
  /* a definition with no initializer (or zeros) starts as zero on the
     device: the runtime need not keep its first bytes */
  tree init = DECL_EXTERNAL(decl) ? error_mark_node : DECL_INITIAL(decl);
  bool zero = !init || (init != error_mark_node && initializer_zerop(init));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(mt, "flags"),
                         build_int_cst(unsigned_type_node,
                                       ACCGPU_MAPF_DECLARE
                                       | (zero ? ACCGPU_MAPF_ZERO : 0)));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(mt, "name"), accgpu_string_cst(name));
  tree c = build_constructor(mt, v);
  TREE_CONSTANT(c) = TREE_STATIC(c) = 1;
  return c;
}

/* A static array of maps for DECLS; returns the address of its first
   element. */
static tree static_maps(const vec<tree> &decls)
{
  tree mt = accgpu_map_type();
  tree at = build_array_type_nelts(mt, decls.length());
  vec<constructor_elt, va_gc> *v = NULL;
  for (unsigned i = 0; i < decls.length(); i++)
    CONSTRUCTOR_APPEND_ELT(v, size_int(i), map_ctor(decls[i]));
  tree init = build_constructor(at, v);
  TREE_CONSTANT(init) = TREE_STATIC(init) = 1;
  tree arr = build_decl(BUILTINS_LOCATION, VAR_DECL,
                        create_tmp_var_name("__accgpu_declare"), at);
  TREE_STATIC(arr) = TREE_ADDRESSABLE(arr) = 1;
  DECL_ARTIFICIAL(arr) = DECL_IGNORED_P(arr) = 1;
  DECL_INITIAL(arr) = init;
  varpool_node::finalize_decl(arr);
  return build_fold_addr_expr(build4(ARRAY_REF, mt, arr, size_int(0),
                                     NULL_TREE, NULL_TREE));
}

/* GCC's own offloading must stay off: the front end marks declared
   variables offloadable, which makes the object carry offload LTO sections
   and the link run mkoffload.  accgpu maps them itself. */
static void disown_gcc_offload(void)
{
  varpool_node *vnode;
  FOR_EACH_VARIABLE(vnode)
    if (defined_declared_p(vnode->decl))
      vnode->offloadable = 0;
  vec_safe_truncate(offload_vars, 0);
  g->have_offload = false;
}

/* GCC streams offload sections at the start of the IPA passes: turn them
   off by then even when no function reached the pass. */
static void ipa_start_cb(void *, void *)
{
  disown_gcc_offload();
}

/* File-scope `extern` variables as the front end finishes them: the
   varpool lists them only once the functions are lowered, after the pass
   has built the constructor (and a constructor added later does not reach
   an -flto object).  The declare directive comes after, so the attribute
   is looked at when the constructor is built. */
static vec<tree, va_gc> *extern_vars; /* a GC root: collections run
                                          between passes */
static const struct ggc_root_tab extern_roots[] = {
  {&extern_vars, 1, sizeof(extern_vars), &gt_ggc_mx_vec_tree_va_gc_,
   &gt_pch_nx_vec_tree_va_gc_},
  LAST_GGC_ROOT_TAB};

static void finish_decl_cb(void *gcc_data, void *)
{
  tree decl = (tree)gcc_data;
  if (decl && VAR_P(decl) && DECL_EXTERNAL(decl) && DECL_FILE_SCOPE_P(decl) &&
      !vec_safe_contains(extern_vars, decl))
    vec_safe_push(extern_vars, decl);
}

/* A unit without functions maps its globals from here: a function added
   this late is lowered and expanded at once (cgraph's FINISHED state). */
static void finish_unit_cb(void *, void *)
{
  if (!seen_error())
    accgpu_declare_globals();
  vec_free(extern_vars);
}

void accgpu_declare_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_START, ipa_start_cb,
                    NULL);
  register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                    (void *)extern_roots);
  register_callback(plugin_name, PLUGIN_FINISH_DECL, finish_decl_cb, NULL);
  register_callback(plugin_name, PLUGIN_FINISH_UNIT, finish_unit_cb, NULL);
}

/* The unit's declared globals: its definitions, then the `extern`
   declarations it uses (one that no code here names may have no
   definition in the program). */
static void collect_declared(auto_vec<tree> &decls, unsigned *ndef)
{
  varpool_node *vnode;
  FOR_EACH_VARIABLE(vnode)
    if (defined_declared_p(vnode->decl))
      decls.safe_push(vnode->decl);
  *ndef = decls.length();
  unsigned i;
  tree decl;
  FOR_EACH_VEC_SAFE_ELT(extern_vars, i, decl)
    if (TREE_USED(decl) && extern_declared_p(decl))
      decls.safe_push(decl);
}

/* A constructor mapping DECLS, and a destructor freeing the device copies
   of the first NDEF (the unit's own) when the object's library is
   unloaded; the others' definitions may be in the program or in another
   library. */
static void map_at_load(const vec<tree> &decls, unsigned ndef)
{
  /* cgraph_build_static_cdtor switches cfun; the pass is inside one. */
  function *saved_fn = cfun;
  tree saved_decl = current_function_decl;
  current_function_decl = NULL_TREE;
  tree loc = accgpu_build_loc(DECL_SOURCE_LOCATION(decls[0]), "declare");
  tree maps = static_maps(decls);
  tree fn = accgpu_runtime_decl("__accgpu_declare_map");
  tree call = build_call_expr(
      fn, 3, loc, build_int_cst(unsigned_type_node, decls.length()), maps);
  cgraph_build_static_cdtor('I', call, DEFAULT_INIT_PRIORITY);
  if (ndef) {
    call = build_call_expr(accgpu_runtime_decl("__accgpu_declare_unmap"), 3,
                           loc, build_int_cst(unsigned_type_node, ndef),
                           unshare_expr(maps));
    cgraph_build_static_cdtor('D', call, DEFAULT_INIT_PRIORITY);
  }
  set_cfun(saved_fn);
  current_function_decl = saved_decl;
}

void accgpu_declare_globals(void)
{
  static bool done;
  if (done)
    return;
  done = true;
  auto_vec<tree> decls;
  unsigned ndef;
  collect_declared(decls, &ndef);
  disown_gcc_offload();
  if (!decls.is_empty())
    map_at_load(decls, ndef);
}
