/* flow.cc — paths through high GIMPLE sequences (see flow.h).  Used by
 * the kernels dependence test (a loop's private scalars must be dead after
 * it) and by the privatization of loop scalars (privatize.cc). */
#include "passes/flow.h"

static bool data_body_p(gimple *s)
{
  if (gimple_code(s) != GIMPLE_OMP_TARGET || !is_gimple_omp_oacc(s))
    return false;
  int k = gimple_omp_target_kind(as_a<gomp_target *>(s));
  return k == GF_OMP_TARGET_KIND_OACC_DATA
         || k == GF_OMP_TARGET_KIND_OACC_HOST_DATA;
}

static void flatten(struct accgpu_flat *f, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (gimple_code(s) == GIMPLE_BIND) {
      flatten(f, gimple_bind_body(as_a<gbind *>(s)));
      continue;
    }
    if (gimple_code(s) == GIMPLE_TRY) {
      flatten(f, gimple_try_eval(s));
      flatten(f, gimple_try_cleanup(s));
      continue;
    }
    f->pos->put(s, f->st.length());
    if (gimple_code(s) == GIMPLE_LABEL)
      f->lab->put(gimple_label_label(as_a<glabel *>(s)), f->st.length());
    f->st.safe_push(s);
    if (data_body_p(s)) {
      flatten(f, gimple_omp_body(s));
      f->st.safe_push(s);
    }
  }
}

void accgpu_flat_init(struct accgpu_flat *f, gimple_seq seq)
{
  f->st = vNULL;
  f->lab = new hash_map<tree, int>;
  f->pos = new hash_map<gimple *, int>;
  flatten(f, seq);
}

void accgpu_flat_fini(struct accgpu_flat *f)
{
  f->st.release();
  delete f->lab;
  delete f->pos;
}

/* Index of label L (the end for a label outside F). */
static int label_index(struct accgpu_flat *f, tree l)
{
  int *p = TREE_CODE(l) == LABEL_DECL ? f->lab->get(l) : NULL;
  return p ? *p : (int)f->st.length();
}

/* Pushes the indices control reaches after statement Q. */
static void successors(struct accgpu_flat *f, int q, vec<int> *work)
{
  gimple *s = f->st[q];
  switch (gimple_code(s)) {
  case GIMPLE_GOTO:
    work->safe_push(label_index(f, gimple_goto_dest(s)));
    return;
  case GIMPLE_COND:
    work->safe_push(label_index(f, gimple_cond_true_label(as_a<gcond *>(s))));
    work->safe_push(label_index(f, gimple_cond_false_label(as_a<gcond *>(s))));
    return;
  case GIMPLE_SWITCH: {
    gswitch *sw = as_a<gswitch *>(s);
    for (unsigned i = 0; i < gimple_switch_num_labels(sw); i++)
      work->safe_push(label_index(f, CASE_LABEL(gimple_switch_label(sw, i))));
    return;
  }
  case GIMPLE_RETURN:
    work->safe_push(f->st.length());
    return;
  default:
    work->safe_push(q + 1);
  }
}

bool accgpu_flow_reads(struct accgpu_flat *f, int from, tree v,
                       accgpu_effect_fn effect, void *data)
{
  unsigned n = f->st.length();
  vec<bool> seen = vNULL;
  vec<int> work = vNULL;
  seen.safe_grow_cleared(n + 1);
  work.safe_push(from);
  bool read = false;
  while (!read && !work.is_empty()) {
    int q = work.pop();
    if (q > (int)n)
      q = n;
    if (seen[q])
      continue;
    seen[q] = true;
    enum accgpu_effect e = effect(q < (int)n ? f->st[q] : NULL, v, data);
    read = e == ACCGPU_READ;
    if (e == ACCGPU_NONE && q < (int)n)
      successors(f, q, &work);
  }
  seen.release();
  work.release();
  return read;
}

tree accgpu_lhs_of(gimple *s)
{
  if (gimple_code(s) == GIMPLE_ASSIGN)
    return gimple_assign_lhs(s);
  if (gimple_code(s) == GIMPLE_CALL)
    return gimple_call_lhs(s);
  return NULL_TREE;
}

