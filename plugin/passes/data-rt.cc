/* data-rt.cc — declarations the pass needs from libaccgpu: the __accgpu_*
 * entry points (prototypes of include/accgpu_abi.h), the record types of
 * __accgpu_loc / __accgpu_map / __accgpu_dim3, and the static location
 * objects.  Every tree kept here outlives a function, so all of them hang
 * off GC roots registered by accgpu_data_register_roots.                 */
#include "gcc-common.h"
#include "accgpu-plugin.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"

/* ---- GC roots --------------------------------------------------------- */

/* Record types and function decls, indexed by enum rt_slot / rt_table. */
enum rt_type { RT_LOC, RT_MAP, RT_DIM3, RT_NTYPES };
static tree rt_types[RT_NTYPES];

struct rt_entry {
  const char *name;
  const char *sig; /* return type, then parameters; letters below */
};

/* Signature letters: v void, i int, u unsigned, z size_t, p void *,
   q const void *, s const char *, l const __accgpu_loc *, m __accgpu_map *,
   a void **, n const int *, d __accgpu_dim3, f void (*)(void *). */
static const struct rt_entry rt_table[] = {
  {"__accgpu_offload_p", "ilii"},
  {"__accgpu_region_begin", "vliiuma"},
  {"__accgpu_region_end", "vli"},
  {"__accgpu_enter_data", "vliium"},
  {"__accgpu_exit_data", "vliium"},
  {"__accgpu_update", "vliium"},
  {"__accgpu_update_peer", "vlpiqizs"},
  {"__accgpu_use_device", "plps"},
  {"__accgpu_wait", "vliuni"},
  {"__accgpu_wait_device", "vli"},
  {"__accgpu_async_host", "vli"}, /* lower-compute.cc */
  {"__accgpu_set", "vluiii"},
  {"__accgpu_init", "vluii"},
  {"__accgpu_shutdown", "vluii"},
  {"__accgpu_launch", "vlqudduia"},
  /* pointer-private-launch.cc */
  {"__accgpu_private_alloc", "plsszidd"},
  {"__accgpu_private_free", "vlpi"},
  {"__accgpu_private_host", "plsz"},
  {"__accgpu_private_host_free", "vp"},
  {"__accgpu_device_limits", "vip"},
  {"__accgpu_kernel_limits", "viqup"}, /* launch-geometry.cc */
  {"__accgpu_host_atomic_lock", "v"}, /* lower-compute.cc */
  {"__accgpu_host_atomic_unlock", "v"},
  {"__accgpu_device_submit", "vifqz"},
  {"__accgpu_module_preload", "vq"}, /* module-emit.cc */
  {"__accgpu_module_unload", "vq"},
  {"__accgpu_declare_map", "vlum"}, /* data-declare.cc */
  {"__accgpu_declare_unmap", "vlum"},
  {"acc_is_present", "ipz"},
  /* member-reduction.cc */
  {"acc_deviceptr", "pp"},
  {"acc_memcpy_from_device", "vppz"},
  {"acc_memcpy_to_device", "vppz"},
};
#define RT_NDECLS (sizeof rt_table / sizeof rt_table[0])
static tree rt_decls[RT_NDECLS];

/* Location objects built so far (VAR_DECLs), with their keys. */
static vec<tree, va_gc> *loc_objs;
struct loc_key {
  location_t loc;
  const char *construct; /* a string literal of the caller */
  tree fn;
};
static vec<loc_key> loc_keys;

static const struct ggc_root_tab data_roots[] = {
  {&rt_types[0], RT_NTYPES, sizeof(tree), &gt_ggc_mx_tree_node,
   &gt_pch_nx_tree_node},
  {&rt_decls[0], RT_NDECLS, sizeof(tree), &gt_ggc_mx_tree_node,
   &gt_pch_nx_tree_node},
  {&loc_objs, 1, sizeof(loc_objs), &gt_ggc_mx_vec_tree_va_gc_,
   &gt_pch_nx_vec_tree_va_gc_},
  LAST_GGC_ROOT_TAB};

