/* plugin.cc — accgpu.so entry point.
 *
 *   gcc -O2 -fplugin=accgpu.so prog.c -laccgpu
 *
 * plugin_init checks the GCC version, turns on GCC's OpenACC parser (without
 * -fopenacc, so the driver does not link libgomp), reads the plugin's
 * arguments and registers the lowering pass before "omplower" plus the
 * end-of-unit callback that emits the kernel module.                      */
#include "accgpu-plugin.h"
#include "plugin-version.h" /* defines a static gcc_version: this file only */
#include "passes/lower-data.h"
#include "passes/tune-dump.h"
#include "passes/data-internal.h"
#include "passes/implicit-sections.h"

int plugin_is_GPL_compatible;

/* Cubins by default: the A100 and the H100/H200 (docs/compiler.md). */
#define ACCGPU_DEFAULT_GPUS "sm_80,sm_90"

struct accgpu_options accgpu_opts;

opt_pass *accgpu_make_acc_pass(gcc::context *ctx);

/* Trees the plugin caches between passes; a GC root. */
static vec<tree, va_gc> *gc_keep;
static const struct ggc_root_tab gc_roots[] = {
  {&gc_keep, 1, sizeof(gc_keep), &gt_ggc_mx_vec_tree_va_gc_,
   &gt_pch_nx_vec_tree_va_gc_},
  LAST_GGC_ROOT_TAB};

void accgpu_keep(tree t)
{
  vec_safe_push(gc_keep, t);
}

tree accgpu_new_var(tree like, tree type, location_t loc, tree *vars)
{
  tree v = build_decl(like ? DECL_SOURCE_LOCATION(like) : loc, VAR_DECL,
                      like ? DECL_NAME(like) : NULL_TREE, type);
  DECL_ARTIFICIAL(v) = !like;
  DECL_IGNORED_P(v) = 1;
  TREE_USED(v) = 1;
  DECL_CONTEXT(v) = current_function_decl;
  if (vars) {
    DECL_CHAIN(v) = *vars;
    *vars = v;
  }
  accgpu_keep(v);
  return v;
}

/* Returns a malloc'd copy of DIR/REL when that file exists, else NULL. */
static char *path_if_exists(const char *dir, const char *rel,
                            const char *probe)
{
  char buf[4096];
  snprintf(buf, sizeof buf, "%s/%s/%s", dir, rel, probe);
  if (access(buf, R_OK) != 0)
    return NULL;
  snprintf(buf, sizeof buf, "%s/%s", dir, rel);
  return xstrdup(buf);
}

/* PROG as given, or prefixed with the working directory when it is a
   relative path (tc/bin/gcc, ./gcc): tools run in a temporary directory.
   A bare name is looked up in PATH and stays as it is. */
static const char *absolute_program(const char *prog)
{
  if (!prog || prog[0] == '/' || !strchr(prog, '/'))
    return prog;
  char *cwd = getpwd();
  return cwd ? concat(cwd, "/", prog, NULL) : prog;
}

/* Finds accgpu_cuda.h next to the plugin: <dir>/../include (build tree),
   <dir>/../../include/accgpu (installed as <prefix>/lib/accgpu/accgpu.so),
   else the source tree the plugin was built from. */
static const char *find_include_dir(const char *plugin_path)
{
  static const char *const rel[] = {"../include", "../../include/accgpu",
                                    "../../include"};
  char *real = realpath(plugin_path, NULL);
  const char *res = NULL;
  if (real) {
    char *slash = strrchr(real, '/');
    if (slash)
      *slash = '\0';
    for (unsigned i = 0; i < ARRAY_SIZE(rel) && !res; i++)
      res = path_if_exists(real, rel[i], "accgpu_cuda.h");
    free(real);
  }
  return res ? res : ACCGPU_SRC_INCLUDE_DIR;
}

