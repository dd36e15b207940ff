/* implicit-sections.cc — the section of a pointer a compute construct uses
 * without a data clause, inferred as NVHPC does ("Generating implicit
 * copyin(x[:n])").
 *
 * By OpenACC 3.3 §2.6.2 such a pointer is a scalar: only its value reaches
 * the device.  Programs written for NVHPC rely on the extension, so the
 * byte range the construct touches through the pointer is computed from
 * its subscripts and loop bounds (section-ranges.cc) and mapped copyin (only
 * read) or copy (written: a write-only section may be written in part, and
 * copyout would overwrite the rest with what the device held).  The
 * section is the hull over the loop bounds, narrowed by the boundary
 * tests that guard each access (section-guards.cc).  A pointer whose uses cannot be ranged (an indirect or
 * non-affine subscript, the pointer passed to a function or stored) keeps
 * the present-or-own-value lookup, with a warning under -Wall. */
#include "passes/implicit-sections.h"
#include "passes/section-ranges.h"
#include "passes/data-internal.h"
#include "passes/flow.h"

struct uses {
  struct sr_ctx *c;
  struct sr_range sec; /* bytes touched: [lo, hi) */
  bool writes, store;
  gimple *at;          /* the statement scanned */
  gimple *first;       /* the first access */
  gimple *bad;         /* where it failed, and why */
  const char *why;
};

static bool derived_p(struct sr_ctx *c, tree v)
{
  return v == c->ptr || c->derived.contains(v);
}

/* The pointer variables the region computes from C->ptr (q = p + off). */
static void find_derived(struct sr_ctx *c)
{
  for (bool more = true; more;) {
    more = false;
    for (unsigned k = 0; k < c->st.length(); k++) {
      gimple *s = c->st[k];
      if (!is_gimple_assign(s))
        continue;
      tree l = gimple_assign_lhs(s), r = gimple_assign_rhs1(s);
      enum tree_code code = gimple_assign_rhs_code(s);
      if (!VAR_P(l) || !POINTER_TYPE_P(TREE_TYPE(l)) || derived_p(c, l)
          || !DECL_P(r) || !derived_p(c, r))
        continue;
      if (code == POINTER_PLUS_EXPR || code == VAR_DECL
          || code == PARM_DECL || CONVERT_EXPR_CODE_P(code)) {
        c->derived.safe_push(l);
        more = true;
      }
    }
  }
}

static void fail(struct uses *u, const char *why)
{
  if (!u->bad) {
    u->bad = u->at;
    u->why = why;
  }
}

static void record(struct uses *u, struct sr_range r)
{
  u->sec = sr_unite(u->sec, r);
  u->writes |= u->store;
  if (!u->first)
    u->first = u->at;
}

/* Adds to OFF what the handled component R adds to its base's address. */
static struct sr_range component_offset(struct sr_ctx *c, tree r,
                                        struct sr_range off)
{
  if (TREE_CODE(r) == ARRAY_REF) {
    tree el = array_ref_element_size(r), low = array_ref_low_bound(r);
    if (TREE_CODE(el) != INTEGER_CST || !tree_fits_shwi_p(el))
      return sr_eval(c, NULL_TREE);
    tree mlow = fold_build1(NEGATE_EXPR, ssizetype,
                            fold_convert(ssizetype, low));
    struct sr_range i = sr_add(sr_eval(c, TREE_OPERAND(r, 1)),
                               sr_point(mlow));
    return sr_add(off, sr_scale(i, tree_to_shwi(el)));
  }
  if (TREE_CODE(r) == COMPONENT_REF) {
    tree pos = byte_position(TREE_OPERAND(r, 1));
    if (TREE_CODE(pos) == INTEGER_CST)
      return sr_add(off, sr_point(pos));
  }
  return sr_eval(c, NULL_TREE);
}

/* Records bytes [OFF, OFF + SIZE) of a reference (1), or why they cannot
   be ranged (-1). */
static int ranged(struct uses *u, struct sr_range off, tree size)
{
  if (!off.ok || !size || TREE_CODE(size) != INTEGER_CST) {
    fail(u, "a subscript is not a sum of loop indices times values the "
            "construct does not change");
    return -1;
  }
  off.hi = fold_build2(PLUS_EXPR, ssizetype, off.hi,
                       fold_convert(ssizetype, size));
  record(u, off);
  return 1;
}

/* The variable analysed is an array (or structure) itself, not a pointer:
   its references are components of it, A[i][j], at offsets from &A. */
static bool object_p(struct sr_ctx *c)
{
  return !POINTER_TYPE_P(TREE_TYPE(c->ptr));
}

