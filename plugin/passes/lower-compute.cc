/* lower-compute.cc — host side of OpenACC compute constructs.
 *
 *   #pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n]) firstprivate(s)
 *   for (...) BODY
 * becomes
 *   if (__accgpu_host_fast != 1 && __accgpu_offload_p(&loc, dev, IF)) {
 *     maps[] = {...};                                  (accgpu_build_maps)
 *     __accgpu_region_begin(&loc, dev, async, n, maps, devaddrs);
 *     p0 = devaddrs[0] - bias; p1 = s; ...; args[] = {&p0, &p1, ...};
 *     grid/block from num_gangs/num_workers/vector_length or device limits;
 *     __accgpu_launch(&loc, &__accgpu_module, K, grid, block, 0, async, args);
 *     __accgpu_region_end(&loc, async);
 *   } else
 *     BODY with its acc loops turned into plain loops (host fallback;
 *     private and scalar reduction variables in copies)
 * and the kernel text (kernel-gen.cc) joins the module (module-emit.cc).
 * Launch geometry, `kernels` splitting and host loops live beside it
 * (launch-geometry.cc, kernels-split.cc, kernels-hostloop.cc). */
#include "accgpu-plugin.h"
#include "file-prefix-map.h"
#include "opts.h"
#include "toplev.h"
#include "passes/lower-data.h"
#include "passes/kernel-gen.h"
#include "passes/kernel-deps.h"
#include "passes/profile-values.h"
#include "passes/tune-dump.h"
#include "passes/implicit-maps.h"
#include "passes/async-scalars.h"
#include "passes/struct-members.h"
#include "passes/routine-globals.h"
#include "passes/data-internal.h"
#include "passes/privatize.h"
#include "passes/loop-private.h"
#include "passes/kernels-private.h"
#include "passes/pointer-private.h"
#include "passes/flow.h"
#include "reduction/reduction.h"
#include "passes/compute-internal.h"

/* ---- runtime declarations only the compute side uses ---- */

static tree dim3_type;
tree lc_limits_type;
static tree fn_offload_p, fn_launch, fn_wait, host_fast;
tree lc_fn_limits;

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
  accgpu_layout_natural(t, NULL, NULL_TREE);
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
  lc_limits_type = u32_record(lim, 4);
  fn_offload_p = accgpu_runtime_decl("__accgpu_offload_p");
  fn_launch = accgpu_runtime_decl("__accgpu_launch");
  lc_fn_limits = accgpu_runtime_decl("__accgpu_kernel_limits");
  fn_wait = accgpu_runtime_decl("__accgpu_wait");
  host_fast = build_decl(BUILTINS_LOCATION, VAR_DECL,
                         get_identifier("__accgpu_host_fast"),
                         integer_type_node);
  DECL_EXTERNAL(host_fast) = 1;
  TREE_PUBLIC(host_fast) = 1;
  DECL_ARTIFICIAL(host_fast) = 1;
  tree a = TYPE_ARG_TYPES(TREE_TYPE(fn_launch));
  for (int k = 0; k < 3; k++)
    a = TREE_CHAIN(a);
  dim3_type = TREE_VALUE(a);
  gcc_assert(TREE_CODE(dim3_type) == RECORD_TYPE);
  tree keep[] = {dim3_type, lc_limits_type, fn_offload_p, fn_launch,
                 lc_fn_limits, fn_wait, host_fast};
  for (unsigned i = 0; i < ARRAY_SIZE(keep); i++)
    accgpu_keep(keep[i]);
}


/* ---- the host fallback: OpenACC loops and atomics made sequential ---- */

static void strip_seq(gimple_seq *seq);

/* The sequential form of an acc loop: pre-body, then for each collapsed
   level  i = n1; goto test; body: ...; i = i + step; test: if (i < n2)
   goto body; exit:  */
gimple_seq lc_seq_loop(gomp_for *f)
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
static tree atomic_one;  /* its copy of __libc_single_threaded */

/* How stripped atomics guard their plain load and store against other
   host threads running constructs at once (runtime/host.c's lock): not at
   all (a construct's fallback when the process has one thread), always
   (the same fallback's copy for several threads), or after testing glibc's
   flag at each atomic (a routine's host version). */
enum host_atomics { HA_PLAIN, HA_LOCKED, HA_TESTED };
static enum host_atomics host_atomics = HA_TESTED;

/* glibc's flag (sys/single_threaded.h): nonzero while the process has
   never had a second thread. */
static tree single_threaded_decl(void)
{
  static tree d;
  if (!d) {
    d = build_decl(BUILTINS_LOCATION, VAR_DECL,
                   get_identifier("__libc_single_threaded"), char_type_node);
    DECL_EXTERNAL(d) = 1;
    TREE_PUBLIC(d) = 1;
    DECL_ARTIFICIAL(d) = 1;
    accgpu_keep(d);
  }
  return d;
}

