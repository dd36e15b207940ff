/* kernel-gen-partition.cc — the choice of each loop's partitioning
 * (gang, worker, vector, seq: the user's clauses, `auto` and `kernels`
 * nests), the -fplugin-arg-accgpu-info notes about it, and acc-tune
 * schedules (kernel-gen.cc; the loops' code is kernel-gen-loops.cc).   */
#include "passes/kernel-gen-internal.h"

/* ------------------------------------------------------------------ */
/* Loop partitioning (which of gang/worker/vector each loop gets).     */

/* The level of gang clause C: gang(dim:1) (or no dim) the grid's x,
   dim:2 y, dim:3 z (gang-dims.cc). */
static int gang_dim_bit(tree c)
{
  static const int bit[4] = {KG_GANG, KG_GANG, KG_GANG_Y, KG_GANG_Z};
  return bit[accgpu_gang_dim(c) & 3];
}

/* Loop N of a kernels region when KERNELS: one with `auto`, or with no
   independent, seq or level clause (as `auto` there, OpenACC 3.3 §2.9.7),
   is independent when the dependence test proves it, its own reduction
   clauses counting as the reductions they declare (a `loop reduction(+:s)`
   ran sequentially before, where the same loop with no directive was
   parallelized). */
static void auto_independent(lnode *n, bool kernels)
{
  bool as_auto = n->autop || (kernels && !n->indep);
  if (!as_auto || n->seq || n->explicit_dims
      || !kg_omp_loop_independent(n->stmt))
    return;
  if (accgpu_opts.info && n->autop)
    inform(gimple_location(n->stmt), "accgpu: %<auto%> loop found "
           "independent (no loop-carried dependence)");
  else if (accgpu_opts.info)
    inform(gimple_location(n->stmt), "accgpu: loop found independent (no "
           "loop-carried dependence)");
  n->autop = false;
  n->indep = true;
  n->found = true;
}

static void collect_stmt(gimple *s, vec<lnode *> *out, bool kernels)
{
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    collect_loops(gimple_bind_body(as_a<gbind *>(s)), out, kernels);
    break;
  case GIMPLE_TRY:
    collect_loops(gimple_try_eval(s), out, kernels);
    collect_loops(gimple_try_cleanup(s), out, kernels);
    break;
  case GIMPLE_OMP_FOR: {
    lnode *n = XCNEW(lnode);
    n->stmt = as_a<gomp_for *>(s);
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
      switch (OMP_CLAUSE_CODE(c)) {
      case OMP_CLAUSE_GANG: n->explicit_dims |= gang_dim_bit(c); break;
      case OMP_CLAUSE_WORKER: n->explicit_dims |= KG_WORKER; break;
      case OMP_CLAUSE_VECTOR: n->explicit_dims |= KG_VECTOR; break;
      case OMP_CLAUSE_SEQ: n->seq = true; break;
      case OMP_CLAUSE_AUTO: n->autop = true; break;
      case OMP_CLAUSE_INDEPENDENT: n->indep = true; break;
      default: break;
      }
    auto_independent(n, kernels);
    collect_loops(gimple_omp_body(s), &n->kids, kernels);
    out->safe_push(n);
    break;
  }
  default:
    break;
  }
}

void collect_loops(gimple_seq seq, vec<lnode *> *out, bool kernels)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi))
    collect_stmt(gsi_stmt(gsi), out, kernels);
}

int explicit_below(lnode *n)
{
  int d = 0;
  for (unsigned i = 0; i < n->kids.length(); i++)
    d |= n->kids[i]->explicit_dims | explicit_below(n->kids[i]);
  return d;
}

static bool auto_below(lnode *n, bool kernels)
{
  for (unsigned i = 0; i < n->kids.length(); i++) {
    lnode *k = n->kids[i];
    bool can = !k->seq && !k->explicit_dims
               && (kernels ? k->indep : !k->autop);
    if (can || auto_below(k, kernels))
      return true;
  }
  return false;
}

/* Most `gang` loops (without dim) on one path below N. */
static int gang_depth(lnode *n)
{
  int most = 0;
  for (unsigned i = 0; i < n->kids.length(); i++) {
    lnode *k = n->kids[i];
    int d = (k->explicit_dims & KG_GANG ? 1 : 0) + gang_depth(k);
    most = d > most ? d : most;
  }
  return most;
}

