/* launch-geometry.cc — grid and block of a compute construct's launch:
 * from num_gangs/num_workers/vector_length, the device's limits, the gang
 * loop's trip count, or an acc-tune schedule. */
#include "accgpu-plugin.h"
#include "passes/kernel-deps.h"
#include "passes/compute-internal.h"
#include "reduction/reduction.h"
#include "passes/profile-values.h"

/* ---- launch geometry ---- */

/* True when the host can evaluate E before the region: a constant or a
   by-value (firstprivate) parameter of R. */
static bool host_value_p(struct kg_region *r, tree e)
{
  if (TREE_CODE(e) == INTEGER_CST)
    return true;
  for (unsigned i = 0; i < r->params.length(); i++)
    if (r->params[i].decl == e && !r->params[i].by_ref)
      return true;
  return false;
}

/* Trip count of the outermost gang loop when the host can compute it
   before the region (constant or construct-level firstprivate bounds),
   else NULL_TREE.  *LANES gets KG_WORKER / KG_VECTOR when the loop's own
   clauses also spread it over those. */
static tree gang_loop_trips(struct kg_region *r, unsigned *lanes)
{
  gimple_seq body = gimple_omp_body(r->stmt);
  gimple *s = gimple_seq_first_stmt(body);
  while (s && gimple_code(s) == GIMPLE_BIND) {
    gimple_seq in = gimple_bind_body(as_a<gbind *>(s));
    s = gimple_seq_first_stmt(in);
    while (s && gimple_code(s) != GIMPLE_OMP_FOR && gimple_code(s) != GIMPLE_BIND
           && (gimple_code(s) == GIMPLE_NOP || gimple_clobber_p(s)
               || is_gimple_debug(s)))
      s = s->next;
  }
  if (!s || gimple_code(s) != GIMPLE_OMP_FOR
      || gimple_omp_for_pre_body(s))
    return NULL_TREE;
  /* Only a loop that is (or may be) the gang loop bounds the gangs. */
  bool gang = false, other = false;
  unsigned gang_lanes = 0;
  for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_GANG: gang = true; break;
    case OMP_CLAUSE_WORKER: gang_lanes |= KG_WORKER; other = true; break;
    case OMP_CLAUSE_VECTOR: gang_lanes |= KG_VECTOR; other = true; break;
    case OMP_CLAUSE_SEQ: case OMP_CLAUSE_AUTO:
      other = true;
      break;
    default: break;
    }
  if (other && !gang)
    return NULL_TREE;
  *lanes = gang_lanes;
  tree total = NULL_TREE;
  for (unsigned l = 0; l < gimple_omp_for_collapse(s); l++) {
    tree ops[3] = {gimple_omp_for_initial(s, l), gimple_omp_for_final(s, l),
                   NULL_TREE};
    /* The gimplifier keeps the increment as `i + step` (GENERIC had
       `i = i + step`). */
    tree incr = gimple_omp_for_incr(s, l);
    if (TREE_CODE(incr) == MODIFY_EXPR)
      incr = TREE_OPERAND(incr, 1);
    if (TREE_CODE(incr) != PLUS_EXPR)
      return NULL_TREE;
    ops[2] = TREE_OPERAND(incr, 1);
    for (int k = 0; k < 3; k++)
      if (!host_value_p(r, ops[k]))
        return NULL_TREE;
    enum tree_code cond = gimple_omp_for_cond(s, l);
    if (cond != LT_EXPR && cond != LE_EXPR)
      return NULL_TREE;
    tree n = accgpu_trip_count(ops[0], ops[1], ops[2], PLUS_EXPR, cond);
    total = total ? fold_build2(MULT_EXPR, TREE_TYPE(n), total, n) : n;
  }
  return total;
}

/* Arguments of gang(num:), worker(n), vector(n) on the region's loops
   (the first of each found, outermost first) that the host can evaluate,
   stored into ARGS[0..2] when still NULL_TREE; QUIET: no notes. */
