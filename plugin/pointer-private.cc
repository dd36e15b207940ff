/* pointer-private.cc — `private(tmp[lo:n])` and `firstprivate(w[lo:n])` of
 * a pointer: each copy is an array of n elements of its own (OpenACC 3.3
 * §2.5.13-14 on compute constructs: one per gang; §2.9.10 on a loop: one
 * per iteration, that is per thread of the loop's level).  GCC 12 parses
 * no section in these clauses; private-sections.cc writes the item as a
 * clause that takes one, marked by its `(` location: `reduction(+:
 * tmp[lo:n])` for private (any construct or loop), `copyin(w[lo:n])` for
 * firstprivate (its map is the source of the copies' values: the device
 * copy when present, else the host's), `create(tmp[lo:n])` for private on
 * kernels.  Here, on GENERIC, each becomes
 *
 *   { long lo_ = lo, len_ = n; void **tab_;       <- host, before it
 *     #pragma acc parallel ... firstprivate(lo_, len_) deviceptr(tab_)
 *     { T *tmp = __accgpu_private_copy(tab_, SLOT, lo_ * sizeof(T));
 *       [firstprivate: tmp[lo_ + k] = w[lo_ + k] for k < len_]
 *       BODY with the variable replaced by this tmp } }
 *
 * at the start of the construct's body (kernels: also of each outermost
 * acc loop) or of the loop's.  The kernel generator turns the marker call
 * into table[copy id] - lo by the partitioning where it stands
 * (passes/pointer-private-launch.cc), the launch allocates the table.
 *
 * `private(A)` and `firstprivate(A)` of a variable-length array declared
 * before the construct (`double A[n][m]`) are taken the same way, as the
 * section A[0:sizeof A / sizeof its innermost element] of a pointer to
 * A's type: the body's A becomes *copy; firstprivate's clause becomes
 * copyin(A), the copies' source. */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"
#include "passes/pointer-private.h"

static vec<struct accgpu_pp_slot> slots;

struct accgpu_pp_slot *accgpu_pp_slot_num(unsigned n)
{
  return n < slots.length() ? &slots[n] : NULL;
}

/* Slots are not GC roots: a table variable is recognized by its name
   (acc_ptabN, only ever made here) before its slot is compared, so a node
   reusing a collected table's address is never taken for one. */
struct accgpu_pp_slot *accgpu_pp_slot_of(tree d)
{
  unsigned n;
  if (!VAR_P(d) || !DECL_ARTIFICIAL(d) || !DECL_NAME(d)
      || sscanf(IDENTIFIER_POINTER(DECL_NAME(d)), "acc_ptab%u", &n) != 1
      || n >= slots.length() || slots[n].buf != d)
    return NULL;
  return &slots[n];
}

tree accgpu_pp_gang_slot(tree d, unsigned HOST_WIDE_INT bytes)
{
  char nm[32];
  snprintf(nm, sizeof nm, "acc_ptab%u", slots.length());
  tree v = build_decl(DECL_SOURCE_LOCATION(d), VAR_DECL, get_identifier(nm),
                      build_pointer_type(ptr_type_node));
  DECL_ARTIFICIAL(v) = 1;
  TREE_USED(v) = 1;
  gimple_add_tmp_var(v);
  struct accgpu_pp_slot s = {};
  s.buf = v;
  s.name = DECL_NAME(d);
  s.len = build_int_cst(long_integer_type_node, bytes);
  s.elt = 1;
  s.level = 0;
  s.fp_array = true;
  slots.safe_push(s);
  return v;
}

/* One section: pointer P, first element LO, length LEN (host values);
   VLA: P is a variable-length array, whose copies are A[0:n] of its
   innermost elements. */
struct item {
  tree p, lo, len;
  bool fp, kernels, vla;
};

/* A variable-length array variable (`double A[n]`, `double A[n][m]`). */
static bool vla_var_p(tree d)
{
  return VAR_P(d) && TREE_CODE(TREE_TYPE(d)) == ARRAY_TYPE
         && TYPE_SIZE_UNIT(TREE_TYPE(d))
         && !TREE_CONSTANT(TYPE_SIZE_UNIT(TREE_TYPE(d)));
}

