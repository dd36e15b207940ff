/* struct-values.cc — members of a struct that are not pointer sections in
 * a compute construct's data clauses: `present(t.s)`, `copy(s.a, s.b)`,
 * sections of array members `copy(s.arr[8:32])`, `present(s.m[1:2][0:8])`,
 * and the same through a pointer: `copy(p->arr[0:64])`, `copy(p->in.arr)`.
 *
 * GCC lists  map(struct:t [len: 1]) map(force_present:t.s [len: 8])
 * : only the member is on the device, and the kernel, given t, took its
 * host address (nothing maps t as a whole), so it read and wrote host
 * memory.  Through a pointer it lists  map(struct:*p) map(tofrom:
 * p->arr[0] [len: 512]) map(firstprivate:p [pointer assign, bias: 0])
 * : p got the device address of the section, and the kernel's p->arr[i]
 * added offsetof(arr) to it (past the section).  Instead each member gets
 * a pointer before the construct, `pm = &t.s` (`pm = &p->arr`), mapped as
 * the section its clause names (map(KIND: (*pm)[0] [len]) with pm's
 * pointer assign, whose bias is the section's offset in the member), and
 * the region uses *pm where it used t.s (p->arr).  Members mapped by
 * separate clauses may live in separate device blocks (acc_copyin(&s.a)
 * then acc_copyin(&s.b)): each has its own pointer.  GCC names p through
 * copies in the clauses (`p.2 = p` before the construct) and in the
 * region (`p.4 = p; p.4->arr[i]`) when several members of *p are mapped:
 * they count as p, and the region's copies become dead (`p.4 = 0`).
 *
 * The rewrite is done only when the region then no longer names t (p), or
 * when t (*p) also has pointer members attached to sections (`copy(v.a,
 * v.b[:n])`, GCC's deep-copy-1): struct-members.cc, which runs next, then
 * passes t (*p) by value with those pointers replaced.  When the region
 * uses p in other ways and one member of *p is mapped, p's pointer assign
 * gets the member's offset as its bias (the kernel's p->arr[i] is then the
 * device copy); with several, an error (their device copies may be
 * apart), as for one member in two clauses (`copy(p->arr[0:8])
 * copyin(p->arr[8:8])`: the region's uses would go through one pointer).
 * When the region uses other members of t (of *p) too, t (*p) is also
 * mapped whole, as OpenACC's implicit copy of an aggregate (map_whole_root). */
#include "passes/struct-members.h"
#include "passes/compute-internal.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"
#include "passes/flow.h"

/* T is *P (a MEM_REF at offset 0 or an INDIRECT_REF): P, else NULL. */
static tree deref_of(tree t)
{
  if (TREE_CODE(t) == INDIRECT_REF
      || (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1))))
    return TREE_OPERAND(t, 0);
  return NULL_TREE;
}

/* The member reference a clause's decl D names: D, or the array member
   whose section D starts (s.arr[8], s.m[1][0]); else NULL. */
static tree member_of(tree d)
{
  while (TREE_CODE(d) == ARRAY_REF)
    d = TREE_OPERAND(d, 0);
  return TREE_CODE(d) == COMPONENT_REF ? d : NULL_TREE;
}

/* What member path M (t.f1. ... .fn, or (*p).f1. ... .fn) starts from:
   the struct variable t or the pointer p; else NULL. */
static tree path_base(tree m)
{
  if (!m || TREE_CODE(m) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE(m) == COMPONENT_REF)
    m = TREE_OPERAND(m, 0);
  if (tree p = deref_of(m))
    return POINTER_TYPE_P(TREE_TYPE(p))
                   && (DECL_P(p) || TREE_CODE(p) == SSA_NAME)
               ? p : NULL_TREE;
  return DECL_P(m) ? m : NULL_TREE;
}

/* A local variable or parameter. */
static bool local_p(tree v)
{
  return (VAR_P(v) || TREE_CODE(v) == PARM_DECL) && !is_global_var(v);
}