/* `kernels loop gang vector(16)` holding `loop gang vector(32)`, as the
   PGI/NVIDIA guides tile a 2-D loop nest (2.9.2 forbids it in parallel):
   in kernels, a gang loop D with gang loops below takes gang dimension 2
   (3 when those nest two deep) and leaves worker and vector to them. */
static int kernels_outer_gang(lnode *n, int d)
{
  if (!(d & KG_GANG) || (d & (KG_GANG_Y | KG_GANG_Z)))
    return d;
  int below = gang_depth(n);
  if (below < 1 || below > 2)
    return d;
  return below == 1 ? KG_GANG_Y : KG_GANG_Z;
}

/* Levels from the outermost: gang(dim:3), gang(dim:2), gang, worker,
   vector; the rank of D's outermost (INNER: innermost) level. */
static const char *const level_names[] = {"gang(dim:3)", "gang(dim:2)",
                                          "gang", "worker", "vector"};
static const int level_bits[5] = {KG_GANG_Z, KG_GANG_Y, KG_GANG, KG_WORKER,
                                  KG_VECTOR};
static int level_rank(int d, bool inner)
{
  const int *bits = level_bits;
  int r = inner ? 4 : 0;
  while (!(d & bits[r]) && (inner ? r > 0 : r < 4))
    r += inner ? -1 : 1;
  return r;
}

/* The levels gang, worker, vector strictly inside every level of OUTER
   and strictly outside every level of INNER: what a loop with no level
   clause may take between explicit loops (an auto loop holding a `gang`
   loop can only be sequential). */
static int levels_between(int outer, int inner)
{
  int lo = outer ? level_rank(outer, true) + 1 : 0;
  int hi = inner ? level_rank(inner, false) : 5, d = 0;
  for (int r = lo; r < hi; r++)
    d |= level_bits[r];
  return d & (KG_GANG | KG_WORKER | KG_VECTOR);
}

/* True when an explicit level in N's subtree breaks the rule
   assign_dims enforces (an outer loop on strictly outer levels); USED:
   levels of the enclosing loops. */
bool kg_levels_break(lnode *n, int used, bool kernels)
{
  int d = n->seq || !n->explicit_dims ? 0
          : kernels ? kernels_outer_gang(n, n->explicit_dims)
                    : n->explicit_dims;
  if (d && used && level_rank(d, false) <= level_rank(used, true))
    return true;
  for (unsigned i = 0; i < n->kids.length(); i++)
    if (kg_levels_break(n->kids[i], used | d, kernels))
      return true;
  return false;
}

/* Assigns dimensions to N and its inner loops; USED: taken by outer
   loops.  Returns the union of dimensions used in the subtree. */