/* Before GSI, the call FN () (a host atomic's lock or unlock): in
   HA_TESTED mode only when ONE is 0, in HA_LOCKED mode always. */
static void insert_lock_call(gimple_stmt_iterator *gsi, tree one,
                             const char *fn)
{
  gimple_seq s = NULL;
  gcall *call = gimple_build_call(accgpu_runtime_decl(fn), 0);
  if (host_atomics == HA_LOCKED) {
    gsi_insert_before(gsi, call, GSI_SAME_STMT);
    return;
  }
  tree lcall = create_artificial_label(UNKNOWN_LOCATION);
  tree skip = create_artificial_label(UNKNOWN_LOCATION);
  gimple_seq_add_stmt(&s, gimple_build_cond(EQ_EXPR, one,
                                            build_zero_cst(TREE_TYPE(one)),
                                            lcall, skip));
  gimple_seq_add_stmt(&s, gimple_build_label(lcall));
  gimple_seq_add_stmt(&s, call);
  gimple_seq_add_stmt(&s, gimple_build_label(skip));
  gsi_insert_seq_before(gsi, s, GSI_SAME_STMT);
}

/* The atomic load at GSI made plain (its lock first, but in HA_PLAIN). */
static void strip_atomic_load(gimple_stmt_iterator *gsi)
{
  gomp_atomic_load *l = as_a<gomp_atomic_load *>(gsi_stmt(*gsi));
  atomic_addr = gimple_omp_atomic_load_rhs(l);
  if (host_atomics == HA_TESTED) {
    atomic_one = create_tmp_var(char_type_node, "accone");
    gsi_insert_before(gsi, gimple_build_assign(atomic_one,
                                               single_threaded_decl()),
                      GSI_SAME_STMT);
  }
  if (host_atomics != HA_PLAIN)
    insert_lock_call(gsi, atomic_one, "__accgpu_host_atomic_lock");
  tree lhs = gimple_omp_atomic_load_lhs(l);
  tree mem = build_simple_mem_ref(atomic_addr);
  TREE_TYPE(mem) = TREE_TYPE(lhs);
  gsi_replace(gsi, gimple_build_assign(lhs, mem), true);
  gsi_next(gsi);
}

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
    gimple_seq rep = lc_seq_loop(as_a<gomp_for *>(s));
    gsi_insert_seq_before(gsi, rep, GSI_SAME_STMT);
    gsi_remove(gsi, true);
    return true;
  }
  case GIMPLE_OMP_ATOMIC_LOAD:
    strip_atomic_load(gsi);
    return true;
  case GIMPLE_OMP_ATOMIC_STORE: {
    tree v = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
    if (!atomic_addr)
      return false;
    tree mem = build_simple_mem_ref(atomic_addr);
    TREE_TYPE(mem) = TREE_TYPE(v);
    gsi_replace(gsi, gimple_build_assign(mem, v), true);
    atomic_addr = NULL_TREE;
    gsi_next(gsi); /* at the end of the sequence, inserts append */
    if (host_atomics != HA_PLAIN)
      insert_lock_call(gsi, atomic_one, "__accgpu_host_atomic_unlock");
    return true;
  }
  default:
    return false;
  }
}

/* SEQ holds an atomic where strip_seq reaches (binds, try blocks, loop
   bodies). */
static bool has_atomic(gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    bool in = false;
    switch (gimple_code(s)) {
    case GIMPLE_OMP_ATOMIC_LOAD:
      return true;
    case GIMPLE_BIND:
      in = has_atomic(gimple_bind_body(as_a<gbind *>(s)));
      break;
    case GIMPLE_TRY:
      in = has_atomic(gimple_try_eval(s)) || has_atomic(gimple_try_cleanup(s));
      break;
    case GIMPLE_OMP_FOR:
      in = has_atomic(gimple_omp_body(s));
      break;
    default:
      break;
    }
    if (in)
      return true;
  }
  return false;
}

/* The operands of a sequence's atomics, in walk order. */
struct atomic_ops {
  auto_vec<tree> ops;
  unsigned next; /* restore_atomic_cb's position */
};

/* walk_gimple_seq callback: saves into WI->info a fresh copy of the
   operand each atomic keeps outside its ops (load rhs, store value). */
static tree save_atomic_cb(gimple_stmt_iterator *gsi, bool *,
                           struct walk_stmt_info *wi)
{
  struct atomic_ops *saved = (struct atomic_ops *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gomp_atomic_load *l = dyn_cast<gomp_atomic_load *>(s))
    saved->ops.safe_push(unshare_expr(gimple_omp_atomic_load_rhs(l)));
  else if (gomp_atomic_store *st = dyn_cast<gomp_atomic_store *>(s))
    saved->ops.safe_push(unshare_expr(gimple_omp_atomic_store_val(st)));
  return NULL_TREE;
}

