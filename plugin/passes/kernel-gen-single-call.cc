/* kernel-gen-single-call.cc — a `routine seq` called from redundant code
 * runs in one thread.
 *
 * Outside a vector loop the lanes of a row (and outside a worker loop the
 * rows of a block) run the same code redundantly (vector-single mode,
 * OpenACC 3.3 §2.2.3); their stores are guarded so that one thread does
 * each.  A call did not pass that guard: a seq routine that stores
 * (`y[i] += a * x[i]`, a counter, printf) ran once per lane, 32 times for a
 * vector length of 32 on the emulator, and on a GPU as many times as warps
 * interleave.  A call to a routine that may store to memory others see now
 * runs in the thread the guard picks, and its result reaches the others
 * through the shared scratch, as an atomic capture's does.  Routines that
 * only compute (no store outside their own locals) still run redundantly:
 * that costs no barrier. */
#include "passes/kernel-gen-internal.h"
#include "reduction/reduction.h"
#include "calls.h" /* flags_from_decl_or_type */

static bool fn_stores(tree fn, hash_set<tree> *seen);

/* REF, stored to, is memory outside the function's own automatic
   variables. */
static bool outside_store_p(tree ref)
{
  tree base = get_base_address(ref);
  if (!base)
    return true;
  if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == TARGET_MEM_REF
      || TREE_CODE(base) == INDIRECT_REF)
    return true;
  return !DECL_P(base) || is_global_var(base);
}

/* A call of FN (a builtin or not) may store what others see. */
static bool call_stores(tree fn, hash_set<tree> *seen)
{
  fn = accgpu_device_callee(fn);
  if (!fn)
    return true;
  if (fndecl_built_in_p(fn, BUILT_IN_NORMAL)) {
    int flags = flags_from_decl_or_type(fn);
    return !(flags & (ECF_CONST | ECF_PURE))
           && !kg_math_builtin_p(fn);
  }
  return fn_stores(fn, seen);
}

struct store_walk {
  hash_set<tree> *seen;
  bool stores;
};

/* walk_tree callback over GENERIC: stores and calls. */
static tree generic_store_cb(tree *tp, int *walk, void *data)
{
  struct store_walk *w = (struct store_walk *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case MODIFY_EXPR:
  case INIT_EXPR:
  case PREINCREMENT_EXPR:
  case PREDECREMENT_EXPR:
  case POSTINCREMENT_EXPR:
  case POSTDECREMENT_EXPR:
    w->stores |= outside_store_p(TREE_OPERAND(t, 0));
    break;
  case CALL_EXPR:
    w->stores |= call_stores(get_callee_fndecl(t), w->seen);
    break;
  case ASM_EXPR:
    w->stores = true;
    break;
  default:
    break;
  }
  return w->stores ? t : NULL_TREE;
}

static bool stmt_stores(gimple *s, hash_set<tree> *seen)
{
  switch (gimple_code(s)) {
  case GIMPLE_ASSIGN:
    return outside_store_p(gimple_assign_lhs(s));
  case GIMPLE_CALL:
    return (gimple_call_lhs(s) && outside_store_p(gimple_call_lhs(s)))
           || gimple_call_internal_p(s)
           || call_stores(gimple_call_fndecl(s), seen);
  case GIMPLE_ASM:
  case GIMPLE_OMP_ATOMIC_LOAD:
  case GIMPLE_OMP_ATOMIC_STORE:
    return true;
  default:
    return false;
  }
}

/* walk_gimple_seq callback: stops at the first storing statement. */
static tree gimple_store_cb(gimple_stmt_iterator *gsi, bool *handled,
                            walk_stmt_info *wi)
{
  struct store_walk *w = (struct store_walk *)wi->info;
  *handled = false;
  if (stmt_stores(gsi_stmt(*gsi), w->seen)) {
    w->stores = true;
    return integer_zero_node;
  }
  return NULL_TREE;
}

/* FN, or a function it calls, may store outside its own locals; a
   function without a body here (another file's routine) may. */
static bool fn_stores(tree fn, hash_set<tree> *seen)
{
  if (seen->add(fn))
    return false; /* recursion: the other paths decide */
  struct store_walk w = {seen, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &w;
  if (!accgpu_walk_callee_body(fn, gimple_store_cb, NULL, &wi,
                               generic_store_cb, &w))
    w.stores = true;
  return w.stores;
}

/* D is a variable of a data clause the kernel reaches through a pointer
   parameter: device memory every thread sees (`copy(b)`, then `f(b)`). */
static bool mapped_p(kg *g, tree d)
{
  for (unsigned i = 0; g->region && i < g->region->params.length(); i++)
    if (g->region->params[i].decl == d)
      return g->region->params[i].by_ref;
  return false;
}

/* The call S of FN, in code the lanes of a row (or the rows of a block)
   run redundantly, goes to one thread: FN is a seq routine that may store,
   and no argument is the address of a thread's own variable (which the
   other threads would then not see written). */
bool kg_single_call_p(kg *g, gimple *s, tree fn)
{
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  if (!(single & KG_VECTOR) || g->in_single || kg_routine_dims(fn))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
    tree a = gimple_call_arg(s, i);
    if (TREE_CODE(a) == ADDR_EXPR) {
      tree base = get_base_address(TREE_OPERAND(a, 0));
      if (base && DECL_P(base) && !is_global_var(base)
          && !g->shared.contains(base) && !mapped_p(g, base))
        return false;
    }
  }
  tree lhs = gimple_call_lhs(s);
  if (lhs && (!DECL_P(lhs) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(lhs)))
              || tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(lhs)))
                     > ACCGPU_RED_ROW_BYTES))
    return false;
  hash_set<tree> seen;
  return fn_stores(fn, &seen);
}

/* Opens the one thread's part of a single call. */
void kg_single_call_open(kg *g)
{
  open_guard(g);
  g->in_single = true;
}

/* Closes it: the result LHS (or NULL) goes from that thread to the
   others through the shared scratch. */
void kg_single_call_close(kg *g, tree lhs)
{
  const char *scr = accgpu_red_scratch_ref(kg_row_guard(g));
  struct kbuf t = {}, l = {};
  if (lhs) {
    type_str(g, &t, TREE_TYPE(lhs));
    ex(g, &l, lhs);
    ind(g);
    kb_printf(g->out, "*(%s *)%s = %s;\n", kb_str(&t), scr, kb_str(&l));
  }
  g->in_single = false;
  close_guard(g);
  if (lhs) {
    ind(g);
    kb_printf(g->out, "%s = *(%s *)%s;\n", kb_str(&l), kb_str(&t), scr);
    redundant_barrier(g);
    accgpu_red_need_scratch();
  }
  kb_free(&t);
  kb_free(&l);
}

/* LHS = CALL (or CALL alone), in one thread when SINGLE. */
void kg_emit_maybe_single(kg *g, tree lhs, kbuf *call, bool single)
{
  if (single)
    kg_single_call_open(g);
  kg_emit_call_result(g, lhs, call);
  if (single)
    kg_single_call_close(g, lhs);
}