int assign_dims(kg *g, lnode *n, int used, bool kernels, bool serial)
{
  int d = 0;
  int *sd = g->sched_dims ? g->sched_dims->get(n->stmt) : NULL;
  if (sd)
    d = *sd; /* from the acc-tune schedule: no nesting rule (sched_reject) */
  else if (serial || n->seq)
    d = 0;
  else if (n->explicit_dims) {
    d = kernels ? kernels_outer_gang(n, n->explicit_dims) : n->explicit_dims;
    /* Outer loops must use strictly outer levels: gang(dim:3) > dim:2 >
       gang > worker > vector. */
    if (used && level_rank(d, false) <= level_rank(used, true)) {
      if (!g->routine_mode) /* routines: reported by the pass driver */
        error_at(gimple_location(n->stmt),
                 "accgpu: %<%s%> loop nested inside a %<%s%> loop: an "
                 "outer loop must take strictly outer levels (gang(dim:3), "
                 "gang(dim:2), gang, worker, vector, outermost first)",
                 level_names[level_rank(d, false)],
                 level_names[level_rank(used, true)]);
      g->failed = true;
    }
  } else if (kernels ? n->indep : !n->autop) {
    int avail = levels_between(used, explicit_below(n));
    /* Every gang runs a sequential loop around it: gangs would race from
       one of its iterations to the next (as for plain loops, the kernel
       then runs on one gang). */
    if (n->found && g->seq_above)
      avail &= ~KG_GANGS;
    if (auto_below(n, kernels))
      d = avail & KG_GANG;
    else
      d = avail & (KG_GANG | KG_VECTOR);
  }
  g->loop_dims->put(n->stmt, d);
  int all = d;
  bool seq_here = kernels && !serial && !d;
  g->seq_above += seq_here;
  for (unsigned i = 0; i < n->kids.length(); i++)
    all |= assign_dims(g, n->kids[i], used | d, kernels, serial);
  g->seq_above -= seq_here;
  /* A gang dimension below the highest of the loop's nest that no loop
     of it takes runs its iterations in every gang: each would add its
     copy of a reduction. */
  int path = all | used, missing = path & KG_GANG_Z ? KG_GANG | KG_GANG_Y
                                   : path & KG_GANG_Y ? KG_GANG : 0;
  missing &= ~path;
  if (missing && !g->sched_dims && !g->routine_mode)
    for (tree c = gimple_omp_for_clauses(n->stmt); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION) {
        sorry_at(OMP_CLAUSE_LOCATION(c), "%<reduction%> in a nest of "
                 "%<gang(dim:%d)%> loops with no %<gang(dim:%d)%> loop (its "
                 "gangs would each add their copy)", path & KG_GANG_Z ? 3 : 2,
                 missing & KG_GANG ? 1 : 2);
        g->failed = true;
        break;
      }
  return all;
}

void free_loops(vec<lnode *> *v)
{
  for (unsigned i = 0; i < v->length(); i++) {
    free_loops(&(*v)[i]->kids);
    free((*v)[i]);
  }
  v->release();
}

/* "vector(128)" as the launch will use it (see lower-compute.cc). */
static const char *vector_text(kg *g, char *buf, size_t n)
{
  tree vl = NULL_TREE;
  for (tree c = gimple_omp_target_clauses(g->region->stmt); c;
       c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR_LENGTH)
      vl = OMP_CLAUSE_VECTOR_LENGTH_EXPR(c);
  if ((g->dims & KG_WORKER) && vl && tree_fits_shwi_p(vl)) {
    /* whole warps per worker (lower-compute.cc, warp_rows) */
    long long v = tree_to_shwi(vl);
    v = v < 32 ? 32 : v > 1024 ? 1024 : (v + 31) / 32 * 32;
    snprintf(buf, n, "vector(%lld)", v);
  } else if ((g->dims & KG_WORKER) && !vl)
    snprintf(buf, n, "vector(32)");
  else if (vl && tree_fits_shwi_p(vl))
    snprintf(buf, n, "vector(%d)", (int)tree_to_shwi(vl));
  else if (vl)
    snprintf(buf, n, "vector(vector_length)");
  else
    snprintf(buf, n, "vector(128)");
  return buf;
}