/* walk_gimple_seq callback: puts the copies save_atomic_cb made back, in
   the same order. */
static tree restore_atomic_cb(gimple_stmt_iterator *gsi, bool *,
                              struct walk_stmt_info *wi)
{
  struct atomic_ops *saved = (struct atomic_ops *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  if (gomp_atomic_load *l = dyn_cast<gomp_atomic_load *>(s))
    gimple_omp_atomic_load_set_rhs(l, saved->ops[saved->next++]);
  else if (gomp_atomic_store *st = dyn_cast<gomp_atomic_store *>(s))
    gimple_omp_atomic_store_set_val(st, saved->ops[saved->next++]);
  return NULL_TREE;
}

/* copy_gimple_seq_and_replace_locals(SEQ) that leaves SEQ as it was:
   gimple_copy shares an atomic's operands kept outside its ops (the load's
   rhs, &x), and the remapping of the copy's locals rewrites them in place,
   so SEQ's atomics would then update the copy's locals. */
static gimple_seq copy_keeping_atomics(gimple_seq seq)
{
  struct atomic_ops saved;
  saved.next = 0;
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &saved;
  walk_gimple_seq(seq, save_atomic_cb, NULL, &wi);
  gimple_seq copy = copy_gimple_seq_and_replace_locals(seq);
  memset(&wi, 0, sizeof wi);
  wi.info = &saved;
  walk_gimple_seq(seq, restore_atomic_cb, NULL, &wi);
  return copy;
}

/* Strips the host fallback HOST of a compute construct.  With atomics it
   becomes two versions: plain loads and stores while the process has one
   thread (glibc's __libc_single_threaded, read once at entry: the serial
   build's code), each atomic under runtime/host.c's lock otherwise (two
   host threads may run the construct at once). */
static void strip_host(gimple_seq *host)
{
  if (!has_atomic(*host)) {
    host_atomics = HA_PLAIN;
    strip_seq(host);
    host_atomics = HA_TESTED;
    return;
  }
  gimple_seq locked = copy_keeping_atomics(*host);
  host_atomics = HA_PLAIN;
  strip_seq(host);
  host_atomics = HA_LOCKED;
  strip_seq(&locked);
  host_atomics = HA_TESTED;
  tree one = create_tmp_var(char_type_node, "accone");
  tree lone = create_artificial_label(UNKNOWN_LOCATION);
  tree lmany = create_artificial_label(UNKNOWN_LOCATION);
  tree lend = create_artificial_label(UNKNOWN_LOCATION);
  gimple_seq s = NULL;
  gimple_seq_add_stmt(&s, gimple_build_assign(one, single_threaded_decl()));
  gimple_seq_add_stmt(&s, gimple_build_cond(NE_EXPR, one,
                                            build_zero_cst(char_type_node),
                                            lone, lmany));
  gimple_seq_add_stmt(&s, gimple_build_label(lone));
  gimple_seq_add_seq(&s, *host);
  gimple_seq_add_stmt(&s, gimple_build_goto(lend));
  gimple_seq_add_stmt(&s, gimple_build_label(lmany));
  gimple_seq_add_seq(&s, locked);
  gimple_seq_add_stmt(&s, gimple_build_label(lend));
  *host = s;
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

/* A global the host fallback copies: a firstprivate or private one of
   fixed size without a declare directive (with one, the host's variable
   is its device copy).  GCC makes each global scalar a parallel construct
   uses firstprivate: the host device assigned the host's. */
static bool host_global_copy_p(tree d)
{
  return VAR_P(d) && is_global_var(d) && !DECL_THREAD_LOCAL_P(d) &&
         !TREE_THIS_VOLATILE(d) && TYPE_SIZE_UNIT(TREE_TYPE(d)) &&
         TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(d))) == INTEGER_CST &&
         !accgpu_declared_global_p(d, true);
}

/* In the host fallback, firstprivate and private variables of the
   construct get fresh copies, so the host's variables keep their values
   as on a device (the loops' copies are made before the kernels are
   generated: accgpu_privatize_loops). */