/* Registers the data side's GC roots; called once from plugin_init (via
   accgpu_deviceid_init). */
void accgpu_data_register_roots(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                    (void *)data_roots);
}

/* ---- Record types ----------------------------------------------------- */

/* Prepends a FIELD_DECL NAME of TYPE to *FIELDS: the chain is built
   reversed, as finish_builtin_struct wants it. */
static void add_field(tree *fields, const char *name, tree type)
{
  tree f = build_decl(BUILTINS_LOCATION, FIELD_DECL, get_identifier(name),
                      type);
  DECL_CHAIN(f) = *fields;
  *fields = f;
}

static tree const_char_ptr(void)
{
  return build_pointer_type(
      build_qualified_type(char_type_node, TYPE_QUAL_CONST));
}

/* Builds the record types once; they mirror include/accgpu_abi.h. */
static void build_types(void)
{
  if (rt_types[RT_LOC])
    return;
  tree f = NULL_TREE, t = make_node(RECORD_TYPE);
  add_field(&f, "file", const_char_ptr());
  add_field(&f, "func", const_char_ptr());
  add_field(&f, "construct", const_char_ptr());
  add_field(&f, "line", integer_type_node);
  add_field(&f, "col", integer_type_node);
  accgpu_layout_natural(t, "__accgpu_loc", f);
  rt_types[RT_LOC] = t;

  f = NULL_TREE, t = make_node(RECORD_TYPE);
  add_field(&f, "host", ptr_type_node);
  add_field(&f, "bytes", size_type_node);
  add_field(&f, "kind", unsigned_type_node);
  add_field(&f, "flags", unsigned_type_node);
  add_field(&f, "name", const_char_ptr());
  accgpu_layout_natural(t, "__accgpu_map", f);
  rt_types[RT_MAP] = t;

  f = NULL_TREE, t = make_node(RECORD_TYPE);
  add_field(&f, "x", unsigned_intSI_type_node);
  add_field(&f, "y", unsigned_intSI_type_node);
  add_field(&f, "z", unsigned_intSI_type_node);
  accgpu_layout_natural(t, "__accgpu_dim3", f);
  rt_types[RT_DIM3] = t;
}

/* Returns the RECORD_TYPE __accgpu_map. */
tree accgpu_map_type(void)
{
  build_types();
  return rt_types[RT_MAP];
}

/* Returns the FIELD_DECL NAME of record TYPE (it must exist). */
tree accgpu_field(tree type, const char *name)
{
  for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
    if (DECL_NAME(f) && !strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), name))
      return f;
  gcc_unreachable();
}

/* ---- Entry points ----------------------------------------------------- */

static tree sig_type(char c)
{
  switch (c) {
  case 'v': return void_type_node;
  case 'i': return integer_type_node;
  case 'u': return unsigned_type_node;
  case 'z': return size_type_node;
  case 'p': return ptr_type_node;
  case 'q': return const_ptr_type_node;
  case 's': return const_char_ptr();
  case 'l':
    return build_pointer_type(
        build_qualified_type(rt_types[RT_LOC], TYPE_QUAL_CONST));
  case 'm': return build_pointer_type(rt_types[RT_MAP]);
  case 'a': return build_pointer_type(ptr_type_node);
  case 'n':
    return build_pointer_type(
        build_qualified_type(integer_type_node, TYPE_QUAL_CONST));
  case 'd': return rt_types[RT_DIM3];
  case 'f':
    return build_pointer_type(
        build_function_type_list(void_type_node, ptr_type_node, NULL_TREE));
  }
  gcc_unreachable();
}

