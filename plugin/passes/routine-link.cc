/* routine-link.cc — routines shared between translation units (device
 * linking; docs/compiler.md "Routines of other files").
 *
 * A unit that defines `#pragma acc routine seq` on a function with external
 * linkage exports it: its module gets
 *
 *   ACCGPU_EXPORT double __accgpu_x_f(double p0)
 *   { __ACCGPU_GLOCALS return __accgpu_r_f(p0 __ACCGPU_GARGS_C); }
 *
 * (the user's signature only: the unit's global pointers stay local) and its
 * host object the public `__accgpu_xdef_f` (module-emit.cc).  A unit that
 * calls a `routine seq` it does not define declares
 *
 *   ACCGPU_IMPORT(double, __accgpu_x_f, (double));
 *
 * calls ACCGPU_XCALL(__accgpu_x_f)(...), and lists f in its module's imports
 * with a weak reference to `__accgpu_xdef_f`; the runtime links the images
 * (or the PTX) at load.
 *
 * A `routine gang`, `worker` or `vector` is linked the same way under a name
 * that carries its level, `f__vector` (entry `__accgpu_x_f__vector`,
 * `__accgpu_xdef_f__vector`): its code reads the launch's geometry at run
 * time (stride loops over blockDim, barriers by blockDim.y, its own
 * __shared__ scratch), and the caller sizes the launch and calls it in
 * every thread from the level its own declaration gives, as for a routine
 * of its own file.  A unit declaring it with another level names another
 * entry, which no unit defines (the runtime's error names the level);
 * declared `routine seq` it finds the plain name, exported refused.  The
 * calls are ACCGPU_IMPORT_PAR/ACCGPU_XCALL_PAR: on the multicore device
 * they hand the routine's image the running block (include/accgpu_mc.h). */
#include "passes/kernel-gen-internal.h"

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

struct xlink {
  tree decl;
  char *text;
  bool used; /* imports: called by a kernel or a used device function */
};

static vec<xlink> imports; /* the prelude's declarations */
static vec<xlink> exports; /* the entries, after the device functions */
static vec<tree> refused;  /* imports reported as errors */

static const char *level_name(tree fn)
{
  static const char *const names[] = {"gang", "worker", "vector", "seq"};
  tree attr = oacc_get_fn_attrib(fn);
  int l = attr ? oacc_fn_attrib_level(attr) : 3;
  return l >= 0 && l <= 3 ? names[l] : "seq";
}

/* The name FN is linked under: its own for `routine seq`, else with its
   level (`f__vector`); a GC string. */
static const char *link_name(tree fn)
{
  const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
  const char *lvl = level_name(fn);
  if (!strcmp(lvl, "seq"))
    return name;
  char *t = concat(name, "__", lvl, NULL);
  const char *r = ggc_strdup(t);
  free(t);
  return r;
}

/* `(T0 p0, T1 p1)` of FN's type, names when WITH_NAMES; false when the
   type has no prototype or is variadic. */
static bool param_list(kg *g, struct kbuf *b, tree fn, bool with_names)
{
  tree args = TYPE_ARG_TYPES(TREE_TYPE(fn));
  if (!args && !prototype_p(TREE_TYPE(fn)))
    return false;
  kb_add(b, "(");
  unsigned k = 0;
  for (tree a = args; a && TREE_VALUE(a) != void_type_node;
       a = TREE_CHAIN(a), k++) {
    if (k)
      kb_add(b, ", ");
    need_complete(g, TREE_VALUE(a));
    type_str(g, b, TREE_VALUE(a));
    if (with_names)
      kb_printf(b, " p%u", k);
  }
  if (stdarg_p(TREE_TYPE(fn)))
    return false;
  kb_add(b, k ? ")" : "void)");
  return true;
}

static xlink *find(vec<xlink> &v, tree fn)
{
  for (unsigned i = 0; i < v.length(); i++)
    if (v[i].decl == fn)
      return &v[i];
  return NULL;
}

/* FN cannot be called across files (WHY): an error at its declaration,
   once, or the reason a device-function candidate G cannot be compiled. */
static void refuse(kg *g, tree fn, location_t loc, const char *why)
{
  g->failed = true;
  if (g->quiet) {
    if (!g->why)
      g->why = xstrdup(why);
    return;
  }
  if (refused.contains(fn))
    return;
  refused.safe_push(fn);
  error_at(DECL_SOURCE_LOCATION(fn), "accgpu: %qD %s", fn, why);
  inform(loc, "called here");
}

/* A call to FN, a routine with no body in this unit: starts CALL with the
   imported entry's name.  False (G failed) when FN cannot be imported. */
