/* lower-data.cc — the data constructs of OpenACC, lowered to libaccgpu
 * calls on high GIMPLE (the pass runs before omplower).
 *
 *   before:  #pragma omp target oacc_data if(_1) map(to:*a [len: _2]) ...
 *              { try { BODY } finally { __builtin_GOACC_data_end (); } }
 *   after:   if (_1 != 0) goto L1; else goto L2;
 *            L1: maps[0].host = a; ... ;
 *                __accgpu_region_begin (&loc, -1, -2, 1, &maps[0], 0B);
 *            L2:
 *            try { BODY } finally { if (_1 != 0) __accgpu_region_end (&loc, -2); }
 *
 * enter/exit data, update, declare become one runtime call each; wait
 * (the GOACC_wait builtin) becomes __accgpu_wait; host_data replaces the
 * listed pointers in its body by __accgpu_use_device results.          */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/routine-globals.h"
#include "passes/data-internal.h"
#include "passes/implicit-sections.h"
#include "passes/implicit-maps.h"
#include "passes/flow.h"
#include "accgpu_abi.h"

#define ACC_ASYNC_SYNC (-2)  /* acc_async_sync */
#define ACC_ASYNC_NOVAL (-1) /* acc_async_noval, GOMP_ASYNC_NOVAL */

/* The clauses every data directive may carry besides its data items. */
struct dclauses {
  tree cond;   /* if(): a GIMPLE value, or NULL_TREE */
  tree async;  /* int: the queue, ACC_ASYNC_SYNC when absent */
  tree dev;    /* int: deviceid(e) or ACCGPU_CURRENT_DEVICE */
  vec<tree> waits; /* wait(list) expressions */
  bool wait_all;   /* wait with no list */
  bool finalize, if_present;
};

/* ---- Small builders --------------------------------------------------- */

/* Emits a call to runtime entry NAME with the N arguments in ARGS (each
   converted to the parameter type and gimplified) before GSI. */
gcall *accgpu_emit_call(gimple_stmt_iterator *gsi, location_t loc,
                        const char *name, unsigned n, tree *args)
{
  tree fn = accgpu_runtime_decl(name);
  tree parm = TYPE_ARG_TYPES(TREE_TYPE(fn));
  auto_vec<tree> v;
  for (unsigned i = 0; i < n; i++, parm = TREE_CHAIN(parm))
    v.safe_push(accgpu_gimple_val(
        gsi, fold_convert(TREE_VALUE(parm), args[i])));
  gcall *call = gimple_build_call_vec(fn, v);
  gimple_set_location(call, loc);
  gsi_insert_before(gsi, call, GSI_SAME_STMT);
  return call;
}

static tree int_cst(HOST_WIDE_INT v)
{
  return build_int_cst(integer_type_node, v);
}

/* Starts `if (COND) {` before GSI; returns the label that ends it (pass it
   to end_if), or NULL_TREE when COND is NULL_TREE. */
static tree begin_if(gimple_stmt_iterator *gsi, tree cond, location_t loc)
{
  if (!cond)
    return NULL_TREE;
  tree yes = create_artificial_label(loc), no = create_artificial_label(loc);
  gcond *g = gimple_build_cond(NE_EXPR, cond, build_zero_cst(TREE_TYPE(cond)),
                               yes, no);
  gimple_set_location(g, loc);
  gsi_insert_before(gsi, g, GSI_SAME_STMT);
  gsi_insert_before(gsi, gimple_build_label(yes), GSI_SAME_STMT);
  return no;
}

static void end_if(gimple_stmt_iterator *gsi, tree label)
{
  if (label)
    gsi_insert_before(gsi, gimple_build_label(label), GSI_SAME_STMT);
}

/* Address of a local int array holding VALS, filled before GSI. */
static tree int_array(gimple_stmt_iterator *gsi, const vec<tree> &vals,
                      location_t loc)
{
  tree t = build_array_type_nelts(integer_type_node, vals.length());
  tree arr = create_tmp_var(t, "accgpu_queues");
  TREE_ADDRESSABLE(arr) = 1;
  for (unsigned i = 0; i < vals.length(); i++) {
    tree ref = build4(ARRAY_REF, integer_type_node, arr, size_int(i),
                      NULL_TREE, NULL_TREE);
    tree val = accgpu_gimple_val(gsi, fold_convert(integer_type_node,
                                                   vals[i]));
    gassign *g = gimple_build_assign(ref, val);
    gimple_set_location(g, loc);
    gsi_insert_before(gsi, g, GSI_SAME_STMT);
  }
  return build_fold_addr_expr(build4(ARRAY_REF, integer_type_node, arr,
                                     size_int(0), NULL_TREE, NULL_TREE));
}

/* ---- Clauses ---------------------------------------------------------- */

/* Reads the non-data clauses of *CLAUSES into D; removes the deviceid
   marker.  Release D->waits with d_release. */
static void scan_clauses(tree *clauses, struct dclauses *d)
{
  memset(d, 0, sizeof *d);
  d->async = int_cst(ACC_ASYNC_SYNC);
  d->dev = accgpu_take_deviceid(clauses);
  for (tree c = *clauses; c; c = OMP_CLAUSE_CHAIN(c))
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_IF:
      d->cond = OMP_CLAUSE_IF_EXPR(c);
      break;
    case OMP_CLAUSE_ASYNC:
      d->async = OMP_CLAUSE_ASYNC_EXPR(c);
      break;
    case OMP_CLAUSE_WAIT:
      if (integer_minus_onep(OMP_CLAUSE_WAIT_EXPR(c)))
        d->wait_all = true; /* `wait` with no list */
      else
        d->waits.safe_push(OMP_CLAUSE_WAIT_EXPR(c));
      break;
    case OMP_CLAUSE_FINALIZE:
      d->finalize = true;
      break;
    case OMP_CLAUSE_IF_PRESENT:
      d->if_present = true;
      break;
    default:
      break;
    }
}