/* Builds the FUNCTION_DECL for table entry E. */
static tree build_rt_decl(const struct rt_entry *e)
{
  unsigned n = strlen(e->sig) - 1;
  tree *args = XALLOCAVEC(tree, n);
  for (unsigned i = 0; i < n; i++)
    args[i] = sig_type(e->sig[i + 1]);
  tree type = build_function_type_array(sig_type(e->sig[0]), n, args);
  return accgpu_runtime_fn(e->name, type);
}

tree accgpu_runtime_fn(const char *name, tree type)
{
  tree decl = build_fn_decl(name, type);
  TREE_NOTHROW(decl) = 1; /* the runtime is C: no exceptions, no EH edges */
  /* A lazily bound PLT slot runs the dynamic linker's look-up at the first
     call: in a program's first construct, inside the time it measures. */
  DECL_ATTRIBUTES(decl) =
      tree_cons(get_identifier("noplt"), NULL_TREE, DECL_ATTRIBUTES(decl));
  return decl;
}

tree accgpu_runtime_decl(const char *name)
{
  build_types();
  for (unsigned i = 0; i < RT_NDECLS; i++)
    if (!strcmp(rt_table[i].name, name)) {
      if (!rt_decls[i])
        rt_decls[i] = build_rt_decl(&rt_table[i]);
      return rt_decls[i];
    }
  internal_error("accgpu: no runtime entry point %qs", name);
}

/* ---- Location objects ------------------------------------------------- */

/* Returns an ADDR_EXPR of a NUL-terminated string constant S. */
tree accgpu_string_cst(const char *s)
{
  return build_string_literal(strlen(s) + 1, s);
}

/* Builds the initializer of a __accgpu_loc for LOC. */
static tree loc_initializer(location_t loc, const char *construct)
{
  tree t = rt_types[RT_LOC];
  expanded_location x = expand_location(loc);
  const char *fn = "";
  if (current_function_decl && DECL_NAME(current_function_decl))
    fn = IDENTIFIER_POINTER(DECL_NAME(current_function_decl));
  vec<constructor_elt, va_gc> *v = NULL;
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(t, "file"),
                         accgpu_string_cst(x.file ? x.file : "<unknown>"));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(t, "func"), accgpu_string_cst(fn));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(t, "construct"),
                         accgpu_string_cst(construct));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(t, "line"),
                         build_int_cst(integer_type_node, x.line));
  CONSTRUCTOR_APPEND_ELT(v, accgpu_field(t, "col"),
                         build_int_cst(integer_type_node, x.column));
  tree ctor = build_constructor(t, v);
  TREE_CONSTANT(ctor) = 1;
  TREE_STATIC(ctor) = 1;
  return ctor;
}

tree accgpu_build_loc(location_t loc, const char *construct)
{
  build_types();
  for (unsigned i = 0; i < loc_keys.length(); i++)
    if (loc_keys[i].loc == loc && loc_keys[i].fn == current_function_decl &&
        !strcmp(loc_keys[i].construct, construct))
      return build_fold_addr_expr((*loc_objs)[i]);

  tree type = build_qualified_type(rt_types[RT_LOC], TYPE_QUAL_CONST);
  tree decl = build_decl(loc, VAR_DECL, create_tmp_var_name("__accgpu_loc"),
                         type);
  TREE_STATIC(decl) = 1;
  TREE_READONLY(decl) = 1;
  TREE_ADDRESSABLE(decl) = 1;
  DECL_ARTIFICIAL(decl) = 1;
  DECL_IGNORED_P(decl) = 1;
  DECL_INITIAL(decl) = loc_initializer(loc, construct);
  /* Kept when the code using it is not: the kernel table, built at the end
     of the unit, names the loc of every kernel, also of a construct that
     IPA constant propagation later finds unreachable. */
  DECL_PRESERVE_P(decl) = 1;
  varpool_node::finalize_decl(decl);

  vec_safe_push(loc_objs, decl);
  loc_key k = {loc, construct, current_function_decl};
  loc_keys.safe_push(k);
  return build_fold_addr_expr(decl);
}