static void loop_dim_args(struct kg_region *r, gimple_seq seq, tree args[3],
                          bool quiet)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND)
      loop_dim_args(r, gimple_bind_body(as_a<gbind *>(s)), args, quiet);
    else if (gimple_code(s) == GIMPLE_TRY)
      loop_dim_args(r, gimple_try_eval(s), args, quiet);
    if (gimple_code(s) != GIMPLE_OMP_FOR)
      continue;
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c)) {
      tree e = NULL_TREE;
      int k = -1;
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG)
        e = OMP_CLAUSE_GANG_EXPR(c), k = 0;
      else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WORKER)
        e = OMP_CLAUSE_WORKER_EXPR(c), k = 1;
      else if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR)
        e = OMP_CLAUSE_VECTOR_EXPR(c), k = 2;
      if (k < 0 || !e || args[k])
        continue;
      if (host_value_p(r, e))
        args[k] = e;
      else if (accgpu_opts.info && !quiet)
        inform(OMP_CLAUSE_LOCATION(c), "accgpu: this size argument is not "
               "known before the region; the default size is used");
    }
    loop_dim_args(r, gimple_omp_body(s), args, quiet);
  }
}

static tree u32(tree e)
{
  return fold_convert(unsigned_type_node, e);
}

/* With workers, a vector length V as the launch uses it: whole warps,
   32 <= V <= 1024 (worker rows are synchronized as warps or with named
   barriers, which count whole warps). */
static tree warp_rows(tree v)
{
  tree u = unsigned_type_node;
  v = fold_build2(MIN_EXPR, u, v, build_int_cst(u, 1024));
  v = fold_build2(BIT_AND_EXPR, u,
                  fold_build2(PLUS_EXPR, u, v, build_int_cst(u, 31)),
                  build_int_cst(u, ~31u));
  return fold_build2(MAX_EXPR, u, v, build_int_cst(u, 32));
}

/* Workers WK capped so a block has at most 1024 threads, and at most 15
   rows when rows are wider than a warp (named barriers 1..15). */
static tree worker_cap(tree vec, tree wk)
{
  tree u = unsigned_type_node;
  tree wide = fold_convert(u, fold_build2(GT_EXPR, boolean_type_node, vec,
                                          build_int_cst(u, 32)));
  tree lim = fold_build2(MIN_EXPR, u,
                         fold_build2(TRUNC_DIV_EXPR, u, build_int_cst(u, 1024),
                                     vec),
                         fold_build2(MINUS_EXPR, u, build_int_cst(u, 1024),
                                     fold_build2(MULT_EXPR, u, wide,
                                                 build_int_cst(u, 1009))));
  wk = fold_build2(MIN_EXPR, u, wk, lim);
  return fold_build2(MAX_EXPR, u, wk, build_int_cst(u, 1));
}

/* E, the value of a size clause (num_gangs, gang(num:), ...), when it is
   positive at run time, else DFLT: 0 or less is ignored as if the clause
   were absent (num_gangs(n*n/1024) is 0 at small n).  E NULL_TREE: DFLT. */
static tree positive_or(tree e, tree dflt)
{
  if (!e)
    return dflt;
  tree pos = fold_build2(GT_EXPR, boolean_type_node, e,
                         build_zero_cst(TREE_TYPE(e)));
  return fold_build3(COND_EXPR, unsigned_type_node, pos, u32(e), dflt);
}

static tree field(tree rec, int idx)
{
  tree f = TYPE_FIELDS(TREE_TYPE(rec));
  while (idx--)
    f = DECL_CHAIN(f);
  return build3(COMPONENT_REF, TREE_TYPE(f), rec, f, NULL_TREE);
}

/* ---- launch geometry of an acc-tune schedule ---- */

/* E (a bound or step of loop F) as an expression the host can evaluate
   before the launch: a constant, an integer variable the construct uses
   (by value, or copied in: the host's copy holds the value the kernel
   starts with), or a temporary of F's pre-body computed from those;
   NULL_TREE otherwise.  Only the grid depends on it: a kernel that
   changes the variable first still runs right (stride loops). */