/* The copies of pointers in the straight code just before the construct
   (`p.2 = p`, as GCC gimplifies the clauses of several members of *p):
   pairs (copy, source) in PAIRS, each the last definition of the copy,
   its source not assigned after it. */
static void outer_copies(gimple_stmt_iterator *gsi, vec<tree> *pairs)
{
  auto_vec<tree> defined;
  gimple_stmt_iterator g = *gsi;
  for (gsi_prev(&g); !gsi_end_p(g); gsi_prev(&g)) {
    gimple *s = gsi_stmt(g);
    if (is_gimple_debug(s))
      continue;
    if (gimple_code(s) != GIMPLE_ASSIGN)
      return;
    tree l = gimple_assign_lhs(s), r = gimple_assign_rhs1(s);
    if (gimple_assign_single_p(s) && POINTER_TYPE_P(TREE_TYPE(l))
        && (DECL_P(r) || TREE_CODE(r) == SSA_NAME) && !defined.contains(l)
        && !defined.contains(r)) {
      pairs->safe_push(l);
      pairs->safe_push(r);
    }
    defined.safe_push(l);
  }
}

/* B with the copies of PAIRS followed back to their source. */
static tree source_of(const vec<tree> &pairs, tree b)
{
  for (unsigned n = 0; b && n < pairs.length(); n++) {
    unsigned i = 0;
    while (i < pairs.length() && pairs[i] != b)
      i += 2;
    if (i >= pairs.length())
      break;
    b = pairs[i + 1];
  }
  return b;
}

/* Map clause C of a member (any non-pointer-section map) of a struct
   variable or of what a pointer variable points to: that root, else
   NULL. */
static tree value_member_root(const vec<tree> &pairs, tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || !accgpu_data_map_kind_p(c)
      || OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT
      || accgpu_attached_member_p(c))
    return NULL_TREE;
  tree r = source_of(pairs, path_base(member_of(OMP_CLAUSE_DECL(c))));
  return r && (VAR_P(r) || TREE_CODE(r) == PARM_DECL) ? r : NULL_TREE;
}

/* ROOT's members the construct maps, and the names ROOT goes by. */
struct value_swap {
  tree root;
  const vec<tree> *pairs; /* outer_copies */
  vec<tree> ptrs;         /* ROOT, its copies outside and in the region */
  vec<gimple *> copies;   /* the region's copies of ROOT */
  vec<tree> members, vars;
  bool other_use;
  bool deref_use; /* the region reads *ROOT beyond the mapped members */
  bool attached; /* pointer members of ROOT hold sections too */
  bool grew;     /* region_copies found another copy */
};

/* Are member paths A and B the same fields from ROOT (by any name)? */
static bool same_path(tree a, tree b, const value_swap *vs)
{
  while (TREE_CODE(a) == COMPONENT_REF && TREE_CODE(b) == COMPONENT_REF) {
    if (TREE_OPERAND(a, 1) != TREE_OPERAND(b, 1))
      return false;
    a = TREE_OPERAND(a, 0);
    b = TREE_OPERAND(b, 0);
  }
  if (TREE_CODE(a) == COMPONENT_REF || TREE_CODE(b) == COMPONENT_REF)
    return false;
  tree ka = deref_of(a) ? deref_of(a) : a, kb = deref_of(b) ? deref_of(b) : b;
  return (ka == a) == (kb == b) && vs->ptrs.contains(ka)
         && vs->ptrs.contains(kb);
}

/* walk_gimple_seq callback: collects the region's copies of VS->ptrs
   (`p.4 = p`, each copy variable assigned only copies); any other
   definition of one is another use of ROOT. */