/* The element type of IT's copies: what the pointer points to, a VLA's
   innermost element. */
static tree elt_type(struct item *it)
{
  tree t = TREE_TYPE(it->p);
  if (!it->vla)
    return TREE_TYPE(t);
  while (TREE_CODE(t) == ARRAY_TYPE)
    t = TREE_TYPE(t);
  return t;
}

/* The construct being rewritten. */
struct ctx {
  tree t, fn;
  tree vars;          /* host temporaries, chained */
  tree pre;           /* their assignments (a STATEMENT_LIST) */
  tree added;         /* clauses for the construct, chained */
  vec<location_t> loop_locs; /* marks taken by loops (combined lines), */
  vec<tree> loop_ptrs;       /* with their pointers */
  hash_set<tree> *locals;    /* variables declared in the region */
};

static tree new_var(struct ctx *cx, tree type, const char *name, tree *chain)
{
  tree v = build_decl(DECL_SOURCE_LOCATION(cx->fn), VAR_DECL,
                      get_identifier(name), type);
  DECL_CONTEXT(v) = cx->fn;
  DECL_ARTIFICIAL(v) = 1;
  TREE_USED(v) = 1;
  DECL_CHAIN(v) = *chain;
  *chain = v;
  return v;
}

/* A host temporary of CX set to E before the construct. */
static tree host_value(struct ctx *cx, tree type, const char *name, tree e)
{
  tree v = new_var(cx, type, name, &cx->vars);
  append_to_statement_list(build2(MODIFY_EXPR, type, v,
                                  fold_convert(type, e)), &cx->pre);
  return v;
}

static void add_clause(struct ctx *cx, enum omp_clause_code code, tree d)
{
  tree c = build_omp_clause(EXPR_LOCATION(cx->t), code);
  if (code == OMP_CLAUSE_MAP)
    OMP_CLAUSE_SET_MAP_KIND(c, GOMP_MAP_FORCE_DEVICEPTR);
  OMP_CLAUSE_DECL(c) = d;
  OMP_CLAUSE_CHAIN(c) = cx->added;
  cx->added = c;
}

/* LO and LEN of IT from byte offset OFF and element count N. */
static void set_bounds(struct ctx *cx, struct item *it, tree off, tree n)
{
  tree elt = TYPE_SIZE_UNIT(elt_type(it));
  tree lo = fold_build2(EXACT_DIV_EXPR, sizetype, fold_convert(sizetype, off),
                        fold_convert(sizetype, elt));
  it->lo = host_value(cx, long_integer_type_node, "acc_plo", lo);
  it->len = host_value(cx, long_integer_type_node, "acc_plen", n);
  add_clause(cx, OMP_CLAUSE_FIRSTPRIVATE, it->lo);
  add_clause(cx, OMP_CLAUSE_FIRSTPRIVATE, it->len);
}

/* `reduction(+: p[lo:n])`'s item D, MEM_REF<T[n]>(p + off, 0) or (p, off):
   the pointer P (NULL_TREE when D is not so) and the byte offset *OFF. */
static tree section_base(tree d, tree *off)
{
  if (TREE_CODE(d) != MEM_REF || TREE_CODE(TREE_TYPE(d)) != ARRAY_TYPE
      || !TYPE_DOMAIN(TREE_TYPE(d)))
    return NULL_TREE;
  tree base = TREE_OPERAND(d, 0);
  *off = fold_convert(sizetype, TREE_OPERAND(d, 1));
  if (TREE_CODE(base) == POINTER_PLUS_EXPR) {
    *off = fold_build2(PLUS_EXPR, sizetype, *off,
                       fold_convert(sizetype, TREE_OPERAND(base, 1)));
    base = TREE_OPERAND(base, 0);
  }
  STRIP_NOPS(base);
  return DECL_P(base) && POINTER_TYPE_P(TREE_TYPE(base)) ? base : NULL_TREE;
}