static tree find_var(tree *tp, int *walk, void *data)
{
  if (TYPE_P(*tp))
    *walk = 0;
  return *tp == (tree)data ? *tp : NULL_TREE;
}

static tree find_var_op(tree *tp, int *walk, void *data)
{
  return find_var(tp, walk, ((walk_stmt_info *)data)->info);
}

gimple_stmt_iterator accgpu_gsi_at(gimple *s, gimple_seq *dummy)
{
  gimple_stmt_iterator g;
  *dummy = s;
  g.ptr = s;
  g.seq = dummy;
  g.bb = NULL;
  return g;
}

bool accgpu_tree_refs(tree t, tree v)
{
  return t && walk_tree(&t, find_var, v, NULL);
}

bool accgpu_stmt_refs(gimple *s, tree v)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = v;
  gimple_seq one;
  gimple_stmt_iterator g = accgpu_gsi_at(s, &one);
  return walk_gimple_stmt(&g, NULL, find_var_op, &wi) != NULL_TREE
         || wi.callback_result;
}

bool accgpu_reads_var(gimple *s, tree v)
{
  if (gimple_code(s) == GIMPLE_ASSIGN || gimple_code(s) == GIMPLE_CALL) {
    for (unsigned o = 1; o < gimple_num_ops(s); o++) {
      tree t = gimple_op(s, o);
      if (accgpu_tree_refs(t, v))
        return true;
    }
    tree l = accgpu_lhs_of(s);
    return l && l != v && walk_tree(&l, find_var, v, NULL);
  }
  return accgpu_stmt_refs(s, v);
}

enum accgpu_effect accgpu_plain_effect(gimple *s, tree v)
{
  if (accgpu_reads_var(s, v))
    return ACCGPU_READ;
  return accgpu_lhs_of(s) == v ? ACCGPU_KILL : ACCGPU_NONE;
}

/* ---- "this sequence assigns V" (accgpu_seq_assigns) ---- */

struct assign_walk {
  tree v;
  unsigned how;
};

/* LHS is V or, with ACCGPU_ASSIGN_PART, stores into V (an element or
   member) or through V (a pointer). */
static bool assigned_by(tree lhs, tree v, unsigned how)
{
  if (!lhs)
    return false;
  if (lhs == v)
    return true;
  if (!(how & ACCGPU_ASSIGN_PART))
    return false;
  tree b = get_base_address(lhs);
  return b == v || (b && TREE_CODE(b) == MEM_REF && TREE_OPERAND(b, 0) == v);
}

static tree assigns_stmt_cb(gimple_stmt_iterator *gsi, bool *handled,
                            walk_stmt_info *wi)
{
  struct assign_walk *w = (struct assign_walk *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  bool found = assigned_by(accgpu_lhs_of(s), w->v, w->how);
  if (w->how & ACCGPU_ASSIGN_LOOPS) {
    found |= gimple_code(s) == GIMPLE_ASM;
    if (gimple_code(s) == GIMPLE_OMP_FOR) {
      for (unsigned l = 0; l < gimple_omp_for_collapse(s); l++)
        found |= gimple_omp_for_index(s, l) == w->v;
      found |= accgpu_tree_refs(gimple_omp_for_clauses(s), w->v);
    }
  }
  *handled = found; /* a walk stops only at a statement it handled */
  return found ? w->v : NULL_TREE;
}

/* ACCGPU_ASSIGN_ADDR: the address of V or of a part of it. */
static tree addr_op_cb(tree *tp, int *walk, void *data)
{
  struct assign_walk *w =
      (struct assign_walk *)((walk_stmt_info *)data)->info;
  if (TYPE_P(*tp))
    *walk = 0;
  else if (TREE_CODE(*tp) == ADDR_EXPR
           && get_base_address(TREE_OPERAND(*tp, 0)) == w->v)
    return *tp;
  return NULL_TREE;
}

bool accgpu_seq_assigns(gimple_seq seq, tree v, unsigned how)
{
  struct assign_walk w = {v, how};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &w;
  return walk_gimple_seq(seq, assigns_stmt_cb,
                         how & ACCGPU_ASSIGN_ADDR ? addr_op_cb : NULL, &wi)
         != NULL;
}
