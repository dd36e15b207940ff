/* data-stubs.cc — TEMPORARY weak stand-ins for functions other branches
 * provide (lower-data.cc from plugin-data, module-build.c from
 * cuda-backend), so the compute side builds and runs before they merge.
 * Deleted when those branches are merged.                                 */
#include "accgpu-plugin.h"
#include "passes/lower-data.h"

#define WEAK __attribute__((weak))

WEAK void accgpu_deviceid_init(const char *plugin_name) {}

WEAK bool accgpu_lower_data_construct(gimple_stmt_iterator *gsi)
{
  return false;
}

WEAK tree accgpu_take_deviceid(tree *clauses)
{
  return build_int_cst(integer_type_node, -1);
}

/* struct __accgpu_loc */
static tree loc_type;
static tree stub_loc_type(void)
{
  if (loc_type)
    return loc_type;
  tree t = make_node(RECORD_TYPE);
  const char *names[] = {"file", "func", "construct", "line", "col"};
  tree fields = NULL_TREE;
  for (int i = 4; i >= 0; i--) {
    tree f = build_decl(UNKNOWN_LOCATION, FIELD_DECL, get_identifier(names[i]),
                        i < 3 ? const_string_type_node : integer_type_node);
    DECL_CONTEXT(f) = t;
    DECL_CHAIN(f) = fields;
    fields = f;
  }
  TYPE_FIELDS(t) = fields;
  layout_type(t);
  loc_type = t;
  accgpu_keep(t);
  return t;
}

static tree str_ptr(const char *s)
{
  return build_string_literal(strlen(s) + 1, s);
}

WEAK tree accgpu_build_loc(location_t loc, const char *construct)
{
  static int counter;
  tree type = stub_loc_type();
  char name[64];
  snprintf(name, sizeof name, "__accgpu_loc_%d", counter++);
  tree var = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(name),
                        build_qualified_type(type, TYPE_QUAL_CONST));
  TREE_STATIC(var) = 1;
  TREE_READONLY(var) = 1;
  DECL_ARTIFICIAL(var) = 1;
  TREE_USED(var) = 1;
  expanded_location xl = expand_location(loc);
  const char *fn = current_function_decl
                       ? IDENTIFIER_POINTER(DECL_NAME(current_function_decl))
                       : "";
  vec<constructor_elt, va_gc> *v = NULL;
  tree f = TYPE_FIELDS(type);
  CONSTRUCTOR_APPEND_ELT(v, f, str_ptr(xl.file ? xl.file : ""));
  f = DECL_CHAIN(f);
  CONSTRUCTOR_APPEND_ELT(v, f, str_ptr(fn));
  f = DECL_CHAIN(f);
  CONSTRUCTOR_APPEND_ELT(v, f, str_ptr(construct));
  f = DECL_CHAIN(f);
  CONSTRUCTOR_APPEND_ELT(v, f, build_int_cst(integer_type_node, xl.line));
  f = DECL_CHAIN(f);
  CONSTRUCTOR_APPEND_ELT(v, f, build_int_cst(integer_type_node, xl.column));
  DECL_INITIAL(var) = build_constructor(type, v);
  varpool_node::finalize_decl(var);
  return build_fold_addr_expr(var);
}

WEAK tree accgpu_runtime_decl(const char *name)
{
  tree type;
  if (!strcmp(name, "__accgpu_region_begin"))
    type = build_function_type_list(void_type_node, ptr_type_node,
                                    integer_type_node, integer_type_node,
                                    unsigned_type_node, ptr_type_node,
                                    ptr_type_node, NULL_TREE);
  else if (!strcmp(name, "__accgpu_region_end"))
    type = build_function_type_list(void_type_node, ptr_type_node,
                                    integer_type_node, NULL_TREE);
  else
    gcc_unreachable();
  tree fn = build_fn_decl(name, type);
  TREE_NOTHROW(fn) = 1;
  return fn;
}

/* struct __accgpu_map */
static tree map_type;
static tree stub_map_type(void)
{
  if (map_type)
    return map_type;
  tree t = make_node(RECORD_TYPE);
  tree types[] = {ptr_type_node, size_type_node, unsigned_type_node,
                  unsigned_type_node, const_string_type_node};
  const char *names[] = {"host", "bytes", "kind", "flags", "name"};
  tree fields = NULL_TREE;
  for (int i = 4; i >= 0; i--) {
    tree f = build_decl(UNKNOWN_LOCATION, FIELD_DECL, get_identifier(names[i]),
                        types[i]);
    DECL_CONTEXT(f) = t;
    DECL_CHAIN(f) = fields;
    fields = f;
  }
  TYPE_FIELDS(t) = fields;
  layout_type(t);
  map_type = t;
  accgpu_keep(t);
  return t;
}

