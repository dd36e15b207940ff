/* lower-compute.cc — host side of OpenACC compute constructs.
 *
 *   #pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n]) firstprivate(s)
 *   for (...) BODY
 * becomes
 *   if (__accgpu_offload_p(&loc, dev, IF)) {
 *     maps[] = {...};                                  (accgpu_build_maps)
 *     __accgpu_region_begin(&loc, dev, async, n, maps, devaddrs);
 *     p0 = devaddrs[0] - bias; p1 = s; ...; args[] = {&p0, &p1, ...};
 *     grid/block from num_gangs/num_workers/vector_length or device limits;
 *     __accgpu_launch(&loc, &__accgpu_module, K, grid, block, 0, async, args);
 *     __accgpu_region_end(&loc, async);
 *   } else
 *     BODY with its acc loops turned into plain loops (host fallback)
 * and the kernel text (kernel-gen.cc) joins the module (module-emit.cc). */
#include "accgpu-plugin.h"
#include "passes/lower-data.h"
#include "passes/kernel-gen.h"
#include "passes/kernel-deps.h"
#include "passes/profile-values.h"
#include "passes/tune-dump.h"
#include "passes/implicit-maps.h"
#include "passes/privatize.h"
#include "reduction/reduction.h"

/* ---- runtime declarations only the compute side uses ---- */

static tree dim3_type;
static tree limits_type;
static tree fn_offload_p, fn_launch, fn_limits, fn_wait;

static tree u32_record(const char *const *names, int n)
{
  tree t = make_node(RECORD_TYPE), fields = NULL_TREE;
  for (int i = n - 1; i >= 0; i--) {
    tree f = build_decl(UNKNOWN_LOCATION, FIELD_DECL, get_identifier(names[i]),
                        unsigned_type_node);
    DECL_CONTEXT(f) = t;
    DECL_CHAIN(f) = fields;
    fields = f;
  }
  TYPE_FIELDS(t) = fields;
  layout_type(t);
  return t;
}

/* The entry points come from the data side's table (accgpu_runtime_decl),
   so each has one FUNCTION_DECL per unit; __accgpu_dim3 is the type of
   __accgpu_launch's grid parameter. */
static void init_decls(void)
{
  if (dim3_type)
    return;
  static const char *const lim[] = {"sm_count", "max_threads_per_block",
                                    "warp_size", "max_blocks_per_sm"};
  limits_type = u32_record(lim, 4);
  fn_offload_p = accgpu_runtime_decl("__accgpu_offload_p");
  fn_launch = accgpu_runtime_decl("__accgpu_launch");
  fn_limits = accgpu_runtime_decl("__accgpu_device_limits");
  fn_wait = accgpu_runtime_decl("__accgpu_wait");
  tree a = TYPE_ARG_TYPES(TREE_TYPE(fn_launch));
  for (int k = 0; k < 3; k++)
    a = TREE_CHAIN(a);
  dim3_type = TREE_VALUE(a);
  gcc_assert(TREE_CODE(dim3_type) == RECORD_TYPE);
  tree keep[] = {dim3_type, limits_type, fn_offload_p, fn_launch, fn_limits,
                 fn_wait};
  for (unsigned i = 0; i < ARRAY_SIZE(keep); i++)
    accgpu_keep(keep[i]);
}

/* A fresh addressable local of TYPE. */
static tree addr_tmp(tree type, const char *name)
{
  tree v = create_tmp_var_raw(type, name);
  TREE_ADDRESSABLE(v) = 1;
  gimple_add_tmp_var(v);
  return v;
}

/* Gimplifies EXPR into a value before GSI. */
static tree val(gimple_stmt_iterator *gsi, tree expr)
{
  return force_gimple_operand_gsi(gsi, expr, true, NULL_TREE, true,
                                  GSI_SAME_STMT);
}

static void add(gimple_stmt_iterator *gsi, gimple *s)
{
  gsi_insert_before(gsi, s, GSI_SAME_STMT);
}

/* ---- the host fallback: OpenACC loops and atomics made sequential ---- */

static void strip_seq(gimple_seq *seq);

/* The sequential form of an acc loop: pre-body, then for each collapsed
   level  i = n1; goto test; body: ...; i = i + step; test: if (i < n2)
   goto body; exit:  */
static gimple_seq seq_loop(gomp_for *f)
{
  unsigned nl = gimple_omp_for_collapse(f);
  gimple_seq inner = gimple_omp_body(f);
  gimple_omp_set_body(f, NULL);
  strip_seq(&inner);
  for (int l = (int)nl - 1; l >= 0; l--) {
    tree i = gimple_omp_for_index(f, l);
    tree incr = gimple_omp_for_incr(f, l);
    tree rhs = TREE_CODE(incr) == MODIFY_EXPR ? TREE_OPERAND(incr, 1) : incr;
    tree lbody = create_artificial_label(UNKNOWN_LOCATION);
    tree ltest = create_artificial_label(UNKNOWN_LOCATION);
    tree lexit = create_artificial_label(UNKNOWN_LOCATION);
    gimple_seq s = NULL;
    gimple_seq_add_stmt(&s, gimple_build_assign(i, gimple_omp_for_initial(f, l)));
    gimple_seq_add_stmt(&s, gimple_build_goto(ltest));
    gimple_seq_add_stmt(&s, gimple_build_label(lbody));
    gimple_seq_add_seq(&s, inner);
    gimple_seq_add_stmt(&s, gimple_build_assign(i, TREE_CODE(rhs),
                                                TREE_OPERAND(rhs, 0),
                                                TREE_OPERAND(rhs, 1)));
    gimple_seq_add_stmt(&s, gimple_build_label(ltest));
    gimple_seq_add_stmt(&s, gimple_build_cond(gimple_omp_for_cond(f, l), i,
                                              gimple_omp_for_final(f, l),
                                              lbody, lexit));
    gimple_seq_add_stmt(&s, gimple_build_label(lexit));
    inner = s;
  }
  gimple_seq out = gimple_omp_for_pre_body(f);
  gimple_omp_for_set_pre_body(f, NULL);
  gimple_seq_add_seq(&out, inner);
  return out;
}

static tree atomic_addr; /* address of the atomic being stripped */

/* Replaces the statement at GSI by its sequential form when it is an
   OpenACC loop or atomic; returns true when it did (GSI then points at the
   first replacement statement, or past it when there is none). */
static bool strip_one(gimple_stmt_iterator *gsi)
{
  gimple *s = gsi_stmt(*gsi);
  switch (gimple_code(s)) {
  case GIMPLE_OMP_FOR: {
    if (gimple_omp_for_kind(s) != GF_OMP_FOR_KIND_OACC_LOOP)
      return false;
    gimple_seq rep = seq_loop(as_a<gomp_for *>(s));
    gsi_insert_seq_before(gsi, rep, GSI_SAME_STMT);
    gsi_remove(gsi, true);
    return true;
  }
  case GIMPLE_OMP_ATOMIC_LOAD: {
    gomp_atomic_load *l = as_a<gomp_atomic_load *>(s);
    atomic_addr = gimple_omp_atomic_load_rhs(l);
    tree lhs = gimple_omp_atomic_load_lhs(l);
    tree mem = build_simple_mem_ref(atomic_addr);
    TREE_TYPE(mem) = TREE_TYPE(lhs);
    gsi_replace(gsi, gimple_build_assign(lhs, mem), true);
    gsi_next(gsi);
    return true;
  }
  case GIMPLE_OMP_ATOMIC_STORE: {
    tree v = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
    if (!atomic_addr)
      return false;
    tree mem = build_simple_mem_ref(atomic_addr);
    TREE_TYPE(mem) = TREE_TYPE(v);
    gsi_replace(gsi, gimple_build_assign(mem, v), true);
    atomic_addr = NULL_TREE;
    gsi_next(gsi);
    return true;
  }
  default:
    return false;
  }
}

