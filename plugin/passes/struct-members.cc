/* struct-members.cc — sections of struct members on compute constructs.
 *
 * For `#pragma acc parallel loop copy(v.x[0:v.n])` with a struct v, GCC
 * lists  map(struct:v) map(alloc:v.x) map(tofrom:*D [len]) map(attach:v.x)
 * : a device struct of which only the member is allocated, its pointer
 * attached to the data.  The kernel then reads v.n from memory nobody
 * mapped.  Instead, before the construct, `px = v.x`; the region uses px
 * where it read v.x, px is mapped like any pointer section (the data map
 * followed by px's pointer assign, with the attach's bias), and v goes to
 * the kernel by value, as OpenACC's firstprivate: its other members are
 * the host's, its own pointer members are not used there.              */
#include "passes/struct-members.h"
#include "passes/flow.h"

/* The local struct variable member path D (v.f1. ... .fn, nested
   structs included) starts from, else NULL. */
static tree member_root_var(tree d)
{
  if (TREE_CODE(d) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE(d) == COMPONENT_REF)
    d = TREE_OPERAND(d, 0);
  return (VAR_P(d) || TREE_CODE(d) == PARM_DECL) && !is_global_var(d) ? d
                                                                       : NULL;
}

/* Clause C attaches a pointer member of a struct variable: its base. */
static tree attached_struct(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
      || (OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_ATTACH
          && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_ATTACH_DETACH))
    return NULL_TREE;
  tree d = OMP_CLAUSE_DECL(c);
  return POINTER_TYPE_P(TREE_TYPE(d)) ? member_root_var(d) : NULL_TREE;
}

/* walk_gimple_op callback: replaces the member reference by its variable
   (VAR NULL: only notes a store to the member). */
struct member_swap {
  tree member, var;
  bool stored;
};

static tree swap_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  member_swap *ms = (member_swap *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) == TREE_CODE(ms->member)
      && operand_equal_p(*tp, ms->member, 0)) {
    ms->stored |= wi->is_lhs;
    if (ms->var)
      *tp = ms->var;
    *walk_subtrees = 0;
  }
  return NULL_TREE;
}

static bool swap_member(gimple_seq body, tree member, tree var)
{
  member_swap ms = {member, var, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &ms;
  walk_gimple_seq_mod(&body, NULL, swap_op, &wi);
  return ms.stored;
}

/* A data map of a section (not a variable), the clause an attach follows. */
static bool section_map_p(tree c)
{
  return c && OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && !attached_struct(c)
         && !DECL_P(OMP_CLAUSE_DECL(c))
         && TREE_CODE(OMP_CLAUSE_DECL(c)) != COMPONENT_REF;
}

/* The clauses of T say what this file rewrites and nothing else about
   the structs: each attach follows its section, the region never stores
   to the member, the struct's other maps are its header and the members'
   allocations. Fills BASES. */
static bool rewritable(gomp_target *t, vec<tree> *bases)
{
  tree prev = NULL_TREE, cl = gimple_omp_target_clauses(t);
  for (tree c = cl; c; prev = c, c = OMP_CLAUSE_CHAIN(c)) {
    tree b = attached_struct(c);
    if (!b)
      continue;
    if (!section_map_p(prev)
        || swap_member(gimple_omp_body(t), OMP_CLAUSE_DECL(c), NULL_TREE))
      return false;
    if (!bases->contains(b))
      bases->safe_push(b);
  }
  for (tree c = cl; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || attached_struct(c))
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    bool header = OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_STRUCT;
    tree root = member_root_var(d);
    bool member = root && bases->contains(root);
    if ((bases->contains(d) && !header)
        || (member && (!POINTER_TYPE_P(TREE_TYPE(d))
                       || OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_ALLOC)))
      return false;
  }
  return !bases->is_empty();
}