/* Memory reference REF: 0 when not through the pointer (not a part of
   the object), else records its byte range (1) or the failure (-1). */
static int reference(struct uses *u, tree ref)
{
  struct sr_ctx *c = u->c;
  tree r = ref, base = ref;
  if (TREE_CODE(r) == REALPART_EXPR || TREE_CODE(r) == IMAGPART_EXPR)
    r = TREE_OPERAND(r, 0);
  while (handled_component_p(base))
    base = TREE_OPERAND(base, 0);
  tree size = TYPE_SIZE_UNIT(TREE_TYPE(r));
  if (base == c->ptr && object_p(c)) {
    struct sr_range off = sr_point(size_zero_node);
    for (; r != base && off.ok; r = TREE_OPERAND(r, 0))
      off = component_offset(c, r, off);
    return ranged(u, off, size);
  }
  if (TREE_CODE(base) != MEM_REF || !derived_p(c, TREE_OPERAND(base, 0)))
    return 0;
  tree el = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(c->ptr)));
  struct sr_range off = sr_point(TREE_OPERAND(base, 1));
  if (r != base && tree_int_cst_equal(TYPE_SIZE_UNIT(TREE_TYPE(base)), el))
    size = el; /* p[i].x, g[i][j]: the whole element, as NVHPC maps */
  for (; r != base && off.ok && size != el; r = TREE_OPERAND(r, 0))
    off = component_offset(c, r, off);
  return ranged(u, sr_add(off, sr_eval(c, TREE_OPERAND(base, 0))), size);
}

/* walk_tree callback over an operand of a statement (struct uses). */
static tree scan_cb(tree *tp, int *walk, void *data)
{
  struct uses *u = (struct uses *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk = 0;
  } else if (TREE_CODE(t) == ADDR_EXPR) {
    *walk = 0;
    for (unsigned k = 0; k <= u->c->derived.length(); k++)
      if (accgpu_tree_refs(t, k ? u->c->derived[k - 1] : u->c->ptr))
        fail(u, "an element's address is taken");
  } else if (handled_component_p(t) || TREE_CODE(t) == MEM_REF) {
    if (reference(u, t))
      *walk = 0;
  } else if (DECL_P(t) && derived_p(u->c, t)) {
    fail(u, "the pointer is passed on or stored, not only dereferenced");
  }
  return NULL_TREE;
}

/* An atomic's load through address A (read and written). */
static void atomic_access(struct uses *u, tree a)
{
  if (!DECL_P(a) || !derived_p(u->c, a))
    return;
  tree size = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(a)));
  struct sr_range r = sr_eval(u->c, a);
  if (!r.ok || !size || TREE_CODE(size) != INTEGER_CST) {
    fail(u, "an atomic's address is not ranged");
    return;
  }
  r.hi = fold_build2(PLUS_EXPR, ssizetype, r.hi, fold_convert(ssizetype, size));
  u->store = true;
  record(u, r);
}

static void scan_stmt(struct uses *u, gimple *s)
{
  u->at = s;
  u->store = false;
  tree lhs = accgpu_lhs_of(s);
  if (lhs == u->c->ptr)
    fail(u, "the construct assigns the pointer");
  if (gimple_code(s) == GIMPLE_OMP_ATOMIC_LOAD) {
    atomic_access(u, gimple_omp_atomic_load_rhs(as_a<gomp_atomic_load *>(s)));
    return;
  }
  if (gomp_for *f = dyn_cast<gomp_for *>(s)) {
    tree cl = gimple_omp_for_clauses(f);
    for (unsigned k = 0; k <= u->c->derived.length(); k++)
      if (accgpu_tree_refs(cl, k ? u->c->derived[k - 1] : u->c->ptr))
        fail(u, "a loop clause names the pointer");
    return;
  }
  /* Definitions of derived pointers are ranged where they are used;
     comparisons of pointers touch no memory. */
  if ((lhs && DECL_P(lhs) && derived_p(u->c, lhs))
      || gimple_code(s) == GIMPLE_COND || !gimple_has_ops(s))
    return;
  for (unsigned i = 0; i < gimple_num_ops(s); i++) {
    tree op = gimple_op(s, i);
    u->store = op && op == lhs;
    if (op)
      walk_tree(&op, scan_cb, u, NULL);
  }
}

/* ---- Warnings and notes ---------------------------------------------- */

static int warn_opt = -1; /* -Wimplicit-section: 1, 0, -1 = as -Wall */

