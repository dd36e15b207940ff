/* kernels-pgi-nest.cc — PGI-era `kernels` loop schedules.  Programs
 * written for the PGI and CAPS compilers (OpenUH's benchmarks, NVIDIA's
 * old guides) nest gang and vector loops in orders OpenACC's rule (an
 * outer loop on strictly outer levels) forbids:
 *   loop gang(126) > loop gang(63) vector(2) > loop vector(128)
 *   loop vector(2) > loop gang(32) vector(4) > loop gang(2) vector(64)
 * PGI compiles such a tightly nested `kernels` nest by giving each loop
 * one dimension of the CUDA grid and block, the innermost x, then y and
 * z: gang(n) is the grid's extent along it, vector(m) the block's.  So do
 * we in `kernels` where the rule is broken, and for tight nests of gang
 * loops holding gang loops (PGI's guides: `kernels loop gang(32),
 * vector(16)` > `loop gang(16), vector(32)`), which a nest that is not
 * tight maps to gang dimensions instead (kernels_outer_gang); in
 * `parallel`, and wherever else the rule holds, the usual mapping stays.  Each loop is a grid-stride
 * loop on its dimension (kernel-gen-loops.cc, KG_PGI_*), so every
 * iteration runs once whatever the sizes and trip counts; the grid and
 * block are set by launch-geometry.cc (emit_pgi_geometry).  Every thread
 * runs its iterations alone (no barrier, no single-thread guard), which
 * is why code between the loops may only set local scalars.  The
 * multicore device (one thread per block) deals each dimension's
 * iterations to the blocks along it in contiguous chunks. */
#include "passes/kernel-gen-internal.h"

/* The loop variable of N, for messages. */
static const char *pgi_var(lnode *n)
{
  tree d = gimple_omp_for_index(n->stmt, 0);
  return DECL_P(d) && DECL_NAME(d) ? IDENTIFIER_POINTER(DECL_NAME(d)) : "?";
}

/* The chain of loops from LOOPS' first, each the only loop directly in
   the one before and carrying gang/worker/vector; at most 4.  Returns
   its length. */
static int pgi_chain(vec<lnode *> *loops, lnode **chain)
{
  int n = 0;
  lnode *x = (*loops)[0];
  while (x && n < 4) {
    chain[n++] = x;
    x = x->kids.length() == 1 && x->kids[0]->explicit_dims
        && !x->kids[0]->seq ? x->kids[0] : NULL;
  }
  return n;
}

/* Why the chain CH[0..N) cannot be mapped one loop per dimension, or
   NULL (WHY: room for the text). */
static const char *pgi_reject(kg *g, vec<lnode *> *loops, lnode **ch, int n,
                              char *why, size_t len)
{
  if (loops->length() != 1)
    return "the region holds more than one loop nest";
  if (!ch[0]->explicit_dims || ch[0]->seq)
    return "its outermost loop has no gang or vector clause";
  if (n > 3)
    return "more than 3 nested loops carry gang or vector";
  if (explicit_below(ch[n - 1]))
    return "the loops that carry gang or vector are not tightly nested";
  for (int i = 0; i < n; i++) {
    if (ch[i]->explicit_dims & ~(KG_GANG | KG_VECTOR)) {
      snprintf(why, len, "loop '%s' has worker or gang(dim:)",
               pgi_var(ch[i]));
      return why;
    }
    if (kg_loop_has_clause(ch[i]->stmt, OMP_CLAUSE_TILE)) {
      snprintf(why, len, "loop '%s' has a tile clause", pgi_var(ch[i]));
      return why;
    }
    if (i + 1 < n && !kg_only_locals(g, gimple_omp_body(ch[i]->stmt),
                                     ch[i + 1]->stmt)) {
      snprintf(why, len, "statements other than local scalar assignments "
               "between the loops on '%s' and '%s'", pgi_var(ch[i]),
               pgi_var(ch[i + 1]));
      return why;
    }
  }
  if (!kg_only_locals(g, gimple_omp_body(g->region->stmt), ch[0]->stmt))
    return "the region has statements outside the loop nest";
  if (kg_seq_callee_dims(gimple_omp_body(g->region->stmt)))
    return "it calls worker or vector routines";
  return NULL;
}

/* vector(m) of F: m when a positive constant, 0 when absent or not one
   (then the default; -info says so), -1 without vector. */
static int pgi_vector(kg *g, gimple *f)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_VECTOR)
      continue;
    tree e = OMP_CLAUSE_VECTOR_EXPR(c);
    if (e && tree_fits_shwi_p(e) && tree_to_shwi(e) > 0
        && tree_to_shwi(e) <= 1024)
      return (int)tree_to_shwi(e);
    if (e && accgpu_opts.info)
      inform(OMP_CLAUSE_LOCATION(c), "accgpu: this vector size is not a "
             "constant from 1 to 1024; the default is used");
    return 0;
  }
  return -1;
}

/* Block extents of the axes: the vector sizes, 1 without vector; a
   vector without a size gets 128 on x, 4 on y, 2 on z, less when the
   block would pass 1024 threads.  False (after an error at LOC) when the
   sizes given make a block CUDA cannot launch. */