void accgpu_cpp_define(cpp_reader *pfile, const char *def, bool conditional)
{
  cpp_options *o = cpp_get_options(pfile);
  unsigned char variadic = o->warn_variadic_macros;
  o->warn_variadic_macros = 0;
  /* Not reported to the debug info (-g3 records macros): its callback
     needs the line map, which does not exist yet (an ICE) */
  cpp_callbacks *cb = cpp_get_callbacks(pfile);
  void (*define)(cpp_reader *, location_t, cpp_hashnode *) = cb->define;
  cb->define = NULL;
  cpp_define(pfile, def);
  cb->define = define;
  o->warn_variadic_macros = variadic;
  if (!conditional)
    return;
  size_t n = strcspn(def, "(=");
  cpp_hashnode *node = cpp_lookup(pfile, (const unsigned char *)def, n);
  node->flags |= NODE_CONDITIONAL;
}

static void walk_generic(void *gcc_data, void *user_data)
{
  tree fn = (tree)gcc_data;
  const accgpu_generic_walk *w = (const accgpu_generic_walk *)user_data;
  if (fn && TREE_CODE(fn) == FUNCTION_DECL && DECL_SAVED_TREE(fn))
    walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), w->fn, NULL);
}

void accgpu_walk_each_generic(const char *plugin_name,
                              const accgpu_generic_walk *w)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, walk_generic,
                    CONST_CAST(accgpu_generic_walk *, w));
}

void accgpu_layout_natural(tree t, const char *name, tree fields)
{
  unsigned save = maximum_field_alignment;
  maximum_field_alignment = 0;
  if (name)
    finish_builtin_struct(t, name, fields, NULL_TREE);
  else
    layout_type(t);
  maximum_field_alignment = save;
}

bool accgpu_pp_chain(accgpu_line_change_fn *lc, accgpu_macro_to_expand_fn *me,
                     accgpu_line_change_fn **prev_lc,
                     accgpu_macro_to_expand_fn **prev_me)
{
  cpp_callbacks *cb = cpp_get_callbacks(parse_in);
  if (cb->line_change == lc)
    return false;
  *prev_lc = cb->line_change;
  *prev_me = cb->macro_to_expand;
  cb->line_change = lc;
  cb->macro_to_expand = me;
  return !cpp_get_options(parse_in)->preprocessed;
}

/* Reads -fplugin-arg-accgpu-*; unknown ones are errors. */
static void parse_args(struct plugin_name_args *info)
{
  for (int i = 0; i < info->argc; i++) {
    const char *key = info->argv[i].key, *val = info->argv[i].value;
    if (!strcmp(key, "keep") && (!val || !*val))
      error("accgpu: %<-fplugin-arg-%s-keep%> needs a directory: "
            "%<-fplugin-arg-%s-keep=DIR%>", info->base_name, info->base_name);
    else if (!strcmp(key, "keep"))
      accgpu_opts.keep_dir = val;
    else if (!strcmp(key, "info") && !val)
      accgpu_opts.info = 1;
    else if (!strcmp(key, "dump") && !val)
      accgpu_opts.dump = 1;
    else if (!strcmp(key, "cc") && val)
      accgpu_opts.cc = absolute_program(val);
    else if (!strcmp(key, "include") && val)
      accgpu_opts.include_dir = val;
    else if (!strcmp(key, "cuda-home") && val)
      accgpu_opts.cuda_home = val;
    else if (!strcmp(key, "gpu") &&
             accgpu_mb_parse_archs(val, &accgpu_opts.gpu) != 0)
      error("accgpu: %<-fplugin-arg-%s-gpu%s%s%>: expected a list of real "
            "architectures %<sm_NN,...%> (NN at least 75, at most %d of "
            "them) or %<none%>", info->base_name, val ? "=" : "", val ? val : "",
            ACCGPU_MB_MAX_ARCHS);
    else if (!strcmp(key, "gpu"))
      ;
    else if (!strcmp(key, "emu-check") && val &&
             (!strcmp(val, "yes") || !strcmp(val, "no")))
      accgpu_opts.emu_unchecked = !strcmp(val, "no");
    else if (accgpu_tune_arg(key, val) || accgpu_pointer_clause_arg(key, val)
             || accgpu_implicit_section_arg(key, val))
      ;
    else
      error("accgpu: unknown or malformed plugin argument "
            "%<-fplugin-arg-%s-%s%s%s%>; known: keep=DIR, info, cc=PATH, "
            "include=DIR, cuda-home=DIR, gpu=LIST, emu-check=yes|no, "
            "dump, "
            "tune-dump=FILE, schedule=FILE, Wpointer-clause, "
            "Wno-pointer-clause, Wimplicit-section, Wno-implicit-section",
            info->base_name, key, val ? "=" : "", val ? val : "");
  }
}