bool kg_import_call(kg *g, tree fn, struct kbuf *call, location_t loc)
{
  const char *name = link_name(fn);
  bool par = strcmp(level_name(fn), "seq") != 0; /* _PAR: accgpu_mc.h */
  if (!find(imports, fn)) {
    struct kbuf t = {};
    tree rt = TREE_TYPE(TREE_TYPE(fn));
    need_complete(g, rt);
    kb_printf(&t, "ACCGPU_IMPORT%s(", par ? "_PAR" : "");
    type_str(g, &t, rt);
    kb_printf(&t, ", __accgpu_x_%s, ", name);
    if (!param_list(g, &t, fn, false)) {
      kb_free(&t);
      refuse(g, fn, loc, "is a routine defined in another file without a "
             "prototype, or with '...'");
      return false;
    }
    kb_add(&t, ");\n");
    xlink x = {fn, kb_take(&t), false};
    imports.safe_push(x);
  }
  kb_printf(call, "ACCGPU_XCALL%s(__accgpu_x_%s)(", par ? "_PAR" : "", name);
  return true;
}

bool kg_imported_p(tree fn)
{
  return find(imports, fn) != NULL;
}

bool kg_use_import(tree fn)
{
  xlink *x = find(imports, fn);
  if (x)
    x->used = true;
  return x != NULL;
}

/* FN, a routine with a body here, is exported when other units can call it
   (external linkage): records its entry (made with G, the context its
   definition was translated in), under its link name. */
bool kg_export_routine(kg *g, tree fn)
{
  if (!TREE_PUBLIC(fn))
    return false;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
  tree rt = TREE_TYPE(TREE_TYPE(fn));
  struct kbuf t = {};
  kb_add(&t, "ACCGPU_EXPORT ");
  type_str(g, &t, rt);
  kb_printf(&t, " __accgpu_x_%s", link_name(fn));
  if (!param_list(g, &t, fn, true)) {
    kb_free(&t);
    return false;
  }
  kb_printf(&t, "\n{\n  __ACCGPU_GLOCALS\n  %s__accgpu_r_%s(",
            VOID_TYPE_P(rt) ? "" : "return ", name);
  unsigned n = 0;
  for (tree a = TYPE_ARG_TYPES(TREE_TYPE(fn));
       a && TREE_VALUE(a) != void_type_node; a = TREE_CHAIN(a), n++)
    kb_printf(&t, "%sp%u", n ? ", " : "", n);
  kg_global_args(&t, n == 0);
  kb_add(&t, ");\n}\n");
  xlink x = {fn, kb_take(&t), true};
  exports.safe_push(x);
  accgpu_module_addr(); /* a unit of routines only still has a module */
  return true;
}

/* The first declared global FN reaches through its callees, or NULL. */
static tree reached_global(tree fn, vec<tree> *seen)
{
  devfn *d = kg_find_devfn(fn);
  if (!d || seen->contains(fn))
    return NULL_TREE;
  seen->safe_push(fn);
  if (d->global)
    return d->global;
  for (unsigned i = 0; i < d->callees.length(); i++)
    if (tree g = reached_global(d->callees[i], seen))
      return g;
  return NULL_TREE;
}

void kg_link_imports(struct kbuf *b)
{
  for (unsigned i = 0; i < imports.length(); i++)
    if (imports[i].used) {
      kb_add(b, imports[i].text);
      char *via = accgpu_bind_origin(imports[i].decl);
      accgpu_module_add_link(link_name(imports[i].decl), true, via);
      free(via);
    }
}

/* The exported entries; a routine that reaches a declared global is
   refused (its pointers come from a kernel of its own unit): the runtime
   names the global when another unit calls it. */
void kg_link_exports(struct kbuf *b)
{
  for (unsigned i = 0; i < exports.length(); i++) {
    tree fn = exports[i].decl;
    const char *name = link_name(fn);
    if (strcmp(level_name(fn), "seq")) { /* for units declaring it seq */
      char why[200];
      snprintf(why, sizeof why, "it is a 'routine %s', declared 'routine "
               "seq' in the calling file: declare it 'routine %s' there",
               level_name(fn), level_name(fn));
      accgpu_module_add_link(IDENTIFIER_POINTER(DECL_NAME(fn)), false, why);
    }
    vec<tree> seen = vNULL;
    tree g = reached_global(fn, &seen);
    seen.release();
    devfn *d = kg_find_devfn(fn);
    if (g || !d || !d->text) {
      char why[300];
      snprintf(why, sizeof why, g ? "it uses '%s', a global with a "
               "'declare' directive, which only kernels of its own file "
               "can hand it" : "it could not be compiled for the device%s",
               g ? IDENTIFIER_POINTER(DECL_NAME(g)) : "");
      accgpu_module_add_link(name, false, why);
      continue;
    }
    kb_add(b, exports[i].text);
    accgpu_module_add_link(name, false, NULL);
  }
}