static void privatize_host(gimple_seq *host, tree clauses)
{
  hash_map<tree, tree> m;
  gimple_seq init = NULL;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    enum omp_clause_code code = OMP_CLAUSE_CODE(c);
    if (code != OMP_CLAUSE_FIRSTPRIVATE && code != OMP_CLAUSE_PRIVATE)
      continue;
    tree d = OMP_CLAUSE_DECL(c);
    if ((!accgpu_privatizable(d) && !host_global_copy_p(d)) || m.get(d))
      continue;
    tree copy = create_tmp_var(TREE_TYPE(d), "accpriv");
    if (TREE_ADDRESSABLE(d))
      TREE_ADDRESSABLE(copy) = 1;
    m.put(d, copy);
    if (code == OMP_CLAUSE_FIRSTPRIVATE)
      gimple_seq_add_stmt(&init, gimple_build_assign(copy, d));
  }
  if (m.elements())
    accgpu_remap_seq(*host, &m);
  gimple_seq_add_seq(&init, *host);
  *host = init;
}

/* A reduction variable of the host fallback: one of the construct's
   reduction clauses, or of a loop's inside it whose variable the construct
   names (maps).  Candidates go in the vec at WI->info. */
static tree note_loop_reductions(gimple_stmt_iterator *gsi, bool *handled,
                                 walk_stmt_info *wi)
{
  (void)handled;
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) != GIMPLE_OMP_FOR)
    return NULL_TREE;
  for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      ((vec<tree> *)wi->info)->safe_push(OMP_CLAUSE_DECL(c));
  return NULL_TREE;
}

static bool names_decl(tree clauses, tree d)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_MAP:
    case OMP_CLAUSE_FIRSTPRIVATE:
    case OMP_CLAUSE_REDUCTION:
      if (OMP_CLAUSE_DECL(c) == d)
        return true;
      break;
    default:
      break;
    }
  return false;
}

/* The host fallback accumulates its scalar reductions in fresh copies,
   copied in before the body and out after it (sequentially a reduction is
   the body's own updates).  The device path takes the variable's address,
   so the variable itself lives in memory: an accumulator there costs a
   store and a load per iteration, a dependence through memory the serial
   build does not have (himeno's residual sum: 10 % slower;
   docs/host-speed.md). */
static void host_reductions(gimple_seq *host, tree clauses)
{
  auto_vec<tree> reds;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      reds.safe_push(OMP_CLAUSE_DECL(c));
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &reds;
  walk_gimple_seq(*host, note_loop_reductions, NULL, &wi);
  hash_map<tree, tree> m;
  gimple_seq in = NULL, out = NULL;
  for (unsigned i = 0; i < reds.length(); i++) {
    tree d = reds[i];
    if (!DECL_P(d) || m.get(d) || !accgpu_privatizable(d)
        || !is_gimple_reg_type(TREE_TYPE(d)) || DECL_HAS_VALUE_EXPR_P(d)
        || TREE_THIS_VOLATILE(d) || TYPE_ATOMIC(TREE_TYPE(d))
        || !names_decl(clauses, d))
      continue;
    tree copy = create_tmp_var(TREE_TYPE(d), "accred");
    if (TREE_ADDRESSABLE(d))
      TREE_ADDRESSABLE(copy) = 1; /* for an &d in the body; GCC drops it
                                     when there is none */
    m.put(d, copy);
    gimple_seq_add_stmt(&in, gimple_build_assign(copy, d));
    gimple_seq_add_stmt(&out, gimple_build_assign(d, copy));
  }
  if (!m.elements())
    return;
  accgpu_remap_seq(*host, &m);
  gimple_seq_add_seq(&in, *host);
  gimple_seq_add_seq(&in, out);
  *host = in;
}

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

static const char *const dim_names[] = {"gang", "worker", "vector"};

/* A reduction on gang loop S of a `routine gang`: each gang would return
   its own part (the routine cannot wait for the other gangs: no
   grid-wide barrier), which was silently wrong with more than one gang. */
static void refuse_gang_reduction(gimple *s)
{
  for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      error_at(OMP_CLAUSE_LOCATION(c), "accgpu: %<reduction%> of %qD on a "
               "%<gang%> loop of a %<routine gang%> is not supported: the "
               "routine cannot combine the gangs%' parts (there is no "
               "barrier across gangs); reduce in the compute construct, or "
               "over %<worker%>/%<vector%> loops only",
               OMP_CLAUSE_DECL(c));
}

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
    if (dim == 0 && level == 0)
      refuse_gang_reduction(s);
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
      /* The loop where it is: adding it to a sequence of its own would
         unlink it from the routine's (the code around it was lost). */
      gimple_stmt_iterator at = *gsi;
      walk_gimple_stmt(&at, check_routine_loop, NULL, &wi);
    }
  }
  return strip_one(gsi);
}

/* ---- clauses -> kernel parameters ---- */


bool accgpu_data_map_kind_p(tree c)
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