static tree sched_host_expr(struct kg_region *r, gomp_for *f, tree e,
                            int depth)
{
  if (host_value_p(r, e))
    return e;
  for (unsigned i = 0; i < r->params.length(); i++)
    if (r->params[i].decl == e && INTEGRAL_TYPE_P(TREE_TYPE(e)))
      return e;
  if (depth > 8 || !VAR_P(e))
    return NULL_TREE;
  gimple *def = NULL;
  gimple_seq pre = gimple_omp_for_pre_body(f);
  for (gimple_stmt_iterator i = gsi_start(pre); !gsi_end_p(i); gsi_next(&i))
    if (is_gimple_assign(gsi_stmt(i)) && gimple_assign_lhs(gsi_stmt(i)) == e)
      def = gsi_stmt(i);
  if (!def)
    return NULL_TREE;
  enum tree_code code = gimple_assign_rhs_code(def);
  tree ty = TREE_TYPE(e);
  tree a = sched_host_expr(r, f, gimple_assign_rhs1(def), depth + 1);
  if (!a)
    return NULL_TREE;
  switch (code) {
  case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case MIN_EXPR:
  case MAX_EXPR: {
    tree b = sched_host_expr(r, f, gimple_assign_rhs2(def), depth + 1);
    return b ? fold_build2(code, ty, fold_convert(ty, a), fold_convert(ty, b))
             : NULL_TREE;
  }
  case NEGATE_EXPR:
    return fold_build1(code, ty, fold_convert(ty, a));
  CASE_CONVERT: case INTEGER_CST: case VAR_DECL: case PARM_DECL:
    return fold_convert(ty, a);
  default:
    return NULL_TREE;
  }
}

/* Iterations of F (all its collapsed levels) as a host expression, or
   NULL_TREE; the formulas of kernel-gen's emit_trip. */
static tree sched_host_trip(struct kg_region *r, gomp_for *f)
{
  tree ty = long_long_integer_type_node, total = NULL_TREE;
  for (unsigned l = 0; l < gimple_omp_for_collapse(f); l++) {
    tree incr = gimple_omp_for_incr(f, l);
    if (TREE_CODE(incr) == MODIFY_EXPR)
      incr = TREE_OPERAND(incr, 1);
    enum tree_code ic = TREE_CODE(incr);
    if (ic != PLUS_EXPR && ic != MINUS_EXPR)
      return NULL_TREE;
    tree a = sched_host_expr(r, f, gimple_omp_for_initial(f, l), 0);
    tree b = sched_host_expr(r, f, gimple_omp_for_final(f, l), 0);
    tree st = sched_host_expr(r, f, TREE_OPERAND(incr, 1), 0);
    enum tree_code cond = gimple_omp_for_cond(f, l);
    if (!a || !b || !st || cond == NE_EXPR)
      return NULL_TREE;
    tree n = accgpu_trip_count(a, b, st, ic, cond);
    if (!n)
      return NULL_TREE;
    total = total ? fold_build2(MULT_EXPR, ty, total, n) : n;
  }
  return total;
}

/* Blocks along grid dimension D for schedule S: from the trip count of the
   loop on blockIdx.D, evaluated on the host (ceil(trip / threads of that
   loop's thread dimension), clamped to the device limits), else the
   schedule's grid (tuned sizes).  HOW says which, for -info. */
static tree sched_grid_dim(struct kg_region *r, int d, char *how, size_t n)
{
  static const long long limit[3] = {2147483647LL, 65535, 65535};
  const struct accgpu_schedule *s = r->sched;
  tree ty = long_long_integer_type_node;
  snprintf(how, n, "1");
  for (int i = 0; i < s->nloops; i++) {
    if (s->loop[i].block != d)
      continue;
    int t = s->loop[i].thread;
    long long per = t >= 0 ? s->block[t] : 1;
    tree trip = sched_host_trip(r, r->sched_for[i]);
    if (!trip) {
      unsigned long long g = s->grid[d];
      g = g < 1 ? 1 : g > (unsigned long long)limit[d] ? limit[d] : g;
      snprintf(how, n, "%llu (schedule file)", g);
      return build_int_cst(unsigned_type_node, g);
    }
    char vars[64] = "";
    for (int k = i; k < s->nloops && r->sched_for[k] == r->sched_for[i]; k++)
      snprintf(vars + strlen(vars), sizeof vars - strlen(vars), "%s%s",
               k > i ? " * " : "", s->loop[k].var);
    snprintf(how, n, "ceil(trip(%s) / %lld)", vars, per);
    tree p = build_int_cst(ty, per);
    tree g = fold_build2(TRUNC_DIV_EXPR, ty,
                         fold_build2(PLUS_EXPR, ty, trip,
                                     build_int_cst(ty, per - 1)), p);
    g = fold_build2(MAX_EXPR, ty, g, build_one_cst(ty));
    g = fold_build2(MIN_EXPR, ty, g, build_int_cst(ty, limit[d]));
    return u32(g);
  }
  return build_int_cst(unsigned_type_node, 1);
}