static void d_release(struct dclauses *d)
{
  d->waits.release();
}

/* Emits the wait(list) clause of a directive: the directive's queue (or
   the host, when synchronous) waits for the listed queues first. */
static void emit_waits(gimple_stmt_iterator *gsi, tree locobj,
                       struct dclauses *d, location_t loc)
{
  if (!d->wait_all && d->waits.is_empty())
    return;
  tree args[5] = {locobj, d->dev, int_cst(0), null_pointer_node, d->async};
  if (!d->wait_all) {
    args[2] = build_int_cst(unsigned_type_node, d->waits.length());
    args[3] = int_array(gsi, d->waits, loc);
  }
  accgpu_emit_call(gsi, loc, "__accgpu_wait", 5, args);
}

/* ---- Replacing the construct ------------------------------------------ */

/* Removes the construct at GSI and leaves GSI on the first statement that
   was inserted before it (PREV is the iterator of the statement that
   preceded the construct, taken before inserting). */
static void finish_replace(gimple_stmt_iterator *gsi,
                           gimple_stmt_iterator prev, bool at_start)
{
  gimple_seq *seq = gsi->seq;
  gsi_remove(gsi, true);
  if (at_start)
    *gsi = gsi_start(*seq);
  else {
    *gsi = prev;
    gsi_next(gsi);
  }
}

struct replace_point {
  gimple_stmt_iterator prev;
  bool at_start;
};

static struct replace_point start_replace(gimple_stmt_iterator *gsi)
{
  struct replace_point r;
  r.prev = *gsi;
  gsi_prev(&r.prev);
  r.at_start = gsi_end_p(r.prev);
  return r;
}

/* ---- data ------------------------------------------------------------- */

struct data_end_info {
  tree locobj, cond, async, dev;
  location_t loc;
  bool found;
  bool drain; /* wait for all queues before the region's copyouts */
};

/* Emits the region's end before GSI: a wait for all of the device's queues
   first when the body queued async work (see body_has_async), then
   region_end, both under the region's if(). */
static void emit_region_end(gimple_stmt_iterator *gsi, struct data_end_info *e)
{
  tree lab = begin_if(gsi, e->cond, e->loc);
  if (e->drain) {
    tree w[5] = {e->locobj, e->dev, int_cst(0), null_pointer_node,
                 int_cst(ACC_ASYNC_SYNC)};
    accgpu_emit_call(gsi, e->loc, "__accgpu_wait", 5, w);
  }
  tree args[2] = {e->locobj, e->async};
  accgpu_emit_call(gsi, e->loc, "__accgpu_region_end", 2, args);
  end_if(gsi, lab);
}

static tree async_cb(gimple_stmt_iterator *gsi, bool *handled,
                     struct walk_stmt_info *wi)
{
  gimple *stmt = gsi_stmt(*gsi);
  *handled = is_gimple_omp(stmt); /* nested data regions: by hand */
  if (gomp_target *t = dyn_cast<gomp_target *>(stmt)) {
    if (omp_find_clause(gimple_omp_target_clauses(t), OMP_CLAUSE_ASYNC))
      return integer_one_node;
    int kind = gimple_omp_target_kind(t);
    if (kind == GF_OMP_TARGET_KIND_OACC_DATA ||
        kind == GF_OMP_TARGET_KIND_OACC_HOST_DATA)
      return walk_gimple_seq(gimple_omp_body(t), async_cb, NULL, wi)
                 ? integer_one_node : NULL_TREE;
    return NULL_TREE;
  }
  tree fn = is_gimple_call(stmt) ? gimple_call_fndecl(stmt) : NULL_TREE;
  if (fn && DECL_NAME(fn)) {
    const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
    size_t len = strlen(name);
    *handled = true; /* a value may be returned only then */
    if (strncmp(name, "acc_", 4) == 0 && len > 6 &&
        strcmp(name + len - 6, "_async") == 0)
      return integer_one_node;
    tree q = gimple_call_builtin_p(stmt, BUILT_IN_GOACC_WAIT)
                 ? gimple_call_arg(stmt, 0) : NULL_TREE;
    if (q && !(TREE_CODE(q) == INTEGER_CST && tree_fits_shwi_p(q) &&
               tree_to_shwi(q) == ACC_ASYNC_SYNC))
      return integer_one_node; /* wait ... async(q) */
  }
  return NULL_TREE;
}

/* True when BODY (nested constructs included) queues async work: a
   construct with an async clause, an acc_*_async call, `wait async`.  A
   synchronous region's copyouts must see what that work wrote, as on
   CUDA's legacy default stream, which every other stream waits for. */
static bool body_has_async(gimple_seq body)
{
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  return walk_gimple_seq(body, async_cb, NULL, &wi) != NULL;
}

/* Finds this region's __builtin_GOACC_data_end (not a nested region's:
   nested constructs are not entered) and replaces it by region_end. */
static tree data_end_cb(gimple_stmt_iterator *gsi, bool *handled,
                        struct walk_stmt_info *wi)
{
  struct data_end_info *e = (struct data_end_info *)wi->info;
  gimple *stmt = gsi_stmt(*gsi);
  *handled = false;
  if (gimple_code(stmt) == GIMPLE_OMP_TARGET) {
    *handled = true;
    return NULL_TREE;
  }
  if (e->found || !gimple_call_builtin_p(stmt, BUILT_IN_GOACC_DATA_END))
    return NULL_TREE;
  emit_region_end(gsi, e);
  gsi_remove(gsi, true);
  wi->removed_stmt = true;
  e->found = true;
  return NULL_TREE;
}