/* Is C the attach of a pointer member of a struct reached through a
   pointer (`present(s->g->u[0:n])` after `enter data` of *s, *s->g)?  The
   region's map array attaches it (a counter step when `enter data` did
   already; nothing when the struct is not present, OpenACC 3.3 §2.7.2) and
   the kernel reads the member in the device copy of the struct. */
static bool attach_through_pointer_p(tree c)
{
  unsigned k = OMP_CLAUSE_MAP_KIND(c);
  tree d = OMP_CLAUSE_DECL(c);
  if ((k != GOMP_MAP_ATTACH && k != GOMP_MAP_ATTACH_DETACH)
      || TREE_CODE(d) != COMPONENT_REF)
    return false;
  while (TREE_CODE(d) == COMPONENT_REF)
    d = TREE_OPERAND(d, 0);
  return TREE_CODE(d) == MEM_REF || TREE_CODE(d) == INDIRECT_REF;
}

/* A firstprivate array D goes to the kernel by value, as a struct holding
   it (kernel-gen.cc, fp_arrays); NULL after a sorry when it cannot. */
static tree fp_array_type(tree c, tree d)
{
  tree at = TREE_TYPE(d);
  if (!tree_fits_uhwi_p(TYPE_SIZE_UNIT(at))) {
    sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: %<firstprivate%> of an array "
             "(%qD) of variable size", d);
    return NULL_TREE;
  }
  tree rec = make_node(RECORD_TYPE);
  tree f = build_decl(OMP_CLAUSE_LOCATION(c), FIELD_DECL,
                      get_identifier("v"), at);
  DECL_CONTEXT(f) = rec;
  TYPE_FIELDS(rec) = f;
  accgpu_layout_natural(rec, NULL, NULL_TREE);
  return rec;
}

/* Firstprivate array clause C of D is larger than a kernel parameter may
   be (4 KiB in all): the region copies its bytes into a device buffer
   (map(firstprivate:D), the runtime's ACCGPU_MAP_FIRSTPRIVATE), the
   kernel gets the buffer's address and each copy starts from it.  The
   map clause follows C; strip_fp_buffers takes it out again once the
   region's map array is built (GCC's own lowering never sees it). */
static tree fp_buffer_map(tree c, tree d)
{
  tree m = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(m, GOMP_MAP_FIRSTPRIVATE);
  OMP_CLAUSE_DECL(m) = d;
  OMP_CLAUSE_SIZE(m) = TYPE_SIZE_UNIT(TREE_TYPE(d));
  OMP_CLAUSE_CHAIN(m) = OMP_CLAUSE_CHAIN(c);
  OMP_CLAUSE_CHAIN(c) = m;
  return m;
}

static bool fp_buffer_map_p(tree c)
{
  return OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
         && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE;
}

static void strip_fp_buffers(gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;)
    if (fp_buffer_map_p(*pc))
      *pc = OMP_CLAUSE_CHAIN(*pc);
    else
      pc = &OMP_CLAUSE_CHAIN(*pc);
  gimple_omp_target_set_clauses(t, clauses);
}

/* Firstprivate D in a device buffer: when R's body may write it (a store
   to it or into it, its address taken, a loop clause naming it, an asm),
   the table variable of one copy per gang (OpenACC 3.3 §2.5.14: a copy
   for each gang), allocated at each launch; NULL when the kernel can read
   the buffer in place.  A copy per thread would be local memory on a GPU
   (hundreds of KB per thread for big tables). */
static tree fp_gang_copies(struct kg_region *r, tree d)
{
  if (!accgpu_seq_assigns(gimple_omp_body(r->stmt), d,
                          ACCGPU_ASSIGN_PART | ACCGPU_ASSIGN_LOOPS
                          | ACCGPU_ASSIGN_ADDR))
    return NULL_TREE;
  return accgpu_pp_gang_slot(d, tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(d))));
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

/* GCC 12 gives the map of a variable-length array on `serial` (a data
   clause, or the copyin of its firstprivate: pointer-private.cc) the
   pointer kind of data constructs, map(alloc: A [pointer assign]), where
   `parallel` and `kernels` get firstprivate pointer: the same here, so
   the kernel receives A's device address (it read an unset local). */