void info_loops(kg *g, vec<lnode *> *v)
{
  char vb[64];
  for (unsigned i = 0; i < v->length(); i++) {
    lnode *n = (*v)[i];
    int d = loop_dims_of(g, n->stmt);
    location_t l = gimple_location(n->stmt);
    if ((g->sched_dims && g->sched_dims->get(n->stmt)) || (d & KG_PGI))
      ; /* noted with the schedule (sched_apply, kg_pgi_nest) */
    else if (!d)
      inform(l, "accgpu: loop run sequentially in each thread");
    else
      inform(l, "accgpu: loop parallelized across%s%s%s%s",
             d & KG_GANG ? " gangs" : d & KG_GANG_Y ? " gangs (dim 2)"
             : d & KG_GANG_Z ? " gangs (dim 3)" : "",
             d & KG_WORKER ? (d & KG_GANGS ? ", workers" : " workers") : "",
             d & KG_VECTOR ? (d & (KG_GANGS | KG_WORKER) ? " and " : " ") : "",
             d & KG_VECTOR ? vector_text(g, vb, sizeof vb) : "");
    for (tree c = gimple_omp_for_clauses(n->stmt); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      {
        char how[160] = "within each thread";
        if (d & KG_PGI)
          snprintf(how, sizeof how, "within each thread, then one atomic "
                   "per thread");
        else if (d)
          snprintf(how, sizeof how, "across%s%s%s%s%s (%s)",
                   d & KG_GANG ? " gangs" : "",
                   (d & KG_GANG) && (d & (KG_WORKER | KG_VECTOR)) ? "," : "",
                   d & KG_WORKER ? " workers" : "",
                   (d & KG_WORKER) && (d & KG_VECTOR) ? " and" : "",
                   d & KG_VECTOR ? " vector lanes" : "",
                   d & (KG_WORKER | KG_VECTOR)
                   ? "warp shuffles, one shared-memory pass across warps"
                   : "one atomic per gang");
        inform(l, "accgpu: reduction(%s:%qD) %s",
               op_symbol_code(OMP_CLAUSE_REDUCTION_CODE(c)),
               accgpu_red_var(OMP_CLAUSE_DECL(c)), how); /* arrays: MEM_REF */
      }
    info_loops(g, &n->kids);
  }
}

/* ------------------------------------------------------------------ */
/* acc-tune schedules (-fplugin-arg-accgpu-schedule; docs/tuning.md).  */

/* One loop of the parallel nest as tune-dump models it: a collapsed level
   of an acc loop. */
struct sched_lev {
  lnode *n;
  unsigned l;
};

/* The parallel nest of LOOPS as tune-dump collects it: the first loop's
   collapsed levels, then those of the first loop directly inside, at most
   ACCGPU_SCHED_MAXLOOPS levels in all.  Returns the number of levels. */
static int sched_nest(vec<lnode *> *loops, sched_lev *lev)
{
  int n = 0;
  for (vec<lnode *> *v = loops; !v->is_empty(); v = &(*v)[0]->kids) {
    lnode *x = (*v)[0];
    int c = (int)gimple_omp_for_collapse(x->stmt);
    if (n + c > ACCGPU_SCHED_MAXLOOPS)
      break;
    for (int l = 0; l < c; l++, n++) {
      lev[n].n = x;
      lev[n].l = l;
    }
  }
  return n;
}

/* The KG_* levels of loop I of S. */
static int sched_level_dims(const struct accgpu_schedule *s, int i)
{
  static const int blk[3] = {KG_GANG, KG_GANG_Y, KG_GANG_Z};
  int d = s->loop[i].thread == 0 ? KG_VECTOR
          : s->loop[i].thread == 1 ? KG_WORKER : 0;
  if (s->loop[i].block >= 0 && s->loop[i].block < 3)
    d |= blk[s->loop[i].block];
  return d;
}

/* True when SEQ (the body of a nest loop) holds nothing but NEXT (the next
   loop of the nest) and assignments to local scalars: code that every
   block may run redundantly without changing the result. */
bool kg_only_locals(kg *g, gimple_seq seq, gimple *next)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    switch (gimple_code(s)) {
    case GIMPLE_BIND:
      if (!kg_only_locals(g, gimple_bind_body(as_a<gbind *>(s)), next))
        return false;
      break;
    case GIMPLE_TRY:
      if (!kg_only_locals(g, gimple_try_eval(s), next)
          || !kg_only_locals(g, gimple_try_cleanup(s), next))
        return false;
      break;
    case GIMPLE_OMP_FOR:
      if (s != next)
        return false;
      break;
    case GIMPLE_NOP:
    case GIMPLE_DEBUG:
      break;
    case GIMPLE_ASSIGN: {
      tree l = gimple_assign_lhs(s);
      if (gimple_clobber_p(s))
        break;
      if (!kg_is_local_auto(l) || AGGREGATE_TYPE_P(TREE_TYPE(l)))
        return false;
      for (unsigned k = 0; k < g->region->params.length(); k++)
        if (g->region->params[k].decl == l)
          return false;
      break;
    }
    default:
      return false;
    }
  }
  return true;
}

/* True when a loop of N's subtree has a size argument (gang(num:),
   worker(n), vector(n)): explicit sizes win over a schedule. */
static bool sched_size_args(lnode *n)
{
  for (tree c = gimple_omp_for_clauses(n->stmt); c; c = OMP_CLAUSE_CHAIN(c))
    if ((OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG && OMP_CLAUSE_GANG_EXPR(c))
        || (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WORKER
            && OMP_CLAUSE_WORKER_EXPR(c))
        || (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR
            && OMP_CLAUSE_VECTOR_EXPR(c)))
      return true;
  for (unsigned i = 0; i < n->kids.length(); i++)
    if (sched_size_args(n->kids[i]))
      return true;
  return false;
}