/* firstprivate(V) of T, chained before CLAUSES. */
static tree firstprivate(gomp_target *t, tree v, tree clauses)
{
  tree fp = build_omp_clause(gimple_location(t), OMP_CLAUSE_FIRSTPRIVATE);
  OMP_CLAUSE_DECL(fp) = v;
  OMP_CLAUSE_CHAIN(fp) = clauses;
  return fp;
}

/* The pointer assign of PX that replaces attach clause C in its chain: PX
   gets the device address of the section before it, less the bias. */
static tree pointer_assign(tree c, tree px)
{
  tree fp = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(fp) = px;
  OMP_CLAUSE_SIZE(fp) = OMP_CLAUSE_SIZE(c); /* the bias */
  OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(c);
  return fp;
}

/* A pointer variable for the member attach clause C maps, set before
   GSI; the region uses it; returns its pointer-assign clause. */
static tree member_pointer(gimple_stmt_iterator *gsi, gomp_target *t, tree c)
{
  tree m = OMP_CLAUSE_DECL(c);
  tree px = create_tmp_var(TREE_TYPE(m), "accsm");
  gsi_insert_before(gsi, gimple_build_assign(px, unshare_expr(m)),
                    GSI_SAME_STMT);
  swap_member(gimple_omp_body(t), m, px);
  return pointer_assign(c, px);
}

void accgpu_struct_member_maps(gimple_stmt_iterator *gsi, gomp_target *t)
{
  vec<tree> bases = vNULL;
  if (!rewritable(t, &bases)) {
    bases.release();
    return;
  }
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;) {
    tree c = *pc, d = OMP_CLAUSE_DECL(c);
    if (attached_struct(c)) {
      *pc = member_pointer(gsi, t, c);
      pc = &OMP_CLAUSE_CHAIN(*pc);
    } else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
               && (bases.contains(d) || (member_root_var(d)
                   && bases.contains(member_root_var(d)))))
      *pc = OMP_CLAUSE_CHAIN(c); /* the header, the member's allocation */
    else
      pc = &OMP_CLAUSE_CHAIN(c);
  }
  for (unsigned i = 0; i < bases.length(); i++)
    clauses = firstprivate(t, bases[i], clauses);
  gimple_omp_target_set_clauses(t, clauses);
  bases.release();
}

/* ---- members reached through a pointer to the struct (p->x) ---- */

/* T is *P (a MEM_REF at offset 0 or an INDIRECT_REF): P, else NULL. */
static tree deref_of(tree t)
{
  if (TREE_CODE(t) == INDIRECT_REF
      || (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1))))
    return TREE_OPERAND(t, 0);
  return NULL_TREE;
}

/* The *P that member path D, (*P).f1. ... .fn, starts from, else NULL:
   members of nested structs (`sim->grid.u`) as well as direct ones. */
static tree member_base(tree d)
{
  if (TREE_CODE(d) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE(d) == COMPONENT_REF)
    d = TREE_OPERAND(d, 0);
  return deref_of(d) ? d : NULL_TREE;
}

/* Are A and B the same member path from *P, P one of PTRS (the same
   fields in turn)? */
static bool same_member(tree a, tree b, const vec<tree> &ptrs)
{
  while (TREE_CODE(a) == COMPONENT_REF && TREE_CODE(b) == COMPONENT_REF) {
    if (TREE_OPERAND(a, 1) != TREE_OPERAND(b, 1))
      return false;
    a = TREE_OPERAND(a, 0);
    b = TREE_OPERAND(b, 0);
  }
  tree pa = deref_of(a), pb = deref_of(b);
  return pa && pb && ptrs.contains(pa) && ptrs.contains(pb);
}

/* Member path M with its *P replaced by the struct variable SV. */
static tree rebase(tree m, tree sv)
{
  if (TREE_CODE(m) != COMPONENT_REF)
    return sv;
  return build3(COMPONENT_REF, TREE_TYPE(m), rebase(TREE_OPERAND(m, 0), sv),
                TREE_OPERAND(m, 1), NULL_TREE);
}

/* Clause C attaches a pointer member of *P (or of a struct nested in it),
   P a pointer variable: P. */