static void vla_pointer_maps(gomp_target *t)
{
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
        && OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_POINTER
        && vla_pointer(OMP_CLAUSE_DECL(c)) != OMP_CLAUSE_DECL(c))
      OMP_CLAUSE_SET_MAP_KIND(c, GOMP_MAP_FIRSTPRIVATE_POINTER);
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
      if (fp_buffer_map_p(c))
        break; /* the firstprivate clause before it made the parameter */
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
      } else if (DECL_P(d) && accgpu_data_map_kind_p(c)) {
        p.decl = d;
        p.type = build_pointer_type(TREE_TYPE(d));
        p.by_ref = true;
        ps.map_clause = c;
      } else if (attach_through_pointer_p(c)) {
        break; /* the runtime attaches it; the kernel reads it in place */
      } else if (!DECL_P(d) && !accgpu_data_map_kind_p(c)) {
        sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: pointer member %qE in a "
                 "data clause of this compute construct (map the struct and "
                 "the member in a data construct around it)",
                 TREE_CODE(d) == COMPONENT_REF ? TREE_OPERAND(d, 1) : d);
        return false;
      }
      break;
    }
    case OMP_CLAUSE_FIRSTPRIVATE:
      p.decl = OMP_CLAUSE_DECL(c);
      p.type = TREE_TYPE(p.decl);
      ps.quiet = accgpu_implicit_clause_p(as_a<gomp_target *>(r->stmt), c);
      if (TREE_CODE(p.type) == ARRAY_TYPE
          && !(p.type = fp_array_type(c, p.decl)))
        return false;
      if (RECORD_OR_UNION_TYPE_P(p.type)
          && tree_to_uhwi(TYPE_SIZE_UNIT(p.type)) > 4000) {
        p.type = build_pointer_type(p.type);
        p.by_ref = p.fp_buffer = true;
        ps.map_clause = fp_buffer_map(c, p.decl);
        p.gang_copies = fp_gang_copies(r, p.decl);
      }
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
      accgpu_num_gangs_yz(c, &ci->ngangs_yz[0], &ci->ngangs_yz[1]);
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
      if (!dup && p.gang_copies) { /* the table, allocated per launch */
        kg_param t = {};
        t.decl = p.gang_copies;
        t.type = TREE_TYPE(t.decl);
        r->params.safe_push(t);
        src->safe_push(param_src());
      }
    }
  }
  return true;
}

/* ---- the construct ---- */

static int kernel_counter;

/* Whether the unit may take part in device linking: it declares or defines
   a routine with external linkage (routine-link.cc imports and exports
   such routines).  On a GPU the PTX of units that call each other's
   routines is linked into one image, where two kernels of one name (two
   static `work` functions with a construct at the same line) clash. */
static bool unit_shares_routines_p(void)
{
  static int known = -1;
  if (known >= 0)
    return known;
  known = 0;
  cgraph_node *node;
  FOR_EACH_FUNCTION(node)
    if (TREE_PUBLIC(node->decl)
        && lookup_attribute("omp declare target",
                            DECL_ATTRIBUTES(node->decl)))
      known = 1;
  return known;
}

static void fnv_add(unsigned *h, const char *s)
{
  for (const char *c = s; *c; c++)
    *h = (*h ^ (unsigned char)*c) * 16777619u;
  *h = (*h ^ 0xffu) * 16777619u; /* a separator */
}

/* FNV-1a of the unit's source path (absolute where it can be found, then
   as -ffile-prefix-map/-fdebug-prefix-map rewrite it, so that builds in
   two directories give the same objects), its object's dump name (as the
   driver gives it, relative: k1/r.c) and its -D/-U options: the same for
   every build of one object, different for two files, and for one file
   built twice (-DVARIANT=1 and 2, into two objects linked together, whose
   kernels a GPU's device link took as defined twice). */
static unsigned unit_hash(void)
{
  static bool known;
  static unsigned h = 2166136261u;
  if (known)
    return h;
  char *real = lrealpath(main_input_filename);
  fnv_add(&h, remap_debug_filename(real));
  free(real);
  if (dump_base_name)
    fnv_add(&h, dump_base_name);
  for (unsigned i = 0; i < save_decoded_options_count; i++) {
    const cl_decoded_option *o = &save_decoded_options[i];
    if ((o->opt_index == OPT_D || o->opt_index == OPT_U) && o->arg)
      fnv_add(&h, o->arg);
  }
  known = true;
  return h;
}

/* __accgpu_k_FUNC_LINE_N; in a unit that shares routines, with a suffix
   naming the unit, so that linked units never define one name twice. */
static char *kernel_name(location_t loc)
{
  char buf[320];
  const char *fn = IDENTIFIER_POINTER(DECL_NAME(current_function_decl));
  int n = snprintf(buf, sizeof buf, "__accgpu_k_%s_%d_%d", fn,
                   LOCATION_LINE(loc), kernel_counter++);
  if (unit_shares_routines_p() && n > 0 && n < (int)sizeof buf)
    snprintf(buf + n, sizeof buf - n, "_u%08x", unit_hash());
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
  vec<tree> pvars; /* private sections' tables (pointer-private.h) */
};

