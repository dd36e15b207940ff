/* omp-nest.cc — OpenACC constructs inside OpenMP ones: `#pragma omp
 * parallel` with one device per thread (acc_set_device_num in each
 * thread), as NVHPC compiles it.  GCC 12 refuses the nesting ("OpenACC
 * construct inside of non-OpenACC region"); accgpu lowers the OpenACC
 * construct to host code inside the OpenMP body (acc-pass.cc walks
 * there), and omplower then outlines that body into the threads' function.
 *
 * omplower's scan remaps each local the body uses, in statement order: one
 * that a bind seen earlier in the body declares maps to itself (each
 * thread's once outlined), one without a data-sharing clause and not yet
 * declared maps to an error.  The pass's temporaries (map arrays, argument
 * slots, private copies) are locals no bind declares, and a `kernels`
 * region run as a host loop uses its loop's variable before the bind of
 * its host fallback that declares it.  Such locals are declared here in a
 * bind at the top of the innermost OpenMP body that uses them: each
 * thread gets its own, as the host code of each thread's construct needs. */
#include "passes/omp-nest.h"

struct nest_walk {
  hash_map<tree, gbind *> *home; /* bind declaring a var (all binds) */
  hash_set<tree> *seen;          /* declared so far in the walk's order */
  vec<tree> found;               /* to declare at the top of its body */
};

/* walk_gimple_seq callback: records the bind of each var in WI->info. */
static tree note_bind_vars(gimple_stmt_iterator *gsi, bool *handled,
                           struct walk_stmt_info *wi)
{
  *handled = false;
  if (gbind *b = dyn_cast<gbind *>(gsi_stmt(*gsi)))
    for (tree v = gimple_bind_vars(b); v; v = DECL_CHAIN(v))
      ((hash_map<tree, gbind *> *)wi->info)->put(v, b);
  return NULL_TREE;
}

/* walk_gimple_seq callback: marks the vars of a bind as declared. */
static tree see_bind(gimple_stmt_iterator *gsi, bool *handled,
                     struct walk_stmt_info *wi)
{
  struct nest_walk *nw = (struct nest_walk *)wi->info;
  *handled = false;
  if (gbind *b = dyn_cast<gbind *>(gsi_stmt(*gsi)))
    for (tree v = gimple_bind_vars(b); v; v = DECL_CHAIN(v))
      nw->seen->add(v);
  return NULL_TREE;
}

/* walk_tree callback: records a local of this function used before any
   bind of the body declared it. */
static tree note_use(tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
  struct nest_walk *nw = (struct nest_walk *)wi->info;
  tree t = *tp;
  if (TYPE_P(t))
    *walk_subtrees = 0;
  else if (VAR_P(t) && !is_global_var(t) &&
           DECL_CONTEXT(t) == current_function_decl && !nw->seen->add(t))
    nw->found.safe_push(t);
  return NULL_TREE;
}

/* Takes V off the var list of bind B (and of its block's, when that is a
   list of its own). */
static void unlink_var(gbind *b, tree v)
{
  tree block = gimple_bind_block(b);
  bool shared = block && BLOCK_VARS(block) == gimple_bind_vars(b);
  if (gimple_bind_vars(b) == v)
    gimple_bind_set_vars(b, DECL_CHAIN(v));
  else
    for (tree p = gimple_bind_vars(b); p; p = DECL_CHAIN(p))
      if (DECL_CHAIN(p) == v) {
        DECL_CHAIN(p) = DECL_CHAIN(v);
        break;
      }
  if (!block)
    return;
  if (shared || BLOCK_VARS(block) == v)
    BLOCK_VARS(block) = shared ? gimple_bind_vars(b) : DECL_CHAIN(v);
  else
    for (tree p = BLOCK_VARS(block); p; p = DECL_CHAIN(p))
      if (DECL_CHAIN(p) == v) {
        DECL_CHAIN(p) = DECL_CHAIN(v);
        break;
      }
}

