/* compute-internal.h — what the host side of compute constructs shares
 * across its files: lower-compute.cc (the construct), launch-geometry.cc
 * (grid and block), kernels-split.cc (one kernel per loop nest) and
 * kernels-hostloop.cc (a host loop of kernel launches). */
#ifndef ACCGPU_COMPUTE_INTERNAL_H
#define ACCGPU_COMPUTE_INTERNAL_H

#include "passes/kernel-gen.h"

/* Map clause C moves or allocates data (not a pointer assign, attach or
   detach): lower-compute.cc. */
bool accgpu_data_map_kind_p(tree c);

/* How the host computes parameter i's value. */
struct param_src {
  tree map_clause; /* data clause whose device address it is, or NULL */
  tree bias;       /* for pointer-assign items: subtract from the address */
  bool quiet;      /* implicit firstprivate: its copy-in draws no
                      -Wmaybe-uninitialized (a scalar each iteration
                      assigns first, as GCC's own lowering) */
};

struct clause_info {
  tree ifc, async, ngangs, nworkers, vlen;
  tree ngangs_yz[2]; /* num_gangs(a, b, c): b, c (gang-dims.cc), or NULL */
  vec<tree> waits;
  bool has_async, has_wait;
};

/* Walk state: does a statement mention VAR? */
struct var_ref {
  tree var;
  bool found;
};

struct hostloop {
  vec<gimple *> stmts;  /* the flattened body */
  vec<gimple *> nests;  /* its acc loops, in order: one kernel each */
  vec<tree> vars;       /* the declarations of the binds opened */
  vec<tree> hvars;      /* scalars the host code writes that nests read */
  gimple_seq body;      /* the construct's body */
};

/* A fresh addressable local of TYPE. */
static inline tree addr_tmp(tree type, const char *name)
{
  tree v = create_tmp_var_raw(type, name);
  TREE_ADDRESSABLE(v) = 1;
  gimple_add_tmp_var(v);
  return v;
}

/* Gimplifies EXPR into a value before GSI. */
static inline tree val(gimple_stmt_iterator *gsi, tree expr)
{
  return force_gimple_operand_gsi(gsi, expr, true, NULL_TREE, true,
                                  GSI_SAME_STMT);
}

static inline void add(gimple_stmt_iterator *gsi, gimple *s)
{
  gsi_insert_before(gsi, s, GSI_SAME_STMT);
}

/* Runtime declarations made by lower-compute.cc. */
extern tree lc_limits_type;
extern tree lc_fn_limits;

/* launch-geometry.cc */
/* Puts ACCGPU_LAUNCH_BOUNDS(N) on R's kernel text when its launches have N
   threads per block whatever the run (constant sizes, the defaults, a
   schedule): ptxas then keeps its registers within what N threads may
   use, so the launch is never refused for them. */
void accgpu_set_launch_bounds(struct kg_region *r, clause_info *ci);
/* GRID and BLOCK of the launch of kernel KIDX (an unsigned constant). */
void emit_geometry(gimple_stmt_iterator *gsi, struct kg_region *r,
                   clause_info *ci, tree dev, tree kidx, tree grid,
                   tree block);
/* kernels-split.cc */
bool split_kernels(struct kg_region *r, vec<gimple_seq> *bodies);
void lc_walk_one(gimple *s, walk_stmt_fn cs, walk_tree_fn co,
                 walk_stmt_info *wi);
tree lc_local_cb(tree *tp, int *walk_subtrees, void *data);
bool lc_stmt_refs(gimple *s, tree var);
void lc_flatten_top(gimple_seq seq, vec<gimple *> *stmts, vec<tree> *vars);
unsigned lc_count_assigns(vec<gimple *> &stmts, tree d, gimple *ref,
                          bool *differ);
int lc_label_owner(vec<gimple *> &stmts, tree l);
bool lc_region_param_p(struct kg_region *r, tree d);
void lc_stmt_labels(gimple *s, hash_set<tree> *defined, hash_set<tree> *used);
/* kernels-hostloop.cc */
void hl_copy(gimple_stmt_iterator *gsi, gimple *s, hash_map<tree,
             tree> *labels);
void hostloop_notes(struct hostloop *hl, location_t loc);
void hostloop_release(struct hostloop *hl);
void hostloop_split(struct kg_region *r, struct hostloop *hl,
                    vec<param_src> *src, vec<gimple_seq> *bodies);
void implicit_loop_reductions(struct kg_region *r, gimple_seq seq);
bool kernels_parallelize(struct kg_region *r, clause_info *ci,
                         struct hostloop *hl);
/* lower-compute.cc */
gimple_seq lc_seq_loop(gomp_for *f);

#endif