static tree attached_pointee(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
      || (OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_ATTACH
          && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_ATTACH_DETACH))
    return NULL_TREE;
  tree d = OMP_CLAUSE_DECL(c), b = member_base(d);
  if (!b || !POINTER_TYPE_P(TREE_TYPE(d)))
    return NULL_TREE;
  tree p = deref_of(b);
  return p && (VAR_P(p) || TREE_CODE(p) == PARM_DECL) && !is_global_var(p)
             ? p : NULL_TREE;
}

/* walk_gimple_op callback: each member path of MEMBERS becomes its
   pointer variable, any other *p the struct variable; notes stores to
   either. */
struct pointee_swap {
  tree p, sv;
  vec<tree> members, vars;
  vec<tree> ptrs; /* p and its copies in the body (pointer_copies) */
  bool stored;
};

static tree pointee_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  pointee_swap *ps = (pointee_swap *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) == COMPONENT_REF)
    for (unsigned i = 0; i < ps->members.length(); i++)
      if (same_member(*tp, ps->members[i], ps->ptrs)) {
        ps->stored |= wi->is_lhs;
        *tp = ps->vars[i];
        *walk_subtrees = 0;
        return NULL_TREE;
      }
  tree q = deref_of(*tp);
  if (q && ps->ptrs.contains(q)
      && TYPE_MAIN_VARIANT(TREE_TYPE(*tp)) == TREE_TYPE(ps->sv)) {
    ps->stored |= wi->is_lhs;
    *tp = ps->sv;
    *walk_subtrees = 0;
  }
  return NULL_TREE;
}

/* The body's copies of P (`sim.3 = sim`, as GCC gimplifies some
   regions): walk_gimple_seq callback collecting each local assigned from
   P (COPIES the assignments); FAIL when such a local has another
   definition, or (READS) when a copy is read after the rewrite. */
struct copy_scan {
  tree p;
  vec<tree> *locals;
  vec<gimple *> copies;
  bool fail, reads;
};

/* walk_gimple_op callback: a copy of the pointer (not the pointer). */
static tree copy_op(tree *tp, int *walk_subtrees, void *data)
{
  vec<tree> *locals = (vec<tree> *)((walk_stmt_info *)data)->info;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  for (unsigned i = 1; i < locals->length(); i++)
    if (*tp == (*locals)[i])
      return *tp;
  return NULL_TREE;
}