static bool pgi_blocks(kg *g, struct kg_region *r, int *vec, location_t loc)
{
  static const unsigned dflt[3] = {128, 4, 2};
  unsigned long threads = 1;
  for (int a = 0; a < r->pgi_axes; a++)
    threads *= vec[a] > 0 ? (unsigned)vec[a] : 1u;
  for (int a = 0; a < r->pgi_axes; a++) {
    unsigned b = vec[a] > 0 ? (unsigned)vec[a] : 1u;
    if (vec[a] == 0) {
      unsigned room = threads < 1024 ? (unsigned)(1024 / threads) : 1u;
      b = dflt[a] < room ? dflt[a] : room;
      threads *= b;
    }
    r->pgi[a].block = b;
  }
  if (threads > 1024 || (r->pgi_axes > 2 && r->pgi[2].block > 64)) {
    error_at(loc, "accgpu: the vector sizes of this %<kernels%> loop nest "
             "make a block of %lu threads (%ux%ux%u): CUDA allows at most "
             "1024, and at most 64 along z", threads, r->pgi[0].block,
             r->pgi_axes > 1 ? r->pgi[1].block : 1u,
             r->pgi_axes > 2 ? r->pgi[2].block : 1u);
    g->failed = true;
    return false;
  }
  return true;
}

/* The -info note: "k -> z (grid 126, block 1), ...". */
static void pgi_note(struct kg_region *r, lnode **ch, int n)
{
  char buf[512] = "";
  for (int i = 0; i < n; i++) {
    int a = n - 1 - i;
    const struct kg_pgi_axis *x = &r->pgi[a];
    char grid[64];
    if (!x->gang)
      snprintf(grid, sizeof grid, "1");
    else if (x->gangs && tree_fits_shwi_p(x->gangs))
      snprintf(grid, sizeof grid, "%lld", (long long)tree_to_shwi(x->gangs));
    else if (x->gangs)
      snprintf(grid, sizeof grid, "gang(n) at run time");
    else
      snprintf(grid, sizeof grid, "from the trip count");
    size_t k = strlen(buf);
    snprintf(buf + k, sizeof buf - k, "%s%s -> %c (grid %s, block %u)",
             i ? ", " : "", pgi_var(ch[i]), "xyz"[a], grid, x->block);
  }
  inform(gimple_location(ch[0]->stmt), "accgpu: %<kernels%> loop nest "
         "mapped one loop per grid and block dimension (the PGI schedule): "
         "%s; no more blocks than a known trip count needs, grid-stride "
         "loops run the iterations the sizes do not cover", buf);
}

/* Maps the chain CH[0..N): loop I on axis N-1-I.  Returns the levels. */
static int pgi_map(kg *g, lnode **ch, int n)
{
  struct kg_region *r = g->region;
  int vec[3], dims = 0;
  r->pgi_axes = n;
  for (int i = 0; i < n; i++) {
    int a = n - 1 - i;
    struct kg_pgi_axis *x = &r->pgi[a];
    x->loop = ch[i]->stmt;
    x->gang = ch[i]->explicit_dims & KG_GANG;
    x->gangs = NULL_TREE;
    for (tree c = gimple_omp_for_clauses(x->loop); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG)
        x->gangs = OMP_CLAUSE_GANG_EXPR(c);
    vec[a] = pgi_vector(g, x->loop);
    g->loop_dims->put(x->loop, KG_PGI_X << a);
    dims |= KG_PGI_X << a;
  }
  if (!pgi_blocks(g, r, vec, gimple_location(ch[0]->stmt)))
    return dims;
  if (accgpu_opts.info)
    pgi_note(r, ch, n);
  return dims;
}

/* A gang loop (no dim) holds another one in N's subtree (OUTER: one
   encloses N): the `kernels` gang tiling of kernel-gen-partition.cc
   (kernels_outer_gang), which such a nest gets when it is not tight. */
static bool gang_in_gang(lnode *n, bool outer)
{
  bool gang = !n->seq && (n->explicit_dims & KG_GANG);
  if (gang && outer)
    return true;
  for (unsigned i = 0; i < n->kids.length(); i++)
    if (gang_in_gang(n->kids[i], outer || gang))
      return true;
  return false;
}

int kg_pgi_nest(kg *g, vec<lnode *> *loops, const char **why,
                location_t *at)
{
  static char buf[256];
  struct kg_region *r = g->region;
  r->pgi_axes = 0;
  bool breaks = false, tiling = false;
  for (unsigned i = 0; i < loops->length(); i++) {
    breaks |= kg_levels_break((*loops)[i], 0, true);
    tiling |= gang_in_gang((*loops)[i], false);
  }
  if ((!breaks && !tiling) || g->routine_mode)
    return 0;
  lnode *ch[4];
  int n = pgi_chain(loops, ch);
  *at = gimple_location(ch[0]->stmt);
  *why = pgi_reject(g, loops, ch, n, buf, sizeof buf);
  if (*why) /* the tiling of a gang loop holding gang loops, else an error */
    return breaks ? -1 : 0;
  return pgi_map(g, ch, n);
}
