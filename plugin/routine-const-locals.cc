/* routine-const-locals.cc — const initialized local aggregates in
 * routines, and globals without `declare` used in routines.
 *
 * GCC 12's gimplifier turns `const double c[4] = {...};` (a read-only
 * local with a constant initializer whose address is never taken: only
 * constant indices, `c[3]`, or members, `g.z`) into a static
 * (gimplify_init_constructor), and one whose address is taken (`c[k]`)
 * into a copy of a constant it makes (`c = *.LC0`) when the initializer is
 * large.  Either object is then global, and in a `routine` the gimplifier
 * rejects every use of a global without "omp declare target" ("'c'
 * requires a 'declare' directive for use in a 'routine' function", at
 * each use and more): valid C refused.  A `static const` local gets the
 * attribute from the gimplifier itself, and accgpu's kernel generator
 * defines all of these objects in the module (`static __device__ const`,
 * kg_module_const_p).  So on each routine's GENERIC, before
 * gimplification, such a local gets GCC's attribute (which it keeps when
 * it is made static), and for one whose address is taken the constant GCC
 * will copy from is made now (the constant table gives the gimplifier the
 * same one) and gets it too.  Both also get accgpu's own attribute
 * ACCGPU_ROUTINE_CONST_ATTR: accgpu_declared_global_p leaves them out, so
 * they are not mapped as declared globals.
 *
 * A real global without `declare` used in a routine (outside its acc
 * loops, where GCC takes it) stays an error (OpenACC 3.3 §2.15.1), but
 * one, at its first use, with the directive to add, instead of GCC's
 * message repeated at the declaration for every use (a dozen times for
 * one line): the global then gets GCC's attribute, which silences the
 * rest (nothing is compiled after an error).  The directive may come
 * after the routine (GCC takes it there), so the uses are recorded here
 * and judged once the whole file is parsed, before any function is
 * gimplified: in a wrapper of the front end's parse_file hook, the one
 * place between the two.                                                 */
#include "gcc-common.h"
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

/* Gives D GCC's "declared" attribute and accgpu's routine-constant one. */
static void mark(tree d, bool own)
{
  tree a = DECL_ATTRIBUTES(d);
  if (own && !lookup_attribute(ACCGPU_ROUTINE_CONST_ATTR, a))
    a = tree_cons(get_identifier(ACCGPU_ROUTINE_CONST_ATTR), NULL_TREE, a);
  if (!lookup_attribute("omp declare target", a))
    a = tree_cons(get_identifier("omp declare target"), NULL_TREE, a);
  DECL_ATTRIBUTES(d) = a;
}

/* V is an automatic read-only aggregate with a constant initializer: what
   the gimplifier may make static or copy from a constant. */
static bool const_local_p(tree v)
{
  tree init = DECL_INITIAL(v);
  return VAR_P(v) && !TREE_STATIC(v) && !DECL_EXTERNAL(v)
         && TREE_READONLY(v) && !TREE_THIS_VOLATILE(v) && !DECL_REGISTER(v)
         && init && TREE_CODE(init) == CONSTRUCTOR
         && initializer_constant_valid_p(init, TREE_TYPE(init));
}

/* V's initializer as the gimplifier hands it to the constant table (it
   gives an initializer of unknown size its object's type), which finds
   an equal one made before. */
static tree pool_constant(tree v)
{
  tree c = unshare_expr(DECL_INITIAL(v));
  if (int_size_in_bytes(TREE_TYPE(c)) < 0)
    TREE_TYPE(c) = TREE_TYPE(v);
  return tree_output_constant_def(c);
}

static void mark_local(tree v)
{
  mark(v, true);
  if (TREE_ADDRESSABLE(v) && int_size_in_bytes(TREE_TYPE(v)) > 0)
    mark(pool_constant(v), true); /* *.LC0 */
}

/* A global the gimplifier would refuse in a routine (so far). */
static bool undeclared_global_p(tree d)
{
  tree ctx = DECL_CONTEXT(d);
  return VAR_P(d) && is_global_var(d) && DECL_NAME(d) && !DECL_ARTIFICIAL(d)
         && !DECL_THREAD_LOCAL_P(d) && !DECL_HAS_VALUE_EXPR_P(d)
         && !(ctx && TREE_CODE(ctx) == FUNCTION_DECL) /* a static local */
         && !lookup_attribute("omp declare target", DECL_ATTRIBUTES(d))
         && !lookup_attribute(GCC_LINK_ATTR, DECL_ATTRIBUTES(d));
}

/* A routine's first use of a global that had no declare directive when
   the routine was parsed. */
struct global_use {
  tree var, fn;
  location_t loc;
};
static vec<global_use> uses;

static void record_use(tree d, location_t loc, tree fn)
{
  accgpu_keep(d);
  accgpu_keep(fn);
  global_use u = {d, fn, loc};
  uses.safe_push(u);
}

/* The file is parsed: the globals still without a directive. */
static void report_uses(void)
{
  for (unsigned i = 0; i < uses.length(); i++) {
    tree d = uses[i].var;
    if (!undeclared_global_p(d))
      continue; /* declared after the routine, or reported */
    auto_diagnostic_group grp;
    error_at(uses[i].loc, "%qD requires a %<declare%> directive for use in "
             "a %<routine%> function", d);
    inform(DECL_SOURCE_LOCATION(d), "to use %qD in routine %qD, add "
           "%<#pragma acc declare copyin(%D)%> after its declaration",
           d, uses[i].fn, d);
    mark(d, false);
  }
  uses.release();
}

static void (*front_end_parse_file)(void);

static void parse_file(void)
{
  front_end_parse_file();
  report_uses();
}

struct walk_state {
  tree fn;
  location_t loc; /* of the innermost expression seen */
  bool in_loop;   /* in an acc loop: GCC takes globals there */
};

static tree visit(tree *tp, int *walk_subtrees, void *data)
{
  walk_state *w = (walk_state *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (EXPR_HAS_LOCATION(t))
    w->loc = EXPR_LOCATION(t);
  if (TREE_CODE(t) == OACC_LOOP && !w->in_loop) {
    /* the gimplifier checks only code outside constructs (its context
       for the loop has an outer one) */
    walk_state inner = {w->fn, w->loc, true};
    walk_tree_without_duplicates(tp, visit, &inner);
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS(t); v; v = DECL_CHAIN(v))
      if (const_local_p(v))
        mark_local(v);
  if (!w->in_loop && undeclared_global_p(t))
    record_use(t, w->loc, w->fn);
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed (GCC 12
   takes a routine directive only before the definition). */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_SAVED_TREE(fn)
      || !lookup_attribute("oacc function", DECL_ATTRIBUTES(fn)))
    return;
  walk_state w = {fn, DECL_SOURCE_LOCATION(fn), false};
  walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), visit, &w);
}

void accgpu_routine_const_locals_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
  front_end_parse_file = lang_hooks.parse_file;
  lang_hooks.parse_file = parse_file;
}
