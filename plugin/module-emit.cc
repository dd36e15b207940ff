/* module-emit.cc — the one kernel module of a translation unit.
 *
 * Kernels are collected while the pass runs; at PLUGIN_FINISH_UNIT (after
 * every function was lowered, before the object is written) the CUDA C
 * source is assembled, built to PTX (when a toolkit is here) and to the
 * emulator's shared object, and the static __accgpu_module the host code
 * refers to gets its initializer (docs/kernel-abi.md §1):
 *
 *   static __accgpu_module __accgpu_module = { ACCGPU_ABI_VERSION, nkernels,
 *       __accgpu_kernels, "file.c", "<cuda source>", "<ptx>" | 0,
 *       <emu image bytes>, <size>, &__accgpu_cache, <mc image>, <size>,
 *       ncubins, __accgpu_cubins, nimports, __accgpu_imports };
 *
 * and, for routines shared with other units (routine-link.cc),
 *
 *   const __accgpu_export __accgpu_xdef_f = { &__accgpu_module, 0 };
 *   extern const __accgpu_export __accgpu_xdef_g __attribute__((weak));
 *   static const __accgpu_import __accgpu_imports[] = {{"g", &__accgpu_xdef_g,
 *       "'f' (file.c:12)" | 0}};
 *                                                                         */
#include <pthread.h>

#include "accgpu-plugin.h"
#include "passes/kernel-gen.h"
#include "passes/lower-data.h"
#include "accgpu_abi.h"

#include "module-build.h"
#include "output.h"

struct kentry {
  char *name;
  char *text;
  unsigned nparams;
  unsigned *sizes;
  tree loc; /* the __accgpu_loc VAR_DECL */
  unsigned ntrips, nsyms;
  char **names; /* trip variables, then parameters (profile values) */
};

struct xentry {
  char *name;
  bool import;
  char *note; /* an export's refusal, an import's bind origin */
};

static vec<kentry> kernels;
static vec<xentry> links;
static tree module_var;

/* A record of the N fields of TYPES, kept from the garbage collector. */
static tree record_of(const tree *types, int n)
{
  tree t = make_node(RECORD_TYPE);
  tree fields = NULL_TREE;
  for (int i = n - 1; i >= 0; i--) {
    tree f = build_decl(UNKNOWN_LOCATION, FIELD_DECL, NULL_TREE, types[i]);
    DECL_CONTEXT(f) = t;
    DECL_CHAIN(f) = fields;
    fields = f;
  }
  TYPE_FIELDS(t) = fields;
  accgpu_layout_natural(t, NULL, NULL_TREE);
  accgpu_keep(t);
  return t;
}

static tree module_type(void)
{
  static tree t;
  tree types[] = {unsigned_type_node, unsigned_type_node, ptr_type_node,
                  ptr_type_node, ptr_type_node, ptr_type_node, ptr_type_node,
                  size_type_node, ptr_type_node, ptr_type_node,
                  size_type_node, unsigned_type_node, ptr_type_node,
                  unsigned_type_node, ptr_type_node};
  if (!t)
    t = record_of(types, ARRAY_SIZE(types));
  return t;
}

static tree kernel_type(void)
{
  static tree t;
  tree types[] = {ptr_type_node, ptr_type_node, unsigned_type_node,
                  ptr_type_node, ptr_type_node, unsigned_type_node,
                  ptr_type_node, unsigned_type_node, ptr_type_node};
  if (!t)
    t = record_of(types, ARRAY_SIZE(types));
  return t;
}

/* __accgpu_export: two pointers. */
static tree pair_type(void)
{
  static tree t;
  tree types[] = {ptr_type_node, ptr_type_node};
  if (!t)
    t = record_of(types, ARRAY_SIZE(types));
  return t;
}

/* __accgpu_import: three pointers. */
static tree import_type(void)
{
  static tree t;
  tree types[] = {ptr_type_node, ptr_type_node, ptr_type_node};
  if (!t)
    t = record_of(types, ARRAY_SIZE(types));
  return t;
}