/* Puts region_end on every exit of BODY: in the try/finally GCC made, or
   in one of our own when there is none. */
static void end_region_on_exit(gimple_seq *body, struct data_end_info *e)
{
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = e;
  walk_gimple_seq_mod(body, data_end_cb, NULL, &wi);
  if (e->found)
    return;
  gimple_seq cleanup = NULL;
  gimple *nop = gimple_build_nop();
  gimple_seq_add_stmt(&cleanup, nop);
  gimple_stmt_iterator g = gsi_start(cleanup);
  emit_region_end(&g, e);
  gsi_remove(&g, true);
  gtry *t = gimple_build_try(*body, cleanup, GIMPLE_TRY_FINALLY);
  *body = NULL;
  gimple_seq_add_stmt(body, t);
}

static void lower_data(gimple_stmt_iterator *gsi, gomp_target *stmt)
{
  location_t loc = gimple_location(stmt);
  tree clauses = gimple_omp_target_clauses(stmt);
  struct dclauses d;
  scan_clauses(&clauses, &d);
  tree locobj = accgpu_build_loc(loc, "data");
  struct replace_point rp = start_replace(gsi);

  tree lab = begin_if(gsi, d.cond, loc);
  emit_waits(gsi, locobj, &d, loc);
  struct accgpu_maps m;
  accgpu_build_maps_ctx(gsi, clauses, loc, ACCGPU_CTX_REGION, 0, &m);
  tree args[6] = {locobj, d.dev, d.async,
                  build_int_cst(unsigned_type_node, m.nmaps), m.maps,
                  null_pointer_node};
  accgpu_emit_call(gsi, loc, "__accgpu_region_begin", 6, args);
  end_if(gsi, lab);
  accgpu_maps_release(&m);

  gimple_seq body = gimple_omp_body(stmt);
  gimple_omp_set_body(stmt, NULL);
  struct data_end_info e = {locobj, d.cond, d.async, d.dev, loc, false,
                            body_has_async(body)};
  end_region_on_exit(&body, &e);
  gsi_insert_seq_before(gsi, body, GSI_SAME_STMT);
  finish_replace(gsi, rp.prev, rp.at_start);
  d_release(&d);
}

/* ---- enter data, exit data, declare ----------------------------------- */

/* One unstructured data call: ENTRY (enter/exit data) with the items of
   CLAUSES read in CTX. */
static void lower_unstructured(gimple_stmt_iterator *gsi, gomp_target *stmt,
                               const char *construct, const char *entry,
                               enum accgpu_map_ctx ctx)
{
  location_t loc = gimple_location(stmt);
  tree clauses = gimple_omp_target_clauses(stmt);
  struct dclauses d;
  scan_clauses(&clauses, &d);
  tree locobj = accgpu_build_loc(loc, construct);
  struct replace_point rp = start_replace(gsi);

  tree lab = begin_if(gsi, d.cond, loc);
  emit_waits(gsi, locobj, &d, loc);
  struct accgpu_maps m;
  unsigned flags = (d.finalize ? ACCGPU_MAPF_FINALIZE : 0) |
                   (d.if_present ? ACCGPU_MAPF_IF_PRESENT : 0);
  accgpu_build_maps_ctx(gsi, clauses, loc, ctx, flags, &m);
  if (m.nmaps) {
    tree args[5] = {locobj, d.dev, d.async,
                    build_int_cst(unsigned_type_node, m.nmaps), m.maps};
    accgpu_emit_call(gsi, loc, entry, 5, args);
  }
  end_if(gsi, lab);
  accgpu_maps_release(&m);
  finish_replace(gsi, rp.prev, rp.at_start);
  d_release(&d);
}

/* GCC emits `declare` in a function as one OACC_DECLARE statement at the
   scope's start (copyin/create kinds) and one in the scope's cleanup
   (from/release kinds).  True for the latter. */
static bool declare_exit_p(tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
      continue;
    switch (OMP_CLAUSE_MAP_KIND(c)) {
    case GOMP_MAP_FROM:
    case GOMP_MAP_FORCE_FROM:
    case GOMP_MAP_RELEASE:
    case GOMP_MAP_DELETE:
    case GOMP_MAP_DETACH:
    case GOMP_MAP_FORCE_DETACH:
      break;
    default:
      return false;
    }
  }
  return true;
}

/* declare present(x) makes no reference (GCC emits nothing for it at the
   scope's end): the variable only has to be present, which
   __accgpu_use_device checks, naming it.  A pointer parameter named
   without a range is what it points to, as the regions use it (no region
   maps the parameter itself: it is never declared for them). */
static void check_present(gimple_stmt_iterator *gsi, tree clauses,
                          location_t loc)
{
  tree locobj = accgpu_build_loc(loc, "declare");
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP ||
        OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FORCE_PRESENT)
      continue;
    tree decl = OMP_CLAUSE_DECL(c), host;
    const char *name = accgpu_item_name(c);
    if (TREE_CODE(decl) == PARM_DECL && POINTER_TYPE_P(TREE_TYPE(decl))) {
      host = unshare_expr(decl);
      name = ACONCAT(("*", name, NULL));
    } else {
      if (DECL_P(decl))
        TREE_ADDRESSABLE(decl) = 1;
      host = build_fold_addr_expr(unshare_expr(decl));
    }
    tree args[3] = {locobj, host, accgpu_string_cst(name)};
    accgpu_emit_call(gsi, loc, "__accgpu_use_device", 3, args);
  }
}