bool accgpu_implicit_section_arg(const char *key, const char *val)
{
  if (val || (strcmp(key, "Wimplicit-section")
              && strcmp(key, "Wno-implicit-section")))
    return false;
  warn_opt = key[1] == 'i' ? 1 : 0;
  return true;
}

static const char *construct_name(gomp_target *t)
{
  switch (gimple_omp_target_kind(t)) {
  case GF_OMP_TARGET_KIND_OACC_KERNELS:
    return "kernels";
  case GF_OMP_TARGET_KIND_OACC_SERIAL:
    return "serial";
  default:
    return "parallel";
  }
}

static void warn(gomp_target *t, tree ptr, struct uses *u)
{
  if (!(warn_opt < 0 ? accgpu_wall_given() : warn_opt))
    return;
  location_t loc = gimple_location(u->bad);
  if (loc == UNKNOWN_LOCATION)
    loc = gimple_location(t);
  warning_at(loc, 0,
             "cannot tell which elements of %qD this %s construct uses (%s): "
             "the kernel gets the value of the pointer, valid only where its "
             "data is present; add a data clause such as "
             "%<copyin(%E[0:n])%>",
             ptr, construct_name(t), u->why, ptr);
}

/* ---- The map ---------------------------------------------------------- */

/* E without its conversions (a copy), for printing. */
static tree plain(tree e)
{
  while (CONVERT_EXPR_P(e) || TREE_CODE(e) == NON_LVALUE_EXPR)
    e = TREE_OPERAND(e, 0);
  if (!EXPR_P(e))
    return e;
  e = copy_node(e);
  for (int i = 0; i < TREE_OPERAND_LENGTH(e); i++)
    if (TREE_OPERAND(e, i))
      TREE_OPERAND(e, i) = plain(TREE_OPERAND(e, i));
  return e;
}

/* Byte count E in elements of EL bytes when every term is a multiple of
   EL (the name then reads min(n - 1, k - 1) + 1, not (min(...) + 8) / 8);
   NULL_TREE otherwise. */
static tree in_elements(tree e, HOST_WIDE_INT el)
{
  switch (TREE_CODE(e)) {
  case INTEGER_CST:
    return tree_fits_shwi_p(e) && tree_to_shwi(e) % el == 0
               ? ssize_int(tree_to_shwi(e) / el) : NULL_TREE;
  case MULT_EXPR: {
    tree k = TREE_OPERAND(e, 1), x = TREE_OPERAND(e, 0);
    tree q = TREE_CODE(k) == INTEGER_CST ? in_elements(k, el) : NULL_TREE;
    return q ? fold_build2(MULT_EXPR, ssizetype, x, q) : NULL_TREE;
  }
  case PLUS_EXPR:
  case MINUS_EXPR:
  case MIN_EXPR:
  case MAX_EXPR: {
    tree a = in_elements(TREE_OPERAND(e, 0), el);
    tree b = a ? in_elements(TREE_OPERAND(e, 1), el) : NULL_TREE;
    return b ? fold_build2(TREE_CODE(e), ssizetype, a, b) : NULL_TREE;
  }
  default:
    return NULL_TREE;
  }
}

/* The elements a section of V counts: what pointer V points to; the
   scalars of array V, numbered across its rows (a[i][j] is element
   i * W + j); the bytes of a structure V. */
static tree unit_type(tree v)
{
  tree t = TREE_TYPE(v);
  if (POINTER_TYPE_P(t))
    return TREE_TYPE(t);
  if (RECORD_OR_UNION_TYPE_P(t))
    return char_type_node;
  while (TREE_CODE(t) == ARRAY_TYPE)
    t = TREE_TYPE(t);
  return t;
}

/* "p[first:count]" in elements, as when the loops run (for the note and
   the run-time messages). */
static const char *section_name(tree ptr, struct sr_range s)
{
  tree el = fold_convert(ssizetype, TYPE_SIZE_UNIT(unit_type(ptr)));
  tree bytes = fold_build2(MINUS_EXPR, ssizetype, s.hi, s.lo);
  tree lo = in_elements(s.lo, tree_to_shwi(el));
  tree len = in_elements(bytes, tree_to_shwi(el));
  if (!lo || !len) {
    lo = fold_build2(FLOOR_DIV_EXPR, ssizetype, s.lo, el);
    len = fold_build2(CEIL_DIV_EXPR, ssizetype, bytes, el);
  }
  char *a = print_generic_expr_to_str(plain(lo));
  char *b = print_generic_expr_to_str(plain(len));
  const char *name = IDENTIFIER_POINTER(DECL_NAME(ptr));
  /* Bounds folded from several loops' ranges print as nests of GCC's
     MIN_EXPR/MAX_EXPR, kilobytes for a 3-D stencil: past 600 characters
     a section is named by its array alone, in the note and in run-time
     errors. */
  char *r = strlen(a) + strlen(b) > 600 ? xasprintf("%s[...]", name)
                                       : xasprintf("%s[%s:%s]", name, a, b);
  free(a);
  free(b);
  return r;
}