static bool read_reduction(struct ctx *cx, tree c, struct item *it)
{
  tree d = OMP_CLAUSE_DECL(c), off;
  tree base = section_base(d, &off);
  if (!base)
    return false;
  it->p = base;
  tree dom = TYPE_DOMAIN(TREE_TYPE(d));
  tree n = fold_build2(PLUS_EXPR, sizetype,
                       fold_convert(sizetype, TYPE_MAX_VALUE(dom)),
                       size_one_node);
  set_bounds(cx, it, off, fold_convert(long_integer_type_node, n));
  return true;
}

/* `private(A)` of a variable-length array: sizeof A bytes a copy, read
   before the construct (after A's declaration, which evaluated them). */
static void read_vla(struct ctx *cx, tree c, struct item *it)
{
  tree d = OMP_CLAUSE_DECL(c);
  it->p = d;
  it->vla = true;
  tree n = fold_build2(EXACT_DIV_EXPR, sizetype,
                       fold_convert(sizetype, TYPE_SIZE_UNIT(TREE_TYPE(d))),
                       fold_convert(sizetype, TYPE_SIZE_UNIT(elt_type(it))));
  set_bounds(cx, it, size_zero_node, fold_convert(long_integer_type_node, n));
}

/* `copyin/create(p[lo:n])`: map(*(p + lo) [len: n * elt]) followed by
   map(firstprivate: p [pointer assign, bias: lo * elt]). */
static bool read_map(struct ctx *cx, tree c, struct item *it)
{
  tree c2 = OMP_CLAUSE_CHAIN(c);
  if (!c2 || OMP_CLAUSE_CODE(c2) != OMP_CLAUSE_MAP
      || OMP_CLAUSE_MAP_KIND(c2) != GOMP_MAP_FIRSTPRIVATE_POINTER
      || !DECL_P(OMP_CLAUSE_DECL(c2)))
    return false;
  it->p = OMP_CLAUSE_DECL(c2);
  tree elt = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(it->p)));
  tree n = fold_build2(EXACT_DIV_EXPR, sizetype,
                       fold_convert(sizetype, OMP_CLAUSE_SIZE(c)),
                       fold_convert(sizetype, elt));
  set_bounds(cx, it, OMP_CLAUSE_SIZE(c2),
             fold_convert(long_integer_type_node, n));
  return true;
}

static tree remap_cb(tree *tp, int *walk_subtrees, void *data)
{
  tree *pair = (tree *)data;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (*tp == pair[0])
    *tp = pair[1];
  return NULL_TREE;
}

static tree marker_decl(void)
{
  static tree fn;
  if (!fn) {
    tree type = build_function_type_list(ptr_type_node, ptr_type_node,
                                         unsigned_type_node,
                                         long_integer_type_node, NULL_TREE);
    fn = accgpu_runtime_fn("__accgpu_private_copy", type);
  }
  return fn;
}

/* COPY[lo + k] = P[lo + k] for k < len (firstprivate's initial values,
   from P as the construct maps it). */
static tree copy_loop(struct ctx *cx, struct item *it, tree copy, tree *vars)
{
  tree k = new_var(cx, long_integer_type_node, "acc_pk", vars);
  tree list = NULL_TREE, body = NULL_TREE;
  append_to_statement_list(build2(MODIFY_EXPR, long_integer_type_node, k,
                                  build_int_cst(long_integer_type_node, 0)),
                           &list);
  append_to_statement_list(build1(EXIT_EXPR, void_type_node,
                                  build2(GE_EXPR, boolean_type_node, k,
                                         it->len)), &body);
  tree i = build2(PLUS_EXPR, long_integer_type_node, it->lo, k);
  tree eptr = build_pointer_type(elt_type(it));
  tree off = fold_build2(MULT_EXPR, sizetype, fold_convert(sizetype, i),
                         fold_convert(sizetype, TYPE_SIZE_UNIT(elt_type(it))));
  tree src = it->vla ? build_fold_addr_expr(it->p) : it->p;
  tree to = build_simple_mem_ref(
      fold_build_pointer_plus(fold_convert(eptr, copy), off));
  tree from = build_simple_mem_ref(
      fold_build_pointer_plus(fold_convert(eptr, src), off));
  append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(to), to, from),
                           &body);
  append_to_statement_list(build2(MODIFY_EXPR, long_integer_type_node, k,
                                  build2(PLUS_EXPR, long_integer_type_node, k,
                                         build_int_cst(long_integer_type_node,
                                                       1))), &body);
  append_to_statement_list(build1(LOOP_EXPR, void_type_node, body), &list);
  return list;
}