/* A file-local static variable NAME of TYPE (initializer set later). */
static tree static_var(const char *name, tree type, bool readonly)
{
  tree v = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(name), type);
  TREE_STATIC(v) = 1;
  TREE_PUBLIC(v) = 0;
  DECL_ARTIFICIAL(v) = 1;
  TREE_USED(v) = 1;
  TREE_READONLY(v) = readonly;
  TREE_ADDRESSABLE(v) = 1;
  accgpu_keep(v);
  return v;
}

tree accgpu_module_addr(void)
{
  if (!module_var) {
    module_var = static_var("__accgpu_module", module_type(), false);
    varpool_node::get_create(module_var);
  }
  return build_fold_addr_expr(module_var);
}

void accgpu_module_add_link(const char *name, bool import,
                            const char *note)
{
  xentry x = {xstrdup(name), import, note ? xstrdup(note) : NULL};
  links.safe_push(x);
  accgpu_module_addr();
}

unsigned accgpu_module_add_kernel(const char *name, const char *text,
                                  unsigned nparams,
                                  const unsigned *param_sizes, tree loc)
{
  kentry k;
  k.name = xstrdup(name);
  k.text = xstrdup(text);
  k.nparams = nparams;
  k.sizes = XNEWVEC(unsigned, nparams + 1);
  memcpy(k.sizes, param_sizes, nparams * sizeof *param_sizes);
  k.loc = TREE_CODE(loc) == ADDR_EXPR ? TREE_OPERAND(loc, 0) : loc;
  accgpu_keep(k.loc);
  k.ntrips = k.nsyms = 0;
  k.names = NULL;
  kernels.safe_push(k);
  return kernels.length() - 1;
}

void accgpu_module_set_values(unsigned kernel, unsigned ntrips,
                              const char *const *trip_vars, unsigned nsyms,
                              const char *const *sym_names)
{
  kentry *k = &kernels[kernel];
  gcc_assert(!k->names);
  k->ntrips = ntrips;
  k->nsyms = nsyms;
  k->names = XNEWVEC(char *, ntrips + nsyms + 1);
  for (unsigned i = 0; i < ntrips + nsyms; i++)
    k->names[i] = xstrdup(i < ntrips ? trip_vars[i] : sym_names[i - ntrips]);
}

static tree cstr(const char *s)
{
  return s ? build_string_literal(strlen(s) + 1, s) : null_pointer_node;
}

/* A static read-only array of the N strings NAMES (VAR names it); its
   address, or a null pointer when N is 0. */
static tree name_array(const char *var, char *const *names, unsigned n)
{
  if (!n)
    return null_pointer_node;
  tree type = build_array_type_nelts(ptr_type_node, n);
  vec<constructor_elt, va_gc> *v = NULL;
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT(v, size_int(i), cstr(names[i]));
  tree a = static_var(var, type, true);
  DECL_INITIAL(a) = build_constructor(type, v);
  varpool_node::finalize_decl(a);
  return build_fold_addr_expr(a);
}

/* A static read-only byte array NAME holding DATA; returns its address. */
static tree byte_blob(const char *name, const unsigned char *data, size_t n)
{
  tree type = build_array_type_nelts(unsigned_char_type_node, n);
  tree str = build_string(n, (const char *)data);
  TREE_TYPE(str) = type;
  tree v = static_var(name, type, true);
  DECL_INITIAL(v) = str;
  SET_DECL_ALIGN(v, 64 * BITS_PER_UNIT);
  varpool_node::finalize_decl(v);
  return build_fold_addr_expr(v);
}