/* Launch of piece K before GSI (VALS: its profile values, or NULL). */
static void launch_one(gimple_stmt_iterator *gsi, struct launch_info *li,
                       unsigned k, tree vals)
{
  if (!li->bodies->is_empty())
    gimple_omp_set_body(li->rs[0].stmt, (*li->bodies)[k]);
  tree kk = build_int_cst(unsigned_type_node, li->kidx[k]);
  emit_geometry(gsi, &li->rs[k], li->ci, li->dev, kk, li->grid, li->block);
  accgpu_pp_launch_alloc(gsi, &li->pvars, li->locp, li->rs[k].kname,
                         li->grid, li->block);
  tree sh = build_int_cst(unsigned_type_node, 0);
  if (vals)
    add(gsi, gimple_build_call(accgpu_launch_trips_decl(fn_launch), 9,
                               li->locp, accgpu_module_addr(), kk, li->grid,
                               li->block, sh, li->async, li->args, vals));
  else
    add(gsi, gimple_build_call(fn_launch, 8, li->locp, accgpu_module_addr(),
                               kk, li->grid, li->block, sh, li->async,
                               li->args));
  accgpu_pp_launch_free(gsi, &li->pvars, li->locp, li->async);
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
  lc_flatten_top(hl->body, &hl->stmts, &hl->vars);
  for (unsigned j = 0; j < hl->stmts.length(); j++) {
    gimple *s = hl->stmts[j];
    if (gimple_code(s) != GIMPLE_OMP_FOR) {
      hl_copy(gsi, s, &labels);
      continue;
    }
    for (unsigned i = 0; i + 1 < hargs.length(); i += 2)
      if (lc_stmt_refs(s, hargs[i])) /* others may not be set yet */
        add(gsi, gimple_build_assign(hargs[i + 1], hargs[i]));
    /* The values of this nest (those of the construct's body could read
       bounds the host has not computed yet). */
    gimple_omp_set_body(li->rs[0].stmt, (*li->bodies)[k]);
    struct kg_region pr = li->rs[k]; /* without host scalars not set yet */
    pr.params = vNULL;
    for (unsigned i = 0; i < li->rs[k].params.length(); i++) {
      tree d = li->rs[k].params[i].decl;
      if (!hl->hvars.contains(d) || lc_stmt_refs(s, d))
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
  strip_fp_buffers(as_a<gomp_target *>(r->stmt));
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
  vec<tree> hargs = vNULL, pvars = vNULL;
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
      if (accgpu_pp_slot_of(p->decl)) { /* allocated at each launch */
        pvars.safe_push(p->decl);
        pvars.safe_push(v);
      } else if (hl && hl->hvars.contains(p->decl)) { /* stored per launch */
        hargs.safe_push(p->decl);
        hargs.safe_push(v);
      } else {
        gimple *cp = gimple_build_assign(v, val(gsi, value));
        if (ps->quiet)
          suppress_warning(cp, OPT_Wmaybe_uninitialized);
        add(gsi, cp);
      }
      add(gsi, gimple_build_assign(build4(ARRAY_REF, ptr_type_node, arr,
                                          size_int(i), NULL_TREE, NULL_TREE),
                                   build_fold_addr_expr(v)));
    }
    args = build_fold_addr_expr(arr);
  }
  struct launch_info li = {rs, bodies, ci, locp, dev, async,
                           addr_tmp(dim3_type, "accgrid"),
                           addr_tmp(dim3_type, "accblock"), args, kidx,
                           pvars};
  if (hl)
    emit_hostloop(gsi, &li, hl, hargs);
  else {
    tree vals = accgpu_profile_values(gsi, r, kidx, nk); /* ACCGPU_PROFILE */
    /* One launch per piece, in order on the same queue. */
    for (unsigned k = 0; k < nk; k++)
      launch_one(gsi, &li, k, vals);
  }
  hargs.release();
  pvars.release();
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
  if (error_operand_p(ci->async)) /* GCC's error already said why */
    return build_int_cst(integer_type_node, -2);
  return val(gsi, fold_convert(integer_type_node, ci->async));
}

/* On the host fallback: an async argument below acc_async_default stops
   the program, as on the devices, where nothing else looks at it. */
static void host_async_check(gimple_stmt_iterator *gsi, tree locp, tree async)
{
  tree bad = create_artificial_label(UNKNOWN_LOCATION);
  tree ok = create_artificial_label(UNKNOWN_LOCATION);
  add(gsi, gimple_build_cond(LT_EXPR, async,
                             build_int_cst(integer_type_node, -3), bad, ok));
  add(gsi, gimple_build_label(bad));
  add(gsi, gimple_build_call(accgpu_runtime_decl("__accgpu_async_host"), 2,
                             locp, async));
  add(gsi, gimple_build_label(ok));
}

/* private(g) of a global or static on the construct: the region uses a
   fresh local instead (a kernel local on the device; the host fallback's
   copy), as for a local variable. */
