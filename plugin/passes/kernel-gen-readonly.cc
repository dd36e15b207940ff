/* kernel-gen-readonly.cc — pointers of a region that nothing in it writes
 * through (GIMPLE, before the kernel text exists): a load through one
 * cannot read what a loop of the kernel wrote, so it needs no barrier
 * after that loop (kernel-gen-bars.cc).  The same pointers get
 * `const T *__restrict__` in the kernel's signature: like that signature,
 * this assumes two data clauses do not map overlapping memory where one is
 * written.  Conservative: a pointer derived from two roots, passed to a
 * call or asm, stored to memory or converted to a non-pointer counts as
 * written.                                                               */
#include "passes/kernel-gen-internal.h"

struct ro_info {
  vec<tree> from; /* pairs: pointer-typed local or parameter, its root */
  vec<tree> written;
};

static gimple *ro_region;  /* whose analysis ro_cache holds */
static char *ro_kname;     /* and its kernel (a statement may be reused) */
static struct ro_info ro_cache;

static tree ro_root(struct ro_info *ri, tree p)
{
  for (unsigned i = 0; i + 1 < ri->from.length(); i += 2)
    if (ri->from[i] == p)
      return ri->from[i + 1];
  return NULL_TREE;
}

static void ro_write(struct ro_info *ri, tree root)
{
  if (root && !ri->written.contains(root))
    ri->written.safe_push(root);
}

/* Every root that operand OP names as a value (not as the address of a
   load) escapes: written, conservatively. */
static tree ro_escape_cb(tree *tp, int *walk_sub, void *data)
{
  struct ro_info *ri = (struct ro_info *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_sub = 0;
    return NULL_TREE;
  }
  if ((TREE_CODE(t) == MEM_REF || TREE_CODE(t) == INDIRECT_REF)
      && DECL_P(TREE_OPERAND(t, 0))) {
    *walk_sub = 0; /* a load through it: a read */
    for (unsigned i = 1; i < (unsigned)TREE_OPERAND_LENGTH(t); i++)
      walk_tree(&TREE_OPERAND(t, i), ro_escape_cb, ri, NULL);
    return NULL_TREE;
  }
  if (DECL_P(t))
    ro_write(ri, ro_root(ri, t));
  return NULL_TREE;
}

/* Pointer LHS = RHS1 [+ offset]: LHS derives from RHS1's root. */
static bool ro_derive(struct ro_info *ri, tree lhs, tree rhs1)
{
  tree root = DECL_P(rhs1) ? ro_root(ri, rhs1) : NULL_TREE;
  tree cur = ro_root(ri, lhs);
  if (!root)
    return false;
  if (cur && cur != root) {
    ro_write(ri, cur);
    ro_write(ri, root);
  } else if (!cur) {
    ri->from.safe_push(lhs);
    ri->from.safe_push(root);
    return true;
  }
  return false;
}

/* One statement; true when it derived a new pointer. */
static bool ro_stmt(struct ro_info *ri, gimple *s)
{
  if (is_gimple_assign(s) && !gimple_clobber_p(s)) {
    tree lhs = gimple_assign_lhs(s), r1 = gimple_assign_rhs1(s);
    enum tree_code c = gimple_assign_rhs_code(s);
    if (DECL_P(lhs) && POINTER_TYPE_P(TREE_TYPE(lhs))
        && (c == POINTER_PLUS_EXPR || CONVERT_EXPR_CODE_P(c)
            || c == VAR_DECL || c == PARM_DECL)
        && DECL_P(r1)) {
      bool grew = ro_derive(ri, lhs, r1);
      for (unsigned i = 2; i < gimple_num_ops(s); i++)
        walk_tree(gimple_op_ptr(s, i), ro_escape_cb, ri, NULL);
      return grew;
    }
    tree base = get_base_address(lhs);
    if (base && (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF)
        && DECL_P(TREE_OPERAND(base, 0)))
      ro_write(ri, ro_root(ri, TREE_OPERAND(base, 0)));
    for (unsigned i = 1; i < gimple_num_ops(s); i++)
      walk_tree(gimple_op_ptr(s, i), ro_escape_cb, ri, NULL);
    if (!DECL_P(lhs) || !is_gimple_reg_type(TREE_TYPE(lhs)))
      walk_tree(gimple_assign_lhs_ptr(s), ro_escape_cb, ri, NULL);
    return false;
  }
  if (is_gimple_call(s) || gimple_code(s) == GIMPLE_ASM
      || gimple_code(s) == GIMPLE_OMP_ATOMIC_LOAD
      || gimple_code(s) == GIMPLE_OMP_ATOMIC_STORE)
    for (unsigned i = 0; i < gimple_num_ops(s); i++)
      if (gimple_op(s, i))
        walk_tree(gimple_op_ptr(s, i), ro_escape_cb, ri, NULL);
  return false;
}