static void strip_seq(gimple_seq *seq)
{
  gimple_stmt_iterator gsi = gsi_start(*seq);
  while (!gsi_end_p(gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (strip_one(&gsi))
      continue;
    switch (gimple_code(s)) {
    case GIMPLE_BIND:
      strip_seq(gimple_bind_body_ptr(as_a<gbind *>(s)));
      break;
    case GIMPLE_TRY:
      strip_seq(gimple_try_eval_ptr(s));
      strip_seq(gimple_try_cleanup_ptr(s));
      break;
    default:
      break;
    }
    gsi_next(&gsi);
  }
}

/* ---- host fallback privatization ---- */

static tree remap_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  hash_map<tree, tree> *m = (hash_map<tree, tree> *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  tree *n = m->get(*tp);
  if (n)
    *tp = *n;
  return NULL_TREE;
}

static void remap_seq(gimple_seq seq, hash_map<tree, tree> *m)
{
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = m;
  walk_gimple_seq(seq, NULL, remap_op, &wi);
}

static bool privatizable(tree d)
{
  return VAR_P(d) && !TREE_STATIC(d) && !DECL_EXTERNAL(d)
         && TREE_CONSTANT(TYPE_SIZE_UNIT(TREE_TYPE(d)));
}

/* walk_gimple_seq callback: privatizes the private variables of each acc
   loop inside its own body. */
static tree private_loops(gimple_stmt_iterator *gsi, bool *handled,
                          walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) != GIMPLE_OMP_FOR)
    return NULL_TREE;
  hash_map<tree, tree> m;
  for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_PRIVATE)
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    bool index = false;
    for (unsigned l = 0; l < gimple_omp_for_collapse(s); l++)
      index |= gimple_omp_for_index(s, l) == d;
    if (!index && privatizable(d))
      m.put(d, create_tmp_var(TREE_TYPE(d), "accpriv"));
  }
  if (m.elements())
    remap_seq(gimple_omp_body(s), &m);
  return NULL_TREE;
}

/* In the host fallback, firstprivate and private variables of the
   construct and private variables of its loops get fresh copies, so the
   host's variables keep their values as on a device. */
static void privatize_host(gimple_seq *host, tree clauses)
{
  hash_map<tree, tree> m;
  gimple_seq init = NULL;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    enum omp_clause_code code = OMP_CLAUSE_CODE(c);
    if (code != OMP_CLAUSE_FIRSTPRIVATE && code != OMP_CLAUSE_PRIVATE)
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    if (!privatizable(d) || m.get(d))
      continue;
    tree copy = create_tmp_var(TREE_TYPE(d), "accpriv");
    if (TREE_ADDRESSABLE(d))
      TREE_ADDRESSABLE(copy) = 1;
    m.put(d, copy);
    if (code == OMP_CLAUSE_FIRSTPRIVATE)
      gimple_seq_add_stmt(&init, gimple_build_assign(copy, d));
  }
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq(*host, private_loops, NULL, &wi);
  if (m.elements())
    remap_seq(*host, &m);
  gimple_seq_add_seq(&init, *host);
  *host = init;
}

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

static const char *const dim_names[] = {"gang", "worker", "vector"};

/* Errors for acc loops in a routine that use a level of parallelism the
   routine does not have (LEVEL: 0 gang ... 3 seq). */
static tree check_routine_loop(gimple_stmt_iterator *gsi, bool *handled,
                               walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  int level = *(int *)wi->info;
  if (gimple_code(s) != GIMPLE_OMP_FOR)
    return NULL_TREE;
  for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c)) {
    int dim = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_GANG ? 0
              : OMP_CLAUSE_CODE(c) == OMP_CLAUSE_WORKER ? 1
              : OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR ? 2 : 3;
    if (dim < level)
      error_at(gimple_location(s), "accgpu: %<%s%> loop inside a %<routine "
               "%s%>: the routine has no %s parallelism", dim_names[dim],
               level < 3 ? dim_names[level] : "seq", dim_names[dim]);
  }
  return NULL_TREE;
}

bool accgpu_strip_orphan(gimple_stmt_iterator *gsi)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR
      && gimple_omp_for_kind(s) == GF_OMP_FOR_KIND_OACC_LOOP) {
    tree attr = oacc_get_fn_attrib(current_function_decl);
    if (!attr)
      error_at(gimple_location(s), "accgpu: %<loop%> directive outside a "
               "compute region, in a function that is not an OpenACC "
               "%<routine%>");
    else {
      int level = oacc_fn_attrib_level(attr);
      walk_stmt_info wi;
      memset(&wi, 0, sizeof wi);
      wi.info = &level;
      gimple_seq one = NULL;
      gimple_seq_add_stmt_without_update(&one, s);
      walk_gimple_seq(one, check_routine_loop, NULL, &wi);
    }
  }
  return strip_one(gsi);
}

/* ---- clauses -> kernel parameters ---- */

/* How the host computes parameter i's value. */
struct param_src {
  tree map_clause; /* data clause whose device address it is, or NULL */
  tree bias;       /* for pointer-assign items: subtract from the address */
};

static bool data_map_kind_p(tree c)
{
  switch (OMP_CLAUSE_MAP_KIND(c)) {
  case GOMP_MAP_FIRSTPRIVATE_POINTER:
  case GOMP_MAP_FIRSTPRIVATE_REFERENCE:
  case GOMP_MAP_POINTER:
  case GOMP_MAP_ALWAYS_POINTER:
  case GOMP_MAP_ATTACH_DETACH:
  case GOMP_MAP_ATTACH:
  case GOMP_MAP_DETACH:
    return false;
  default:
    return true;
  }
}

struct clause_info {
  tree ifc, async, ngangs, nworkers, vlen;
  vec<tree> waits;
  bool has_async, has_wait;
};

/* A firstprivate array D goes to the kernel by value, as a struct holding
   it (kernel-gen.cc, fp_arrays); NULL after a sorry when it cannot. */
static tree fp_array_type(tree c, tree d)
{
  tree at = TREE_TYPE(d);
  if (!tree_fits_uhwi_p(TYPE_SIZE_UNIT(at))
      || tree_to_uhwi(TYPE_SIZE_UNIT(at)) > 4000) {
    sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: %<firstprivate%> of an array "
             "(%qD) larger than 4000 bytes or of variable size (kernel "
             "parameters are limited to 4 KiB)", d);
    return NULL_TREE;
  }
  tree rec = make_node(RECORD_TYPE);
  tree f = build_decl(OMP_CLAUSE_LOCATION(c), FIELD_DECL,
                      get_identifier("v"), at);
  DECL_CONTEXT(f) = rec;
  TYPE_FIELDS(rec) = f;
  layout_type(rec);
  return rec;
}

/* A VLA decl D is `*D.N` (DECL_VALUE_EXPR) with D.N the pointer the
   region body uses: its pointer-assign clause names D, the kernel
   parameter is D.N.  Any other D is itself.  */
static tree vla_pointer(tree d)
{
  if (VAR_P(d) && DECL_HAS_VALUE_EXPR_P(d)) {
    tree v = DECL_VALUE_EXPR(d);
    if (TREE_CODE(v) == INDIRECT_REF && DECL_P(TREE_OPERAND(v, 0)))
      return TREE_OPERAND(v, 0);
  }
  return d;
}