static tree copy_stmt(gimple_stmt_iterator *gsi, bool *handled,
                      walk_stmt_info *wi)
{
  value_swap *vs = (value_swap *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  *handled = false;
  tree lhs = accgpu_lhs_of(s);
  if (!lhs || vs->copies.contains(s))
    return NULL_TREE;
  if (gimple_assign_single_p(s) && vs->ptrs.contains(gimple_assign_rhs1(s))
      && (TREE_CODE(lhs) == SSA_NAME || local_p(lhs))) {
    if (!vs->ptrs.contains(lhs))
      vs->ptrs.safe_push(lhs);
    vs->copies.safe_push(s);
    vs->grew = true;
  } else if (vs->ptrs.contains(lhs))
    vs->other_use = true;
  return NULL_TREE;
}

/* Adds the region's copies of ROOT to VS->ptrs (copies of copies too). */
static void region_copies(gimple_seq body, value_swap *vs)
{
  walk_stmt_info wi;
  do {
    memset(&wi, 0, sizeof wi);
    wi.info = vs;
    vs->grew = false;
    walk_gimple_seq(body, copy_stmt, NULL, &wi);
  } while (vs->grew);
}

/* walk_gimple_op callback: MEMBERS[i] becomes *VARS[i] (VARS empty: only
   looks); notes any other use of ROOT. */
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
      if (same_path(*tp, vs->members[i], vs)) {
        if (vs->vars.exists())
          *tp = build_simple_mem_ref(vs->vars[i]);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
  if (vs->ptrs.contains(*tp))
    vs->other_use = true;
  if (deref_of(*tp) && vs->ptrs.contains(deref_of(*tp)))
    vs->deref_use = true;
  return NULL_TREE;
}

/* walk_gimple_seq callback: the copies of ROOT are not uses. */
static tree skip_copies(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi)
{
  *handled = ((value_swap *)wi->info)->copies.contains(gsi_stmt(*gsi));
  return NULL_TREE;
}

static bool walk_values(gimple_seq body, value_swap *vs)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = vs;
  walk_gimple_seq_mod(&body, skip_copies, value_op, &wi);
  return !vs->other_use;
}

/* Does clause decl D name ROOT (itself, a member or element of it, or
   what ROOT points to)? */
static bool names_root(tree d, const value_swap *vs)
{
  while (d && (TREE_CODE(d) == COMPONENT_REF || TREE_CODE(d) == ARRAY_REF))
    d = TREE_OPERAND(d, 0);
  if (d && deref_of(d))
    d = deref_of(d);
  return d && source_of(*vs->pairs, d) == vs->root;
}

/* Clause C is one of the pseudo-maps GCC makes for the members of ROOT:
   the struct header (of t or *p), p's pointer assign, the zero-length
   map of *p before it. */
static bool root_pseudo_map_p(tree c, const value_swap *vs)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  tree d = OMP_CLAUSE_DECL(c);
  unsigned k = OMP_CLAUSE_MAP_KIND(c);
  if (k == GOMP_MAP_STRUCT)
    return names_root(d, vs);
  if (!POINTER_TYPE_P(TREE_TYPE(vs->root)))
    return false;
  if (k == GOMP_MAP_FIRSTPRIVATE_POINTER)
    return d == vs->root;
  return k == GOMP_MAP_ALLOC && deref_of(d) && names_root(d, vs)
         && OMP_CLAUSE_SIZE(c) && integer_zerop(OMP_CLAUSE_SIZE(c));
}

enum root_use {
  ROOT_KEEP,    /* another clause names ROOT: left as it is */
  ROOT_REWRITE, /* the members become pointers */
  ROOT_OTHER,   /* the region uses ROOT otherwise */
  ROOT_TWICE    /* two clauses name one member */
};

/* Clause C maps a member of VS->root: pushes it, false when another
   clause did already. */
static bool add_member(tree c, value_swap *vs)
{
  tree m = member_of(OMP_CLAUSE_DECL(c)), b = path_base(m);
  if (!vs->ptrs.contains(b))
    vs->ptrs.safe_push(b);
  for (unsigned i = 0; i < vs->members.length(); i++)
    if (same_path(m, vs->members[i], vs))
      return false;
  vs->members.safe_push(m);
  return true;
}