static int stub_kind(tree c)
{
  switch (OMP_CLAUSE_MAP_KIND(c)) {
  case GOMP_MAP_TO: case GOMP_MAP_FORCE_TO: return 1;
  case GOMP_MAP_FROM: case GOMP_MAP_FORCE_FROM: return 2;
  case GOMP_MAP_TOFROM: case GOMP_MAP_FORCE_TOFROM: return 3;
  case GOMP_MAP_ALLOC: case GOMP_MAP_FORCE_ALLOC: return 4;
  case GOMP_MAP_FORCE_PRESENT: return 5;
  case GOMP_MAP_FORCE_DEVICEPTR: return 7;
  default: return 0;
  }
}

static void set_field(gimple_stmt_iterator *gsi, tree elt, int idx, tree val)
{
  tree f = TYPE_FIELDS(TREE_TYPE(elt));
  while (idx--)
    f = DECL_CHAIN(f);
  tree ref = build3(COMPONENT_REF, TREE_TYPE(f), elt, f, NULL_TREE);
  val = force_gimple_operand_gsi(gsi, fold_convert(TREE_TYPE(f), val), true,
                                 NULL_TREE, true, GSI_SAME_STMT);
  gsi_insert_before(gsi, gimple_build_assign(ref, val), GSI_SAME_STMT);
}

WEAK void accgpu_build_maps(gimple_stmt_iterator *gsi, tree clauses,
                            location_t loc, struct accgpu_maps *out)
{
  out->clause = vNULL;
  out->nmaps = 0;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && stub_kind(c))
      out->clause.safe_push(c);
  out->nmaps = out->clause.length();
  if (!out->nmaps) {
    out->maps = null_pointer_node;
    return;
  }
  tree mt = stub_map_type();
  tree arr = create_tmp_var_raw(build_array_type_nelts(mt, out->nmaps),
                                "accmaps");
  TREE_ADDRESSABLE(arr) = 1;
  gimple_add_tmp_var(arr);
  for (unsigned i = 0; i < out->nmaps; i++) {
    tree c = out->clause[i], d = OMP_CLAUSE_DECL(c), host;
    tree elt = build4(ARRAY_REF, mt, arr, size_int(i), NULL_TREE, NULL_TREE);
    if (TREE_CODE(d) == MEM_REF || TREE_CODE(d) == INDIRECT_REF)
      host = build_fold_addr_expr(d);
    else
      host = build_fold_addr_expr(d);
    set_field(gsi, elt, 0, host);
    set_field(gsi, elt, 1, OMP_CLAUSE_SIZE(c));
    set_field(gsi, elt, 2, build_int_cst(unsigned_type_node, stub_kind(c)));
    set_field(gsi, elt, 3, build_int_cst(unsigned_type_node, 4));
    char *s = print_generic_expr_to_str(d);
    set_field(gsi, elt, 4, str_ptr(s));
    free(s);
  }
  out->maps = build_fold_addr_expr(arr);
}

WEAK void accgpu_maps_release(struct accgpu_maps *m)
{
  m->clause.release();
}

/* ---- module-build.c stand-ins ---- */
extern "C" {
WEAK int accgpu_mb_build_ptx(const char *cuda_src, const char *include_dir,
                             const char *cuda_home, char **ptx_out,
                             char **log_out)
{
  *ptx_out = NULL;
  if (log_out)
    *log_out = NULL;
  return 1;
}

WEAK int accgpu_mb_build_emu_image(const char *cuda_src,
                                   const char *include_dir, const char *cc,
                                   unsigned char **image_out, size_t *size_out,
                                   char **log_out)
{
  char dir[] = "/tmp/accgpu-stub-XXXXXX";
  char cmd[8192], path[600];
  *image_out = NULL;
  *size_out = 0;
  if (log_out)
    *log_out = NULL;
  if (!mkdtemp(dir))
    return 3;
  snprintf(path, sizeof path, "%s/k.c", dir);
  FILE *f = fopen(path, "w");
  if (!f)
    return 3;
  fputs(cuda_src, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "%s -O2 -fPIC -shared -x c -std=gnu11 -D__ACCGPU_EMU__ -include "
           "accgpu_cuda.h -I%s %s/k.c -o %s/k.so -lm", cc, include_dir, dir,
           dir);
  int rc = system(cmd);
  snprintf(path, sizeof path, "%s/k.so", dir);
  f = rc == 0 ? fopen(path, "rb") : NULL;
  if (f) {
    fseek(f, 0, SEEK_END);
    *size_out = ftell(f);
    fseek(f, 0, SEEK_SET);
    *image_out = (unsigned char *)xmalloc(*size_out);
    if (fread(*image_out, 1, *size_out, f) != *size_out)
      rc = 1;
    fclose(f);
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0)
    rc = 1;
  return rc == 0 ? 0 : 2;
}
}