/* Fills R->params / R->reds and SRC from the construct's clauses. */
static bool read_clauses(struct kg_region *r, tree clauses,
                         vec<param_src> *src, clause_info *ci)
{
  tree prev = NULL_TREE;
  memset(ci, 0, sizeof *ci);
  for (tree c = clauses; c; prev = c, c = OMP_CLAUSE_CHAIN(c)) {
    kg_param p = {};
    param_src ps = {};
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_MAP: {
      tree d = OMP_CLAUSE_DECL(c);
      if (OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER) {
        p.decl = vla_pointer(d);
        p.type = TREE_TYPE(p.decl);
        if (TREE_CODE(p.type) == ARRAY_TYPE) { /* section of an array */
          p.type = build_pointer_type(p.type);
          p.by_ref = true;
        }
        ps.map_clause = prev;
        ps.bias = OMP_CLAUSE_SIZE(c);
      } else if (DECL_P(d)
                 && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FORCE_DEVICEPTR) {
        p.decl = d; /* already a device address: passed by value */
        p.type = TREE_TYPE(d);
      } else if (DECL_P(d) && data_map_kind_p(c)) {
        p.decl = d;
        p.type = build_pointer_type(TREE_TYPE(d));
        p.by_ref = true;
        ps.map_clause = c;
      } else if (!DECL_P(d) && !data_map_kind_p(c)) {
        sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: this data clause (struct "
                 "member pointer or attach) is not supported on compute "
                 "constructs yet");
        return false;
      }
      break;
    }
    case OMP_CLAUSE_FIRSTPRIVATE:
      p.decl = OMP_CLAUSE_DECL(c);
      p.type = TREE_TYPE(p.decl);
      if (TREE_CODE(p.type) == ARRAY_TYPE
          && !(p.type = fp_array_type(c, p.decl)))
        return false;
      break;
    case OMP_CLAUSE_REDUCTION: {
      tree d = OMP_CLAUSE_DECL(c);
      kg_red red = {d, accgpu_red_code(TREE_TYPE(d),
                                       OMP_CLAUSE_REDUCTION_CODE(c))};
      r->reds.safe_push(red);
      break;
    }
    case OMP_CLAUSE_IF:
      ci->ifc = OMP_CLAUSE_IF_EXPR(c);
      break;
    case OMP_CLAUSE_ASYNC:
      ci->has_async = true;
      ci->async = OMP_CLAUSE_ASYNC_EXPR(c);
      break;
    case OMP_CLAUSE_WAIT:
      ci->has_wait = true;
      ci->waits.safe_push(OMP_CLAUSE_DECL(c));
      break;
    case OMP_CLAUSE_NUM_GANGS:
      ci->ngangs = OMP_CLAUSE_NUM_GANGS_EXPR(c);
      break;
    case OMP_CLAUSE_NUM_WORKERS:
      ci->nworkers = OMP_CLAUSE_NUM_WORKERS_EXPR(c);
      break;
    case OMP_CLAUSE_VECTOR_LENGTH:
      ci->vlen = OMP_CLAUSE_VECTOR_LENGTH_EXPR(c);
      break;
    default:
      break;
    }
    if (p.decl) {
      bool dup = false;
      for (unsigned i = 0; i < r->params.length(); i++)
        if (r->params[i].decl == p.decl)
          dup = true;
      if (!dup) {
        r->params.safe_push(p);
        src->safe_push(ps);
      }
    }
  }
  return true;
}

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
   stored into ARGS[0..2] when still NULL_TREE. */
static void loop_dim_args(struct kg_region *r, gimple_seq seq, tree args[3])
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND)
      loop_dim_args(r, gimple_bind_body(as_a<gbind *>(s)), args);
    else if (gimple_code(s) == GIMPLE_TRY)
      loop_dim_args(r, gimple_try_eval(s), args);
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
      else if (accgpu_opts.info)
        inform(OMP_CLAUSE_LOCATION(c), "accgpu: this size argument is not "
               "known before the region; the default size is used");
    }
    loop_dim_args(r, gimple_omp_body(s), args);
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

/* Gangs of a construct with a gang loop and no (positive) num_gangs:
   enough to fill the device (DEV's limits), no more than the outermost gang
   loop needs when the host knows its trip count (VEC, WK: the launch's
   vector length and workers). */
static tree default_gangs(gimple_stmt_iterator *gsi, struct kg_region *r,
                          tree dev, tree vec, tree wk)
{
  tree gangs;
  /* Enough gangs to fill the device, no more than the loop needs. */
  tree lim = addr_tmp(limits_type, "acclim");
  add(gsi, gimple_build_call(fn_limits, 2, dev, build_fold_addr_expr(lim)));
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

/* Sets GRID and BLOCK (dim3 locals) before GSI. */
static void emit_geometry(gimple_stmt_iterator *gsi, struct kg_region *r,
                          clause_info *ci, tree dev, tree grid, tree block)
{
  if (r->sched) {
    sched_geometry(gsi, r, grid, block);
    return;
  }
  bool serial = r->kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
  int dims = r->dims;
  /* gang(num:), worker(n), vector(n) size the launch like the construct's
     num_gangs, num_workers, vector_length (which win when both appear). */
  tree largs[3] = {ci->ngangs, ci->nworkers, ci->vlen};
  loop_dim_args(r, gimple_omp_body(r->stmt), largs);
  clause_info c = *ci;
  c.ngangs = largs[0];
  c.nworkers = largs[1];
  c.vlen = largs[2];
  ci = &c;
  tree vec, wk, gangs, one = build_int_cst(unsigned_type_node, 1);
  if (serial || !(dims & KG_VECTOR))
    vec = one;
  else if (dims & KG_WORKER) /* whole warps per worker: see kernel-gen.cc */
    vec = warp_rows(positive_or(ci->vlen,
                                build_int_cst(unsigned_type_node, 32)));
  else
    vec = positive_or(ci->vlen, build_int_cst(unsigned_type_node, 128));
  if (serial || !(dims & KG_WORKER))
    wk = one;
  else
    wk = worker_cap(vec, positive_or(ci->nworkers,
                                     build_int_cst(unsigned_type_node, 4)));
  bool kernels = r->kind == GF_OMP_TARGET_KIND_OACC_KERNELS;
  if (serial || (kernels && (r->gang_redundant_store || !(dims & KG_GANG))))
    /* kernels: code outside gang loops runs once, so one gang */
    gangs = one;
  else if (ci->ngangs && TREE_CODE(ci->ngangs) == INTEGER_CST
           && tree_int_cst_sgn(ci->ngangs) > 0)
    gangs = u32(ci->ngangs); /* no need to ask the device */
  else
    gangs = positive_or(ci->ngangs, (dims & KG_GANG)
                                        ? default_gangs(gsi, r, dev, vec, wk)
                                        : one);
  tree dimv[2][3] = {{gangs, build_int_cst(unsigned_type_node, 1),
                      build_int_cst(unsigned_type_node, 1)},
                     {vec, wk, build_int_cst(unsigned_type_node, 1)}};
  tree recs[2] = {grid, block};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 3; i++)
      add(gsi, gimple_build_assign(field(recs[k], i), val(gsi, dimv[k][i])));
}

/* ---- kernels: one kernel per loop nest ---- */

/* Walks the one statement S (and what it contains), leaving the sequence
   it belongs to untouched. */
static void walk_one(gimple *s, walk_stmt_fn cs, walk_tree_fn co,
                     walk_stmt_info *wi)
{
  gimple_seq dummy = s;
  gimple_stmt_iterator gsi;
  gsi.ptr = s;
  gsi.seq = &dummy;
  gsi.bb = NULL;
  walk_gimple_stmt(&gsi, cs, co, wi);
}

/* Walk state for var_ref_cb. */
struct var_ref {
  tree var;
  bool found;
};

static tree var_ref_op(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  struct var_ref *v = (struct var_ref *)wi->info;
  if (*tp == v->var)
    v->found = true;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static tree var_ref_stmt(gimple_stmt_iterator *gsi, bool *handled,
                         walk_stmt_info *wi)
{
  struct var_ref *v = (struct var_ref *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_OMP_FOR && accgpu_loop_private_p(s, v->var))
    *handled = true;
  return NULL_TREE;
}

/* True when S refers to VAR outside acc loops that privatize it. */
static bool stmt_refs(gimple *s, tree var)
{
  struct var_ref v = {var, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  walk_one(s, var_ref_stmt, var_ref_op, &wi);
  return v.found;
}

static bool control_flow_p(gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_LABEL: case GIMPLE_COND: case GIMPLE_GOTO: case GIMPLE_SWITCH:
    return true;
  default:
    return false;
  }
}

static tree find_decl_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree)data)
    return *tp;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* True when the piece STMTS[B..E) may read VAR's value from before it:
   false only when its first reference is a plain assignment of VAR (not
   reading it) that runs unconditionally. */
static bool needs_incoming(vec<gimple *> &stmts, unsigned b, unsigned e,
                           tree var)
{
  bool cf = false;
  for (unsigned k = b; k < e; k++) {
    gimple *s = stmts[k];
    if (!stmt_refs(s, var)) {
      cf |= control_flow_p(s);
      continue;
    }
    if (cf || !is_gimple_assign(s) || gimple_assign_lhs(s) != var)
      return true;
    for (unsigned o = 1; o < gimple_num_ops(s); o++) {
      tree op = gimple_op(s, o);
      if (op && walk_tree(&op, find_decl_cb, var, NULL))
        return true;
    }
    return false;
  }
  return false;
}

/* Collects (for collect_cb) labels defined and jump targets used. */
struct label_use {
  hash_set<tree> *defined, *used;
};