/* *BODY with IT's variable its own copy, pointed at slot's table (a VLA
   becomes *copy, copy a pointer to its type). */
static void apply_slot(struct ctx *cx, tree *body, struct item *it)
{
  tree p = it->p;
  tree ptype = it->vla ? build_pointer_type(TREE_TYPE(p)) : TREE_TYPE(p);
  tree elt = TYPE_SIZE_UNIT(elt_type(it));
  struct accgpu_pp_slot s = {};
  char nm[32];
  snprintf(nm, sizeof nm, "acc_ptab%u", slots.length());
  s.buf = new_var(cx, build_pointer_type(ptr_type_node), nm, &cx->vars);
  s.name = DECL_NAME(p);
  s.len = it->len;
  s.elt = tree_to_uhwi(elt);
  s.level = -1;
  add_clause(cx, OMP_CLAUSE_MAP, s.buf);
  tree vars = NULL_TREE;
  tree copy = new_var(cx, ptype, IDENTIFIER_POINTER(DECL_NAME(p)), &vars);
  DECL_ARTIFICIAL(copy) = 0;
  tree pair[2] = {p, it->vla ? build1(INDIRECT_REF, TREE_TYPE(p), copy)
                             : copy};
  walk_tree(body, remap_cb, pair, NULL);
  tree lob = fold_build2(MULT_EXPR, long_integer_type_node, it->lo,
                         fold_convert(long_integer_type_node, elt));
  tree call = build_call_expr(marker_decl(), 3, s.buf,
                              build_int_cst(unsigned_type_node,
                                            slots.length()), lob);
  tree list = NULL_TREE;
  append_to_statement_list(build2(MODIFY_EXPR, ptype, copy,
                                  fold_convert(ptype, call)), &list);
  if (it->fp)
    append_to_statement_list(copy_loop(cx, it, copy, &vars), &list);
  append_to_statement_list(*body, &list);
  *body = build3(BIND_EXPR, void_type_node, vars, list, NULL_TREE);
  slots.safe_push(s);
}

static location_t mark_of(tree c)
{
  return linemap_resolve_location(line_table, OMP_CLAUSE_LOCATION(c),
                                  LRK_SPELLING_LOCATION, NULL);
}

static tree locals_cb(tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *set = (hash_set<tree> *)data;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE(*tp) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS(*tp); v; v = DECL_CHAIN(v))
      set->add(v);
  else if (TREE_CODE(*tp) == DECL_EXPR)
    set->add(DECL_EXPR_DECL(*tp));
  return NULL_TREE;
}

static tree uses_local_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return ((hash_set<tree> *)data)->contains(*tp) ? *tp : NULL_TREE;
}

/* The variables declared in CX's region. */
static hash_set<tree> *region_locals(struct ctx *cx)
{
  if (!cx->locals) {
    cx->locals = new hash_set<tree>;
    walk_tree(&OMP_BODY(cx->t), locals_cb, cx->locals, NULL);
  }
  return cx->locals;
}

/* The bounds of a loop's section D use a variable of the region (known
   only inside it: the copies are allocated before the launch). */
static bool bounds_inside(struct ctx *cx, tree d)
{
  region_locals(cx);
  tree dom = TREE_CODE(TREE_TYPE(d)) == ARRAY_TYPE
             ? TYPE_DOMAIN(TREE_TYPE(d)) : NULL_TREE;
  return walk_tree(&TREE_OPERAND(d, 0), uses_local_cb, cx->locals, NULL)
         || (dom && TYPE_MAX_VALUE(dom)
             && walk_tree(&TYPE_MAX_VALUE(dom), uses_local_cb, cx->locals,
                          NULL));
}

/* C is private(A) or firstprivate(A) of a variable-length array declared
   outside the region (one declared in it is kernel-gen's sorry), or on
   kernels the create(A) clause-mods.cc wrote for private; its copies are
   read into IT. */