/* Release clauses for the copyin items of a declare: GCC 12 gives
   `declare copyin(x)` (GOMP_MAP_TO) no clause at the scope's end (its
   gimplify_oacc_declare_1 has no case for it), so x would stay mapped. */
static tree copyin_releases(tree clauses)
{
  tree out = NULL_TREE;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
        (OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_TO ||
         OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_ALWAYS_TO)) {
      tree r = copy_node(c);
      OMP_CLAUSE_SET_MAP_KIND(r, GOMP_MAP_RELEASE);
      OMP_CLAUSE_CHAIN(r) = out;
      out = r;
    }
  return out;
}

void accgpu_finally_after(gimple_stmt_iterator *gsi, gimple_seq cleanup,
                          location_t loc)
{
  gimple_seq rest =
      gsi_one_before_end_p(*gsi) ? NULL : gsi_split_seq_after(*gsi);
  gtry *t = gimple_build_try(rest, cleanup, GIMPLE_TRY_FINALLY);
  gimple_set_location(t, loc);
  gsi_insert_after(gsi, t, GSI_SAME_STMT);
}

/* Puts the statements after GSI (the rest of the declare's scope) in a
   try/finally whose cleanup releases RELEASES. */
static void release_at_scope_end(gimple_stmt_iterator *gsi, tree releases,
                                 location_t loc)
{
  gimple_seq cleanup = NULL;
  gimple_seq_add_stmt(&cleanup, gimple_build_nop());
  gimple_stmt_iterator g = gsi_start(cleanup);
  struct accgpu_maps m;
  accgpu_build_maps_ctx(&g, releases, loc, ACCGPU_CTX_EXIT, 0, &m);
  tree args[5] = {accgpu_build_loc(loc, "declare"),
                  int_cst(ACCGPU_CURRENT_DEVICE), int_cst(ACC_ASYNC_SYNC),
                  build_int_cst(unsigned_type_node, m.nmaps), m.maps};
  accgpu_emit_call(&g, loc, "__accgpu_exit_data", 5, args);
  accgpu_maps_release(&m);
  gsi_remove(&g, true);
  accgpu_finally_after(gsi, cleanup, loc);
}

/* A function's declare: enter data on entry, exit data at the scope's end
   (dynamic references, so data regions inside nest freely). */
static void lower_declare(gimple_stmt_iterator *gsi, gomp_target *stmt)
{
  if (!accgpu_declare_drop_markers(stmt)) { /* declare-sections.cc's */
    /* A nop, not nothing: GCC's exit half may be alone in the scope's
       finally (under -fsanitize=address no clobber sits beside it), and
       an empty finally crashes GCC's eh pass. */
    gsi_replace(gsi, gimple_build_nop(), false);
    return;
  }
  tree clauses = gimple_omp_target_clauses(stmt);
  tree releases = copyin_releases(clauses); /* before a copy is a copyin */
  releases = chainon(releases, accgpu_declare_param_exits(clauses));
  if (declare_exit_p(clauses)) {
    lower_unstructured(gsi, stmt, "declare", "__accgpu_exit_data",
                       ACCGPU_CTX_EXIT);
    return;
  }
  if (releases)
    release_at_scope_end(gsi, releases, gimple_location(stmt));
  check_present(gsi, clauses, gimple_location(stmt));
  lower_unstructured(gsi, stmt, "declare", "__accgpu_enter_data",
                     ACCGPU_CTX_DECLARE);
}

/* ---- update and update peer ------------------------------------------- */

/* Items of an update peer directive: the to-list, the from-list (each
   becomes the other when the user wrote the same list twice, which the
   token rewriting folds into one) and the two devices. */
struct peer {
  auto_vec<tree> to, from;
  tree to_dev, from_dev;
};

static void collect_peer(tree clauses, struct peer *p)
{
  p->to_dev = p->from_dev = NULL_TREE;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
      continue;
    enum accgpu_marker mk = accgpu_clause_marker(c);
    unsigned k = OMP_CLAUSE_MAP_KIND(c);
    if (mk == ACCGPU_MARK_PEER_TO)
      p->to_dev = accgpu_marker_device(c);
    else if (mk == ACCGPU_MARK_PEER_FROM)
      p->from_dev = accgpu_marker_device(c);
    else if (mk != ACCGPU_MARK_NONE)
      continue;
    else if (k == GOMP_MAP_FIRSTPRIVATE_POINTER || k == GOMP_MAP_POINTER ||
             k == GOMP_MAP_STRUCT)
      continue;
    else if (GOMP_MAP_COPY_TO_P(k))
      p->to.safe_push(c);
    else if (GOMP_MAP_COPY_FROM_P(k))
      p->from.safe_push(c);
  }
}