static tree label_cb(gimple_stmt_iterator *gsi, bool *handled,
                     walk_stmt_info *wi)
{
  struct label_use *u = (struct label_use *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  switch (gimple_code(s)) {
  case GIMPLE_LABEL:
    u->defined->add(gimple_label_label(as_a<glabel *>(s)));
    break;
  case GIMPLE_GOTO:
    u->used->add(gimple_goto_dest(s));
    break;
  case GIMPLE_COND:
    u->used->add(gimple_cond_true_label(as_a<gcond *>(s)));
    u->used->add(gimple_cond_false_label(as_a<gcond *>(s)));
    break;
  case GIMPLE_SWITCH:
    for (unsigned i = 0; i < gimple_switch_num_labels(as_a<gswitch *>(s)); i++)
      u->used->add(CASE_LABEL(gimple_switch_label(as_a<gswitch *>(s), i)));
    break;
  default:
    break;
  }
  return NULL_TREE;
}

static bool region_param_p(struct kg_region *r, tree d)
{
  for (unsigned i = 0; i < r->params.length(); i++)
    if (r->params[i].decl == d)
      return true;
  return false;
}

/* Collects the function-local variables referred to (walk_tree callback). */
static tree local_cb(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  hash_set<tree> *set = (hash_set<tree> *)wi->info;
  if (VAR_P(*tp) && !is_global_var(*tp))
    set->add(*tp);
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Scalar code: assignments to locals that are not kernel parameters (no
   mapped memory written), control flow, nops.  Such code can run redundantly in
   every thread before a loop. */
static bool scalar_code_p(struct kg_region *r, gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_NOP: case GIMPLE_LABEL: case GIMPLE_COND: case GIMPLE_GOTO:
    return true;
  case GIMPLE_ASSIGN: {
    /* Scalars and aggregates local to the region (not through pointers). */
    tree lhs = get_base_address(gimple_assign_lhs(s));
    return lhs && VAR_P(lhs) && !is_global_var(lhs) && !region_param_p(r, lhs);
  }
  default:
    return is_gimple_debug(s);
  }
}

/* True when SEQ holds, at its top level or in binds, an acc loop (plain
   loops found parallel are acc loops by now, kg_kernels_parallelize). */
static bool holds_nest(gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_OMP_FOR)
      return true;
    if (gimple_code(s) == GIMPLE_BIND
        && holds_nest(gimple_bind_body(as_a<gbind *>(s))))
      return true;
  }
  return false;
}

/* Assigns to D anywhere in STMTS (nested statements included)? */
struct assigns_to {
  tree d;
  unsigned count;
  gimple *ref;  /* when set: are all assignments the same as this one? */
  bool differ;
};

static bool same_assign(gimple *a, gimple *b)
{
  if (!is_gimple_assign(a) || gimple_num_ops(a) != gimple_num_ops(b)
      || gimple_assign_rhs_code(a) != gimple_assign_rhs_code(b))
    return false;
  for (unsigned o = 1; o < gimple_num_ops(a); o++)
    if (!operand_equal_p(gimple_op(a, o), gimple_op(b, o), 0))
      return false;
  return true;
}

static tree assigns_cb(gimple_stmt_iterator *gsi, bool *handled,
                       walk_stmt_info *wi)
{
  struct assigns_to *a = (struct assigns_to *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  bool hit = (is_gimple_assign(s) && gimple_assign_lhs(s) == a->d)
             || (is_gimple_call(s) && gimple_call_lhs(s) == a->d);
  if (hit) {
    a->count++;
    if (a->ref && !same_assign(s, a->ref))
      a->differ = true;
  }
  return NULL_TREE;
}

/* Number of assignments to D in STMTS; *DIFFER (when not NULL) tells
   whether one of them differs from REF. */
static unsigned count_assigns(vec<gimple *> &stmts, tree d, gimple *ref,
                              bool *differ)
{
  struct assigns_to a = {d, 0, ref, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &a;
  for (unsigned k = 0; k < stmts.length(); k++)
    walk_one(stmts[k], assigns_cb, NULL, &wi);
  if (differ)
    *differ = a.differ;
  return a.count;
}

/* The first top-level definition of V, when it can be recomputed at the
   start of any piece: V is only ever assigned the same expression of
   constants and region parameters (not addressable) that the body never
   assigns (GCC reuses such temporaries, e.g. n - 1, across statements).
   Else NULL. */
static gimple *remat_def(struct kg_region *r, vec<gimple *> &stmts, tree v)
{
  if (TREE_ADDRESSABLE(v))
    return NULL;
  gimple *def = NULL;
  for (unsigned k = 0; k < stmts.length() && !def; k++)
    if (is_gimple_assign(stmts[k]) && gimple_assign_lhs(stmts[k]) == v)
      def = stmts[k];
  bool differ = true;
  if (!def || gimple_clobber_p(def) || !count_assigns(stmts, v, def, &differ)
      || differ)
    return NULL;
  enum tree_code code = gimple_assign_rhs_code(def);
  if (TREE_CODE_CLASS(code) != tcc_binary && TREE_CODE_CLASS(code) != tcc_unary
      && code != SSA_NAME && TREE_CODE_CLASS(code) != tcc_constant
      && !(TREE_CODE_CLASS(code) == tcc_declaration))
    return NULL;
  for (unsigned o = 1; o < gimple_num_ops(def); o++) {
    tree op = gimple_op(def, o);
    if (CONSTANT_CLASS_P(op))
      continue;
    if (!DECL_P(op) || !region_param_p(r, op)
        || count_assigns(stmts, op, NULL, NULL))
      return NULL;
  }
  return def;
}

/* Cut points of a kernels body: after each loop nest (an acc loop, plain
   loops found parallel included) and after the last memory store before a
   loop, so that each nest gets its own kernel and full
   gangs.  Pushes the piece starts onto CUTS (the first is 0). */
static void find_cuts(struct kg_region *r, vec<gimple *> &stmts,
                      vec<unsigned> *cuts)
{
  cuts->safe_push(0);
  unsigned start = 0;
  for (unsigned k = 0; k < stmts.length(); k++) {
    bool nest = gimple_code(stmts[k]) == GIMPLE_OMP_FOR
                || (gimple_code(stmts[k]) == GIMPLE_BIND
                    && holds_nest(gimple_bind_body(as_a<gbind *>(stmts[k]))));
    if (!nest)
      continue;
    /* Memory code before the nest gets a piece of its own. */
    unsigned last_mem = start;
    for (unsigned j = start; j < k; j++)
      if (!scalar_code_p(r, stmts[j]))
        last_mem = j + 1;
    if (last_mem > start && last_mem <= k)
      cuts->safe_push(last_mem);
    if (k + 1 < stmts.length())
      cuts->safe_push(k + 1);
    start = k + 1;
  }
}

/* The labels S (and what it contains) defines and jumps to. */
static void stmt_labels(gimple *s, hash_set<tree> *defined,
                        hash_set<tree> *used)
{
  struct label_use u = {defined, used};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &u;
  walk_one(s, label_cb, NULL, &wi);
}

/* Top-level statement of STMTS holding label L, or -1. */
static int label_owner(vec<gimple *> &stmts, tree l)
{
  for (unsigned k = 0; k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    stmt_labels(stmts[k], &defined, &used);
    if (defined.contains(l))
      return (int)k;
  }
  return -1;
}

/* A jump between statements A and B crosses cut C. */
static bool crosses(vec<unsigned> &jumps, unsigned c)
{
  for (unsigned i = 0; i + 1 < jumps.length(); i += 2) {
    unsigned lo = MIN(jumps[i], jumps[i + 1]), hi = MAX(jumps[i], jumps[i + 1]);
    if (c > lo && c <= hi)
      return true;
  }
  return false;
}

/* Moves the cuts a jump crosses past the labels that follow them (the join
   after a nest inside an `if`), or drops them (the nest then stays with
   its condition); false when a jump leaves the region. */
static bool drop_jump_cuts(vec<gimple *> &stmts, vec<unsigned> *cuts)
{
  vec<unsigned> jumps = vNULL; /* pairs: statement, its target's */
  bool ok = true;
  for (unsigned k = 0; ok && k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    stmt_labels(stmts[k], &defined, &used);
    for (hash_set<tree>::iterator it = used.begin(); it != used.end(); ++it) {
      if (!*it || defined.contains(*it))
        continue;
      int q = label_owner(stmts, *it);
      ok &= q >= 0;
      jumps.safe_push(k);
      jumps.safe_push(q < 0 ? 0 : (unsigned)q);
    }
  }
  for (unsigned c = cuts->length(); ok && c-- > 1;) {
    unsigned next = c + 1 < cuts->length() ? (*cuts)[c + 1] : stmts.length();
    unsigned at = (*cuts)[c];
    while (crosses(jumps, at) && at + 1 < next
           && gimple_code(stmts[at]) == GIMPLE_LABEL)
      at++;
    if (crosses(jumps, at) || at <= (*cuts)[c - 1])
      cuts->ordered_remove(c);
    else
      (*cuts)[c] = at;
  }
  jumps.release();
  return ok;
}

/* Checks that no local variable's value flows from one piece into another,
   except temporaries remat_def can recompute: REMAT gets pairs (piece index
   as a pointer-sized integer, definition to copy at the piece's start).
   Else sets *FROM..*TO, pieces to merge: from the first one that refers to
   the variable to the one that needs its value. */
static bool locals_flow_ok(struct kg_region *r, vec<gimple *> &stmts,
                           vec<unsigned> &cuts, vec<gimple *> *remat,
                           unsigned *from, unsigned *to)
{
  unsigned n = cuts.length();
  hash_set<tree> locals;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &locals;
  for (unsigned k = 0; k < stmts.length(); k++)
    walk_one(stmts[k], NULL, local_cb, &wi);
  for (hash_set<tree>::iterator it = locals.begin(); it != locals.end(); ++it) {
    tree v = *it;
    if (region_param_p(r, v))
      continue;
    int first = -1;
    for (unsigned p = 0; p < n; p++) {
      unsigned b = cuts[p], e = p + 1 < n ? cuts[p + 1] : stmts.length();
      bool refs = false;
      for (unsigned k = b; k < e && !refs; k++)
        refs = stmt_refs(stmts[k], v);
      if (!refs)
        continue;
      if (first >= 0 && needs_incoming(stmts, b, e, v)) {
        gimple *def = remat_def(r, stmts, v);
        if (!def) {
          *from = first;
          *to = p;
          return false;
        }
        remat->safe_push((gimple *)(uintptr_t)p);
        remat->safe_push(def);
      }
      if (first < 0)
        first = p;
    }
  }
  return true;
}

/* Makes CUTS valid, merging pieces where needed; true when at least two
   pieces remain. */
static bool cuts_valid(struct kg_region *r, vec<gimple *> &stmts,
                       vec<unsigned> *cuts, vec<gimple *> *remat)
{
  if (!drop_jump_cuts(stmts, cuts))
    return false;
  for (unsigned iter = 0; cuts->length() > 1 && iter < stmts.length(); iter++) {
    unsigned from, to;
    remat->truncate(0);
    if (locals_flow_ok(r, stmts, *cuts, remat, &from, &to))
      return true;
    for (unsigned p = to; p > from; p--)
      cuts->ordered_remove(p);
  }
  return false;
}

static bool clobbers_only(gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i))
    if (!gimple_clobber_p(gsi_stmt(i)))
      return false;
  return true;
}