static bool ro_seq(struct ro_info *ri, gimple_seq seq);

static bool ro_nested(struct ro_info *ri, gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    return ro_seq(ri, gimple_bind_body(as_a<gbind *>(s)));
  case GIMPLE_OMP_FOR: {
    bool a = ro_seq(ri, gimple_omp_for_pre_body(s));
    return ro_seq(ri, gimple_omp_body(s)) || a;
  }
  case GIMPLE_TRY: {
    bool a = ro_seq(ri, gimple_try_eval(s));
    return ro_seq(ri, gimple_try_cleanup(s)) || a;
  }
  default:
    if (gimple_has_substatements(s)) {
      /* anything else nesting code: every root it names escapes */
      for (unsigned i = 0; i + 1 < ri->from.length(); i += 2)
        ro_write(ri, ri->from[i + 1]);
      return false;
    }
    return ro_stmt(ri, s);
  }
}

static bool ro_seq(struct ro_info *ri, gimple_seq seq)
{
  bool grew = false;
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i))
    grew |= ro_nested(ri, gsi_stmt(i));
  return grew;
}

static struct ro_info *ro_analyze(kg *g)
{
  const char *kn = g->region->kname ? g->region->kname : "";
  if (ro_region == g->region->stmt && ro_kname && !strcmp(ro_kname, kn))
    return &ro_cache;
  ro_cache.from.release();
  ro_cache.written.release();
  ro_region = g->region->stmt;
  free(ro_kname);
  ro_kname = xstrdup(kn);
  for (unsigned i = 0; i < g->region->params.length(); i++) {
    kg_param *p = &g->region->params[i];
    if (!p->by_ref && POINTER_TYPE_P(TREE_TYPE(p->decl))) {
      ro_cache.from.safe_push(p->decl);
      ro_cache.from.safe_push(p->decl);
    }
  }
  /* until no new derived pointer: a loop may derive one used above it */
  while (ro_seq(&ro_cache, gimple_omp_body(g->region->stmt)))
    ;
  return &ro_cache;
}

/* OP is a variable the kernel gets by value (each thread's own copy). */
static bool param_value_p(kg *g, tree op)
{
  for (unsigned i = 0; DECL_P(op) && i < g->region->params.length(); i++)
    if (g->region->params[i].decl == op)
      return !g->region->params[i].by_ref && !shared_store_p(g, op);
  return false;
}

/* OP is a load through a pointer of the region that nothing writes
   through, or a value the kernel gets by value. */
bool kg_readonly_load_p(kg *g, tree op)
{
  if (g->region && !g->routine_mode && op && param_value_p(g, op))
    return true;
  if (!g->region || g->routine_mode || !op
      || (TREE_CODE(op) != MEM_REF && TREE_CODE(op) != INDIRECT_REF)
      || !DECL_P(TREE_OPERAND(op, 0)))
    return false;
  struct ro_info *ri = ro_analyze(g);
  tree root = ro_root(ri, TREE_OPERAND(op, 0));
  return root && !ri->written.contains(root)
         && !kg_ro_alias_p(g, root, ri->written);
}

bool kg_ro_alias_p(kg *g, tree r, const vec<tree> &written)
{
  if (!g->region || g->kind != GF_OMP_TARGET_KIND_OACC_KERNELS)
    return false;
  location_t loc = gimple_location(g->region->stmt);
  for (unsigned i = 0; i < written.length(); i++)
    if (kd_may_alias_rw(r, written[i])
        && !(kd_assumed_distinct_p(loc, r)
             && kd_assumed_distinct_p(loc, written[i])))
      return true;
  return false;
}