/* GRID and BLOCK for a construct whose loops follow R->sched: the block
   from the schedule (the dimensions its loops use), the grid from
   sched_grid_dim.  The kernel's stride loops are right for any grid. */
static void sched_geometry(gimple_stmt_iterator *gsi, struct kg_region *r,
                           tree grid, tree block)
{
  const struct accgpu_schedule *s = r->sched;
  bool thr[3] = {false, false, false};
  for (int i = 0; i < s->nloops; i++)
    if (s->loop[i].thread >= 0)
      thr[s->loop[i].thread] = true;
  /* kernels: code outside the loops must run once, so one block. */
  bool once = r->kind == GF_OMP_TARGET_KIND_OACC_KERNELS
              && r->gang_redundant_store;
  char how[3][96];
  tree gv[3], bv[3];
  for (int d = 0; d < 3; d++) {
    bv[d] = build_int_cst(unsigned_type_node, thr[d] ? s->block[d] : 1);
    if (once) {
      gv[d] = build_int_cst(unsigned_type_node, 1);
      snprintf(how[d], sizeof how[d], "1 (kernels code outside loops)");
    } else
      gv[d] = sched_grid_dim(r, d, how[d], sizeof how[d]);
  }
  tree recs[2] = {grid, block};
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 2; k++)
      add(gsi, gimple_build_assign(field(recs[k], i),
                                   val(gsi, k ? bv[i] : gv[i])));
  if (accgpu_opts.info)
    inform(gimple_location(r->stmt), "accgpu: launch of schedule %qs: block "
           "%ux%ux%u, grid x %s, y %s, z %s", s->pattern,
           thr[0] ? s->block[0] : 1, thr[1] ? s->block[1] : 1,
           thr[2] ? s->block[2] : 1, how[0], how[1], how[2]);
}

/* GRID and BLOCK of a kernels nest mapped one loop per dimension
   (kernels-pgi-nest.cc): the block from its vector sizes; along each
   axis gang(n)'s n, no more blocks than the loop's iterations need when
   the host knows its trip count (the others would find none), that many
   without a size, 1 without gang. */
static void emit_pgi_geometry(gimple_stmt_iterator *gsi, struct kg_region *r,
                              tree grid, tree block)
{
  static const long long limit[3] = {2147483647LL, 65535, 65535};
  tree ty = long_long_integer_type_node, one = build_one_cst(ty);
  for (int a = 0; a < 3; a++) {
    const struct kg_pgi_axis *x = a < r->pgi_axes ? &r->pgi[a] : NULL;
    unsigned b = x ? x->block : 1;
    tree g = one;
    if (x && x->gang) {
      tree trip = sched_host_trip(r, x->loop);
      tree want = x->gangs ? sched_host_expr(r, x->loop, x->gangs, 0)
                  : NULL_TREE;
      want = want ? fold_convert(ty, want) : NULL_TREE;
      tree need = trip ? fold_build2(TRUNC_DIV_EXPR, ty,
                                     fold_build2(PLUS_EXPR, ty, trip,
                                                 build_int_cst(ty, b - 1)),
                                     build_int_cst(ty, b))
                       : NULL_TREE;
      g = want && need ? fold_build2(MIN_EXPR, ty, want, need)
          : want ? want : need ? need : build_int_cst(ty, 256);
      g = fold_build2(MAX_EXPR, ty, g, one);
      g = fold_build2(MIN_EXPR, ty, g, build_int_cst(ty, limit[a]));
    }
    add(gsi, gimple_build_assign(field(grid, a), val(gsi, u32(g))));
    add(gsi, gimple_build_assign(field(block, a),
                                 build_int_cst(unsigned_type_node, b)));
  }
}