/* The map of [SEC.lo, SEC.hi) bytes from PTR (from &PTR for an array),
   computed before GSI. */
static tree build_map(gimple_stmt_iterator *gsi, gomp_target *t, tree ptr,
                      struct uses *u, tree *bias)
{
  struct sr_range s = u->sec;
  tree lo = s.lo, zero = size_zero_node;
  tree len = fold_build2(MAX_EXPR, ssizetype,
                         fold_build2(MINUS_EXPR, ssizetype, s.hi, s.lo),
                         fold_convert(ssizetype, zero));
  if (s.cond) { /* no loop runs: nothing to map */
    lo = fold_build3(COND_EXPR, ssizetype, s.cond, lo, ssize_int(0));
    len = fold_build3(COND_EXPR, ssizetype, unshare_expr(s.cond), len,
                      ssize_int(0));
  }
  tree off = accgpu_gimple_val(gsi, fold_convert(sizetype, unshare_expr(lo)));
  tree bytes = accgpu_gimple_val(gsi,
                                 fold_convert(sizetype, unshare_expr(len)));
  tree start = ptr;
  if (object_p(u->c)) {
    TREE_ADDRESSABLE(ptr) = 1;
    start = build_fold_addr_expr(ptr);
  }
  tree base = accgpu_gimple_val(gsi, fold_build_pointer_plus(start, off));
  tree item = build_omp_clause(gimple_location(t), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(item, u->writes ? GOMP_MAP_TOFROM : GOMP_MAP_TO);
  OMP_CLAUSE_DECL(item) = build_simple_mem_ref(base);
  OMP_CLAUSE_SIZE(item) = bytes;
  OMP_CLAUSE_MAP_IMPLICIT(item) = 1;
  *bias = off;
  const char *name = section_name(ptr, s);
  accgpu_name_item(item, name);
  if (accgpu_opts.info)
    inform(gimple_location(t), "implicit %s(%s)%s",
           u->writes ? "copy" : "copyin", name,
           strstr(name, "[...]") ? ": bounds from the loops' ranges, too "
                                   "long to print" : "");
  return item;
}

/* TYPE holds pointers: copied to the device, they would still hold host
   addresses (a jagged array double **, a structure with pointers). */
static bool holds_pointers(tree type)
{
  if (POINTER_TYPE_P(type))
    return true;
  if (TREE_CODE(type) == ARRAY_TYPE)
    return holds_pointers(TREE_TYPE(type));
  if (RECORD_OR_UNION_TYPE_P(type))
    for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
      if (TREE_CODE(f) == FIELD_DECL && holds_pointers(TREE_TYPE(f)))
        return true;
  return false;
}

tree accgpu_implicit_section(gimple_stmt_iterator *gsi, gomp_target *t,
                             tree ptr, tree *bias)
{
  bool object = !POINTER_TYPE_P(TREE_TYPE(ptr));
  tree pointee = object ? TREE_TYPE(ptr) : TREE_TYPE(TREE_TYPE(ptr));
  if (VOID_TYPE_P(pointee) || !COMPLETE_TYPE_P(pointee) || !DECL_NAME(ptr)
      || TREE_CODE(TYPE_SIZE_UNIT(pointee)) != INTEGER_CST)
    return NULL_TREE;
  struct sr_ctx c;
  sr_init(&c, t);
  sr_set_ptr(&c, ptr);
  find_derived(&c);
  struct uses u;
  memset(&u, 0, sizeof u);
  u.c = &c;
  u.sec = sr_empty();
  for (unsigned k = 0; k < c.st.length(); k++) {
    bool guarded = sr_enter_guards(&c, k);
    scan_stmt(&u, c.st[k]);
    if (guarded)
      sr_leave_guards(&c);
  }
  tree item = NULL_TREE;
  if (!u.bad && u.first && holds_pointers(pointee)) {
    u.at = u.first;
    fail(&u, "what it points to holds pointers, which would keep host "
             "addresses");
  }
  /* an array keeps its whole map, so does a parameter declared as one
     (lower-data.cc): no warning */
  if (u.bad && !object && !accgpu_parm_array_bound(ptr))
    warn(t, ptr, &u);
  else if (u.sec.ok)
    item = build_map(gsi, t, ptr, &u, bias);
  sr_fini(&c);
  return item;
}