/* The vars of the binds inside SEQ. */
static void body_vars(gimple_seq seq, hash_map<tree, gbind *> *out)
{
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = out;
  walk_gimple_seq(seq, note_bind_vars, NULL, &wi);
}

/* Declares VARS (a chain) at the top of STMT's body: in the bind that
   opens it (omplower takes that bind's BLOCK as the construct's scope,
   whose sub-blocks it moves into the outlined function), else in a new
   bind without a BLOCK of its own. */
static void add_body_vars(gimple *stmt, tree vars,
                          hash_map<tree, gbind *> *home)
{
  gimple *first = gimple_seq_first_stmt(gimple_omp_body(stmt));
  gbind *bind = first ? dyn_cast<gbind *>(first) : NULL;
  if (bind) {
    tree last = vars;
    while (DECL_CHAIN(last))
      last = DECL_CHAIN(last);
    DECL_CHAIN(last) = gimple_bind_vars(bind);
    gimple_bind_set_vars(bind, vars);
  } else {
    bind = gimple_build_bind(vars, gimple_omp_body(stmt), NULL_TREE);
    gimple_omp_set_body(stmt, gimple_seq_alloc_with_stmt(bind));
  }
  for (tree v = vars; v; v = DECL_CHAIN(v))
    home->put(v, bind);
}

static void declare_omp_body(gimple *stmt, hash_map<tree, gbind *> *home);

/* walk_gimple_seq callback: handles each OpenMP statement with a body. */
static tree find_omp(gimple_stmt_iterator *gsi, bool *handled,
                     struct walk_stmt_info *wi)
{
  gimple *stmt = gsi_stmt(*gsi);
  *handled = false;
  if (is_gimple_omp(stmt) && !is_gimple_omp_oacc(stmt) &&
      gimple_has_substatements(stmt) && gimple_code(stmt) != GIMPLE_OMP_FOR) {
    declare_omp_body(stmt, (hash_map<tree, gbind *> *)wi->info);
    *handled = true;
  }
  return NULL_TREE;
}

/* Declares at the top of STMT's body the locals it uses before a bind of
   the body declares them (innermost OpenMP statements first). */
static void declare_omp_body(gimple *stmt, hash_map<tree, gbind *> *home)
{
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = home;
  walk_gimple_seq(gimple_omp_body(stmt), find_omp, NULL, &wi);
  hash_map<tree, gbind *> inner;
  body_vars(gimple_omp_body(stmt), &inner);
  hash_set<tree> seen; /* outside the body: declared */
  for (auto it = home->begin(); it != home->end(); ++it)
    if (!inner.get((*it).first))
      seen.add((*it).first);
  struct nest_walk nw = {home, &seen, vNULL};
  memset(&wi, 0, sizeof wi);
  wi.info = &nw;
  walk_gimple_seq(gimple_omp_body(stmt), see_bind, note_use, &wi);
  if (nw.found.is_empty())
    return;
  tree vars = NULL_TREE;
  for (unsigned i = nw.found.length(); i-- > 0;) {
    tree v = nw.found[i];
    if (gbind **b = inner.get(v))
      unlink_var(*b, v);
    DECL_CHAIN(v) = vars;
    vars = v;
  }
  nw.found.release();
  add_body_vars(stmt, vars, home);
}

/* walk_gimple_seq callback: stops at the first OpenMP statement. */
static tree any_omp(gimple_stmt_iterator *gsi, bool *handled,
                    struct walk_stmt_info *)
{
  gimple *s = gsi_stmt(*gsi);
  *handled = is_gimple_omp(s) && !is_gimple_omp_oacc(s);
  return *handled ? integer_zero_node : NULL_TREE;
}

void accgpu_declare_omp_locals(gimple_seq seq)
{
  struct walk_stmt_info probe;
  memset(&probe, 0, sizeof probe);
  if (!walk_gimple_seq(seq, any_omp, NULL, &probe))
    return; /* most functions: no OpenMP, no map of their binds */
  hash_map<tree, gbind *> home;
  body_vars(seq, &home);
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &home;
  walk_gimple_seq(seq, find_omp, NULL, &wi);
}