/* Gangs of a construct with a gang loop and no (positive) num_gangs:
   enough to fill the device (DEV's limits for kernel KIDX: the multicore
   device asks for fewer blocks while a kernel's are dealt statically), no
   more than the outermost gang loop needs when the host knows its trip
   count (VEC, WK: the launch's vector length and workers). */
static tree default_gangs(gimple_stmt_iterator *gsi, struct kg_region *r,
                          tree dev, tree kidx, tree vec, tree wk)
{
  tree gangs;
  /* Enough gangs to fill the device, no more than the loop needs. */
  tree lim = addr_tmp(lc_limits_type, "acclim");
  add(gsi, gimple_build_call(lc_fn_limits, 4, dev, accgpu_module_addr(), kidx,
                             build_fold_addr_expr(lim)));
  tree sm = val(gsi, field(lim, 0)), occ = val(gsi, field(lim, 3));
  occ = fold_build2(MAX_EXPR, unsigned_type_node, occ,
                    build_int_cst(unsigned_type_node, 1));
  gangs = fold_build2(MULT_EXPR, unsigned_type_node, sm, occ);
  gangs = fold_build2(MAX_EXPR, unsigned_type_node, gangs,
                      build_int_cst(unsigned_type_node, 1));
  unsigned lanes = 0;
  tree trips = gang_loop_trips(r, &lanes);
  if (trips) {
    /* Iterations one gang takes per round: the gang loop's own worker and
       vector lanes when its clauses say so, else one (never too few
       gangs when the levels are chosen later). */
    tree ty = long_long_integer_type_node;
    tree per = build_int_cst(unsigned_type_node, 1);
    if (lanes & KG_VECTOR)
      per = vec;
    if (lanes & KG_WORKER)
      per = fold_build2(MULT_EXPR, unsigned_type_node, per, wk);
    per = fold_convert(ty, per);
    tree need = fold_build2(TRUNC_DIV_EXPR, ty,
                            fold_build2(PLUS_EXPR, ty, trips,
                                        fold_build2(MINUS_EXPR, ty, per,
                                                    build_one_cst(ty))),
                            per);
    need = fold_build2(MAX_EXPR, ty, need, build_one_cst(ty));
    need = fold_build2(MIN_EXPR, ty, need, fold_convert(ty, gangs));
    gangs = u32(need);
  }
  return gangs;
}

/* CI with the size arguments of R's loops filling the sizes CI lacks
   (gang(num:), worker(n), vector(n) size the launch like num_gangs,
   num_workers, vector_length, which win when both appear). */
static clause_info loop_sizes(struct kg_region *r, clause_info *ci, bool quiet)
{
  tree largs[3] = {ci->ngangs, ci->nworkers, ci->vlen};
  loop_dim_args(r, gimple_omp_body(r->stmt), largs, quiet);
  clause_info c = *ci;
  c.ngangs = largs[0];
  c.nworkers = largs[1];
  c.vlen = largs[2];
  return c;
}

/* Vector length *VEC and workers *WK of R's block (host expressions). */
static void block_sizes(struct kg_region *r, clause_info *ci, tree *vec,
                        tree *wk)
{
  bool serial = r->kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
  int dims = r->dims;
  tree one = build_int_cst(unsigned_type_node, 1);
  if (serial || !(dims & KG_VECTOR))
    *vec = one;
  else if (dims & KG_WORKER) /* whole warps per worker: see kernel-gen.cc */
    *vec = warp_rows(positive_or(ci->vlen,
                                 build_int_cst(unsigned_type_node, 32)));
  else /* at most a block's 1024 threads, as the spec lets a device cap */
    *vec = fold_build2(MIN_EXPR, unsigned_type_node,
                       positive_or(ci->vlen,
                                   build_int_cst(unsigned_type_node, 128)),
                       build_int_cst(unsigned_type_node, 1024));
  if (serial || !(dims & KG_WORKER))
    *wk = one;
  else
    *wk = worker_cap(*vec, positive_or(ci->nworkers,
                                       build_int_cst(unsigned_type_node, 4)));
}

/* Threads per block of R's launches when known at compile time (at most
   1024), else 0. */