static bool vla_item(struct ctx *cx, tree c, struct item *it)
{
  bool kpriv = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
               && TREE_CODE(cx->t) == OACC_KERNELS
               && accgpu_kernels_private_clause_p(c);
  it->fp = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_FIRSTPRIVATE;
  if ((OMP_CLAUSE_CODE(c) != OMP_CLAUSE_PRIVATE && !kpriv && !it->fp)
      || !vla_var_p(OMP_CLAUSE_DECL(c))
      || region_locals(cx)->contains(OMP_CLAUSE_DECL(c)))
    return false;
  read_vla(cx, c, it);
  return true;
}

/* firstprivate(A) of a VLA, clause C, becomes copyin(A): the source of
   its copies' values, as for firstprivate(w[lo:n]) of a pointer. */
static tree vla_values(tree c)
{
  tree m = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(m, GOMP_MAP_TO);
  OMP_CLAUSE_DECL(m) = OMP_CLAUSE_DECL(c);
  OMP_CLAUSE_CHAIN(m) = OMP_CLAUSE_CHAIN(c);
  return m;
}

/* The marked reductions and VLA privates of loop L: its copies, the
   clauses unlinked. */
static void loop_items(struct ctx *cx, tree l)
{
  for (tree *pc = &OMP_FOR_CLAUSES(l); *pc;) {
    tree c = *pc;
    bool fp;
    struct item it = {};
    if (vla_item(cx, c, &it)) {
      *pc = OMP_CLAUSE_CHAIN(c);
      apply_slot(cx, &OMP_FOR_BODY(l), &it);
      continue;
    }
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION
        || !accgpu_private_section_clause_p(c, &fp)) {
      pc = &OMP_CLAUSE_CHAIN(c);
      continue;
    }
    *pc = OMP_CLAUSE_CHAIN(c);
    if (TREE_CODE(OMP_CLAUSE_DECL(c)) == MEM_REF
        && bounds_inside(cx, OMP_CLAUSE_DECL(c))) {
      sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: the bounds of a private "
               "section of a pointer on a loop use a variable declared in "
               "the compute region: the copies are allocated before the "
               "region starts, so the bounds may use only variables of the "
               "code around it");
      continue;
    }
    if (!read_reduction(cx, c, &it)) {
      sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: this %<private%> section "
               "of a pointer (write %<p[lo:n]%> of a pointer variable)");
      continue;
    }
    cx->loop_locs.safe_push(mark_of(c));
    cx->loop_ptrs.safe_push(it.p);
    apply_slot(cx, &OMP_FOR_BODY(l), &it);
  }
}

/* Loops first, innermost first: an outer copy's rename must not reach
   the names an inner loop's copies already took. */
static tree loops_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) != OACC_LOOP)
    return NULL_TREE;
  walk_tree(&OMP_FOR_BODY(*tp), loops_cb, data, NULL);
  loop_items((struct ctx *)data, *tp);
  *walk_subtrees = 0;
  return NULL_TREE;
}

/* kernels: the copy of IT also at the start of each outermost acc loop
   (its level may be finer than the gang's: passes/kernels-private.cc
   does the same for private variables). */
struct outer_arg {
  struct ctx *cx;
  struct item *it;
};

static tree outer_loops_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct outer_arg *a = (struct outer_arg *)data;
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) == OACC_LOOP) {
    apply_slot(a->cx, &OMP_FOR_BODY(*tp), a->it);
    *walk_subtrees = 0;
  }
  return NULL_TREE;
}

static tree uses_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return *tp == (tree)data ? *tp : NULL_TREE;
}

static bool taken_by_loop(struct ctx *cx, tree c)
{
  location_t m = mark_of(c);
  tree off, p = section_base(OMP_CLAUSE_DECL(c), &off);
  for (unsigned i = 0; i < cx->loop_locs.length(); i++)
    if (cx->loop_locs[i] == m && cx->loop_ptrs[i] == p)
      return true;
  return false;
}

/* The construct's copies of IT: one per gang, on kernels one per
   iteration of each outermost loop (and a gang's for uses between them). */