/* The statements of SEQ with its blocks opened (their variables pushed
   onto VARS: every piece declares them all) and end-of-scope clobbers
   dropped, so that nests inside blocks are cut like the others. */
static void flatten_top(gimple_seq seq, vec<gimple *> *stmts, vec<tree> *vars)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND) {
      if (gimple_bind_vars(as_a<gbind *>(s)))
        vars->safe_push(gimple_bind_vars(as_a<gbind *>(s)));
      flatten_top(gimple_bind_body(as_a<gbind *>(s)), stmts, vars);
    } else if (gimple_code(s) == GIMPLE_TRY
               && gimple_try_kind(s) == GIMPLE_TRY_FINALLY
               && clobbers_only(gimple_try_cleanup(s)))
      flatten_top(gimple_try_eval(s), stmts, vars);
    else if (!gimple_clobber_p(s))
      stmts->safe_push(s);
  }
}

/* Splits a kernels region's body into one body per loop nest (each a
   deep copy wrapped in a bind with the region's variables), pushed onto
   BODIES; returns false (BODIES empty) when the region stays one kernel.
   The original body is left unchanged for the host fallback. */
static bool split_kernels(struct kg_region *r, vec<gimple_seq> *bodies)
{
  gimple_seq seq = gimple_omp_body(r->stmt);
  vec<tree> vars = vNULL; /* the declarations of each bind */
  vec<gimple *> stmts = vNULL;
  flatten_top(seq, &stmts, &vars);
  vec<unsigned> cuts = vNULL;
  find_cuts(r, stmts, &cuts);
  vec<gimple *> remat = vNULL;
  bool ok = cuts.length() > 1 && cuts_valid(r, stmts, &cuts, &remat);
  for (unsigned p = 0; ok && p < cuts.length(); p++) {
    unsigned b = cuts[p], e = p + 1 < cuts.length() ? cuts[p + 1]
                                                  : stmts.length();
    bool effect = false; /* scalar code alone has none: dropped */
    for (unsigned k = b; k < e; k++)
      effect |= !scalar_code_p(r, stmts[k]);
    if (!effect)
      continue;
    gimple_seq piece = NULL;
    for (unsigned m = 0; m + 1 < remat.length(); m += 2)
      if ((uintptr_t)remat[m] == p)
        gimple_seq_add_stmt_without_update(&piece, gimple_copy(remat[m + 1]));
    for (unsigned k = b; k < e; k++)
      gimple_seq_add_stmt_without_update(&piece, gimple_copy(stmts[k]));
    for (unsigned l = vars.length(); l-- > 0;)
      piece = gimple_seq_alloc_with_stmt(gimple_build_bind(vars[l], piece,
                                                           NULL_TREE));
    bodies->safe_push(piece);
  }
  vars.release();
  stmts.release();
  cuts.release();
  remat.release();
  if (bodies->length() < 2)
    bodies->truncate(0);
  return !bodies->is_empty();
}

/* ---- kernels: a sequential loop of loop nests, run by the host ---- */

/* A kernels body whose top level (blocks opened) is only acc loop nests
   and scalar code (typically a time loop around parallel nests): the host
   runs the scalar code and launches one kernel per nest where it stands. */
struct hostloop {
  vec<gimple *> stmts;  /* the flattened body */
  vec<gimple *> nests;  /* its acc loops, in order: one kernel each */
  vec<tree> vars;       /* the declarations of the binds opened */
  vec<tree> hvars;      /* scalars the host code writes that nests read */
  gimple_seq body;      /* the construct's body */
};

static bool hl_scalar_type_p(tree d)
{
  return INTEGRAL_TYPE_P(TREE_TYPE(d)) || SCALAR_FLOAT_TYPE_P(TREE_TYPE(d));
}

/* Notes (walk_tree) an ADDR_EXPR of the var_ref's decl. */
static tree addr_of_cb(tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *)data;
  struct var_ref *v = (struct var_ref *)wi->info;
  if (TREE_CODE(*tp) == ADDR_EXPR
      && get_base_address(TREE_OPERAND(*tp, 0)) == v->var)
    v->found = true;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* True when no nest of HL may change D (assignment or address taken). */