/* The peer copies, one call per pair of items. */
static void lower_peer(gimple_stmt_iterator *gsi, tree locobj,
                       struct peer *p, location_t loc)
{
  if (!p->to_dev || !p->from_dev) {
    error_at(loc, "%<update peer%> needs both %<to_device%> and "
                  "%<from_device%>");
    return;
  }
  vec<tree> *to = p->to.is_empty() ? &p->from : &p->to;
  vec<tree> *from = p->from.is_empty() ? &p->to : &p->from;
  if (to->length() != from->length()) {
    error_at(loc, "%<update peer%> lists have %u and %u items",
             to->length(), from->length());
    return;
  }
  /* The copy runs on the calling thread (runtime/peer.c): work queued
     earlier on either device by deviceid directives must be done first. */
  tree dev_args[2] = {locobj, p->from_dev};
  accgpu_emit_call(gsi, loc, "__accgpu_wait_device", 2, dev_args);
  dev_args[1] = p->to_dev;
  accgpu_emit_call(gsi, loc, "__accgpu_wait_device", 2, dev_args);
  for (unsigned i = 0; i < to->length(); i++) {
    tree dst = (*to)[i], src = (*from)[i];
    tree bytes = OMP_CLAUSE_SIZE(dst);
    if (!bytes)
      bytes = TYPE_SIZE_UNIT(TREE_TYPE(OMP_CLAUSE_DECL(dst)));
    tree sbytes = OMP_CLAUSE_SIZE(src);
    if (bytes && sbytes && TREE_CODE(bytes) == INTEGER_CST &&
        TREE_CODE(sbytes) == INTEGER_CST && !tree_int_cst_equal(bytes, sbytes))
      error_at(loc, "%<update peer%> item %u: %qs and %qs differ in size",
               i + 1, accgpu_item_name(dst), accgpu_item_name(src));
    tree args[7] = {
        locobj, build_fold_addr_expr(unshare_expr(OMP_CLAUSE_DECL(dst))),
        p->to_dev, build_fold_addr_expr(unshare_expr(OMP_CLAUSE_DECL(src))),
        p->from_dev, unshare_expr(bytes),
        accgpu_string_cst(accgpu_item_name(dst))};
    accgpu_emit_call(gsi, loc, "__accgpu_update_peer", 7, args);
  }
}

static void lower_update(gimple_stmt_iterator *gsi, gomp_target *stmt)
{
  location_t loc = gimple_location(stmt);
  tree clauses = gimple_omp_target_clauses(stmt);
  struct peer p;
  collect_peer(clauses, &p);
  if (!p.to_dev && !p.from_dev) {
    lower_unstructured(gsi, stmt, "update", "__accgpu_update",
                       ACCGPU_CTX_UPDATE);
    return;
  }
  struct dclauses d;
  scan_clauses(&clauses, &d);
  tree locobj = accgpu_build_loc(loc, "update peer");
  struct replace_point rp = start_replace(gsi);
  tree lab = begin_if(gsi, d.cond, loc);
  emit_waits(gsi, locobj, &d, loc);
  lower_peer(gsi, locobj, &p, loc);
  end_if(gsi, lab);
  finish_replace(gsi, rp.prev, rp.at_start);
  d_release(&d);
}

/* ---- host_data -------------------------------------------------------- */

struct use_dev {
  tree var;  /* the host variable listed in use_device */
  tree repl; /* what replaces it in the body */
};

static tree replace_var_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
  vec<use_dev> *v = (vec<use_dev> *)wi->info;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  for (unsigned i = 0; i < v->length(); i++)
    if (*tp == (*v)[i].var) {
      *tp = unshare_expr((*v)[i].repl);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Drops host_data's own __builtin_GOACC_data_end (nothing to release). */
static tree drop_data_end_cb(gimple_stmt_iterator *gsi, bool *handled,
                             struct walk_stmt_info *wi)
{
  gimple *stmt = gsi_stmt(*gsi);
  *handled = gimple_code(stmt) == GIMPLE_OMP_TARGET;
  if (!wi->info && gimple_call_builtin_p(stmt, BUILT_IN_GOACC_DATA_END)) {
    gsi_replace(gsi, gimple_build_nop(), false);
    wi->info = stmt;
  }
  return NULL_TREE;
}

/* dv = host; if (cond [&& acc_is_present (host, 1)]) dv = use_device (host);
   returns the replacement for VAR in the body. */
static tree use_device_value(gimple_stmt_iterator *gsi, tree var, tree locobj,
                             struct dclauses *d, location_t loc)
{
  bool ptr = POINTER_TYPE_P(TREE_TYPE(var));
  tree host = ptr ? var : build_fold_addr_expr(var);
  if (!ptr)
    TREE_ADDRESSABLE(var) = 1;
  tree dv = create_tmp_var(TREE_TYPE(host), "accgpu_devptr");
  gsi_insert_before(gsi, gimple_build_assign(dv, host), GSI_SAME_STMT);
  tree lab = begin_if(gsi, d->cond, loc);
  tree lab2 = NULL_TREE;
  if (d->if_present) {
    tree args[2] = {host, size_one_node};
    gcall *c = accgpu_emit_call(gsi, loc, "acc_is_present", 2, args);
    tree r = create_tmp_var(integer_type_node, "accgpu_present");
    gimple_call_set_lhs(c, r);
    lab2 = begin_if(gsi, r, loc);
  }
  const char *name = DECL_NAME(var) ? IDENTIFIER_POINTER(DECL_NAME(var)) : "?";
  tree args[3] = {locobj, host, accgpu_string_cst(name)};
  gcall *c = accgpu_emit_call(gsi, loc, "__accgpu_use_device", 3, args);
  tree r = create_tmp_var(ptr_type_node, "accgpu_devaddr");
  gimple_call_set_lhs(c, r);
  gsi_insert_before(gsi, gimple_build_assign(dv, fold_convert(TREE_TYPE(dv),
                                                              r)),
                    GSI_SAME_STMT);
  end_if(gsi, lab2);
  end_if(gsi, lab);
  return ptr ? dv : build_simple_mem_ref(dv);
}

static void lower_host_data(gimple_stmt_iterator *gsi, gomp_target *stmt)
{
  location_t loc = gimple_location(stmt);
  tree clauses = gimple_omp_target_clauses(stmt);
  struct dclauses d;
  scan_clauses(&clauses, &d);
  tree locobj = accgpu_build_loc(loc, "host_data");
  struct replace_point rp = start_replace(gsi);
  auto_vec<use_dev> uses;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_USE_DEVICE_PTR ||
        OMP_CLAUSE_CODE(c) == OMP_CLAUSE_USE_DEVICE_ADDR) {
      use_dev u = {OMP_CLAUSE_DECL(c), NULL_TREE};
      u.repl = use_device_value(gsi, u.var, locobj, &d, loc);
      uses.safe_push(u);
    }
  gimple_seq body = gimple_omp_body(stmt);
  gimple_omp_set_body(stmt, NULL);
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  walk_gimple_seq_mod(&body, drop_data_end_cb, NULL, &wi);
  memset(&wi, 0, sizeof wi);
  wi.info = &uses;
  walk_gimple_seq_mod(&body, NULL, replace_var_cb, &wi);
  gsi_insert_seq_before(gsi, body, GSI_SAME_STMT);
  finish_replace(gsi, rp.prev, rp.at_start);
  d_release(&d);
}