static void construct_copies(struct ctx *cx, struct item *it)
{
  if (it->kernels) {
    struct outer_arg a = {cx, it};
    walk_tree(&OMP_BODY(cx->t), outer_loops_cb, &a, NULL);
    /* no use left between the loops: no gang copy (nor a kernel that
       only points at it, split_kernels would make one) */
    if (!walk_tree(&OMP_BODY(cx->t), uses_cb, it->p, NULL))
      return;
  }
  apply_slot(cx, &OMP_BODY(cx->t), it);
}

/* One marked clause *PC of the construct; returns where the walk of the
   clauses goes on. */
static tree *construct_item(struct ctx *cx, tree *pc, bool fp)
{
  tree c = *pc;
  struct item it = {};
  it.fp = fp;
  it.kernels = TREE_CODE(cx->t) == OACC_KERNELS && !fp;
  bool ok;
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION) {
    *pc = OMP_CLAUSE_CHAIN(c);
    if (taken_by_loop(cx, c)) /* `parallel loop private(...)`: the loop's */
      return pc;
    ok = read_reduction(cx, c, &it);
  } else {
    ok = read_map(cx, c, &it);
    if (fp && ok) /* the section's map stays: the copies' values */
      pc = &OMP_CLAUSE_CHAIN(OMP_CLAUSE_CHAIN(c));
    else if (ok)
      *pc = OMP_CLAUSE_CHAIN(OMP_CLAUSE_CHAIN(c));
    else
      pc = &OMP_CLAUSE_CHAIN(c);
  }
  if (!ok) {
    sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: this %qs section of a pointer "
             "(write %<p[lo:n]%> of a pointer variable)",
             fp ? "firstprivate" : "private");
    return pc;
  }
  construct_copies(cx, &it);
  return pc;
}

static void rewrite_construct(tree *tp, tree fn)
{
  struct ctx cx = {*tp, fn, NULL_TREE, NULL_TREE, NULL_TREE, vNULL, vNULL,
                   NULL};
  walk_tree(&OMP_BODY(cx.t), loops_cb, &cx, NULL);
  tree *pc = &OMP_CLAUSES(cx.t);
  while (*pc) {
    bool fp;
    tree c = *pc;
    bool red = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION;
    bool map = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
               && OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FIRSTPRIVATE_POINTER;
    struct item it = {};
    if ((red || map) && accgpu_private_section_clause_p(c, &fp))
      pc = construct_item(&cx, pc, fp);
    else if (vla_item(&cx, c, &it)) {
      *pc = it.fp ? vla_values(c) : OMP_CLAUSE_CHAIN(c);
      pc = it.fp ? &OMP_CLAUSE_CHAIN(*pc) : pc;
      it.kernels = TREE_CODE(cx.t) == OACC_KERNELS && !it.fp;
      construct_copies(&cx, &it);
    } else
      pc = &OMP_CLAUSE_CHAIN(c);
  }
  cx.loop_locs.release();
  cx.loop_ptrs.release();
  delete cx.locals;
  if (!cx.vars)
    return;
  *pc = cx.added;
  append_to_statement_list(*tp, &cx.pre);
  *tp = build3(BIND_EXPR, void_type_node, cx.vars, cx.pre, NULL_TREE);
}

static tree constructs_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(*tp)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL:
    rewrite_construct(tp, (tree)data);
    *walk_subtrees = 0;
    break;
  case OACC_LOOP: /* an orphaned loop (in a routine): nothing allocates */
    for (tree *pc = &OMP_FOR_CLAUSES(*tp); *pc;) {
      bool fp;
      tree c = *pc;
      if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION
          || !accgpu_private_section_clause_p(c, &fp)) {
        pc = &OMP_CLAUSE_CHAIN(c);
        continue;
      }
      sorry_at(OMP_CLAUSE_LOCATION(c), "accgpu: %<private%> of a section "
               "of a pointer on a loop outside a compute construct (in a "
               "routine): it is supported on %<parallel%>, "
               "%<serial%>, %<kernels%> and on their loops");
      *pc = OMP_CLAUSE_CHAIN(c);
    }
    break;
  default:
    break;
  }
  return NULL_TREE;
}

void accgpu_pointer_private_generic(tree fn)
{
  walk_tree(&DECL_SAVED_TREE(fn), constructs_cb, fn, NULL);
  accgpu_private_sections_done(); /* the marks were this function's */
}