static bool hl_nests_keep(struct hostloop *hl, tree d)
{
  if (count_assigns(hl->nests, d, NULL, NULL))
    return false;
  struct var_ref v = {d, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  for (unsigned k = 0; k < hl->nests.length(); k++)
    walk_one(hl->nests[k], NULL, addr_of_cb, &wi);
  return !v.found;
}

/* The host code may write D: a scalar local of the region (not mapped,
   not addressable) that no nest changes. */
static bool hl_host_var_p(struct kg_region *r, struct hostloop *hl, tree d)
{
  return VAR_P(d) && !is_global_var(d) && !TREE_ADDRESSABLE(d)
         && !region_param_p(r, d) && hl_scalar_type_p(d)
         && hl_nests_keep(hl, d);
}

/* The host code may read OP: a constant, a local it writes, or a scalar
   parameter (its host value) that no nest changes. */
static bool hl_read_ok(struct kg_region *r, struct hostloop *hl, tree op)
{
  if (!op || CONSTANT_CLASS_P(op))
    return true;
  if ((!VAR_P(op) && TREE_CODE(op) != PARM_DECL) || is_global_var(op)
      || !hl_scalar_type_p(op))
    return false;
  if (!region_param_p(r, op))
    return hl_host_var_p(r, hl, op);
  return hl_nests_keep(hl, op);
}

/* A statement the host can run: labels, jumps, and assignments of
   scalar expressions to host locals. */
static bool hl_host_stmt_p(struct kg_region *r, struct hostloop *hl,
                           gimple *s)
{
  switch (gimple_code(s)) {
  case GIMPLE_NOP: case GIMPLE_LABEL: case GIMPLE_GOTO:
    return true;
  case GIMPLE_COND:
    return hl_read_ok(r, hl, gimple_cond_lhs(s))
           && hl_read_ok(r, hl, gimple_cond_rhs(s));
  case GIMPLE_ASSIGN:
    if (!hl_host_var_p(r, hl, gimple_assign_lhs(s)))
      return false;
    for (unsigned o = 1; o < gimple_num_ops(s); o++)
      if (!hl_read_ok(r, hl, gimple_op(s, o)))
        return false;
    return true;
  default:
    return is_gimple_debug(s);
  }
}

/* True when some jump goes back to an earlier statement (a loop) and
   every jump stays in the body. */
static bool hl_loops_back(vec<gimple *> &stmts)
{
  bool back = false;
  for (unsigned k = 0; k < stmts.length(); k++) {
    hash_set<tree> defined, used;
    stmt_labels(stmts[k], &defined, &used);
    for (hash_set<tree>::iterator it = used.begin(); it != used.end(); ++it) {
      if (!*it)
        continue;
      int q = label_owner(stmts, *it);
      if (q < 0)
        return false;
      back |= (unsigned)q <= k;
    }
  }
  return back;
}

/* True when no local of the region that a nest writes is referred to by
   another nest: each kernel has its own copy of such a variable. */
static bool hl_locals_stay(struct kg_region *r, struct hostloop *hl)
{
  hash_set<tree> locals;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &locals;
  for (unsigned k = 0; k < hl->nests.length(); k++)
    walk_one(hl->nests[k], NULL, local_cb, &wi);
  for (hash_set<tree>::iterator it = locals.begin(); it != locals.end(); ++it) {
    if (region_param_p(r, *it))
      continue;
    for (unsigned k = 0; k < hl->nests.length(); k++) {
      vec<gimple *> one = vNULL;
      one.safe_push(hl->nests[k]);
      bool writes = count_assigns(one, *it, NULL, NULL) != 0;
      one.release();
      for (unsigned j = 0; writes && j < hl->nests.length(); j++)
        if (j != k && stmt_refs(hl->nests[j], *it))
          return false;
    }
  }
  return true;
}

/* Fills HL when R's body runs as host code launching its nests (no
   construct reduction, no async, a loop around at least one nest). */
static bool hostloop_plan(struct kg_region *r, clause_info *ci,
                          struct hostloop *hl)
{
  memset(hl, 0, sizeof *hl);
  if (!r->reds.is_empty() || ci->has_async)
    return false;
  hl->body = gimple_omp_body(r->stmt);
  flatten_top(hl->body, &hl->stmts, &hl->vars);
  for (unsigned k = 0; k < hl->stmts.length(); k++)
    if (gimple_code(hl->stmts[k]) == GIMPLE_OMP_FOR)
      hl->nests.safe_push(hl->stmts[k]);
  bool ok = !hl->nests.is_empty() && hl_loops_back(hl->stmts)
            && hl_locals_stay(r, hl);
  for (unsigned k = 0; ok && k < hl->stmts.length(); k++) {
    gimple *s = hl->stmts[k];
    ok = gimple_code(s) == GIMPLE_OMP_FOR || hl_host_stmt_p(r, hl, s);
    if (!ok || !is_gimple_assign(s))
      continue;
    tree d = gimple_assign_lhs(s);
    bool read = false;
    for (unsigned j = 0; j < hl->nests.length() && !read; j++)
      read = stmt_refs(hl->nests[j], d);
    if (read && !hl->hvars.contains(d))
      hl->hvars.safe_push(d);
  }
  return ok;
}

static void hostloop_release(struct hostloop *hl)
{
  hl->stmts.release();
  hl->nests.release();
  hl->vars.release();
  hl->hvars.release();
}

/* One kernel body per nest of HL; the scalars the host writes become
   by-value parameters of R (each launch passes their current value). */
static void hostloop_split(struct kg_region *r, struct hostloop *hl,
                           vec<param_src> *src, vec<gimple_seq> *bodies)
{
  for (unsigned i = 0; i < hl->hvars.length(); i++) {
    kg_param p = {};
    param_src ps = {};
    p.decl = hl->hvars[i];
    p.type = TREE_TYPE(p.decl);
    r->params.safe_push(p);
    src->safe_push(ps);
  }
  for (unsigned k = 0; k < hl->nests.length(); k++) {
    gimple_seq piece = NULL;
    gimple_seq_add_stmt_without_update(&piece, gimple_copy(hl->nests[k]));
    for (unsigned l = hl->vars.length(); l-- > 0;)
      piece = gimple_seq_alloc_with_stmt(gimple_build_bind(hl->vars[l], piece,
                                                           NULL_TREE));
    bodies->safe_push(piece);
  }
}

/* kernels: independent plain loops become gang/vector acc loops
   (kg_kernels_parallelize); true (HL filled) when a sequential loop around
   them then runs on the host.  The analysis runs silently first to see
   whether the host can run the body; the mapping it gives then (the loops
   in such a loop on gangs) is only right in that case. */
static bool kernels_parallelize(struct kg_region *r, clause_info *ci,
                                struct hostloop *hl)
{
  memset(hl, 0, sizeof *hl);
  if (!r->reds.is_empty() || ci->has_async) {
    kg_kernels_parallelize(r, false);
    return false;
  }
  vec<gimple *> stmts = vNULL;
  vec<tree> vars = vNULL;
  flatten_top(gimple_omp_body(r->stmt), &stmts, &vars);
  bool loops = hl_loops_back(stmts); /* else no host loop to find */
  stmts.release();
  vars.release();
  if (!loops) {
    kg_kernels_parallelize(r, false);
    return false;
  }
  gimple_seq saved = gimple_seq_copy(gimple_omp_body(r->stmt));
  int info = accgpu_opts.info;
  accgpu_opts.info = 0; /* the notes come from the analysis that stays */
  kg_kernels_parallelize(r, true);
  accgpu_opts.info = info;
  bool host = hostloop_plan(r, ci, hl);
  hostloop_release(hl);
  if (host) {
    gimple_seq again = gimple_seq_copy(saved);
    gimple_omp_set_body(r->stmt, saved);
    kg_kernels_parallelize(r, true);
    if (hostloop_plan(r, ci, hl))
      return true;
    hostloop_release(hl);
    saved = again;
  }
  gimple_omp_set_body(r->stmt, saved);
  kg_kernels_parallelize(r, false);
  return false;
}

/* The host's copy of label L (made on first use). */
static tree hl_label(hash_map<tree, tree> *labels, tree l)
{
  tree *n = labels->get(l);
  if (n)
    return *n;
  tree c = create_artificial_label(DECL_SOURCE_LOCATION(l));
  labels->put(l, c);
  return c;
}

/* A copy of the host statement S with its own labels (the original body
   stays as the host fallback), inserted before GSI. */
static void hl_copy(gimple_stmt_iterator *gsi, gimple *s,
                    hash_map<tree, tree> *labels)
{
  gimple *c = gimple_copy(s);
  if (gimple_code(c) == GIMPLE_LABEL)
    gimple_label_set_label(as_a<glabel *>(c),
                           hl_label(labels, gimple_label_label(as_a<glabel *>(s))));
  else if (gimple_code(c) == GIMPLE_GOTO)
    gimple_goto_set_dest(as_a<ggoto *>(c),
                         hl_label(labels, gimple_goto_dest(s)));
  else if (gimple_code(c) == GIMPLE_COND) {
    gcond *g = as_a<gcond *>(c);
    gimple_cond_set_true_label(g, hl_label(labels, gimple_cond_true_label(g)));
    gimple_cond_set_false_label(g, hl_label(labels,
                                            gimple_cond_false_label(g)));
  }
  add(gsi, c);
}

/* -info: the region's top-level sequential loops run on the host. */
static void hostloop_notes(struct hostloop *hl, location_t loc)
{
  vec<location_t> seqs = vNULL;
  gimple_seq body = NULL;
  for (unsigned k = 0; k < hl->stmts.length(); k++) /* the nests: nops */
    gimple_seq_add_stmt_without_update(
        &body, gimple_code(hl->stmts[k]) == GIMPLE_OMP_FOR
                   ? gimple_build_nop() : gimple_copy(hl->stmts[k]));
  kg_find_sequential_plain_loops(body, &seqs);
  for (unsigned i = 0; i < seqs.length(); i++)
    inform(seqs[i], "accgpu: loop runs on the host, launching a kernel "
           "for each loop nest in it");
  inform(loc, "accgpu: kernels region runs on the host around %u kernels "
         "(one per loop nest, launched where it stands)",
         hl->nests.length());
  seqs.release();
}

/* ---- construct-level reductions updated in loops ---- */

static tree assigns_decl_cb(gimple_stmt_iterator *gsi, bool *handled,
                            walk_stmt_info *wi)
{
  struct var_ref *v = (struct var_ref *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if ((is_gimple_assign(s) && gimple_assign_lhs(s) == v->var)
      || (is_gimple_call(s) && gimple_call_lhs(s) == v->var))
    v->found = true;
  return NULL_TREE;
}

static bool seq_assigns(gimple_seq seq, tree d)
{
  struct var_ref v = {d, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &v;
  walk_gimple_seq(seq, assigns_decl_cb, NULL, &wi);
  return v.found;
}

/* A `reduction` on the construct whose variable a partitioned loop updates
   without its own reduction clause: every lane of the loop would update a
   private copy that is then lost.  Gives each such loop (not `seq`) the
   clause, so its lanes' partials are combined (what GCC does too). */
static void implicit_loop_reductions(struct kg_region *r, gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    if (gimple_code(s) == GIMPLE_BIND)
      implicit_loop_reductions(r, gimple_bind_body(as_a<gbind *>(s)));
    else if (gimple_code(s) == GIMPLE_TRY)
      implicit_loop_reductions(r, gimple_try_eval(s));
    if (gimple_code(s) != GIMPLE_OMP_FOR)
      continue;
    bool seq_loop = false;
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
      seq_loop |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_SEQ;
    for (unsigned k = 0; !seq_loop && k < r->reds.length(); k++) {
      tree d = r->reds[k].decl;
      bool has = false;
      for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
        has |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
               && OMP_CLAUSE_DECL(c) == d;
      if (has || !seq_assigns(gimple_omp_body(s), d))
        continue;
      tree c = build_omp_clause(gimple_location(s), OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL(c) = d;
      OMP_CLAUSE_REDUCTION_CODE(c) = r->reds[k].op;
      OMP_CLAUSE_CHAIN(c) = gimple_omp_for_clauses(s);
      gimple_omp_for_set_clauses(s, c);
    }
    implicit_loop_reductions(r, gimple_omp_body(s));
  }
}

/* ---- the construct ---- */

static int kernel_counter;

static char *kernel_name(location_t loc)
{
  char buf[300];
  const char *fn = IDENTIFIER_POINTER(DECL_NAME(current_function_decl));
  snprintf(buf, sizeof buf, "__accgpu_k_%s_%d_%d", fn, LOCATION_LINE(loc),
           kernel_counter++);
  return xstrdup(buf);
}

static const char *construct_name(int kind)
{
  switch (kind) {
  case GF_OMP_TARGET_KIND_OACC_KERNELS: return "kernels";
  case GF_OMP_TARGET_KIND_OACC_SERIAL: return "serial";
  default: return "parallel";
  }
}

/* Index of clause C among the map items, or -1. */
static int map_index(struct accgpu_maps *m, tree c)
{
  for (unsigned i = 0; i < m->nmaps; i++)
    if (m->clause[i] == c)
      return (int)i;
  return -1;
}

/* What each launch needs. */
struct launch_info {
  struct kg_region *rs;
  vec<gimple_seq> *bodies;
  clause_info *ci;
  tree locp, dev, async, grid, block, args;
  unsigned *kidx;
};

/* Launch of piece K before GSI (VALS: its profile values, or NULL). */
static void launch_one(gimple_stmt_iterator *gsi, struct launch_info *li,
                       unsigned k, tree vals)
{
  if (!li->bodies->is_empty())
    gimple_omp_set_body(li->rs[0].stmt, (*li->bodies)[k]);
  emit_geometry(gsi, &li->rs[k], li->ci, li->dev, li->grid, li->block);
  tree kk = build_int_cst(unsigned_type_node, li->kidx[k]);
  tree sh = build_int_cst(unsigned_type_node, 0);
  if (vals)
    add(gsi, gimple_build_call(accgpu_launch_trips_decl(fn_launch), 9,
                               li->locp, accgpu_module_addr(), kk, li->grid,
                               li->block, sh, li->async, li->args, vals));
  else
    add(gsi, gimple_build_call(fn_launch, 8, li->locp, accgpu_module_addr(),
                               kk, li->grid, li->block, sh, li->async,
                               li->args));
}

/* The host code of HL before GSI, each nest replaced by its launch after
   storing the current values of the host scalars (HARGS: pairs decl,
   argument slot). */
static void emit_hostloop(gimple_stmt_iterator *gsi, struct launch_info *li,
                          struct hostloop *hl, vec<tree> &hargs)
{
  hash_map<tree, tree> labels;
  unsigned k = 0;
  /* Again: the data clauses made scalars addressable, and the loads of
     them inserted since are host code too (data-maps.cc). */
  hl->stmts.truncate(0);
  hl->vars.truncate(0);
  flatten_top(hl->body, &hl->stmts, &hl->vars);
  for (unsigned j = 0; j < hl->stmts.length(); j++) {
    gimple *s = hl->stmts[j];
    if (gimple_code(s) != GIMPLE_OMP_FOR) {
      hl_copy(gsi, s, &labels);
      continue;
    }
    for (unsigned i = 0; i + 1 < hargs.length(); i += 2)
      if (stmt_refs(s, hargs[i])) /* others may not be set yet */
        add(gsi, gimple_build_assign(hargs[i + 1], hargs[i]));
    /* The values of this nest (those of the construct's body could read
       bounds the host has not computed yet). */
    gimple_omp_set_body(li->rs[0].stmt, (*li->bodies)[k]);
    struct kg_region pr = li->rs[k]; /* without host scalars not set yet */
    pr.params = vNULL;
    for (unsigned i = 0; i < li->rs[k].params.length(); i++) {
      tree d = li->rs[k].params[i].decl;
      if (!hl->hvars.contains(d) || stmt_refs(s, d))
        pr.params.safe_push(li->rs[k].params[i]);
    }
    tree vals = accgpu_profile_values(gsi, &pr, &li->kidx[k], 1);
    pr.params.release();
    launch_one(gsi, li, k++, vals);
  }
}

/* Device-side statements before GSI: maps, region, arguments, launch (or
   HL's host code with its launches). */
static void emit_offload(gimple_stmt_iterator *gsi, struct kg_region *rs,
                         unsigned nk, vec<gimple_seq> *bodies,
                         vec<param_src> *src, clause_info *ci, tree locp,
                         tree dev, tree async, unsigned *kidx, tree clauses,
                         struct hostloop *hl)
{
  struct kg_region *r = &rs[0]; /* the pieces share parameters */
  location_t loc = gimple_location(r->stmt);
  if (ci->has_wait) {
    unsigned n = ci->waits.length();
    tree q = addr_tmp(build_array_type_nelts(integer_type_node, n), "accwq");
    for (unsigned i = 0; i < n; i++)
      add(gsi, gimple_build_assign(
                   build4(ARRAY_REF, integer_type_node, q, size_int(i),
                          NULL_TREE, NULL_TREE),
                   val(gsi, fold_convert(integer_type_node, ci->waits[i]))));
    add(gsi, gimple_build_call(fn_wait, 5, locp, dev,
                               build_int_cst(unsigned_type_node, n),
                               build_fold_addr_expr(q), async));
  }
  struct accgpu_maps m;
  accgpu_build_maps(gsi, clauses, loc, &m);
  tree devaddrs = null_pointer_node, da = NULL_TREE;
  if (m.nmaps) {
    da = addr_tmp(build_array_type_nelts(ptr_type_node, m.nmaps), "accdev");
    devaddrs = build_fold_addr_expr(da);
  }
  add(gsi, gimple_build_call(accgpu_runtime_decl("__accgpu_region_begin"), 6,
                             locp, dev, async,
                             build_int_cst(unsigned_type_node, m.nmaps),
                             m.maps, devaddrs));
  unsigned np = r->params.length();
  tree args = null_pointer_node;
  vec<tree> hargs = vNULL;
  if (np) {
    tree arr = addr_tmp(build_array_type_nelts(ptr_type_node, np), "accargs");
    for (unsigned i = 0; i < np; i++) {
      kg_param *p = &r->params[i];
      param_src *ps = &(*src)[i];
      if (RECORD_OR_UNION_TYPE_P(p->type) && !p->by_ref
          && TREE_CODE(TREE_TYPE(p->decl)) == ARRAY_TYPE) {
        /* firstprivate array: the launch copies its bytes */
        TREE_ADDRESSABLE(p->decl) = 1;
        add(gsi, gimple_build_assign(build4(ARRAY_REF, ptr_type_node, arr,
                                            size_int(i), NULL_TREE, NULL_TREE),
                                     build_fold_addr_expr(p->decl)));
        continue;
      }
      tree v = addr_tmp(p->type, "accarg");
      tree value = p->decl;
      int k = ps->map_clause ? map_index(&m, ps->map_clause) : -1;
      if (k >= 0) {
        tree a = build4(ARRAY_REF, ptr_type_node, da, size_int(k), NULL_TREE,
                        NULL_TREE);
        a = val(gsi, a);
        if (ps->bias && !integer_zerop(ps->bias))
          a = fold_build_pointer_plus(a, fold_build1(NEGATE_EXPR, sizetype,
                                                     fold_convert(sizetype,
                                                                  ps->bias)));
        value = fold_convert(p->type, a);
      } else if (p->by_ref)
        value = build_fold_addr_expr(p->decl);
      if (hl && hl->hvars.contains(p->decl)) { /* stored at each launch */
        hargs.safe_push(p->decl);
        hargs.safe_push(v);
      } else
        add(gsi, gimple_build_assign(v, val(gsi, value)));
      add(gsi, gimple_build_assign(build4(ARRAY_REF, ptr_type_node, arr,
                                          size_int(i), NULL_TREE, NULL_TREE),
                                   build_fold_addr_expr(v)));
    }
    args = build_fold_addr_expr(arr);
  }
  struct launch_info li = {rs, bodies, ci, locp, dev, async,
                           addr_tmp(dim3_type, "accgrid"),
                           addr_tmp(dim3_type, "accblock"), args, kidx};
  if (hl)
    emit_hostloop(gsi, &li, hl, hargs);
  else {
    tree vals = accgpu_profile_values(gsi, r, kidx, nk); /* ACCGPU_PROFILE */
    /* One launch per piece, in order on the same queue. */
    for (unsigned k = 0; k < nk; k++)
      launch_one(gsi, &li, k, vals);
  }
  hargs.release();
  add(gsi, gimple_build_call(accgpu_runtime_decl("__accgpu_region_end"), 2,
                             locp, async));
  accgpu_maps_release(&m);
}

/* The async argument: acc_async_sync (-2) without the clause, the queue
   when given, acc_async_noval (-1) for a bare async. */
static tree async_arg(gimple_stmt_iterator *gsi, clause_info *ci)
{
  if (!ci->has_async)
    return build_int_cst(integer_type_node, -2);
  if (!ci->async)
    return build_int_cst(integer_type_node, -1);
  return val(gsi, fold_convert(integer_type_node, ci->async));
}

bool accgpu_lower_compute_construct(gimple_stmt_iterator *gsi)
{
  gomp_target *t = as_a<gomp_target *>(gsi_stmt(*gsi));
  int kind = gimple_omp_target_kind(t);
  if (kind != GF_OMP_TARGET_KIND_OACC_PARALLEL
      && kind != GF_OMP_TARGET_KIND_OACC_KERNELS
      && kind != GF_OMP_TARGET_KIND_OACC_SERIAL)
    return false;
  init_decls();
  location_t loc = gimple_location(t);
  tree clauses = gimple_omp_target_clauses(t);
  tree devnum = accgpu_take_deviceid(&clauses);
  gimple_omp_target_set_clauses(t, clauses);
  accgpu_readonly_maps(t);
  clauses = gimple_omp_target_clauses(t);

  struct kg_region r = {};
  vec<param_src> src = vNULL;
  clause_info ci;
  r.stmt = t;
  r.kind = kind;
  char *kname = kernel_name(loc);
  r.kname = kname;
  bool ok = read_clauses(&r, clauses, &src, &ci);
  /* kernels: independent plain loops become gang/vector acc loops. */
  struct hostloop hl;
  bool hostloop = false;
  if (ok && kind == GF_OMP_TARGET_KIND_OACC_KERNELS)
    hostloop = kernels_parallelize(&r, &ci, &hl);
  /* The kernel model describes the loops as they will run (after the
     kernels analysis made acc loops of the independent ones). */
  accgpu_tune_dump_construct(t);
  if (ok && !r.reds.is_empty())
    implicit_loop_reductions(&r, gimple_omp_body(t));
  /* kernels: one kernel per loop nest when the body splits cleanly. */
  vec<gimple_seq> bodies = vNULL;
  gimple_seq orig = gimple_omp_body(t);
  if (hostloop)
    hostloop_split(&r, &hl, &src, &bodies);
  else if (ok && kind == GF_OMP_TARGET_KIND_OACC_KERNELS)
    split_kernels(&r, &bodies);
  unsigned nk = bodies.is_empty() ? 1 : bodies.length();
  struct kg_region *rs = XCNEWVEC(struct kg_region, nk);
  unsigned *kidx = XCNEWVEC(unsigned, nk);
  rs[0] = r;
  for (unsigned k = 1; k < nk; k++) {
    rs[k] = r;
    rs[k].params = r.params.copy();
    rs[k].reds = r.reds.copy();
    rs[k].kname = kernel_name(loc);
  }
  for (unsigned k = 0; ok && k < nk; k++) {
    if (!bodies.is_empty())
      gimple_omp_set_body(t, bodies[k]);
    ok = kg_generate(&rs[k]);
  }
  gimple_omp_set_body(t, orig);
  if (accgpu_opts.info && ok && hostloop)
    hostloop_notes(&hl, loc);
  else if (accgpu_opts.info && ok && nk > 1)
    inform(loc, "accgpu: kernels region split into %u kernels (one per loop "
           "nest)", nk);

  tree locp = accgpu_build_loc(loc, construct_name(kind));
  tree dev = val(gsi, fold_convert(integer_type_node, devnum));
  tree ifc = ci.ifc ? val(gsi, fold_convert(integer_type_node, ci.ifc))
                    : integer_one_node;
  tree async = async_arg(gsi, &ci);
  gimple_seq host = gimple_omp_body(t);
  if (ok) {
    unsigned np = r.params.length();
    unsigned *sizes = XNEWVEC(unsigned, np + 1);
    for (unsigned i = 0; i < np; i++)
      sizes[i] = tree_to_uhwi(TYPE_SIZE_UNIT(r.params[i].type));
    for (unsigned k = 0; k < nk; k++)
      kidx[k] = accgpu_module_add_kernel(rs[k].kname, rs[k].text, np, sizes,
                                         locp);
    free(sizes);
    tree offl = create_tmp_var(integer_type_node, "accoffl");
    gcall *call = gimple_build_call(fn_offload_p, 3, locp, dev, ifc);
    gimple_call_set_lhs(call, offl);
    add(gsi, call);
    tree ldev = create_artificial_label(loc);
    tree lhost = create_artificial_label(loc);
    tree lend = create_artificial_label(loc);
    add(gsi, gimple_build_cond(NE_EXPR, offl, integer_zero_node, ldev, lhost));
    add(gsi, gimple_build_label(ldev));
    /* emit_geometry reads the body (loop bounds, size arguments). */
    emit_offload(gsi, rs, nk, &bodies, &src, &ci, locp, dev, async, kidx,
                 clauses, hostloop ? &hl : NULL);
    gimple_omp_set_body(t, NULL);
    add(gsi, gimple_build_goto(lend));
    add(gsi, gimple_build_label(lhost));
    privatize_host(&host, clauses);
    strip_seq(&host);
    gsi_insert_seq_before(gsi, host, GSI_SAME_STMT);
    add(gsi, gimple_build_label(lend));
  } else {
    gimple_omp_set_body(t, NULL);
    strip_seq(&host);
    gsi_insert_seq_before(gsi, host, GSI_SAME_STMT);
  }
  gsi_remove(gsi, true);
  for (unsigned k = 0; k < nk; k++) {
    free(rs[k].text);
    for (unsigned i = 0; i < rs[k].params.length(); i++)
      free(rs[k].params[i].name);
    rs[k].params.release();
    rs[k].reds.release();
    if (k)
      free(CONST_CAST(char *, rs[k].kname));
  }
  free(rs);
  free(kidx);
  if (hostloop)
    hostloop_release(&hl);
  bodies.release();
  src.release();
  ci.waits.release();
  free(kname);
  return true;
}