static tree kernel_table(void)
{
  tree kt = kernel_type();
  vec<constructor_elt, va_gc> *rows = NULL;
  for (unsigned i = 0; i < kernels.length(); i++) {
    kentry *k = &kernels[i];
    tree st = build_array_type_nelts(unsigned_type_node, k->nparams + 1);
    vec<constructor_elt, va_gc> *sv = NULL;
    for (unsigned p = 0; p < k->nparams; p++)
      CONSTRUCTOR_APPEND_ELT(sv, size_int(p),
                             build_int_cst(unsigned_type_node, k->sizes[p]));
    CONSTRUCTOR_APPEND_ELT(sv, size_int(k->nparams),
                           build_int_cst(unsigned_type_node, 0));
    char nb[64];
    snprintf(nb, sizeof nb, "__accgpu_param_sizes_%u", i);
    tree sizes = static_var(nb, st, true);
    DECL_INITIAL(sizes) = build_constructor(st, sv);
    varpool_node::finalize_decl(sizes);
    vec<constructor_elt, va_gc> *row = NULL;
    tree f = TYPE_FIELDS(kt);
    CONSTRUCTOR_APPEND_ELT(row, f, cstr(k->name));
    f = DECL_CHAIN(f);
    CONSTRUCTOR_APPEND_ELT(row, f, null_pointer_node);
    f = DECL_CHAIN(f);
    CONSTRUCTOR_APPEND_ELT(row, f,
                           build_int_cst(unsigned_type_node, k->nparams));
    f = DECL_CHAIN(f);
    CONSTRUCTOR_APPEND_ELT(row, f, build_fold_addr_expr(sizes));
    f = DECL_CHAIN(f);
    CONSTRUCTOR_APPEND_ELT(row, f, build_fold_addr_expr(k->loc));
    snprintf(nb, sizeof nb, "__accgpu_trip_vars_%u", i);
    tree counts[2] = {build_int_cst(unsigned_type_node, k->ntrips),
                      build_int_cst(unsigned_type_node, k->nsyms)};
    tree lists[2] = {name_array(nb, k->names, k->ntrips), NULL_TREE};
    snprintf(nb, sizeof nb, "__accgpu_sym_names_%u", i);
    lists[1] = name_array(nb, k->names ? k->names + k->ntrips : NULL,
                          k->nsyms);
    for (int j = 0; j < 2; j++) {
      f = DECL_CHAIN(f);
      CONSTRUCTOR_APPEND_ELT(row, f, counts[j]);
      f = DECL_CHAIN(f);
      CONSTRUCTOR_APPEND_ELT(row, f, fold_convert(ptr_type_node, lists[j]));
    }
    CONSTRUCTOR_APPEND_ELT(rows, size_int(i), build_constructor(kt, row));
  }
  tree at = build_array_type_nelts(kt, kernels.length());
  tree tab = static_var("__accgpu_kernels", at, true);
  DECL_INITIAL(tab) = build_constructor(at, rows);
  varpool_node::finalize_decl(tab);
  return build_fold_addr_expr(tab);
}

/* The whole CUDA C text of the module; xmalloc'd. */
static char *module_source(void)
{
  size_t n;
  const char *head = "/* accgpu kernel module (generated) */\n"
                     "#include \"accgpu_cuda.h\"\n"
                     "#if defined(__ACCGPU_MC__)\n"
                     "#define __ACCGPU_DEVTYPE 6 /* acc_device_multicore */\n"
                     "#elif defined(__ACCGPU_EMU__)\n"
                     "#define __ACCGPU_DEVTYPE 5 /* acc_device_emulator */\n"
                     "#else\n"
                     "#define __ACCGPU_DEVTYPE 4 /* acc_device_nvidia */\n"
                     "#endif\n";
  const char *pre = kg_prelude();
  n = strlen(head) + strlen(pre) + 1;
  for (unsigned i = 0; i < kernels.length(); i++)
    n += strlen(kernels[i].text) + 1;
  char *s = XNEWVEC(char, n + 1), *p = s;
  p = stpcpy(p, head);
  p = stpcpy(p, pre);
  for (unsigned i = 0; i < kernels.length(); i++) {
    p = stpcpy(p, kernels[i].text);
    p = stpcpy(p, "\n");
  }
  return s;
}