bool kg_loop_has_clause(gimple *f, enum omp_clause_code code)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == code)
      return true;
  return false;
}

static const char *sched_var(sched_lev *v)
{
  tree d = gimple_omp_for_index(v->n->stmt, v->l);
  return DECL_P(d) && DECL_NAME(d) ? IDENTIFIER_POINTER(DECL_NAME(d)) : "?";
}

/* Why S's geometry cannot run the construct's code: NULL when it can. */
static const char *sched_bad_geometry(const struct accgpu_schedule *s)
{
  bool worker = false;
  unsigned long threads = 1;
  for (int i = 0; i < 3; i++) {
    if (s->block[i] < 1)
      return "a block dimension is 0";
    threads *= s->block[i];
  }
  if (threads > 1024)
    return "more than 1024 threads per block";
  for (int i = 0; i < s->nloops; i++) {
    if (s->loop[i].thread == 2)
      return "a loop on threadIdx.z (no OpenACC level)";
    worker |= s->loop[i].thread == 1;
  }
  if (s->block[2] != 1)
    return "block z is not 1 and no loop runs on threadIdx.z";
  /* Worker-level code (guards, barriers, worker reductions) needs each
     worker to own whole warps, and a worker wider than a warp one of the
     15 named barriers (bar.sync 1..15). */
  if (worker && s->block[0] % 32 != 0)
    return "a loop on threadIdx.y needs block x a multiple of 32 (whole "
           "warps per worker)";
  if (worker && s->block[0] > 32 && s->block[1] > 15)
    return "more than 15 rows of threads wider than a warp (named barriers)";
  return NULL;
}

/* Why the nest LEV[0..N) of the construct cannot take schedule S, or
   NULL.  The loop dimensions of the default mapping are in G. */
static const char *sched_bad_nest(kg *g, const struct accgpu_schedule *s,
                                  sched_lev *lev, int n, bool kernels)
{
  static char why[256];
  int gang_x_depth = -1, other_block_depth = -1, used = 0;
  for (int i = 0; i < n; i++) {
    lnode *x = lev[i].n;
    int d = sched_level_dims(s, i);
    if (strcmp(sched_var(&lev[i]), s->loop[i].var) != 0)
      return "its loops are not the construct's parallel loop nest";
    /* Nested loops on one dimension would share its index. */
    if (lev[i].l == 0 && (used & d))
      return "two nested loops on the same thread or block dimension";
    used |= d;
    if (x->seq || (!x->explicit_dims && (kernels ? !x->indep : x->autop))) {
      snprintf(why, sizeof why, "loop '%s' is not parallel (seq, or not "
               "proven independent)", sched_var(&lev[i]));
      return why;
    }
    if (lev[i].l > 0 && sched_level_dims(s, i - 1) != d)
      return "collapsed loops have different mappings";
    if (kg_loop_has_clause(x->stmt, OMP_CLAUSE_TILE))
      return "a loop of the nest has a tile clause";
    /* Reductions are combined per level (construct-level ones too, from
       the loops that update them): their loops keep the default levels. */
    if ((kg_loop_has_clause(x->stmt, OMP_CLAUSE_REDUCTION)
         || !g->region->reds.is_empty())
        && loop_dims_of(g, x->stmt) != d)
      return "it would move a reduction loop to other levels";
    if (d & KG_GANG)
      gang_x_depth = i;
    else if (d & KG_GANGS)
      other_block_depth = i;
    /* Code around a loop on a block dimension, in the nest loops that
       enclose it, runs once per block of that dimension. */
    for (int h = 0; (d & KG_GANGS) && h < i; h++)
      if (lev[h + 1].l == 0
          && !kg_only_locals(g, gimple_omp_body(lev[h].n->stmt),
                                lev[h + 1].n->stmt))
        return "statements between the nested loops would run once per "
               "block";
  }
  if (gang_x_depth >= 0 && gang_x_depth < other_block_depth)
    return "a loop on blockIdx.x encloses one on blockIdx.y or z";
  if (explicit_below(lev[n - 1].n) || auto_below(lev[n - 1].n, kernels))
    return "a loop inside the nest could be partitioned";
  return NULL;
}