/* The members of ROOT that T's clauses map (VS), and what can be done. */
static root_use root_members(gomp_target *t, value_swap *vs)
{
  vs->ptrs.safe_push(vs->root);
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (value_member_root(*vs->pairs, c) == vs->root) {
      if (!add_member(c, vs))
        return ROOT_TWICE;
    } else if (accgpu_attached_member_p(c)
               && names_root(OMP_CLAUSE_DECL(c), vs))
      vs->attached = true; /* struct-members.cc: ROOT by value */
    else if (root_pseudo_map_p(c, vs))
      continue;
    else if ((OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
              || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE
              || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE
              || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
             && names_root(OMP_CLAUSE_DECL(c), vs))
      return ROOT_KEEP;
  }
  if (POINTER_TYPE_P(TREE_TYPE(vs->root)))
    region_copies(gimple_omp_body(t), vs);
  return walk_values(gimple_omp_body(t), vs) || vs->attached ? ROOT_REWRITE
                                                             : ROOT_OTHER;
}

/* (char *)&D - (char *)BASE as a value before GSI: a section's offset. */
static tree byte_offset(gimple_stmt_iterator *gsi, tree d, tree base)
{
  tree a = fold_convert(ptr_type_node, build_fold_addr_expr(unshare_expr(d)));
  tree b = fold_convert(ptr_type_node, unshare_expr(base));
  tree diff = fold_build2(POINTER_DIFF_EXPR, ssizetype, a, b);
  return accgpu_gimple_val(gsi, fold_convert(sizetype, diff));
}

/* D with its member reference M replaced by REF. */
static tree replace_member(tree d, tree m, tree ref)
{
  if (d == m)
    return ref;
  tree r = copy_node(d);
  TREE_OPERAND(r, 0) = replace_member(TREE_OPERAND(d, 0), m, ref);
  return r;
}

/* Member clause C as the section of *PM (PM = &member set before GSI),
   followed by PM's pointer assign, which it returns. */
static tree member_pointer(gimple_stmt_iterator *gsi, tree c, tree *pm)
{
  tree d = OMP_CLAUSE_DECL(c), m = member_of(d);
  const char *name = accgpu_item_name(c);
  *pm = create_tmp_var(build_pointer_type(TREE_TYPE(m)), "accvm");
  tree addr = build_fold_addr_expr(unshare_expr(m));
  gsi_insert_before(gsi, gimple_build_assign(*pm, accgpu_gimple_val(gsi,
                                                                    addr)),
                    GSI_SAME_STMT);
  tree bias = d == m ? size_zero_node : byte_offset(gsi, d, addr);
  OMP_CLAUSE_DECL(c) = replace_member(d, m, build_simple_mem_ref(*pm));
  accgpu_name_item(c, name);
  tree fp = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(fp) = *pm;
  OMP_CLAUSE_SIZE(fp) = bias;
  OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(c);
  OMP_CLAUSE_CHAIN(c) = fp;
  return fp;
}

/* Rewrites ROOT's member maps in T as pointer sections (file comment). */
static void rewrite_root(gimple_stmt_iterator *gsi, gomp_target *t,
                         value_swap *vs)
{
  if (!POINTER_TYPE_P(TREE_TYPE(vs->root)))
    TREE_ADDRESSABLE(vs->root) = 1;
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;) {
    tree c = *pc;
    if (root_pseudo_map_p(c, vs) && !vs->attached) {
      *pc = OMP_CLAUSE_CHAIN(c); /* the header, p's pointer assign */
      continue;
    }
    if (value_member_root(*vs->pairs, c) != vs->root) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    tree pm;
    pc = &OMP_CLAUSE_CHAIN(member_pointer(gsi, c, &pm));
    vs->vars.safe_push(pm);
  }
  gimple_omp_target_set_clauses(t, clauses);
  walk_values(gimple_omp_body(t), vs);
  for (unsigned i = 0; i < vs->copies.length() && !vs->attached; i++) {
    /* now dead (with attached members, struct-members.cc's to handle) */
    gimple *s = vs->copies[i];
    gimple_assign_set_rhs1(s, build_zero_cst(TREE_TYPE(gimple_assign_lhs(s))));
  }
}