/* mkdir -p DIR (mode 0777 less the umask); 0, or -1 with errno. */
static int make_dirs(const char *dir)
{
  char *p = xstrdup(dir);
  int rc = 0;
  for (char *s = p + 1; rc == 0; s++) {
    if (*s && *s != '/')
      continue;
    char c = *s;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST)
      rc = -1;
    *s = c;
    if (!c)
      break;
  }
  free(p);
  return rc;
}

/* -fplugin-arg-accgpu-keep=DIR: the N bytes of DATA in DIR/<source
   basename>SUFFIX; DIR is created with its parents. */
static void keep_file(const char *data, size_t n, const char *suffix)
{
  static int dir_state; /* 0 not made yet, 1 made, -1 failed (said once) */
  if (!accgpu_opts.keep_dir || !data || dir_state < 0)
    return;
  if (!dir_state && make_dirs(accgpu_opts.keep_dir) != 0) {
    dir_state = -1;
    error_at(UNKNOWN_LOCATION, "accgpu: cannot create the directory %qs of "
             "%<-fplugin-arg-accgpu-keep%>: %m", accgpu_opts.keep_dir);
    return;
  }
  dir_state = 1;
  const char *base = lbasename(main_input_filename);
  char *path = concat(accgpu_opts.keep_dir, "/", base, suffix, NULL);
  FILE *f = fopen(path, "w");
  bool ok = f && fwrite(data, 1, n, f) == n;
  if ((f && fclose(f) != 0) || !ok)
    error_at(UNKNOWN_LOCATION, "accgpu: cannot write %qs: %m", path);
  else
    inform(UNKNOWN_LOCATION, "accgpu: kept %qs", path);
  free(path);
}

/* -fplugin-arg-accgpu-keep: DIR/<source>.sm_NN.cubin for each cubin. */
static void keep_cubins(const accgpu_mb_cubin *c, int n)
{
  if (!accgpu_opts.keep_dir)
    return;
  for (int i = 0; i < n; i++) {
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".sm_%d.cubin", c[i].arch);
    keep_file((const char *)c[i].image, c[i].size, suffix);
  }
}

/* The static __accgpu_cubin table of the N cubins C (__accgpu_module's
   cubins field). */
/* {A, B} of pair_type. */
static tree pair(tree a, tree b)
{
  vec<constructor_elt, va_gc> *v = NULL;
  tree f = TYPE_FIELDS(pair_type());
  CONSTRUCTOR_APPEND_ELT(v, f, fold_convert(ptr_type_node, a));
  CONSTRUCTOR_APPEND_ELT(v, DECL_CHAIN(f), fold_convert(ptr_type_node, b));
  return build_constructor(pair_type(), v);
}

/* The public __accgpu_xdef_NAME of a routine, defined here (an export),
   or a weak reference to another unit's (an import). */
static tree xdef_var(const xentry *x)
{
  char nb[300];
  snprintf(nb, sizeof nb, "__accgpu_xdef_%s", x->name);
  tree v = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(nb),
                      build_qualified_type(pair_type(), TYPE_QUAL_CONST));
  TREE_PUBLIC(v) = 1;
  DECL_ARTIFICIAL(v) = 1;
  TREE_USED(v) = 1;
  TREE_READONLY(v) = 1;
  TREE_ADDRESSABLE(v) = 1;
  accgpu_keep(v);
  if (x->import) {
    DECL_EXTERNAL(v) = 1;
    declare_weak(v);
    /* Outside -flto the unit's weak symbols were already written out. */
    if (!flag_lto && asm_out_file)
      ASM_WEAKEN_LABEL(asm_out_file, nb);
    return v;
  }
  TREE_STATIC(v) = 1;
  DECL_INITIAL(v) = pair(build_fold_addr_expr(module_var), cstr(x->note));
  varpool_node::finalize_decl(v);
  return v;
}