static tree copy_stmt(gimple_stmt_iterator *gsi, bool *handled,
                      walk_stmt_info *wi)
{
  copy_scan *cs = (copy_scan *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  tree lhs = accgpu_lhs_of(s);
  *handled = false;
  if (cs->reads) { /* the statement's own operands, not its body's */
    walk_stmt_info w;
    memset(&w, 0, sizeof w);
    w.info = cs->locals;
    if (!cs->copies.contains(s) && walk_gimple_op(s, copy_op, &w))
      cs->fail = true;
    return NULL_TREE;
  }
  if (gimple_assign_single_p(s) && gimple_assign_rhs1(s) == cs->p && lhs
      && VAR_P(lhs) && !is_global_var(lhs)) {
    if (!cs->locals->contains(lhs))
      cs->locals->safe_push(lhs);
    cs->copies.safe_push(s);
  } else if (lhs && cs->locals->contains(lhs))
    cs->fail = true;
  return NULL_TREE;
}

/* Fills PS->ptrs with P and its copies in BODY; false when a copy is
   assigned anything else. */
static bool pointer_copies(gimple_seq body, pointee_swap *ps, copy_scan *cs)
{
  ps->ptrs.safe_push(ps->p);
  *cs = {ps->p, &ps->ptrs, vNULL, false, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = cs;
  walk_gimple_seq(body, copy_stmt, NULL, &wi);
  return !cs->fail;
}

/* After the rewrite the copies are dead: `q = 0`; false when one is still
   read. */
static bool drop_copies(gimple_seq body, copy_scan *cs)
{
  for (unsigned i = 0; i < cs->copies.length(); i++) {
    gimple *s = cs->copies[i];
    gimple_assign_set_rhs1(s, build_zero_cst(TREE_TYPE(gimple_assign_lhs(s))));
  }
  cs->reads = true;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = cs;
  walk_gimple_seq(body, copy_stmt, NULL, &wi);
  cs->copies.release();
  return !cs->fail;
}

static bool seq_refs_var(gimple_seq seq, tree v)
{
  for (gimple_stmt_iterator g = gsi_start(seq); !gsi_end_p(g); gsi_next(&g))
    if (accgpu_stmt_refs(gsi_stmt(g), v))
      return true;
  return false;
}

/* T's clauses for P: each attach becomes the pointer assign of its
   variable (VARS, in clause order), *P's own maps go, SV is
   firstprivate. */
static void rewrite_pointee_clauses(gomp_target *t, tree p, tree sv,
                                    vec<tree> vars)
{
  tree clauses = gimple_omp_target_clauses(t);
  unsigned k = 0;
  for (tree *pc = &clauses; *pc;) {
    tree c = *pc, d = OMP_CLAUSE_DECL(c);
    if (attached_pointee(c) == p) {
      *pc = pointer_assign(c, vars[k++]);
      pc = &OMP_CLAUSE_CHAIN(*pc);
    } else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
               && (d == p || deref_of(d) == p))
      *pc = OMP_CLAUSE_CHAIN(c); /* *p's own map and pointer assign */
    else
      pc = &OMP_CLAUSE_CHAIN(c);
  }
  gimple_omp_target_set_clauses(t, firstprivate(t, sv, clauses));
}

/* Rewrites, on a copy of T's body, P's members to pointer variables and
   *P to a struct variable set before GSI; commits when the region then
   no longer refers to P and stores to neither. */
static void rewrite_pointee(gimple_stmt_iterator *gsi, gomp_target *t, tree p)
{
  gimple_seq body = gimple_seq_copy(gimple_omp_body(t)), init = NULL;
  tree clauses = gimple_omp_target_clauses(t), prev = NULL_TREE;
  pointee_swap ps = {p, NULL_TREE, vNULL, vNULL, vNULL, false};
  copy_scan cs;
  bool bad = !pointer_copies(body, &ps, &cs);
  for (tree c = clauses; c; prev = c, c = OMP_CLAUSE_CHAIN(c)) {
    if (attached_pointee(c) != p)
      continue;
    tree m = OMP_CLAUSE_DECL(c);
    if (!ps.sv) { /* sv = *p, then each member from sv */
      ps.sv = create_tmp_var(TYPE_MAIN_VARIANT(TREE_TYPE(member_base(m))),
                             "accsv");
      gimple_seq_add_stmt(&init, gimple_build_assign(ps.sv,
                                                     build_simple_mem_ref(p)));
    }
    tree px = create_tmp_var(TREE_TYPE(m), "accsm");
    gimple_seq_add_stmt(&init, gimple_build_assign(px, rebase(m, ps.sv)));
    ps.members.safe_push(m);
    ps.vars.safe_push(px);
    bad |= !section_map_p(prev);
  }
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &ps;
  walk_gimple_seq_mod(&body, NULL, pointee_op, &wi);
  bad |= !drop_copies(body, &cs);
  bad |= ps.stored || seq_refs_var(body, p);
  if (!bad) {
    gimple_omp_set_body(t, body);
    gsi_insert_seq_before(gsi, init, GSI_SAME_STMT);
    rewrite_pointee_clauses(t, p, ps.sv, ps.vars);
  }
  ps.members.release();
  ps.vars.release();
  ps.ptrs.release();
}

void accgpu_pointee_member_maps(gimple_stmt_iterator *gsi, gomp_target *t)
{
  vec<tree> ps = vNULL;
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    tree p = attached_pointee(c);
    if (p && !ps.contains(p))
      ps.safe_push(p);
  }
  for (unsigned i = 0; i < ps.length(); i++)
    rewrite_pointee(gsi, t, ps[i]);
  ps.release();
}