/* The region uses pointer ROOT other than through the members of *ROOT
   that T maps: with one such member, whose clause p's pointer assign
   follows, the assign's bias becomes the member's offset in *p (GCC gives
   0: the kernel's p->arr[i] was past the section), and true; with
   several, an error. */
static bool pointer_bias(gimple_stmt_iterator *gsi, gomp_target *t,
                         value_swap *vs)
{
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (value_member_root(*vs->pairs, c) != vs->root)
      continue;
    tree fp = OMP_CLAUSE_CHAIN(c);
    if (vs->members.length() == 1 && fp && root_pseudo_map_p(fp, vs)
        && OMP_CLAUSE_MAP_KIND(fp) == GOMP_MAP_FIRSTPRIVATE_POINTER) {
      OMP_CLAUSE_SIZE(fp) = byte_offset(gsi, OMP_CLAUSE_DECL(c), vs->root);
      return true;
    }
    error_at(OMP_CLAUSE_LOCATION(c), "accgpu: %qs: the region of this "
             "compute construct uses %qE other than through the members of "
             "%<*%E%> its data clauses map, and their device copies may be "
             "apart (map the whole struct, %<%E[0:1]%>, or use only the "
             "mapped members)", accgpu_item_name(c), vs->root, vs->root,
             vs->root);
    return false;
  }
  return false;
}

/* GCC's struct header H (map(struct:s), its members' clauses following)
   becomes the map of the whole aggregate: `present` when each of its
   members' clauses is (PRESENT), else `copy` (OpenACC 3.3 §2.6.2). */
static void map_header_whole(tree h, bool present)
{
  OMP_CLAUSE_SET_MAP_KIND(h, present ? GOMP_MAP_FORCE_PRESENT
                                     : GOMP_MAP_TOFROM);
  OMP_CLAUSE_SIZE(h) = TYPE_SIZE_UNIT(TREE_TYPE(OMP_CLAUSE_DECL(h)));
}

/* The region uses VS->root beyond the members T's clauses map (`s.c`
   beside `present(s.v)`, `p->c` beside `copy(p->v)`): OpenACC 3.3 §2.6.2
   makes the aggregate itself implicitly `copy` (`present` when each of
   its members here is `present`), so GCC's header, map(struct:s), becomes
   that map of the whole struct and the kernel's s is its device copy
   (before, the kernel took s's host address: it read s.c in host
   memory; through p it read past the member's device block).  The
   runtime maps the larger of nested items first (map-order.c): the
   members are then present inside it, and s partly present (a member
   entered alone) is its error. */
static void map_whole_root(gomp_target *t, value_swap *vs)
{
  bool present = true;
  tree header = NULL_TREE, member = NULL_TREE;
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (value_member_root(*vs->pairs, c) == vs->root) {
      present &= OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FORCE_PRESENT;
      member = member ? member : c;
    } else if (!header && OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
             && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT
             && TREE_CODE(OMP_CLAUSE_DECL(c)) != COMPONENT_REF
             && names_root(OMP_CLAUSE_DECL(c), vs))
      header = c;
  }
  if (!header) { /* never seen: not a silent read of host memory */
    sorry_at(OMP_CLAUSE_LOCATION(member), "accgpu: %qs: the region of this "
             "compute construct uses other members of the struct too, and "
             "no map of the whole struct could be made (map it in a data "
             "clause)", accgpu_item_name(member));
    return;
  }
  map_header_whole(header, present);
}

/* Two clauses of T name sections of one member of ROOT: each would need
   its own pointer, and the region's uses of the member would go through
   only one of them. */