/* Defines the exported routines' symbols; the import table's address (and
   *N its length), or a null pointer when the unit imports nothing. */
static tree link_table(unsigned *n)
{
  vec<constructor_elt, va_gc> *rows = NULL;
  *n = 0;
  for (unsigned i = 0; i < links.length(); i++) {
    tree v = xdef_var(&links[i]);
    if (!links[i].import)
      continue;
    vec<constructor_elt, va_gc> *row = NULL;
    tree f = TYPE_FIELDS(import_type());
    tree vals[3] = {cstr(links[i].name), build_fold_addr_expr(v),
                    cstr(links[i].note)};
    for (int k = 0; k < 3; k++, f = DECL_CHAIN(f))
      CONSTRUCTOR_APPEND_ELT(row, f, fold_convert(ptr_type_node, vals[k]));
    CONSTRUCTOR_APPEND_ELT(rows, size_int((*n)++),
                           build_constructor(import_type(), row));
  }
  if (!*n)
    return null_pointer_node;
  tree at = build_array_type_nelts(import_type(), *n);
  tree tab = static_var("__accgpu_imports", at, true);
  DECL_INITIAL(tab) = build_constructor(at, rows);
  varpool_node::finalize_decl(tab);
  return build_fold_addr_expr(tab);
}

static tree cubin_table(const accgpu_mb_cubin *c, int n)
{
  tree fields[4], rec = make_node(RECORD_TYPE), prev = NULL_TREE;
  tree types[4] = {unsigned_type_node, ptr_type_node, ptr_type_node,
                   size_type_node};
  for (int i = 3; i >= 0; i--) {
    fields[i] = build_decl(UNKNOWN_LOCATION, FIELD_DECL, NULL_TREE, types[i]);
    DECL_CONTEXT(fields[i]) = rec;
    DECL_CHAIN(fields[i]) = prev;
    prev = fields[i];
  }
  TYPE_FIELDS(rec) = fields[0];
  accgpu_layout_natural(rec, NULL, NULL_TREE);
  vec<constructor_elt, va_gc> *rows = NULL;
  for (int i = 0; i < n; i++) {
    char name[48], sm[32];
    snprintf(name, sizeof name, "__accgpu_cubin_sm_%d", c[i].arch);
    snprintf(sm, sizeof sm, "cubin sm_%d", c[i].arch);
    tree vals[4] = {build_int_cst(unsigned_type_node, c[i].arch), cstr(sm),
                    byte_blob(name, c[i].image, c[i].size),
                    build_int_cst(size_type_node, c[i].size)};
    vec<constructor_elt, va_gc> *row = NULL;
    for (int k = 0; k < 4; k++)
      CONSTRUCTOR_APPEND_ELT(row, fields[k],
                             fold_convert(types[k], vals[k]));
    CONSTRUCTOR_APPEND_ELT(rows, size_int(i), build_constructor(rec, row));
  }
  tree at = build_array_type_nelts(rec, n);
  tree tab = static_var("__accgpu_cubins", at, true);
  DECL_INITIAL(tab) = build_constructor(at, rows);
  varpool_node::finalize_decl(tab);
  return build_fold_addr_expr(tab);
}

/* PTX (and cubins: *NCUBINS, *CUBINS) of SRC, or null pointers when there
   is no toolkit.  A unit compiled without contraction (-ffp-contract=off,
   -std=c11) gets no fused multiply-adds on the GPU either. */