static unsigned block_threads(struct kg_region *r, clause_info *ci)
{
  if (r->sched) {
    unsigned n = 1;
    bool thr[3] = {false, false, false};
    for (int i = 0; i < r->sched->nloops; i++)
      if (r->sched->loop[i].thread >= 0)
        thr[r->sched->loop[i].thread] = true;
    for (int d = 0; d < 3; d++)
      n *= thr[d] ? (unsigned)r->sched->block[d] : 1u;
    return n <= 1024 ? n : 0;
  }
  if (r->pgi_axes) {
    unsigned n = 1;
    for (int a = 0; a < r->pgi_axes; a++)
      n *= r->pgi[a].block;
    return n <= 1024 ? n : 0;
  }
  clause_info c = loop_sizes(r, ci, true);
  tree vec, wk;
  block_sizes(r, &c, &vec, &wk);
  tree n = fold_build2(MULT_EXPR, unsigned_type_node, vec, wk);
  if (TREE_CODE(n) != INTEGER_CST || !tree_fits_uhwi_p(n))
    return 0;
  unsigned HOST_WIDE_INT v = tree_to_uhwi(n);
  return v >= 1 && v <= 1024 ? (unsigned)v : 0;
}

void accgpu_set_launch_bounds(struct kg_region *r, clause_info *ci)
{
  static const char head[] = "ACCGPU_KERNEL void ";
  unsigned n = block_threads(r, ci);
  if (!n || !r->text || strncmp(r->text, head, strlen(head)) != 0)
    return;
  char b[48];
  snprintf(b, sizeof b, "ACCGPU_LAUNCH_BOUNDS(%u) ", n);
  char *t = concat(head, b, r->text + strlen(head), NULL);
  free(r->text);
  r->text = t;
}

/* Sets GRID and BLOCK (dim3 locals) before GSI. */
void emit_geometry(gimple_stmt_iterator *gsi, struct kg_region *r,
                   clause_info *ci, tree dev, tree kidx, tree grid,
                   tree block)
{
  if (r->sched) {
    sched_geometry(gsi, r, grid, block);
    return;
  }
  if (r->pgi_axes) {
    emit_pgi_geometry(gsi, r, grid, block);
    return;
  }
  bool serial = r->kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
  int dims = r->dims;
  clause_info c = loop_sizes(r, ci, false);
  ci = &c;
  tree vec, wk, gangs, one = build_int_cst(unsigned_type_node, 1);
  block_sizes(r, ci, &vec, &wk);
  bool kernels = r->kind == GF_OMP_TARGET_KIND_OACC_KERNELS;
  if (serial || (kernels && (r->gang_redundant_store || !(dims & KG_GANG))))
    /* kernels: code outside gang loops runs once, so one gang */
    gangs = one;
  else if (ci->ngangs && TREE_CODE(ci->ngangs) == INTEGER_CST
           && tree_int_cst_sgn(ci->ngangs) > 0)
    gangs = u32(ci->ngangs); /* no need to ask the device */
  else
    /* Unshared: gimplifying the grid's arm would leave the block's
       copies naming temporaries set only when num_gangs is not given. */
    gangs = positive_or(ci->ngangs, (dims & KG_GANG)
                                        ? default_gangs(gsi, r, dev, kidx,
                                                        unshare_expr(vec),
                                                        unshare_expr(wk))
                                        : one);
  /* gang dimensions 2 and 3 (num_gangs(a, b, c)): grid y and z */
  tree gy = one, gz = one, lim = build_int_cst(unsigned_type_node, 65535);
  if (gangs != one) { /* CUDA's limit; the stride loops take any grid */
    gy = fold_build2(MIN_EXPR, unsigned_type_node,
                     positive_or(ci->ngangs_yz[0], one), lim);
    gz = fold_build2(MIN_EXPR, unsigned_type_node,
                     positive_or(ci->ngangs_yz[1], one), lim);
  }
  tree dimv[2][3] = {{gangs, gy, gz},
                     {vec, wk, build_int_cst(unsigned_type_node, 1)}};
  tree recs[2] = {grid, block};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 3; i++)
      add(gsi, gimple_build_assign(field(recs[k], i), val(gsi, dimv[k][i])));
}