static void twice_error(gomp_target *t, value_swap *vs)
{
  vs->members.truncate(0);
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c))
    if (value_member_root(*vs->pairs, c) == vs->root && !add_member(c, vs)) {
      tree m = member_of(OMP_CLAUSE_DECL(c));
      error_at(OMP_CLAUSE_LOCATION(c), "accgpu: %qs: member %qE is in "
               "another data clause of this compute construct too (name "
               "one section covering both)", accgpu_item_name(c),
               TREE_OPERAND(m, 1));
      return;
    }
}

/* What root_members found VS->root's members to allow, done. */
static void rewrite_or_refuse(gimple_stmt_iterator *gsi, gomp_target *t,
                              value_swap *vs)
{
  switch (root_members(t, vs)) {
  case ROOT_REWRITE:
    rewrite_root(gsi, t, vs);
    break;
  case ROOT_OTHER:
    if (!POINTER_TYPE_P(TREE_TYPE(vs->root)))
      map_whole_root(t, vs);
    else if (pointer_bias(gsi, t, vs) && vs->deref_use)
      map_whole_root(t, vs); /* p's bias then gives *p's device copy */
    break;
  case ROOT_TWICE:
    twice_error(t, vs);
    break;
  case ROOT_KEEP:
    break;
  }
}

/* ---- Members of an element of a pointer: copy(arr[1].v), copy(arr[j].v) --
 * GCC lists  map(struct:*_9 [len: 1]) map(tofrom:_10->v [len: 512])
 * firstprivate(arr)  with `_10 = arr + 520` computed before the construct,
 * and the region computes `D = arr + 520; D->c` from arr itself, whose
 * implicit section arr[1:1] (implicit-sections.cc) finds the member's
 * device block present and takes the element's device address from it:
 * the kernel's arr[1].c was read before that block.  When the region uses
 * more of an element than the mapped members, the element is implicitly
 * `copy` as an aggregate (OpenACC 3.3 §2.6.2, as map_whole_root): GCC's
 * header becomes the map of the whole element, mapped before the members
 * (map-order.c: the larger of nested items first), so the members and
 * arr[1:1] are found present inside it and arr's bias comes from the
 * element.  A region that uses only the members keeps the member maps. */

/* B is the address of an element of a pointer variable (`_10 = arr + 520`,
   `_6 = arr + _5`, SSA names set before the construct): that variable,
   else NULL. */
static tree element_pointer(tree b)
{
  if (!b || TREE_CODE(b) != SSA_NAME || !SSA_NAME_DEF_STMT(b))
    return NULL_TREE;
  gimple *s = SSA_NAME_DEF_STMT(b);
  if (!is_gimple_assign(s) || gimple_assign_rhs_code(s) != POINTER_PLUS_EXPR)
    return NULL_TREE;
  tree a = gimple_assign_rhs1(s);
  return VAR_P(a) || TREE_CODE(a) == PARM_DECL ? a : NULL_TREE;
}

/* The elements' mapped members, and what the region uses of them. */
struct element_use {
  tree arr;          /* the pointer variable */
  vec<tree> members; /* member paths of the clauses */
  vec<tree> ptrs;    /* arr and the region's `q = arr + off`, `q = arr` */
  bool rest;         /* the region uses more of an element */
};

/* walk_gimple_seq callback: collects the region's pointers to elements of
   EU->arr into EU->ptrs. */