/* ---- wait ------------------------------------------------------------- */

/* __builtin_GOACC_wait (async, n, q1, ..., qn) -> __accgpu_wait; a single
   queue computed by the `wait device(e)` marker -> __accgpu_wait_device. */
static void lower_wait(gimple_stmt_iterator *gsi, gcall *call)
{
  location_t loc = gimple_location(call);
  unsigned n = gimple_call_num_args(call) - 2;
  tree async = gimple_call_arg(call, 0);
  struct replace_point rp = start_replace(gsi);
  tree q0 = n == 1 ? gimple_call_arg(call, 2) : NULL_TREE;
  /* The marker call is the statement just before (no CFG: no
     gsi_for_stmt). */
  gimple *def = rp.at_start ? NULL : gsi_stmt(rp.prev);
  if (def && accgpu_is_devwait_call(def) && gimple_call_lhs(def) == q0) {
    tree locobj = accgpu_build_loc(loc, "wait device");
    tree args[2] = {locobj, gimple_call_arg(def, 0)};
    accgpu_emit_call(gsi, loc, "__accgpu_wait_device", 2, args);
    gimple_stmt_iterator dg = rp.prev;
    rp = start_replace(&dg);
    gsi_remove(&dg, true);
    finish_replace(gsi, rp.prev, rp.at_start);
    return;
  }
  tree locobj = accgpu_build_loc(loc, "wait");
  auto_vec<tree> qs;
  for (unsigned i = 0; i < n; i++)
    qs.safe_push(gimple_call_arg(call, i + 2));
  tree args[5] = {locobj, int_cst(ACCGPU_CURRENT_DEVICE),
                  build_int_cst(unsigned_type_node, n),
                  n ? int_array(gsi, qs, loc) : null_pointer_node, async};
  accgpu_emit_call(gsi, loc, "__accgpu_wait", 5, args);
  finish_replace(gsi, rp.prev, rp.at_start);
}

/* ---- init, shutdown, set (rewritten by devdirs.cc) -------------------- */

/* The clauses of a rewritten directive; DIR 0 when T is a real enter
   data. */
struct devdir {
  int dir;       /* enum accgpu_devdir */
  unsigned have; /* ACCGPU_DIR_* present */
  unsigned mask; /* device types named: bit t-1 for acc_device_t t */
  tree num, async, cond;
};

/* The int a marker index carries: the low 32 bits of the user's value
   (devdirs.cc); a constant such as -3 comes back without the overflow
   flag. */
static tree devdir_int(tree val)
{
  tree v = fold_convert(integer_type_node, val);
  return TREE_OVERFLOW_P(v) ? drop_tree_overflow(v) : v;
}

static void read_devdir(gomp_target *t, struct devdir *d)
{
  memset(d, 0, sizeof *d);
  for (tree c = gimple_omp_target_clauses(t); c; c = OMP_CLAUSE_CHAIN(c)) {
    int kind;
    tree val;
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_IF)
      d->cond = OMP_CLAUSE_IF_EXPR(c);
    if (!accgpu_devdir_clause(c, &kind, &val))
      continue; /* other clauses were refused while lexing */
    d->have |= kind;
    /* The directive and the device types are constants made in lexing. */
    if (kind == 0 && tree_fits_uhwi_p(val))
      d->dir = (int)tree_to_uhwi(val);
    else if (kind == ACCGPU_DIR_TYPE && tree_fits_uhwi_p(val))
      d->mask = (unsigned)tree_to_uhwi(val);
    else if (kind == ACCGPU_DIR_NUM)
      d->num = devdir_int(val);
    else if (kind == ACCGPU_DIR_ASYNC)
      d->async = devdir_int(val);
  }
}

/* `#pragma acc set`: __accgpu_set (&loc, have, type, num, async); init and
   shutdown: one __accgpu_init / __accgpu_shutdown (&loc, have, type, num)
   per device type named (type 0 without device_type).  All under if(). */
static void lower_devdir(gimple_stmt_iterator *gsi, gomp_target *t,
                         struct devdir *d)
{
  static const char *const names[] = {"", "set", "init", "shutdown"};
  static const char *const entries[] = {"", "__accgpu_set", "__accgpu_init",
                                        "__accgpu_shutdown"};
  location_t loc = gimple_location(t);
  struct replace_point rp = start_replace(gsi);
  tree locobj = accgpu_build_loc(loc, names[d->dir]);
  tree lab = begin_if(gsi, d->cond, loc);
  tree args[5] = {locobj, build_int_cst(unsigned_type_node, d->have),
                  int_cst(0), d->num ? d->num : int_cst(0),
                  d->async ? d->async : int_cst(0)};
  unsigned nargs = d->dir == ACCGPU_DEVDIR_SET ? 5 : 4;
  for (int type = 1; type <= 31 && d->mask >> (type - 1); type++)
    if (d->mask & 1u << (type - 1)) {
      args[2] = int_cst(type);
      accgpu_emit_call(gsi, loc, entries[d->dir], nargs, args);
    }
  if (!d->mask)
    accgpu_emit_call(gsi, loc, entries[d->dir], nargs, args);
  end_if(gsi, lab);
  finish_replace(gsi, rp.prev, rp.at_start);
}

