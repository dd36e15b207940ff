/* routine-globals.cc — globals with `declare` used inside routines.
 *
 * A kernel reaches a global through its construct's map (a parameter);
 * a routine has no such parameter.  So every device function gets, after
 * its own parameters, a pointer to each declared global that some routine
 * of the unit uses (`__accgpu_gp_NAME`; the global is read as
 * `(*__accgpu_gp_NAME)`) and passes them on in its calls; a construct
 * maps `present` the declared globals the functions it calls reach, and its
 * kernel sets those pointers from its parameters before its body.  Which
 * globals routines use is known only at the end of the unit, so the lists
 * are macros the module prelude defines then:
 *
 *   __ACCGPU_GPARAMS_C, _V   `, T *__accgpu_gp_t` (or nothing), or `void`
 *   __ACCGPU_GARGS_C, _0     `, __accgpu_gp_t` (or nothing) in calls
 *   __ACCGPU_GLOCALS         the pointers, declared in a kernel
 *   __ACCGPU_GSET_NAME(p)    `__accgpu_gp_NAME = p;` when routines use it */
#include "passes/routine-globals.h"
#include "passes/implicit-maps.h"
#include "passes/kernel-gen-internal.h"
#include "passes/data-internal.h"

static vec<tree> used;          /* declared globals some routine uses */
static vec<char *> used_decl;   /* `T *__accgpu_gp_NAME` of each */
static vec<tree> set_by_kernels;

/* A declared global that routines reach through a kernel parameter (not
   one the module holds as a constant).  Not a function's static: GCC
   marks those of a routine "omp declare target" too, but nothing maps
   them (OpenACC 3.3 §2.15.1: not supported in routines), so the kernel
   read a null pointer; decl_name reports them at compile time. */
static bool routine_global_p(tree d)
{
  return accgpu_declared_global_p(d, true) && DECL_NAME(d)
         && !kg_module_const_p(d)
         && !(DECL_CONTEXT(d) && TREE_CODE(DECL_CONTEXT(d)) == FUNCTION_DECL);
}

static bool declared_device_copy_p(tree d)
{
  return routine_global_p(d) && accgpu_declared_global_p(d, false);
}

bool accgpu_declared_implicit_p(gomp_target *t, tree c)
{
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE)
    return accgpu_implicit_clause_p(t, c)
           && declared_device_copy_p(OMP_CLAUSE_DECL(c));
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
         && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FORCE_TOFROM
         && accgpu_implicit_map_p(t, c)
         && declared_device_copy_p(OMP_CLAUSE_DECL(c));
}

static const char *gname(tree d)
{
  return IDENTIFIER_POINTER(DECL_NAME(d));
}

/* What a construct's callees reach: the declared globals they (and the
   functions they call, transitively) use. */
struct reach {
  hash_set<tree> fns;      /* functions already walked */
  vec<tree> globals;       /* declared globals found */
  bool unknown;            /* a callee without a body: assume all */
};

static void reach_function(reach *r, tree fn);

/* walk_tree callback over a function's operands (GENERIC or GIMPLE). */
static tree reach_operand(tree *tp, int *walk_subtrees, void *data)
{
  reach *r = (reach *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
  } else if (routine_global_p(t)) {
    if (!r->globals.contains(t))
      r->globals.safe_push(t);
  } else if (TREE_CODE(t) == FUNCTION_DECL && !fndecl_built_in_p(t)) {
    reach_function(r, t);
  }
  return NULL_TREE;
}

static tree reach_gimple_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  return reach_operand(tp, walk_subtrees, wi->info);
}

/* The statements of a function already lowered to a CFG, one at a time:
   walk_gimple_stmt would stop at the OMP statements a CFG still holds. */
