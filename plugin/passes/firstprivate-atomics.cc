/* firstprivate-atomics.cc — an atomic that writes a scalar the construct
 * made firstprivate.  A search kernel records what it found,
 *
 *     int found = 0;
 *     #pragma acc parallel loop
 *     for (...) if (hit) {
 *       #pragma acc atomic write
 *       found = 1; }
 *
 * and on `parallel` and `serial` a scalar without a data clause is
 * firstprivate (OpenACC 3.3 §2.5.1, §2.6.2): the atomic changes the copy
 * of one gang and `found` is 0 after the construct, on every device.  The
 * program is wrong by the specification, silently; a warning at the
 * atomic says why and what to write (`copy(found)`).  Atomic reads, and
 * scalars the construct turned into implicit reductions, are left alone. */
#include "passes/implicit-reductions.h"
#include "passes/implicit-maps.h"
#include "passes/routine-globals.h"

struct fa_scan {
  tree v;
  tree loaded; /* lhs of an atomic load of V, until its store */
  location_t at;
};

/* Is ADDR the address of V? */
static bool addr_of_p(tree addr, tree v)
{
  return TREE_CODE(addr) == ADDR_EXPR && TREE_OPERAND(addr, 0) == v;
}

static tree fa_stmt(gimple_stmt_iterator *gsi, bool *handled,
                    struct walk_stmt_info *wi)
{
  struct fa_scan *sc = (struct fa_scan *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gomp_atomic_load *l = dyn_cast<gomp_atomic_load *>(s)) {
    sc->loaded = addr_of_p(gimple_omp_atomic_load_rhs(l), sc->v)
                     ? gimple_omp_atomic_load_lhs(l) : NULL_TREE;
    if (sc->loaded)
      sc->at = gimple_location(s);
  } else if (gomp_atomic_store *st = dyn_cast<gomp_atomic_store *>(s)) {
    /* a read stores back the value it loaded */
    bool write = sc->loaded && gimple_omp_atomic_store_val(st) != sc->loaded;
    sc->loaded = NULL_TREE;
    *handled = write; /* GCC takes a result only then */
    if (write)
      return sc->v;
  }
  return NULL_TREE;
}

/* Warns when the body of T writes V, firstprivate, in an atomic. */
static void check_scalar(gomp_target *t, tree v)
{
  struct fa_scan sc = {v, NULL_TREE, UNKNOWN_LOCATION};
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &sc;
  if (!walk_gimple_seq(gimple_omp_body(t), fa_stmt, NULL, &wi))
    return;
  const char *what = gimple_omp_target_kind(t) ==
                             GF_OMP_TARGET_KIND_OACC_SERIAL
                         ? "serial" : "parallel";
  auto_diagnostic_group d;
  if (warning_at(sc.at, 0,
                 "%qD is firstprivate on this %qs construct (a scalar "
                 "without a data clause): the atomic changes a copy made "
                 "for the construct, never %qD after it; add %<copy(%D)%> "
                 "to the construct",
                 v, what, v, v))
    inform(gimple_location(t), "the %qs construct", what);
}

void accgpu_firstprivate_atomics(gomp_target *t)
{
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE &&
        VAR_P(OMP_CLAUSE_DECL(c)) && accgpu_implicit_clause_p(t, c) &&
        !accgpu_declared_implicit_p(t, c)) /* declare: the device copy */
      check_scalar(t, OMP_CLAUSE_DECL(c));
}