static tree build_gpu(const char *src, unsigned *ncubins, tree *cubins)
{
  char *ptx = NULL, *log = NULL;
  accgpu_mb_gpu g = accgpu_opts.gpu;
  g.no_fmad = flag_fp_contract_mode != FP_CONTRACT_FAST;
  g.rdc = !links.is_empty();
  accgpu_mb_cubin c[ACCGPU_MB_MAX_ARCHS];
  int st = accgpu_mb_build_gpu(src, accgpu_opts.include_dir,
                               accgpu_opts.cuda_home, &g, &ptx, c, &log);
  tree res = null_pointer_node;
  *ncubins = 0;
  *cubins = null_pointer_node;
  if ((st == ACCGPU_MB_OK || st == ACCGPU_MB_NO_PTXAS) && ptx) {
    res = cstr(ptx);
    keep_file(ptx, strlen(ptx), ".ptx");
  }
  if (st == ACCGPU_MB_OK && g.narchs) {
    /* Relocatable ones (ptxas -c) when the unit shares routines: the
       runtime links them (docs/cuda-backend.md). */
    *ncubins = g.narchs;
    *cubins = cubin_table(c, g.narchs);
    keep_cubins(c, g.narchs);
    accgpu_mb_free_cubins(c, g.narchs);
  } else if (st == ACCGPU_MB_NO_PTXAS)
    inform(UNKNOWN_LOCATION, "accgpu: no ptxas found; the module carries "
           "PTX only (JIT on the GPU)");
  else if (st == ACCGPU_MB_NO_TOOLKIT)
    inform(UNKNOWN_LOCATION, "accgpu: no CUDA toolkit (NVRTC or nvcc) found; "
           "the module carries CUDA source only (JIT on a GPU, or the "
           "emulator)");
  else if (st == ACCGPU_MB_SYSTEM_ERROR) /* no temporary directory, ... */
    error("accgpu: cannot build the GPU code: %s", log ? log : "");
  else if (st != ACCGPU_MB_OK)
    error("accgpu: internal error: generated CUDA C was rejected by the "
          "CUDA compiler: %s", log ? log : "");
  free(ptx);
  free(log);
  return res;
}

/* The emulator image (KIND: checked or not) or the multicore image (KIND
   ACCGPU_MB_IMAGE_MC) of SRC, built on a thread of its own while the GPU
   code builds on the compiler's: each is a gcc run on the whole module
   (seconds for a unit of many constructs), and module-build.c is plain,
   reentrant C (tools started with posix_spawn in private directories),
   touching nothing of GCC's. */
struct image_job {
  const char *src;
  int kind;
  unsigned char *img;
  size_t size;
  char *log;
  int status;
  pthread_t thread;
  bool threaded;
};

static void *image_job_run(void *arg)
{
  image_job *j = (image_job *)arg;
  j->status = accgpu_mb_build_emu_image(j->src, accgpu_opts.include_dir,
                                        accgpu_opts.cc, j->kind, &j->img,
                                        &j->size, &j->log);
  return NULL;
}

static void image_job_start(image_job *j, const char *src, int kind)
{
  memset((void *)j, 0, sizeof *j);
  j->src = src;
  j->kind = kind;
  j->threaded = pthread_create(&j->thread, NULL, image_job_run, j) == 0;
  if (!j->threaded)
    image_job_run(j);
}

/* The finished job J's image as a byte blob named NAME (*SIZE bytes); a
   failure is an error naming the compiler. */
static tree image_job_tree(image_job *j, const char *name, size_t *size)
{
  if (j->threaded)
    pthread_join(j->thread, NULL);
  tree res = null_pointer_node;
  *size = 0;
  if (j->status == ACCGPU_MB_OK && j->img) {
    res = byte_blob(name, j->img, j->size);
    *size = j->size;
    keep_file((const char *)j->img, j->size,
              j->kind == ACCGPU_MB_IMAGE_MC ? ".mc.so" : ".emu.so");
  } else {
    error("accgpu: the generated CUDA C did not build for the %s with "
          "%qs: %s", j->kind == ACCGPU_MB_IMAGE_MC ? "multicore device"
          : "emulator", accgpu_opts.cc, j->log ? j->log : "");
  }
  free(j->img);
  free(j->log);
  return res;
}