int plugin_init(struct plugin_name_args *info,
                struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check(version, &gcc_version)) {
    error("accgpu: %s was built for GCC %s and cannot run in GCC %s; "
          "rebuild it with this compiler",
          info->full_name, gcc_version.basever, version->basever);
    return 1;
  }
  /* In lto1 (-fplugin on an -flto link line) there is no C front end and
     nothing to do: the objects carry their lowered code and kernel module
     already (PLUGIN_ALL_IPA_PASSES_START below). */
  if (!strncmp(lang_hooks.name, "GNU GIMPLE", 10))
    return 0;
  /* C only: in cc1plus the C front end's hooks the plugin calls are not
     there (a crash on any C++ file before). */
  if (strncmp(lang_hooks.name, "GNU C", 5) || lang_hooks.name[5] == '+') {
    error("accgpu: %s is an OpenACC plugin for C; this compiler is %s "
          "(compile the C sources with it, and the others without "
          "%<-fplugin%>)", info->base_name, lang_hooks.name);
    return 1;
  }
  /* The emulator image is built with the gcc running us by default, from
     another directory: a relative path to it is made absolute. */
  accgpu_opts.cc = absolute_program(getenv("COLLECT_GCC"));
  if (!accgpu_opts.cc || !*accgpu_opts.cc)
    accgpu_opts.cc = "gcc";
  accgpu_opts.cuda_home = ACCGPU_CUDA_HOME;
  accgpu_opts.pointer_clause = -1;
  accgpu_mb_parse_archs(ACCGPU_DEFAULT_GPUS, &accgpu_opts.gpu);
  parse_args(info);
  if (!accgpu_opts.include_dir)
    accgpu_opts.include_dir = find_include_dir(info->full_name);

  global_options.x_flag_openacc = 1;
  accgpu_deviceid_init(info->base_name);
  accgpu_tune_init(info->base_name);
  accgpu_pointer_clause_init(info->base_name);
  accgpu_element_reduction_guard_init(info->base_name);
  accgpu_member_reduction_init(info->base_name);
  accgpu_tile_sizes_init(info->base_name);
  accgpu_gang_dims_init(info->base_name);
  accgpu_explicit_clauses_init(info->base_name);
  accgpu_routine_bind_init(info->base_name);
  accgpu_declare_link_init(info->base_name);
  accgpu_routine_const_locals_init(info->base_name);
  accgpu_data_default_init(info->base_name);
  accgpu_clause_conflicts_init(info->base_name);
  accgpu_loop_sign_compare_init(info->base_name);
  /* last: GCC runs the callbacks of an event last registered first, and
     its clause rewrite comes before the others look at clauses */
  accgpu_array_params_init(info->base_name);

  struct register_pass_info pass;
  pass.pass = accgpu_make_acc_pass(g);
  pass.reference_pass_name = "omplower";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                    (void *)gc_roots);
  register_callback(info->base_name, PLUGIN_FINISH_UNIT, accgpu_module_finish,
                    NULL);
  /* -flto writes the unit out after the IPA passes, before FINISH_UNIT:
     the module must exist by then (every function is lowered). */
  register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
                    accgpu_module_finish_lto, NULL);
  static struct plugin_info pinfo = {"0.1", "OpenACC to CUDA C (accgpu)"};
  register_callback(info->base_name, PLUGIN_INFO, NULL, &pinfo);
  return 0;
}