/* ---- Entry ------------------------------------------------------------ */

/* ---- Pointers a compute construct uses implicitly ---------------------

   GCC makes a pointer the compute construct uses without a data clause
   firstprivate (parallel, serial) or force_tofrom (kernels), i.e. the
   kernel would get the host address; it only translates the pointer when an
   enclosing data construct maps its target.  Data mapped by enter data, a
   caller's data region or acc_copyin is as present, so such a pointer is
   given the compute side's pointer-assign form instead:
     map(no_create:*p [len: 1]) map(firstprivate:p [pointer assign, bias: 0])
   i.e. the device address of its target when that is present, else the
   pointer's own value (a device address from acc_malloc, NULL).  A
   firstprivate clause stays (after the pair, so the kernel parameter comes
   from the pair) for the host fallback's private copy. */

/* True when CLAUSES already give DECL a pointer-assign map. */
static bool has_pointer_assign(tree clauses, tree decl)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
        OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER &&
        OMP_CLAUSE_DECL(c) == decl)
      return true;
  return false;
}

/* The pair for pointer DECL, chained before NEXT; returns its head.  ITEM
   is the section inferred for it (BIAS its offset from DECL), else
   NULL_TREE: a lookup of what DECL points to. */
static tree pointer_pair(tree decl, location_t loc, tree next, tree item,
                         tree bias)
{
  if (!item) {
    tree cp = build_pointer_type(char_type_node);
    tree ref = build2(MEM_REF, char_type_node, fold_convert(cp, decl),
                      build_int_cst(cp, 0));
    item = build_omp_clause(loc, OMP_CLAUSE_MAP);
    OMP_CLAUSE_SET_MAP_KIND(item, GOMP_MAP_IF_PRESENT);
    OMP_CLAUSE_DECL(item) = ref;
    OMP_CLAUSE_SIZE(item) = size_one_node;
    bias = size_zero_node;
  }
  tree fp = build_omp_clause(loc, OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(fp, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(fp) = decl;
  OMP_CLAUSE_SIZE(fp) = bias;
  OMP_CLAUSE_CHAIN(item) = fp;
  OMP_CLAUSE_CHAIN(fp) = next;
  return item;
}

/* Is C a clause GCC made for a pointer used without a data clause? */
static bool implicit_pointer_p(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_FIRSTPRIVATE &&
      (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP ||
       OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FORCE_TOFROM))
    return false;
  tree d = OMP_CLAUSE_DECL(c);
  return DECL_P(d) && POINTER_TYPE_P(TREE_TYPE(d));
}

/* default(present): what a pointer points to must be present, so no
   section is inferred (OpenACC makes the pointer itself firstprivate). */
static bool default_present_p(tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_DEFAULT
        && OMP_CLAUSE_DEFAULT_KIND(c) == OMP_CLAUSE_DEFAULT_PRESENT)
      return true;
  return false;
}

/* Parameter D declared as an array (`double A[n][m]`, array-params.cc)
   used by construct T without a data clause is, like an array variable,
   copy as a whole when no section was inferred: map(tofrom: *A [len: n *
   sizeof *A]) (with A's pointer assign, BIAS 0), computed before GSI;
   NULL_TREE for other pointers. */