static bool walk_cfg(function *f, walk_stmt_fn stmt_cb, walk_tree_fn op_cb,
                     walk_stmt_info *wi)
{
  basic_block bb;
  FOR_EACH_BB_FN(bb, f)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
         gsi_next(&gsi)) {
      bool handled = false;
      if (stmt_cb && stmt_cb(&gsi, &handled, wi))
        return true;
      if (op_cb && walk_gimple_op(gsi_stmt(gsi), op_cb, wi))
        return true;
    }
  return false;
}

/* A callee may be GENERIC still (cgraph lowers callers before the callees
   it discovers), a GIMPLE sequence, or past CFG construction. */
bool accgpu_walk_callee_body(tree fn, walk_stmt_fn stmt_cb, walk_tree_fn op_cb,
                             walk_stmt_info *wi, walk_tree_fn generic_cb,
                             void *generic_data)
{
  function *f = DECL_STRUCT_FUNCTION(fn);
  if (gimple_body(fn))
    walk_gimple_seq(gimple_body(fn), stmt_cb, op_cb, wi);
  else if (f && f->cfg)
    walk_cfg(f, stmt_cb, op_cb, wi);
  else if (DECL_SAVED_TREE(fn))
    walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), generic_cb,
                                 generic_data);
  else
    return false;
  return true;
}

static void walk_body(reach *r, tree fn)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = r;
  if (!accgpu_walk_callee_body(fn, NULL, reach_gimple_op, &wi, reach_operand,
                               r))
    r->unknown = true;
}

static void reach_function(reach *r, tree fn)
{
  fn = accgpu_device_callee(fn);
  if (r->fns.add(fn))
    return;
  walk_body(r, fn);
}

/* walk_gimple_seq callback: the functions (not builtins) a region calls. */
static tree region_call(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  tree fn = is_gimple_call(s) ? gimple_call_fndecl(s) : NULL_TREE;
  *handled = false;
  if (fn && !fndecl_built_in_p(fn))
    reach_function((reach *)wi->info, fn);
  return NULL_TREE;
}

static bool named_p(tree clauses, tree d)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL(c) == d)
      return true;
  return false;
}

/* A present map of declared global D at LOC (the construct's: implicit). */
static tree present_map(tree d, location_t loc)
{
  tree c = build_omp_clause(loc, OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(c, GOMP_MAP_FORCE_PRESENT);
  OMP_CLAUSE_DECL(c) = d;
  OMP_CLAUSE_SIZE(c) = TYPE_SIZE_UNIT(TREE_TYPE(d));
  return c;
}

/* GCC makes a declared global scalar used in a parallel or serial
   construct firstprivate, as though no data clause were visible; the
   declare directive is one (OpenACC 3.3 section 2.6.2), so the region uses
   the device copy: a store to it must reach the routines and later
   regions.  Only GCC's implicit clauses (at the construct's location). */
static void present_declared_scalars(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc; pc = &OMP_CLAUSE_CHAIN(*pc)) {
    tree c = *pc, d = OMP_CLAUSE_DECL(c);
    if (!accgpu_declared_implicit_p(t, c))
      continue;
    tree m = present_map(d, OMP_CLAUSE_LOCATION(c));
    OMP_CLAUSE_CHAIN(m) = OMP_CLAUSE_CHAIN(c);
    *pc = m;
  }
  gimple_omp_target_set_clauses(t, clauses);
}

/* Maps the declared globals that the functions T's region calls reach
   (every declared global of the unit when a callee's body is unknown):
   each costs a present lookup per launch. */
void accgpu_map_declared_globals(gomp_target *t)
{
  present_declared_scalars(t);
  reach r;
  r.globals = vNULL;
  r.unknown = false;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &r;
  walk_gimple_seq(gimple_omp_body(t), region_call, NULL, &wi);
  /* The globals found, and when a callee is unknown every one the unit
     has a node for (an `extern` declaration reached only through a
     callee may have none yet: it is in the list). */
  varpool_node *v;
  if (r.unknown)
    FOR_EACH_VARIABLE(v) {
      if (routine_global_p(v->decl) && !r.globals.contains(v->decl))
        r.globals.safe_push(v->decl);
    }
  tree clauses = gimple_omp_target_clauses(t);
  for (unsigned i = r.globals.length(); i-- > 0;) {
    tree d = r.globals[i];
    if (named_p(clauses, d))
      continue;
    tree c = present_map(d, gimple_location(t));
    OMP_CLAUSE_CHAIN(c) = clauses;
    clauses = c;
  }
  gimple_omp_target_set_clauses(t, clauses);
  r.globals.release();
}

