/* struct-wrap.cc — a whole struct and sections of its pointer members on
 * one compute construct: `parallel copyin(s) copy(s.a[0:s.n])`.
 *
 * GCC lists  map(to:s) map(alloc:s.a) map(tofrom:*D [len]) map(attach:s.a)
 * : the device struct is the kernel's s, its member attached to the device
 * array (OpenACC 2.6 attach).  The data construct does exactly that
 * (lower-data.cc), so the construct becomes
 *     data <those clauses> { compute present(s) <its other clauses> }
 * and the kernel reads s.a through the device copy of s.  The data
 * construct takes copies of the if and wait clauses; with async the
 * region's end waits for the kernel (lower-data.cc: a region whose body
 * queues async work), as if the construct were synchronous.            */
#include "passes/struct-members.h"

/* T is a member reference (s.a, s.in.a) of a struct variable: it. */
static tree member_base(tree t)
{
  if (TREE_CODE(t) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE(t) == COMPONENT_REF)
    t = TREE_OPERAND(t, 0);
  return VAR_P(t) || TREE_CODE(t) == PARM_DECL ? t : NULL_TREE;
}

static bool attach_p(tree c)
{
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
         && (OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_ATTACH
             || OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_ATTACH_DETACH);
}

/* The map clause of CL that maps V itself (not its header), or NULL. */
static tree whole_map(tree cl, tree v)
{
  for (tree c = cl; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL(c) == v
        && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_STRUCT)
      return c;
  return NULL_TREE;
}

/* The if and wait clauses of CL, copied, before DATA: the data region
   maps only when the construct runs on the device, after the same
   waits. */
static tree with_conditions(tree cl, tree data)
{
  for (tree c = cl; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_IF
        || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WAIT) {
      tree d = copy_node(c);
      OMP_CLAUSE_CHAIN(d) = data;
      data = d;
    }
  return data;
}

/* Clause C belongs to the data construct: a map of a wrapped struct, of
   its members, an attach, or the section the attach follows. */
static bool moves_p(tree c, vec<tree> *bases)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  tree d = OMP_CLAUSE_DECL(c), b = member_base(d);
  if (bases->contains(d) || (b && bases->contains(b)))
    return true;
  tree n = OMP_CLAUSE_CHAIN(c);
  return n && attach_p(n) && member_base(OMP_CLAUSE_DECL(n))
         && bases->contains(member_base(OMP_CLAUSE_DECL(n)));
}

/* present(V) for the compute construct, at C's location. */
static tree present_of(tree c, tree v)
{
  tree p = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(p, GOMP_MAP_FORCE_PRESENT);
  OMP_CLAUSE_DECL(p) = v;
  OMP_CLAUSE_SIZE(p) = TYPE_SIZE_UNIT(TREE_TYPE(v));
  return p;
}

bool accgpu_struct_data_wrap(gimple_stmt_iterator *gsi, gomp_target *t)
{
  tree cl = gimple_omp_target_clauses(t);
  vec<tree> bases = vNULL;
  for (tree c = cl; c; c = OMP_CLAUSE_CHAIN(c)) {
    tree b = attach_p(c) ? member_base(OMP_CLAUSE_DECL(c)) : NULL_TREE;
    if (b && whole_map(cl, b) && !bases.contains(b))
      bases.safe_push(b);
  }
  if (bases.is_empty()) {
    bases.release();
    return false;
  }
  tree data = NULL_TREE, keep = NULL_TREE, *pd = &data, *pk = &keep;
  for (tree c = cl, n; c; c = n) {
    n = OMP_CLAUSE_CHAIN(c);
    tree **pp = moves_p(c, &bases) ? &pd : &pk;
    **pp = c;
    *pp = &OMP_CLAUSE_CHAIN(c);
  }
  *pd = *pk = NULL_TREE;
  data = with_conditions(keep, data);
  for (unsigned i = 0; i < bases.length(); i++) {
    tree p = present_of(whole_map(data, bases[i]), bases[i]);
    OMP_CLAUSE_CHAIN(p) = keep;
    keep = p;
  }
  bases.release();
  gimple_omp_target_set_clauses(t, keep);
  gomp_target *w = gimple_build_omp_target(NULL, GF_OMP_TARGET_KIND_OACC_DATA,
                                           data);
  gimple_set_location(w, gimple_location(t));
  gsi_replace(gsi, w, false);
  gimple_omp_set_body(w, gimple_seq_alloc_with_stmt(t));
  return true;
}
