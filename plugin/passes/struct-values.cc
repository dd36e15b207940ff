/* struct-values.cc — members of a struct variable that are not pointer
 * sections in a compute construct's data clauses: `present(t.s)`,
 * `copy(s.a, s.b)`.
 *
 * GCC lists  map(struct:t [len: 1]) map(force_present:t.s [len: 8])
 * : only the member is on the device, and the kernel, given t, took its
 * host address (nothing maps t as a whole), so it read and wrote host
 * memory.  Instead each member gets a pointer before the construct,
 * `pm = &t.s`, mapped as a section of one element (map(KIND: *pm [len])
 * with pm's pointer assign), and the region uses *pm where it used t.s.
 * Members mapped by separate clauses may live in separate device blocks
 * (acc_copyin(&s.a) then acc_copyin(&s.b)): each has its own pointer. The
 * rewrite is done only when the region then no longer names t, or when
 * t also has pointer members attached to sections (`copy(v.a, v.b[:n])`,
 * GCC's deep-copy-1): struct-members.cc, which runs next, then passes t
 * by value with those pointers replaced.                               */
#include "passes/struct-members.h"
#include "passes/compute-internal.h"
#include "passes/lower-data.h"

/* The local struct variable member path D starts from, else NULL. */
static tree member_root(tree d)
{
  if (TREE_CODE(d) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE(d) == COMPONENT_REF)
    d = TREE_OPERAND(d, 0);
  return VAR_P(d) && !is_global_var(d) ? d : NULL_TREE;
}

/* Map clause C of a member (any non-pointer-section map) of a local struct
   variable: that variable, else NULL. */
static tree value_member_root(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || !accgpu_data_map_kind_p(c)
      || OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT
      || accgpu_attached_member_p(c))
    return NULL_TREE;
  return member_root(OMP_CLAUSE_DECL(c));
}

/* walk_gimple_op callback: MEMBERS[i] becomes *VARS[i] (VARS NULL: only
   looks); notes any other use of ROOT. */
struct value_swap {
  tree root;
  vec<tree> members, vars;
  bool other_use;
  bool attached; /* pointer members of ROOT hold sections too */
};

static tree value_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  value_swap *vs = (value_swap *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) == COMPONENT_REF)
    for (unsigned i = 0; i < vs->members.length(); i++)
      if (operand_equal_p(*tp, vs->members[i], 0)) {
        if (vs->vars.exists())
          *tp = build_simple_mem_ref(vs->vars[i]);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
  if (*tp == vs->root)
    vs->other_use = true;
  return NULL_TREE;
}

static bool walk_values(gimple_seq body, value_swap *vs)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = vs;
  vs->other_use = false;
  walk_gimple_seq_mod(&body, NULL, value_op, &wi);
  return !vs->other_use;
}

/* The members of ROOT that T's clauses map, or false when another clause
   (firstprivate, a reduction on a member, a pointer member's attach, the
   whole variable) names it or the region uses ROOT otherwise. */
static bool root_members(gomp_target *t, tree root, value_swap *vs)
{
  bool attached = false;
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (value_member_root(c) == root) {
      vs->members.safe_push(OMP_CLAUSE_DECL(c));
      continue;
    }
    if (accgpu_attached_member_p(c)
        && member_root(OMP_CLAUSE_DECL(c)) == root) {
      vs->attached = attached = true; /* struct-members.cc: ROOT by value */
      continue;
    }
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
        && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT)
      continue;
    tree d = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
                     || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE
                     || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE
                     || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
                 ? OMP_CLAUSE_DECL(c) : NULL_TREE;
    while (d && TREE_CODE(d) == COMPONENT_REF)
      d = TREE_OPERAND(d, 0);
    if (d == root)
      return false;
  }
  return walk_values(gimple_omp_body(t), vs) || attached;
}

/* Rewrites ROOT's member maps in T as pointer sections (file comment). */
static void rewrite_root(gimple_stmt_iterator *gsi, gomp_target *t, tree root,
                         value_swap *vs)
{
  TREE_ADDRESSABLE(root) = 1;
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;) {
    tree c = *pc;
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
        && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT
        && OMP_CLAUSE_DECL(c) == root && !vs->attached) {
      *pc = OMP_CLAUSE_CHAIN(c); /* the header */
      continue;
    }
    if (value_member_root(c) != root) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    tree m = OMP_CLAUSE_DECL(c);
    tree pm = create_tmp_var(build_pointer_type(TREE_TYPE(m)), "accvm");
    gsi_insert_before(gsi, gimple_build_assign(pm, build_fold_addr_expr(
                                                       unshare_expr(m))),
                      GSI_SAME_STMT);
    vs->vars.safe_push(pm);
    OMP_CLAUSE_DECL(c) = build_simple_mem_ref(pm);
    tree fp = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
    OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
    OMP_CLAUSE_DECL(fp) = pm;
    OMP_CLAUSE_SIZE(fp) = size_zero_node; /* no bias */
    OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(c);
    OMP_CLAUSE_CHAIN(c) = fp;
    pc = &OMP_CLAUSE_CHAIN(fp);
  }
  gimple_omp_target_set_clauses(t, clauses);
  walk_values(gimple_omp_body(t), vs);
}

void accgpu_struct_value_maps(gimple_stmt_iterator *gsi, gomp_target *t)
{
  auto_vec<tree> roots;
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    tree r = value_member_root(c);
    if (r && !roots.contains(r))
      roots.safe_push(r);
  }
  for (unsigned i = 0; i < roots.length(); i++) {
    value_swap vs = {roots[i], vNULL, vNULL, false, false};
    if (root_members(t, roots[i], &vs))
      rewrite_root(gsi, t, roots[i], &vs);
    vs.members.release();
    vs.vars.release();
  }
}