static tree element_copy(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  element_use *eu = (element_use *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  *handled = false;
  if (is_gimple_assign(s) && gimple_assign_rhs1(s) == eu->arr
      && (gimple_assign_rhs_code(s) == POINTER_PLUS_EXPR
          || gimple_assign_single_p(s))
      && !eu->ptrs.contains(gimple_assign_lhs(s)))
    eu->ptrs.safe_push(gimple_assign_lhs(s));
  return NULL_TREE;
}

/* Are the fields of member path R (from an element) those of M? */
static bool same_fields(tree r, tree m)
{
  while (TREE_CODE(r) == COMPONENT_REF && TREE_CODE(m) == COMPONENT_REF) {
    if (TREE_OPERAND(r, 1) != TREE_OPERAND(m, 1))
      return false;
    r = TREE_OPERAND(r, 0);
    m = TREE_OPERAND(m, 0);
  }
  return TREE_CODE(r) != COMPONENT_REF && TREE_CODE(m) != COMPONENT_REF;
}

/* walk_gimple_op callback: a reference to an element of EU->arr (through
   EU->ptrs) that is not within a mapped member sets EU->rest. */
static tree element_op(tree *tp, int *walk_subtrees, void *data)
{
  element_use *eu = (element_use *)((walk_stmt_info *)data)->info;
  tree r = *tp, base = r;
  if (TYPE_P(r) || (TREE_CODE(r) != COMPONENT_REF && TREE_CODE(r) != MEM_REF))
    return NULL_TREE;
  while (TREE_CODE(base) == COMPONENT_REF)
    base = TREE_OPERAND(base, 0);
  if (TREE_CODE(base) != MEM_REF || !eu->ptrs.contains(TREE_OPERAND(base, 0)))
    return NULL_TREE;
  *walk_subtrees = 0;
  for (tree x = r; TREE_CODE(x) == COMPONENT_REF; x = TREE_OPERAND(x, 0))
    for (unsigned i = 0; i < eu->members.length(); i++)
      if (same_fields(x, eu->members[i]))
        return NULL_TREE;
  eu->rest = true;
  return NULL_TREE;
}

/* Header H (map(struct:*_9 [len: n]), its n members following) of the
   members of an element of a pointer: the element becomes mapped whole
   when the region of T uses more of it (comment above). */
static void element_header(gomp_target *t, tree h)
{
  element_use eu = {NULL_TREE, vNULL, vNULL, false};
  bool present = true;
  tree c = OMP_CLAUSE_CHAIN(h);
  for (unsigned n = tree_to_uhwi(OMP_CLAUSE_SIZE(h)); n && c;
       n--, c = OMP_CLAUSE_CHAIN(c)) {
    tree m = member_of(OMP_CLAUSE_DECL(c));
    tree a = element_pointer(path_base(m));
    if (!a || (eu.arr && a != eu.arr) || !accgpu_data_map_kind_p(c))
      break;
    eu.arr = a;
    eu.members.safe_push(m);
    present &= OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FORCE_PRESENT;
  }
  if (eu.arr && !eu.members.is_empty()) {
    eu.ptrs.safe_push(eu.arr);
    walk_stmt_info wi;
    memset(&wi, 0, sizeof wi);
    wi.info = &eu;
    walk_gimple_seq(gimple_omp_body(t), element_copy, NULL, &wi);
    memset(&wi, 0, sizeof wi);
    wi.info = &eu;
    walk_gimple_seq(gimple_omp_body(t), NULL, element_op, &wi);
  }
  if (eu.rest)
    map_header_whole(h, present);
  eu.members.release();
  eu.ptrs.release();
}

/* The headers of T's members of elements of pointers (element_header). */
static void element_maps(gomp_target *t)
{
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
        && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT
        && deref_of(OMP_CLAUSE_DECL(c))
        && element_pointer(deref_of(OMP_CLAUSE_DECL(c)))
        && tree_fits_uhwi_p(OMP_CLAUSE_SIZE(c)))
      element_header(t, c);
}

void accgpu_struct_value_maps(gimple_stmt_iterator *gsi, gomp_target *t)
{
  element_maps(t);
  auto_vec<tree> roots, pairs;
  outer_copies(gsi, &pairs);
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    tree r = value_member_root(pairs, c);
    if (r && !roots.contains(r))
      roots.safe_push(r);
  }
  for (unsigned i = 0; i < roots.length(); i++) {
    value_swap vs = {roots[i], &pairs, vNULL, vNULL, vNULL, vNULL,
                     false, false, false, false};
    rewrite_or_refuse(gsi, t, &vs);
    vs.ptrs.release();
    vs.copies.release();
    vs.members.release();
    vs.vars.release();
  }
}