static bool global_copy_p(tree d, gimple *)
{
  return !accgpu_privatizable(d) && accgpu_privatizable_global(d);
}

static void private_globals(gomp_target *t)
{
  accgpu_private_clauses(gimple_omp_target_clauses(t), gimple_omp_body(t),
                         global_copy_p, t);
}

bool accgpu_lower_compute_construct(gimple_stmt_iterator *gsi)
{
  gomp_target *t = as_a<gomp_target *>(gsi_stmt(*gsi));
  int kind = gimple_omp_target_kind(t);
  if (kind != GF_OMP_TARGET_KIND_OACC_PARALLEL
      && kind != GF_OMP_TARGET_KIND_OACC_KERNELS
      && kind != GF_OMP_TARGET_KIND_OACC_SERIAL)
    return false;
  if (accgpu_struct_data_wrap(gsi, t))
    return true; /* walked again as the data construct */
  init_decls();
  private_globals(t);
  accgpu_check_routine_nesting(t);
  accgpu_ubsan_note(t);
  location_t loc = gimple_location(t);
  tree clauses = gimple_omp_target_clauses(t);
  tree devnum = accgpu_take_deviceid(&clauses);
  gimple_omp_target_set_clauses(t, clauses);
  if (kind == GF_OMP_TARGET_KIND_OACC_KERNELS)
    accgpu_kernels_private(t);
  vla_pointer_maps(t);
  accgpu_readonly_maps(t);
  accgpu_async_scalar_maps(t);
  accgpu_struct_value_maps(gsi, t); /* before: may leave pointer members */
  accgpu_struct_member_maps(gsi, t);
  accgpu_pointee_member_maps(gsi, t);
  accgpu_map_declared_globals(t);
  clauses = gimple_omp_target_clauses(t);

  struct kg_region r = {};
  vec<param_src> src = vNULL;
  clause_info ci;
  r.stmt = t;
  r.kind = kind;
  char *kname = kernel_name(loc);
  r.kname = kname;
  bool ok = read_clauses(&r, clauses, &src, &ci);
  /* Each loop's private copies, for the kernels and the host fallback. */
  accgpu_privatize_loops(gimple_omp_body(t));
  /* kernels: independent plain loops become gang/vector acc loops. */
  struct hostloop hl;
  bool hostloop = false;
  if (ok && kind == GF_OMP_TARGET_KIND_OACC_KERNELS)
    hostloop = kernels_parallelize(&r, &ci, &hl);
  if (hostloop && accgpu_pp_outside_loops(gimple_omp_body(t))) {
    sorry_at(loc, "accgpu: %<private%> of a pointer%'s section on a "
             "%<kernels%> region whose code between loops runs on the host: "
             "put the region%'s loops in acc loops");
    ok = false;
  }
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
    if (ok)
      accgpu_set_launch_bounds(&rs[k], &ci);
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
    tree ldev = create_artificial_label(loc);
    tree lhost = create_artificial_label(loc);
    tree lend = create_artificial_label(loc);
    tree lask = create_artificial_label(loc);
    /* Every thread on the host: the fallback without a call (a load and a
       branch; the runtime keeps the flag exact, include/accgpu_abi.h). */
    tree fast = create_tmp_var(integer_type_node, "acchostfast");
    add(gsi, gimple_build_assign(fast, host_fast));
    add(gsi, gimple_build_cond(EQ_EXPR, fast, integer_one_node, lhost, lask));
    add(gsi, gimple_build_label(lask));
    tree offl = create_tmp_var(integer_type_node, "accoffl");
    gcall *call = gimple_build_call(fn_offload_p, 3, locp, dev, ifc);
    gimple_call_set_lhs(call, offl);
    add(gsi, call);
    add(gsi, gimple_build_cond(NE_EXPR, offl, integer_zero_node, ldev, lhost));
    add(gsi, gimple_build_label(ldev));
    /* emit_geometry reads the body (loop bounds, size arguments). */
    emit_offload(gsi, rs, nk, &bodies, &src, &ci, locp, dev, async, kidx,
                 clauses, hostloop ? &hl : NULL);
    gimple_omp_set_body(t, NULL);
    add(gsi, gimple_build_goto(lend));
    add(gsi, gimple_build_label(lhost));
    if (ci.has_async && ci.async)
      host_async_check(gsi, locp, async);
    privatize_host(&host, clauses);
    accgpu_pp_host(&host, &r, locp);
    host_reductions(&host, clauses);
    strip_host(&host);
    gsi_insert_seq_before(gsi, host, GSI_SAME_STMT);
    add(gsi, gimple_build_label(lend));
  } else {
    gimple_omp_set_body(t, NULL);
    strip_host(&host);
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