/* A constructor that hands the module to the runtime as the program (or
   the library it is in) starts: the multicore device, when picked at
   start-up, loads its image then instead of in the first launch, inside
   what a program times (docs/multicore.md).  A destructor takes it back
   when a library is unloaded (dlclose; at exit it does nothing).  Not
   under -flto, whose unit is written out before FINISH_UNIT: a first
   launch loads it there. */
static void emit_preload_ctor(void)
{
  function *saved_fn = cfun;
  tree saved_decl = current_function_decl;
  current_function_decl = NULL_TREE;
  tree call = build_call_expr(accgpu_runtime_decl("__accgpu_module_preload"),
                              1, accgpu_module_addr());
  cgraph_build_static_cdtor('I', call, DEFAULT_INIT_PRIORITY);
  call = build_call_expr(accgpu_runtime_decl("__accgpu_module_unload"), 1,
                         accgpu_module_addr());
  cgraph_build_static_cdtor('D', call, DEFAULT_INIT_PRIORITY);
  set_cfun(saved_fn);
  current_function_decl = saved_decl;
}

void accgpu_module_finish(void *gcc_data, void *user_data)
{
  static bool done;
  if (!module_var || seen_error() || done)
    return;
  done = true;
  char *src = module_source();
  if (seen_error()) { /* kg_prelude's checks */
    free(src);
    return;
  }
  keep_file(src, strlen(src), ".cu");
  image_job emu_job, mc_job;
  image_job_start(&emu_job, src, !accgpu_opts.emu_unchecked);
  image_job_start(&mc_job, src, ACCGPU_MB_IMAGE_MC);
  unsigned ncubins;
  tree cubins;
  tree ptx = build_gpu(src, &ncubins, &cubins);
  size_t emu_size, mc_size;
  tree emu = image_job_tree(&emu_job, "__accgpu_emu_image", &emu_size);
  tree mc = image_job_tree(&mc_job, "__accgpu_mc_image", &mc_size);
  tree cache = static_var("__accgpu_cache",
                          build_array_type_nelts(ptr_type_node, 64), false);
  DECL_INITIAL(cache) = build_constructor(TREE_TYPE(cache), NULL);
  varpool_node::finalize_decl(cache);

  unsigned nimports;
  tree imports = link_table(&nimports);
  tree mt = module_type();
  tree vals[] = {
    build_int_cst(unsigned_type_node, ACCGPU_ABI_VERSION),
    build_int_cst(unsigned_type_node, kernels.length()),
    kernel_table(),
    cstr(main_input_filename),
    cstr(src),
    ptx,
    emu,
    build_int_cst(size_type_node, emu_size),
    build_fold_addr_expr(cache),
    mc,
    build_int_cst(size_type_node, mc_size),
    build_int_cst(unsigned_type_node, ncubins),
    cubins,
    build_int_cst(unsigned_type_node, nimports),
    imports,
  };
  vec<constructor_elt, va_gc> *v = NULL;
  tree f = TYPE_FIELDS(mt);
  for (unsigned i = 0; i < ARRAY_SIZE(vals); i++, f = DECL_CHAIN(f))
    CONSTRUCTOR_APPEND_ELT(v, f, fold_convert(TREE_TYPE(f), vals[i]));
  DECL_INITIAL(module_var) = build_constructor(mt, v);
  varpool_node::finalize_decl(module_var);
  if (!flag_lto)
    emit_preload_ctor();
  free(src);
}

void accgpu_module_finish_lto(void *gcc_data, void *user_data)
{
  if (!flag_lto)
    return;
  accgpu_module_finish(gcc_data, user_data);
  /* The symbol table is past its analysis: analyze the module's variables
     now, or they are streamed out as undefined. */
  varpool_node *v;
  FOR_EACH_VARIABLE(v)
    if (v->definition && !v->analyzed)
      v->analyze();
}