/* Why schedule S cannot be applied to the construct of G, or NULL; on
   NULL LEV holds its nest. */
static const char *sched_reject(kg *g, const struct accgpu_schedule *s,
                                vec<lnode *> *loops, bool kernels,
                                bool serial, sched_lev *lev)
{
  struct kg_region *r = g->region;
  if (serial)
    return "a serial construct runs on one thread";
  for (tree c = gimple_omp_target_clauses(r->stmt); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_NUM_GANGS
        || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_NUM_WORKERS
        || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR_LENGTH)
      return "num_gangs, num_workers or vector_length given (explicit "
             "clauses win)";
  if (loops->length() != 1)
    return "the construct has more than one outermost loop";
  if (sched_size_args((*loops)[0]))
    return "a loop has a gang, worker or vector size (explicit sizes win)";
  const char *why = sched_bad_geometry(s);
  if (why)
    return why;
  int n = sched_nest(loops, lev);
  if (n != s->nloops)
    return "its loops are not the construct's parallel loop nest";
  why = sched_bad_nest(g, s, lev, n, kernels);
  if (why)
    return why;
  if (kg_seq_callee_dims(gimple_omp_body(r->stmt)))
    return "it calls worker or vector routines";
  return NULL;
}

/* "i -> blockIdx.x, j -> threadIdx.x + blockIdx.x" for S. */
static void sched_map_text(const struct accgpu_schedule *s, char *buf,
                           size_t n)
{
  static const char *const thr[] = {"threadIdx.x", "threadIdx.y",
                                    "threadIdx.z"};
  static const char *const blk[] = {"blockIdx.x", "blockIdx.y", "blockIdx.z"};
  buf[0] = 0;
  for (int i = 0; i < s->nloops; i++) {
    size_t k = strlen(buf);
    int t = s->loop[i].thread, b = s->loop[i].block;
    snprintf(buf + k, n - k, "%s%s -> %s%s%s", i ? ", " : "", s->loop[i].var,
             t >= 0 ? thr[t] : b >= 0 ? "" : "sequential",
             t >= 0 && b >= 0 ? " + " : "", b >= 0 ? blk[b] : "");
  }
}

/* Looks up the construct's acc-tune schedule and, when it applies, maps
   its nest's loops from it (G->sched_dims, R->sched); -info notes say
   which schedule was applied or why it was ignored.  The default mapping
   is already in G->loop_dims. */
bool sched_apply(kg *g, vec<lnode *> *loops, bool kernels,
                        bool serial)
{
  struct kg_region *r = g->region;
  r->sched = NULL;
  if (g->failed || !accgpu_schedule_path)
    return false;
  expanded_location x = expand_location(g->loc);
  const char *fn = current_function_decl && DECL_NAME(current_function_decl)
                   ? IDENTIFIER_POINTER(DECL_NAME(current_function_decl))
                   : "";
  const struct accgpu_schedule *s
      = accgpu_schedule_find(x.file ? x.file : "<unknown>", x.line, fn);
  if (!s)
    return false;
  sched_lev lev[ACCGPU_SCHED_MAXLOOPS];
  const char *why = sched_reject(g, s, loops, kernels, serial, lev);
  if (why) {
    if (accgpu_opts.info)
      inform(g->loc, "accgpu: acc-tune schedule %qs for %qs ignored: %s",
             s->pattern, s->id, why);
    return false;
  }
  g->sched_dims = new hash_map<gimple *, int>;
  for (int i = 0; i < s->nloops; i++) {
    g->sched_dims->put(lev[i].n->stmt, sched_level_dims(s, i));
    r->sched_for[i] = lev[i].n->stmt;
  }
  r->sched = s;
  if (accgpu_opts.info) {
    char map[256];
    sched_map_text(s, map, sizeof map);
    inform(g->loc, "accgpu: acc-tune schedule %qs applied: %s; block "
           "%ux%ux%u", s->pattern, map, s->block[0], s->block[1],
           s->block[2]);
  }
  return true;
}