const char *kg_routine_global(kg *g, tree d)
{
  if (!g->routine_mode || !routine_global_p(d))
    return NULL;
  if (!g->global_used)
    g->global_used = d;
  char nm[240];
  snprintf(nm, sizeof nm, "__accgpu_gp_%s", gname(d));
  if (!used.contains(d)) {
    struct kbuf b = {};
    decl_str(g, &b, build_pointer_type(TREE_TYPE(d)), nm);
    used.safe_push(d);
    used_decl.safe_push(kb_take(&b));
  }
  char t[250];
  snprintf(t, sizeof t, "(*%s)", nm);
  push_name(g, d, t);
  return lookup_name(g, d);
}

void kg_global_params(struct kbuf *b, bool none_before)
{
  kb_add(b, none_before ? "__ACCGPU_GPARAMS_V" : " __ACCGPU_GPARAMS_C");
}

void kg_global_args(struct kbuf *b, bool none_before)
{
  kb_add(b, none_before ? "__ACCGPU_GARGS_0" : " __ACCGPU_GARGS_C");
}

void kg_kernel_globals(kg *g, struct kbuf *b)
{
  if (g->callees.is_empty())
    return;
  kb_add(b, "  __ACCGPU_GLOCALS\n");
  for (unsigned i = 0; i < g->region->params.length(); i++) {
    kg_param *p = &g->region->params[i];
    if (!p->by_ref || !routine_global_p(p->decl))
      continue;
    kb_printf(b, "  __ACCGPU_GSET_%s(%s)\n", gname(p->decl), p->name);
    if (!set_by_kernels.contains(p->decl))
      set_by_kernels.safe_push(p->decl);
  }
}

/* A parameter list macro: the used globals' pointers (a comma first with
   COMMA), EMPTY when there are none. */
static void list_macro(struct kbuf *b, const char *name, bool comma,
                       const char *empty)
{
  kb_printf(b, "#define %s ", name);
  for (unsigned i = 0; i < used.length(); i++)
    kb_printf(b, "%s%s", i || comma ? ", " : "", used_decl[i]);
  if (used.is_empty())
    kb_add(b, empty);
  kb_add(b, "\n");
}

void kg_globals_prelude(struct kbuf *b)
{
  list_macro(b, "__ACCGPU_GPARAMS_C", true, "");
  list_macro(b, "__ACCGPU_GPARAMS_V", false, "void");
  kb_add(b, "#define __ACCGPU_GARGS_C ");
  for (unsigned i = 0; i < used.length(); i++)
    kb_printf(b, ", __accgpu_gp_%s", gname(used[i]));
  kb_add(b, "\n#define __ACCGPU_GARGS_0 ");
  for (unsigned i = 0; i < used.length(); i++)
    kb_printf(b, "%s__accgpu_gp_%s", i ? ", " : "", gname(used[i]));
  kb_add(b, "\n#define __ACCGPU_GLOCALS");
  for (unsigned i = 0; i < used.length(); i++)
    kb_printf(b, " %s = 0;", used_decl[i]);
  kb_add(b, "\n");
  for (unsigned i = 0; i < set_by_kernels.length(); i++) {
    tree d = set_by_kernels[i];
    kb_printf(b, "#define __ACCGPU_GSET_%s(p)", gname(d));
    if (used.contains(d))
      kb_printf(b, " __accgpu_gp_%s = (p);", gname(d));
    kb_add(b, "\n");
  }
}