static tree whole_parm_array(gimple_stmt_iterator *gsi, gomp_target *t,
                             tree d, tree *bias)
{
  tree bytes = accgpu_parm_array_bytes(d);
  if (!bytes)
    return NULL_TREE;
  char *b = print_generic_expr_to_str(accgpu_parm_array_bound(d));
  char *name = xasprintf("%s[0:%s]", IDENTIFIER_POINTER(DECL_NAME(d)), b);
  free(b);
  tree item = build_omp_clause(gimple_location(t), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(item, GOMP_MAP_TOFROM);
  OMP_CLAUSE_DECL(item) = build_simple_mem_ref(d);
  OMP_CLAUSE_SIZE(item) = accgpu_gimple_val(gsi, bytes);
  accgpu_name_item(item, name); /* kept: run-time messages name it */
  *bias = size_zero_node;
  if (accgpu_opts.info)
    inform(gimple_location(t), "implicit copy(%s) of the array parameter "
           "%qD, its declared bound", name, d);
  return item;
}

/* Rewrites the implicit pointer clauses of compute construct T (at GSI);
   a section is inferred for each where it can be (implicit-sections.cc). */
static void translate_pointers(gimple_stmt_iterator *gsi, gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  tree *pc = &clauses;
  while (*pc) {
    tree c = *pc;
    /* a written firstprivate(p) is the host's value (OpenACC 3.3 §2.5.14,
       as GCC): no translation */
    bool written_fp = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE
                      && !accgpu_implicit_clause_p(t, c);
    /* a pointer with `declare` is its device copy, which attach actions
       and the regions' own stores keep (accgpu_map_declared_globals) */
    if (!implicit_pointer_p(c) || written_fp ||
        accgpu_declared_implicit_p(t, c) ||
        has_pointer_assign(clauses, OMP_CLAUSE_DECL(c))) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    bool keep = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE;
    tree bias = NULL_TREE, item = NULL_TREE;
    if (!default_present_p(clauses) && accgpu_implicit_clause_p(t, c)) {
      item = accgpu_implicit_section(gsi, t, OMP_CLAUSE_DECL(c), &bias);
      if (!item)
        item = whole_parm_array(gsi, t, OMP_CLAUSE_DECL(c), &bias);
    }
    tree pair = pointer_pair(OMP_CLAUSE_DECL(c), OMP_CLAUSE_LOCATION(c),
                             keep ? c : OMP_CLAUSE_CHAIN(c), item, bias);
    *pc = pair;
    pc = keep ? &OMP_CLAUSE_CHAIN(c) : &OMP_CLAUSE_CHAIN(OMP_CLAUSE_CHAIN(pair));
  }
  gimple_omp_target_set_clauses(t, clauses);
}

/* Arrays used in a compute construct without a data clause: GCC maps the
   whole array (tofrom).  NVHPC maps the section the construct touches
   ("implicit copyin(rhs[iy_start:...][1:NX-2])"), so a program may
   `enter data` row blocks of a global array on several devices and use
   them in constructs without clauses.  The section inferred as for
   pointers (implicit-sections.cc) becomes the pair that an array section
   clause gives, map(copy|copyin: *(&a + off) [len]) map(firstprivate: a
   [pointer assign, bias: off]); the runtime uses the present entry that
   holds the section, else maps the whole array as before (data-maps.cc
   adds it as the next item; region.c, map_part). */

/* Clause C is GCC's implicit map of a fixed-size array variable, which
   no other clause of CLAUSES names and whose device copy is not that of a
   `declare` directive. */
static bool implicit_array_p(gomp_target *t, tree clauses, tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP
      || OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_TOFROM
      || !accgpu_implicit_clause_p(t, c))
    return false;
  tree d = OMP_CLAUSE_DECL(c);
  if (!VAR_P(d) || TREE_CODE(TREE_TYPE(d)) != ARRAY_TYPE || !DECL_NAME(d)
      || DECL_HAS_VALUE_EXPR_P(d) || TREE_READONLY(d)
      || TREE_THIS_VOLATILE(d) || accgpu_declared_global_p(d, true)
      || !TYPE_SIZE_UNIT(TREE_TYPE(d))
      || TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(d))) != INTEGER_CST)
    return false;
  for (tree x = clauses; x; x = OMP_CLAUSE_CHAIN(x))
    for (int i = 0; x != c && i < omp_clause_num_ops[OMP_CLAUSE_CODE(x)]; i++)
      if (accgpu_tree_refs(OMP_CLAUSE_OPERAND(x, i), d))
        return false;
  return true;
}

static void translate_arrays(gimple_stmt_iterator *gsi, gomp_target *t)
{
  tree clauses = gimple_omp_target_clauses(t);
  for (tree *pc = &clauses; *pc;) {
    tree c = *pc, bias = NULL_TREE, item = NULL_TREE;
    if (implicit_array_p(t, clauses, c))
      item = accgpu_implicit_section(gsi, t, OMP_CLAUSE_DECL(c), &bias);
    if (!item) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    *pc = pointer_pair(OMP_CLAUSE_DECL(c), OMP_CLAUSE_LOCATION(c),
                       OMP_CLAUSE_CHAIN(c), item, bias);
    pc = &OMP_CLAUSE_CHAIN(OMP_CLAUSE_CHAIN(*pc));
  }
  gimple_omp_target_set_clauses(t, clauses);
}

bool accgpu_lower_data_construct(gimple_stmt_iterator *gsi)
{
  gimple *stmt = gsi_stmt(*gsi);
  accgpu_declare_globals();
  if (accgpu_lower_declare_section(gsi))
    return true;
  if (gimple_call_builtin_p(stmt, BUILT_IN_GOACC_WAIT)) {
    lower_wait(gsi, as_a<gcall *>(stmt));
    return true;
  }
  gomp_target *t = dyn_cast<gomp_target *>(stmt);
  if (!t)
    return false;
  switch (gimple_omp_target_kind(t)) {
  case GF_OMP_TARGET_KIND_OACC_DATA:
    lower_data(gsi, t);
    return true;
  case GF_OMP_TARGET_KIND_OACC_ENTER_DATA: {
    struct devdir dd;
    read_devdir(t, &dd);
    if (dd.dir >= ACCGPU_DEVDIR_SET && dd.dir <= ACCGPU_DEVDIR_SHUTDOWN) {
      lower_devdir(gsi, t, &dd);
      return true;
    }
    lower_unstructured(gsi, t, "enter data", "__accgpu_enter_data",
                       ACCGPU_CTX_ENTER);
    return true;
  }
  case GF_OMP_TARGET_KIND_OACC_EXIT_DATA:
    lower_unstructured(gsi, t, "exit data", "__accgpu_exit_data",
                       ACCGPU_CTX_EXIT);
    return true;
  case GF_OMP_TARGET_KIND_OACC_UPDATE:
    lower_update(gsi, t);
    return true;
  case GF_OMP_TARGET_KIND_OACC_HOST_DATA:
    lower_host_data(gsi, t);
    return true;
  case GF_OMP_TARGET_KIND_OACC_DECLARE:
    lower_declare(gsi, t);
    return true;
  case GF_OMP_TARGET_KIND_OACC_PARALLEL:
  case GF_OMP_TARGET_KIND_OACC_KERNELS:
  case GF_OMP_TARGET_KIND_OACC_SERIAL:
    translate_pointers(gsi, t);
    translate_arrays(gsi, t);
    return false;
  default:
    return false;
  }
}
