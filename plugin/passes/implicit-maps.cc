/* implicit-maps.cc — the maps GCC's implicit data rules put on compute
 * constructs, and maps of read-only objects.
 *
 * GCC 12 does not flag the maps its implicit data rules make for OpenACC
 * (OMP_CLAUSE_MAP_IMPLICIT is for OpenMP), but gives them the construct's
 * location; a clause written in the source has its variable's.
 *
 * A `static const` table, a const global or GCC's copy of a large
 * initializer (`tab = *.LC0`) used in a region is mapped `tofrom` by GCC:
 * copying it back wrote read-only memory (a crash).  Such an object with
 * a constant initializer is not mapped at all (kernel-gen defines it in
 * the module); other maps of read-only variables copy in only. */
#include "passes/implicit-maps.h"
#include "passes/const-init.h"
#include "passes/flow.h"

bool accgpu_implicit_clause_p(gomp_target *t, tree c)
{
  return OMP_CLAUSE_LOCATION(c) == gimple_location(t)
         && !accgpu_clause_written_p(gimple_location(t), OMP_CLAUSE_DECL(c));
}

bool accgpu_implicit_map_p(gomp_target *t, tree c)
{
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
         && (OMP_CLAUSE_MAP_IMPLICIT(c) || accgpu_implicit_clause_p(t, c));
}

/* KIND without its copy back to the host. */
static enum gomp_map_kind copy_in_only(enum gomp_map_kind kind)
{
  switch (kind) {
  case GOMP_MAP_TOFROM:
  case GOMP_MAP_ALWAYS_TOFROM:
    return GOMP_MAP_TO;
  case GOMP_MAP_FORCE_TOFROM:
    return GOMP_MAP_FORCE_TO;
  case GOMP_MAP_FROM:
  case GOMP_MAP_ALWAYS_FROM:
    return GOMP_MAP_ALLOC;
  case GOMP_MAP_FORCE_FROM:
    return GOMP_MAP_FORCE_ALLOC;
  default:
    return kind;
  }
}

void accgpu_readonly_maps(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  tree *pc = &clauses;
  while (*pc) {
    tree c = *pc;
    tree d = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP ? OMP_CLAUSE_DECL(c) : NULL;
    if (!d || !VAR_P(d) || !TREE_READONLY(d)) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    if (accgpu_implicit_map_p(t, c) && kg_module_const_p(d)) {
      *pc = OMP_CLAUSE_CHAIN(c);
      continue;
    }
    OMP_CLAUSE_SET_MAP_KIND(c, copy_in_only(OMP_CLAUSE_MAP_KIND(c)));
    pc = &OMP_CLAUSE_CHAIN(c);
  }
  gimple_omp_target_set_clauses(t, clauses);
}

/* ---- Scalars declared in a data construct's body ----------------------

   GCC 12 maps (tofrom) a scalar declared inside the body of a `data`
   construct that a `parallel` or `serial` construct there uses without a
   data clause, as if the data construct had mapped it.  OpenACC 3.3
   §2.6.2 makes such a scalar firstprivate: it appears in no data clause of
   the construct or of an enclosing data construct.  The map made the kernel
   read the variable when it ran, not when the construct was met (an async
   kernel on the multicore device saw later values), and copied it back. */

/* Is V named by a clause of a construct other than a compute construct
   (data, host_data, enter/exit data, update, declare) in the function? */
static bool data_clause_decl_p(struct accgpu_flat *fn, tree v)
{
  for (unsigned k = 0; k < fn->st.length(); k++) {
    gomp_target *t = dyn_cast<gomp_target *>(fn->st[k]);
    int kind = t ? gimple_omp_target_kind(t) : -1;
    if (!t || kind == GF_OMP_TARGET_KIND_OACC_PARALLEL
        || kind == GF_OMP_TARGET_KIND_OACC_KERNELS
        || kind == GF_OMP_TARGET_KIND_OACC_SERIAL)
      continue;
    for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL(c) == v)
        return true;
  }
  return false;
}

/* walk_gimple_seq callback: an acc loop reducing into WI->info. */
static tree reduction_cb(gimple_stmt_iterator *gsi, bool *handled,
                         struct walk_stmt_info *wi)
{
  gomp_for *f = dyn_cast<gomp_for *>(gsi_stmt(*gsi));
  if (!f)
    return NULL_TREE;
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
        && OMP_CLAUSE_DECL(c) == (tree)wi->info) {
      *handled = true; /* walk_gimple_stmt: a result needs it */
      return integer_one_node;
    }
  return NULL_TREE;
}

/* Clause C of parallel/serial construct T is GCC's map of a local scalar
   that no data clause names and no loop of T reduces into (a loop
   reduction's implicit copy is OpenACC's own rule). */
static bool data_body_scalar_p(struct accgpu_flat *fn, gomp_target *t, tree c)
{
  if (!accgpu_implicit_map_p(t, c)
      || OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_TOFROM)
    return false;
  tree v = OMP_CLAUSE_DECL(c);
  if (!VAR_P(v) || is_global_var(v) || !is_gimple_reg_type(TREE_TYPE(v))
      || lookup_attribute("oacc declare target", DECL_ATTRIBUTES(v)))
    return false;
  struct walk_stmt_info wi = {};
  wi.info = v;
  return !walk_gimple_seq(gimple_omp_body(t), reduction_cb, NULL, &wi)
         && !data_clause_decl_p(fn, v);
}

void accgpu_firstprivate_data_body_scalars(gimple_seq body)
{
  struct accgpu_flat fn;
  accgpu_flat_init(&fn, body);
  for (unsigned k = 0; k < fn.st.length(); k++) {
    gomp_target *t = dyn_cast<gomp_target *>(fn.st[k]);
    int kind = t ? gimple_omp_target_kind(t) : -1;
    if (kind != GF_OMP_TARGET_KIND_OACC_PARALLEL
        && kind != GF_OMP_TARGET_KIND_OACC_SERIAL)
      continue;
    tree clauses = gimple_omp_target_clauses(t);
    for (tree *pc = &clauses; *pc; pc = &OMP_CLAUSE_CHAIN(*pc))
      if (data_body_scalar_p(&fn, t, *pc)) {
        tree fp = build_omp_clause(OMP_CLAUSE_LOCATION(*pc),
                                   OMP_CLAUSE_FIRSTPRIVATE);
        OMP_CLAUSE_DECL(fp) = OMP_CLAUSE_DECL(*pc);
        OMP_CLAUSE_CHAIN(fp) = OMP_CLAUSE_CHAIN(*pc);
        *pc = fp;
      }
    gimple_omp_target_set_clauses(t, clauses);
  }
  accgpu_flat_fini(&fn);
}
