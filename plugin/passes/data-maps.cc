/* data-maps.cc — turns GCC's gimplified data clauses into a local
 * __accgpu_map array for the runtime.
 *
 *   before:  #pragma omp target oacc_data map(to:*a [len: _12])
 *                      map(firstprivate:a [pointer assign, bias: 0])
 *   after:   maps.0[0].host = a;  maps.0[0].bytes = _12;
 *            maps.0[0].kind = 1;  maps.0[0].flags = 0;
 *            maps.0[0].name = "a[0:n]";
 *            ... __accgpu_region_begin (&loc, dev, async, 1, &maps.0, 0B);
 *
 * Pointer-assign pseudo-maps (firstprivate pointer, GOMP_MAP_POINTER) and
 * struct headers (GOMP_MAP_STRUCT) make no item; adjacent members of one
 * struct mapped alike make one item: see lower-data.h.                  */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"
#include "accgpu_abi.h"

/* ---- Item names ------------------------------------------------------- */

struct namebuf {
  char s[200];
  size_t n;
};

static void nb_add(struct namebuf *b, const char *s)
{
  size_t len = strlen(s);
  if (b->n + len >= sizeof b->s)
    len = sizeof b->s - 1 - b->n;
  memcpy(b->s + b->n, s, len);
  b->n += len;
  b->s[b->n] = 0;
}

static void nb_int(struct namebuf *b, HOST_WIDE_INT v)
{
  char tmp[32];
  snprintf(tmp, sizeof tmp, HOST_WIDE_INT_PRINT_DEC, v);
  nb_add(b, tmp);
}

/* The statement defining SSA name T when it is a plain assignment. */
static gassign *ssa_def(tree t)
{
  if (TREE_CODE(t) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(t))
    return NULL;
  return dyn_cast<gassign *>(SSA_NAME_DEF_STMT(t));
}

struct find_assign {
  tree var;
  gassign *found;
};

static tree find_assign_cb(gimple_stmt_iterator *gsi, bool *handled,
                           struct walk_stmt_info *wi)
{
  struct find_assign *f = (struct find_assign *)wi->info;
  gimple *stmt = gsi_stmt(*gsi);
  *handled = false;
  if (is_gimple_assign(stmt) && gimple_assign_lhs(stmt) == f->var) {
    f->found = as_a<gassign *>(stmt);
    *handled = true;
    return f->var; /* stops the walk */
  }
  return NULL_TREE;
}

/* The assignment to the artificial (gimplifier) variable T, or NULL.  The
   gimplifier assigns such a temporary once, before its use. */
static gassign *temp_def(tree t)
{
  if (TREE_CODE(t) != VAR_DECL || !DECL_ARTIFICIAL(t) ||
      !current_function_decl || !gimple_body(current_function_decl))
    return NULL;
  struct find_assign f = {t, NULL};
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &f;
  walk_gimple_seq(gimple_body(current_function_decl), find_assign_cb, NULL,
                  &wi);
  return f.found;
}

/* The plain assignment defining T: an SSA name's, or a temporary's. */
static gassign *any_def(tree t)
{
  gassign *d = ssa_def(t);
  return d ? d : temp_def(t);
}

/* Follows copies and conversions of gimplifier temporaries back to the
   expression they stand for. */
static tree strip_temps(tree t)
{
  for (int depth = 0; depth < 16; depth++) {
    STRIP_NOPS(t);
    gassign *def = any_def(t);
    if (def && (gimple_assign_single_p(def) ||
                CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))))
      t = gimple_assign_rhs1(def);
    else if (TREE_CODE(t) == VAR_DECL && DECL_ARTIFICIAL(t) &&
             DECL_HAS_DEBUG_EXPR_P(t))
      t = DECL_DEBUG_EXPR(t);
    else
      return t;
  }
  return t;
}

static void render(struct namebuf *b, tree t, int depth);

/* T is rendered as a sum or difference (render's binary case). */
static bool renders_additive(tree t)
{
  gassign *def = any_def(strip_temps(t));
  if (!def || gimple_num_ops(def) != 3)
    return false;
  tree_code code = gimple_assign_rhs_code(def);
  return code == PLUS_EXPR || code == MINUS_EXPR || code == POINTER_PLUS_EXPR;
}

static const char *other_op(tree_code code);

/* T is rendered with one of other_op's operators. */
static bool renders_other(tree t)
{
  gassign *def = any_def(strip_temps(t));
  return def && gimple_num_ops(def) == 3
         && other_op(gimple_assign_rhs_code(def));
}

/* Operand T of a binary operator, parenthesized where C reads it
   otherwise: a sum under `*` (`step * (upper - lower)`, which read
   `step * upper - lower`), a sum right of `-`, a quotient or shift. */
static void render_operand(struct namebuf *b, tree t, bool paren_sums,
                           int depth)
{
  bool paren = (paren_sums && renders_additive(t)) || renders_other(t);
  if (paren)
    nb_add(b, "(");
  render(b, t, depth + 1);
  if (paren)
    nb_add(b, ")");
}

/* C's spelling of the other binary operators a bound may use, or NULL. */
static const char *other_op(tree_code code)
{
  switch (code) {
  case TRUNC_DIV_EXPR:
  case EXACT_DIV_EXPR:
    return " / ";
  case TRUNC_MOD_EXPR:
    return " % ";
  case RSHIFT_EXPR:
    return " >> ";
  case LSHIFT_EXPR:
    return " << ";
  case BIT_AND_EXPR:
    return " & ";
  case BIT_IOR_EXPR:
    return " | ";
  case BIT_XOR_EXPR:
    return " ^ ";
  default:
    return NULL;
  }
}

/* T, parenthesized when it is an operation itself. */
static void render_grouped(struct namebuf *b, tree t, int depth)
{
  gassign *def = any_def(strip_temps(t));
  bool paren = def && gimple_num_ops(def) == 3;
  if (paren)
    nb_add(b, "(");
  render(b, t, depth + 1);
  if (paren)
    nb_add(b, ")");
}

/* X OP Y for the operators of other_op: an operand that is itself an
   operation is parenthesized (`(n + 1) / 2`, `n / 2`). */
static void render_other(struct namebuf *b, const char *op, tree x, tree y,
                         int depth)
{
  render_grouped(b, x, depth);
  nb_add(b, op);
  render_grouped(b, y, depth);
}

static void render_binary(struct namebuf *b, tree_code code, tree x, tree y,
                          int depth)
{
  const char *op = code == MULT_EXPR ? " * " : code == MINUS_EXPR ? " - "
                                                                 : " + ";
  y = strip_temps(y);
  if (code == PLUS_EXPR && TREE_CODE(y) == INTEGER_CST &&
      tree_int_cst_sgn(y) < 0) {
    render(b, x, depth + 1);
    nb_add(b, " - ");
    nb_int(b, -tree_to_shwi(y));
    return;
  }
  render_operand(b, x, code == MULT_EXPR, depth);
  nb_add(b, op);
  render_operand(b, y, code != PLUS_EXPR, depth);
}

/* Byte size of TYPE, or 0 when not constant. */
static HOST_WIDE_INT type_bytes(tree type)
{
  tree s = TYPE_SIZE_UNIT(type);
  return s && tree_fits_shwi_p(s) ? tree_to_shwi(s) : 0;
}

/* *P as "p[k]" when P is p + k elements, else "*p". */
static void render_deref(struct namebuf *b, tree t, int depth)
{
  tree p = strip_temps(TREE_OPERAND(t, 0));
  gassign *def = any_def(p);
  HOST_WIDE_INT el = type_bytes(TREE_TYPE(t));
  if (def && gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR && el > 0) {
    tree off = strip_temps(gimple_assign_rhs2(def));
    if (TREE_CODE(off) == INTEGER_CST && tree_fits_shwi_p(off) &&
        tree_to_shwi(off) % el == 0) {
      render(b, gimple_assign_rhs1(def), depth + 1);
      nb_add(b, "[");
      nb_int(b, tree_to_shwi(off) / el);
      nb_add(b, "]");
      return;
    }
  }
  nb_add(b, "*");
  render(b, p, depth + 1);
}

/* Appends C-like text for expression T (following gimplifier temps). */
static void render(struct namebuf *b, tree t, int depth)
{
  t = strip_temps(t);
  if (depth > 8) {
    nb_add(b, "...");
    return;
  }
  gassign *def = any_def(t);
  if (def && gimple_num_ops(def) == 3) {
    tree_code code = gimple_assign_rhs_code(def);
    if (code == PLUS_EXPR || code == MINUS_EXPR || code == MULT_EXPR ||
        code == POINTER_PLUS_EXPR) {
      render_binary(b, code == POINTER_PLUS_EXPR ? PLUS_EXPR : code,
                    gimple_assign_rhs1(def), gimple_assign_rhs2(def), depth);
      return;
    }
    if (const char *op = other_op(code)) {
      render_other(b, op, gimple_assign_rhs1(def), gimple_assign_rhs2(def),
                   depth);
      return;
    }
  }
  switch (TREE_CODE(t)) {
  case INTEGER_CST:
    if (tree_fits_shwi_p(t))
      nb_int(b, tree_to_shwi(t));
    else
      nb_add(b, "?");
    return;
  case VAR_DECL:
  case PARM_DECL:
    nb_add(b, DECL_NAME(t) ? IDENTIFIER_POINTER(DECL_NAME(t)) : "?");
    return;
  case COMPONENT_REF: {
    tree base = TREE_OPERAND(t, 0);
    if ((TREE_CODE(base) == MEM_REF && integer_zerop(TREE_OPERAND(base, 1)))
        || TREE_CODE(base) == INDIRECT_REF) {
      render(b, TREE_OPERAND(base, 0), depth + 1);
      nb_add(b, "->");
    } else {
      render(b, base, depth + 1);
      nb_add(b, ".");
    }
    tree f = TREE_OPERAND(t, 1);
    nb_add(b, DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : "?");
    return;
  }
  case MEM_REF:
  case INDIRECT_REF:
    render_deref(b, t, depth);
    return;
  case ARRAY_REF:
    render(b, TREE_OPERAND(t, 0), depth + 1);
    nb_add(b, "[");
    render(b, TREE_OPERAND(t, 1), depth + 1);
    nb_add(b, "]");
    return;
  case ADDR_EXPR:
    render(b, TREE_OPERAND(t, 0), depth + 1);
    return;
  default:
    nb_add(b, "?");
  }
}

/* Appends T divided by ELSIZE bytes: T is usually `(sizetype) n * 8`. */
static void render_elems(struct namebuf *b, tree t, HOST_WIDE_INT elsize)
{
  t = strip_temps(t);
  if (TREE_CODE(t) == INTEGER_CST && tree_fits_shwi_p(t)) {
    nb_int(b, elsize > 0 ? tree_to_shwi(t) / elsize : tree_to_shwi(t));
    return;
  }
  gassign *def = any_def(t);
  if (def && gimple_assign_rhs_code(def) == MULT_EXPR) {
    tree k = gimple_assign_rhs2(def);
    if (TREE_CODE(k) == INTEGER_CST && tree_fits_shwi_p(k) &&
        tree_to_shwi(k) == elsize) {
      render(b, gimple_assign_rhs1(def), 0);
      return;
    }
  }
  render(b, t, 0);
  if (elsize != 1) {
    nb_add(b, " / ");
    nb_int(b, elsize);
  }
}

/* Name of an item `*p [len: size]`: "base[lower:length]". */
static void render_section(struct namebuf *b, tree ptr, tree size,
                           tree eltype)
{
  HOST_WIDE_INT elsize = 1;
  if (TYPE_SIZE_UNIT(eltype) && tree_fits_shwi_p(TYPE_SIZE_UNIT(eltype)))
    elsize = MAX(1, tree_to_shwi(TYPE_SIZE_UNIT(eltype)));
  tree lower = NULL_TREE;
  ptr = strip_temps(ptr);
  gassign *def = any_def(ptr);
  if (def && gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR) {
    lower = gimple_assign_rhs2(def);
    ptr = gimple_assign_rhs1(def);
  }
  render(b, ptr, 0);
  if (!size || integer_zerop(size))
    return; /* a pointer used in a region: zero-length, just the name */
  nb_add(b, "[");
  if (lower)
    render_elems(b, lower, elsize);
  else
    nb_add(b, "0");
  nb_add(b, ":");
  render_elems(b, size, elsize);
  nb_add(b, "]");
}

/* DECL = ROW[0] where ROW is a row of a 2-D array (or of a pointer to
   rows) and SIZE covers whole rows: "a[i:k][0:len]".  False otherwise. */
static bool render_rows(struct namebuf *b, tree decl, tree size)
{
  tree row = TREE_OPERAND(decl, 0);
  HOST_WIDE_INT rb = type_bytes(TREE_TYPE(row));
  HOST_WIDE_INT eb = type_bytes(TREE_TYPE(decl));
  if (!integer_zerop(TREE_OPERAND(decl, 1)) ||
      TREE_CODE(TREE_TYPE(row)) != ARRAY_TYPE || rb <= 0 || eb <= 0)
    return false;
  tree lower;
  if (TREE_CODE(row) == ARRAY_REF) {
    render(b, TREE_OPERAND(row, 0), 0);
    lower = TREE_OPERAND(row, 1);
  } else if ((TREE_CODE(row) == MEM_REF &&
              integer_zerop(TREE_OPERAND(row, 1))) ||
             TREE_CODE(row) == INDIRECT_REF) {
    render(b, TREE_OPERAND(row, 0), 0);
    lower = integer_zero_node;
  } else
    return false;
  nb_add(b, "[");
  render(b, lower, 0);
  nb_add(b, ":");
  render_elems(b, size, rb);
  nb_add(b, "][0:");
  nb_int(b, rb / eb);
  nb_add(b, "]");
  return true;
}

/* DECL = a[i] with SIZE bytes: "a[i:k]" (or rows of a 2-D array). */
static void render_array_section(struct namebuf *b, tree decl, tree size)
{
  if (render_rows(b, decl, size))
    return;
  HOST_WIDE_INT el = type_bytes(TREE_TYPE(decl));
  render(b, TREE_OPERAND(decl, 0), 0);
  nb_add(b, "[");
  render(b, TREE_OPERAND(decl, 1), 0);
  nb_add(b, ":");
  render_elems(b, size, el > 0 ? el : 1);
  nb_add(b, "]");
}

/* Names given to inferred sections (implicit-sections.cc), which have no
   source text; only implicit maps of sections are looked up, and a clause
   node reused by GC is named anew when it is made. */
static hash_map<tree, const char *> *item_names;

void accgpu_name_item(tree c, const char *name)
{
  if (!item_names)
    item_names = new hash_map<tree, const char *>;
  item_names->put(c, name);
}

const char *accgpu_item_name(tree c)
{
  const char **given = item_names && OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
                           ? item_names->get(c) : NULL;
  if (given)
    return *given;
  if (const char *dup = accgpu_update_dup_name(c))
    return dup;
  struct namebuf b = {{0}, 0};
  tree decl = OMP_CLAUSE_DECL(c);
  tree size = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP ? OMP_CLAUSE_SIZE(c)
                                                   : NULL_TREE;
  if ((TREE_CODE(decl) == MEM_REF || TREE_CODE(decl) == INDIRECT_REF) &&
      OMP_CLAUSE_MAP_KIND(c) != GOMP_MAP_FORCE_DEVICEPTR)
    render_section(&b, TREE_OPERAND(decl, 0), size, TREE_TYPE(decl));
  else if (TREE_CODE(decl) == ARRAY_REF && size)
    render_array_section(&b, decl, size);
  else
    render(&b, decl, 0);
  return ggc_strdup(b.s);
}

/* ---- Map kinds -------------------------------------------------------- */

#define KIND_SKIP 0u

/* The accgpu kind of map clause C in context CTX, or KIND_SKIP. */
static unsigned map_kind(tree c, enum accgpu_map_ctx ctx)
{
  unsigned k = OMP_CLAUSE_MAP_KIND(c);
  if (ctx == ACCGPU_CTX_DECLARE &&
      (k == GOMP_MAP_FORCE_PRESENT || k == GOMP_MAP_FORCE_DEVICEPTR))
    return KIND_SKIP;
  switch (k) {
  case GOMP_MAP_FIRSTPRIVATE_POINTER:
  case GOMP_MAP_FIRSTPRIVATE_REFERENCE:
  case GOMP_MAP_POINTER:
  case GOMP_MAP_ALWAYS_POINTER:
  case GOMP_MAP_TO_PSET:
  case GOMP_MAP_STRUCT:
  case GOMP_MAP_FIRSTPRIVATE_INT:
  case GOMP_MAP_USE_DEVICE_PTR:
  case GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT:
    return KIND_SKIP;
  case GOMP_MAP_FIRSTPRIVATE: /* a large firstprivate array (lower-compute) */
    return ctx == ACCGPU_CTX_REGION ? (unsigned)ACCGPU_MAP_FIRSTPRIVATE
                                    : KIND_SKIP;
  case GOMP_MAP_FORCE_PRESENT:
    return ACCGPU_MAP_PRESENT;
  case GOMP_MAP_IF_PRESENT:
    return ACCGPU_MAP_NO_CREATE;
  case GOMP_MAP_FORCE_DEVICEPTR:
    return ACCGPU_MAP_DEVICEPTR;
  case GOMP_MAP_DELETE:
  case GOMP_MAP_RELEASE:
  case GOMP_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
    return ACCGPU_MAP_DELETE;
  case GOMP_MAP_ATTACH:
  case GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
    return ACCGPU_MAP_ATTACH;
  case GOMP_MAP_DETACH:
  case GOMP_MAP_FORCE_DETACH:
    return ACCGPU_MAP_DETACH;
  case GOMP_MAP_ATTACH_DETACH:
    return ctx == ACCGPU_CTX_EXIT ? ACCGPU_MAP_DETACH : ACCGPU_MAP_ATTACH;
  }
  bool to = GOMP_MAP_COPY_TO_P(k), from = GOMP_MAP_COPY_FROM_P(k);
  if (ctx == ACCGPU_CTX_UPDATE) {
    if (to)
      return ACCGPU_MAP_UPDATE_DEVICE;
    return from ? (unsigned)ACCGPU_MAP_UPDATE_SELF : KIND_SKIP;
  }
  if (to && from)
    return ACCGPU_MAP_COPY;
  if (to)
    return ACCGPU_MAP_COPYIN;
  if (from)
    return ACCGPU_MAP_COPYOUT;
  return ACCGPU_MAP_CREATE; /* alloc, force_alloc, device_resident, link */
}

/* ---- Addressability --------------------------------------------------- */

static tree refs_decl_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
  if (*tp == (tree)wi->info)
    return *tp;
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static tree regimplify_stmt_cb(gimple_stmt_iterator *gsi, bool *handled,
                               struct walk_stmt_info *wi)
{
  gimple *stmt = gsi_stmt(*gsi);
  *handled = false;
  if (!is_gimple_assign(stmt) && !is_gimple_call(stmt) &&
      gimple_code(stmt) != GIMPLE_COND && gimple_code(stmt) != GIMPLE_RETURN)
    return NULL_TREE;
  struct walk_stmt_info w;
  memset(&w, 0, sizeof w);
  w.info = wi->info;
  if (walk_gimple_op(stmt, refs_decl_cb, &w))
    gimple_regimplify_operands(stmt, gsi);
  return NULL_TREE;
}

/* Makes DECL addressable so its address can go to the runtime.  A variable
   the gimplifier treated as a register may sit directly in arithmetic, so
   the function's statements that use it are regimplified (omp-low does the
   same for variables it makes addressable). */
static void make_addressable(tree decl)
{
  if (!DECL_P(decl) || TREE_ADDRESSABLE(decl))
    return;
  bool was_reg = is_gimple_reg(decl);
  TREE_ADDRESSABLE(decl) = 1;
  if (!was_reg || !current_function_decl)
    return;
  gimple_seq body = gimple_body(current_function_decl);
  struct walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = decl;
  walk_gimple_seq_mod(&body, regimplify_stmt_cb, NULL, &wi);
}

/* ---- Building the array ----------------------------------------------- */

tree accgpu_gimple_val(gimple_stmt_iterator *gsi, tree expr)
{
  return force_gimple_operand_gsi(gsi, expr, true, NULL_TREE, true,
                                  GSI_SAME_STMT);
}

/* Host address of item C: the section's first byte, the pointer's value
   for deviceptr, the pointer's own address for attach/detach. */
static tree item_host(tree c, unsigned kind)
{
  tree decl = OMP_CLAUSE_DECL(c);
  if (kind == ACCGPU_MAP_DEVICEPTR)
    return fold_convert(ptr_type_node, unshare_expr(decl));
  if (tree dup = accgpu_update_dup_host(c))
    return dup;
  tree base = get_base_address(decl);
  if (base && DECL_P(base))
    make_addressable(base);
  return fold_convert(ptr_type_node, build_fold_addr_expr(unshare_expr(decl)));
}

/* Byte length of item C (for attach/detach: the pointer's bias). */
static tree item_bytes(tree c, unsigned kind)
{
  if (kind == ACCGPU_MAP_DEVICEPTR)
    return size_zero_node;
  tree size = OMP_CLAUSE_SIZE(c), d = OMP_CLAUSE_DECL(c);
  if (!size && kind != ACCGPU_MAP_ATTACH && kind != ACCGPU_MAP_DETACH)
    size = TYPE_SIZE_UNIT(TREE_TYPE(d));
  /* GCC 12 gives a struct one byte more than its size when a clause
     before it maps a member and another a second one (`copy(s.a[0:n], s)
     copyin(s.b[0:n])`): a variable is never more than its type */
  if (size && DECL_P(d) && TREE_CODE(size) == INTEGER_CST
      && TYPE_SIZE_UNIT(TREE_TYPE(d))
      && TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(d))) == INTEGER_CST
      && tree_int_cst_lt(TYPE_SIZE_UNIT(TREE_TYPE(d)), size))
    size = TYPE_SIZE_UNIT(TREE_TYPE(d));
  return fold_convert(size_type_node, size ? unshare_expr(size)
                                           : size_zero_node);
}

/* Emits ARR[I].FIELD = VAL before GSI. */
void accgpu_set_map_field(gimple_stmt_iterator *gsi, tree arr, unsigned i,
                          const char *field, tree val, location_t loc)
{
  tree mt = accgpu_map_type();
  tree elt = build4(ARRAY_REF, mt, arr, size_int(i), NULL_TREE, NULL_TREE);
  tree f = accgpu_field(mt, field);
  tree ref = build3(COMPONENT_REF, TREE_TYPE(f), elt, f, NULL_TREE);
  val = accgpu_gimple_val(gsi, fold_convert(TREE_TYPE(f), val));
  gassign *g = gimple_build_assign(ref, val);
  gimple_set_location(g, loc);
  gsi_insert_before(gsi, g, GSI_SAME_STMT);
}

/* ---- Struct members ---------------------------------------------------

   GCC maps each member named in a clause (`copyin(s.a[0:n], s.b[0:n])`
   gives `alloc:s.a [len: 8]` and `alloc:s.b [len: 8]` to hold the attached
   pointers) as its own clause, where libgomp maps one block covering the
   members.  Separate items would make two present-table entries, so a
   later `copyin(s)` covering both would be "partly present".  A run of
   clauses of one kind on adjacent members of the same struct therefore
   becomes one item covering them; exit data lists the same members, so
   its items match the entry and release it once. */

/* Byte offset of member reference T within its base object, or -1. */
static HOST_WIDE_INT member_offset(tree t)
{
  tree f = TREE_OPERAND(t, 1);
  if (TREE_CODE(f) != FIELD_DECL || DECL_BIT_FIELD(f) ||
      !tree_fits_shwi_p(byte_position(f)))
    return -1;
  return int_byte_position(f);
}

/* An attach or detach map kind. */
static bool attach_kind_p(unsigned k)
{
  return k == GOMP_MAP_ATTACH || k == GOMP_MAP_DETACH
         || k == GOMP_MAP_FORCE_DETACH || k == GOMP_MAP_ATTACH_DETACH;
}

bool accgpu_attached_member_p(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  tree d = OMP_CLAUSE_DECL(c);
  if (TREE_CODE(d) != COMPONENT_REF || !POINTER_TYPE_P(TREE_TYPE(d)))
    return false;
  if (attach_kind_p(OMP_CLAUSE_MAP_KIND(c)))
    return true;
  for (tree x = OMP_CLAUSE_CHAIN(c); x; x = OMP_CLAUSE_CHAIN(x))
    if (OMP_CLAUSE_CODE(x) == OMP_CLAUSE_MAP
        && attach_kind_p(OMP_CLAUSE_MAP_KIND(x))
        && operand_equal_p(OMP_CLAUSE_DECL(x), d, 0))
      return true;
  return false;
}

/* Clause C of enter or exit data (CTX) is a pointer member GCC maps to
   hold the pointer a later clause attaches or detaches (`copyin(s.p[0:n])`
   gives `alloc:s.p`, ..., `attach:s.p`): not an item of the directive, so
   it counts no reference inside present data (ACCGPU_MAPF_POINTER_SLOT;
   deep-copy-8). */
static bool pointer_slot_p(tree c, enum accgpu_map_ctx ctx)
{
  if ((ctx != ACCGPU_CTX_ENTER && ctx != ACCGPU_CTX_EXIT)
      || OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  unsigned k = OMP_CLAUSE_MAP_KIND(c);
  return (k == GOMP_MAP_ALLOC || k == GOMP_MAP_RELEASE || k == GOMP_MAP_DELETE)
         && accgpu_attached_member_p(c);
}

/* True when clause C maps a whole member of a struct with a constant
   size, as the start or continuation of a merged run. */
static bool member_item_p(tree c, unsigned kind)
{
  tree d = OMP_CLAUSE_DECL(c);
  tree size = OMP_CLAUSE_SIZE(c);
  return kind != ACCGPU_MAP_ATTACH && kind != ACCGPU_MAP_DETACH &&
         kind != ACCGPU_MAP_DEVICEPTR && TREE_CODE(d) == COMPONENT_REF &&
         size && tree_fits_shwi_p(size) && tree_to_shwi(size) > 0 &&
         member_offset(d) >= 0;
}

/* Number of clauses from C on that form one item in CTX (1 when C is not
   the start of a run of adjacent members); *BYTES gets the run's length
   when it is longer than 1. */
static unsigned member_run(tree c, enum accgpu_map_ctx ctx,
                           HOST_WIDE_INT *bytes)
{
  unsigned kind = map_kind(c, ctx), n = 1;
  if (ctx == ACCGPU_CTX_UPDATE || !member_item_p(c, kind))
    return 1;
  tree base = TREE_OPERAND(OMP_CLAUSE_DECL(c), 0);
  HOST_WIDE_INT start = member_offset(OMP_CLAUSE_DECL(c));
  HOST_WIDE_INT end = start + tree_to_shwi(OMP_CLAUSE_SIZE(c));
  for (tree x = OMP_CLAUSE_CHAIN(c); x; x = OMP_CLAUSE_CHAIN(x), n++) {
    if (OMP_CLAUSE_CODE(x) != OMP_CLAUSE_MAP ||
        accgpu_clause_marker(x) != ACCGPU_MARK_NONE ||
        map_kind(x, ctx) != kind || !member_item_p(x, kind) ||
        pointer_slot_p(x, ctx) != pointer_slot_p(c, ctx) ||
        !operand_equal_p(TREE_OPERAND(OMP_CLAUSE_DECL(x), 0), base, 0) ||
        member_offset(OMP_CLAUSE_DECL(x)) != end)
      break;
    end += tree_to_shwi(OMP_CLAUSE_SIZE(x));
  }
  *bytes = end - start;
  return n;
}

/* The array whose implicit section clause C is (lower-data.cc,
   translate_arrays and translate_pointers: its pointer assign follows it),
   an array variable or a parameter declared as an array, else NULL_TREE.
   The runtime gets the whole array as the next item (ACCGPU_MAPF_WHOLE). */
static tree section_of_array(tree c)
{
  tree fp = OMP_CLAUSE_CHAIN(c);
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || !OMP_CLAUSE_MAP_IMPLICIT(c)
      || TREE_CODE(OMP_CLAUSE_DECL(c)) != MEM_REF || !fp
      || OMP_CLAUSE_CODE(fp) != OMP_CLAUSE_MAP
      || OMP_CLAUSE_MAP_KIND(fp) != GOMP_MAP_FIRSTPRIVATE_POINTER)
    return NULL_TREE;
  tree d = OMP_CLAUSE_DECL(fp);
  if (TREE_CODE(TREE_TYPE(d)) != ARRAY_TYPE && !accgpu_parm_array_bound(d))
    return NULL_TREE;
  return d;
}

/* Fills the fields of ARR[I] before GSI. */
static void set_item(gimple_stmt_iterator *gsi, tree arr, unsigned i,
                     tree host, tree bytes, unsigned kind, unsigned flags,
                     const char *name, location_t loc)
{
  accgpu_set_map_field(gsi, arr, i, "host", host, loc);
  accgpu_set_map_field(gsi, arr, i, "bytes", bytes, loc);
  accgpu_set_map_field(gsi, arr, i, "kind",
                       build_int_cst(unsigned_type_node, kind), loc);
  accgpu_set_map_field(gsi, arr, i, "flags",
                       build_int_cst(unsigned_type_node, flags), loc);
  accgpu_set_map_field(gsi, arr, i, "name", accgpu_string_cst(name), loc);
}

/* Fills ARR[I], the whole array D after its section's item, with the kind
   of GCC's implicit map (copy): mapped whole, it is mapped as before.  D
   is an array, or a parameter declared as one (the array it points to). */
static void fill_whole(gimple_stmt_iterator *gsi, tree arr, unsigned i, tree d,
                       location_t loc)
{
  bool parm = POINTER_TYPE_P(TREE_TYPE(d));
  tree host = parm ? d : build_fold_addr_expr(d);
  tree bytes = parm ? accgpu_parm_array_bytes(d)
                    : TYPE_SIZE_UNIT(TREE_TYPE(d));
  set_item(gsi, arr, i, fold_convert(ptr_type_node, host),
           fold_convert(size_type_node, bytes), ACCGPU_MAP_COPY,
           ACCGPU_MAPF_WHOLE, IDENTIFIER_POINTER(DECL_NAME(d)), loc);
}

/* Counts the items CLAUSES will produce in CTX. */
static unsigned count_items(tree clauses, enum accgpu_map_ctx ctx)
{
  unsigned n = 0;
  HOST_WIDE_INT bytes;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (ctx == ACCGPU_CTX_UPDATE && accgpu_jag_marker(c) >= 0 &&
        !accgpu_jag_partner(clauses, c)) /* it would move whole rows */
      error_at(OMP_CLAUSE_LOCATION(c), "accgpu: the array of a section of "
               "a pointer array or a strided section was not found among "
               "the clauses of the directive: a strided section of a struct "
               "member (%<s.m[l1:n1][l2:n2]%>) is not supported (update "
               "its rows one by one, or the whole member); in a "
               "%<_Pragma%>, write the directive as a %<#pragma%> line");
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
        accgpu_clause_marker(c) == ACCGPU_MARK_NONE &&
        map_kind(c, ctx) != KIND_SKIP &&
        (accgpu_jag_marker(c) < 0 || accgpu_jag_partner(clauses, c))) {
      n += section_of_array(c) ? 2 : 1;
      for (unsigned k = member_run(c, ctx, &bytes); k > 1; k--)
        c = OMP_CLAUSE_CHAIN(c);
    }
  }
  return n;
}

/* Fills ARR[I] from clause C (accgpu kind KIND) before GSI; RUN_BYTES,
   when not NULL_TREE, is the length of a merged run of members. */
static void fill_item(gimple_stmt_iterator *gsi, tree arr, unsigned i, tree c,
                      unsigned kind, unsigned flags, tree run_bytes,
                      location_t loc)
{
  tree bytes = run_bytes ? run_bytes : item_bytes(c, kind);
  if (kind != ACCGPU_MAP_ATTACH && kind != ACCGPU_MAP_DETACH &&
      integer_zerop(bytes))
    flags |= ACCGPU_MAPF_ZERO_LEN_OK;
  tree d = OMP_CLAUSE_DECL(c);
  if (kind == ACCGPU_MAP_PRESENT && DECL_P(d) && POINTER_TYPE_P(TREE_TYPE(d)))
    flags |= ACCGPU_MAPF_POINTER; /* present(p): see region.c, map_pointer */
  if (accgpu_zero_clause_p(c))
    flags |= ACCGPU_MAPF_ZERO;
  if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_MAP_IMPLICIT(c)
      && TREE_CODE(d) == MEM_REF)
    flags |= ACCGPU_MAPF_IMPLICIT; /* implicit-sections.cc; region.c */
  if (section_of_array(c))
    flags |= ACCGPU_MAPF_PART_OF;
  if (accgpu_distinct_item_p(c, loc))
    flags |= ACCGPU_MAPF_DISTINCT; /* kernel-deps-distinct.cc */
  set_item(gsi, arr, i, item_host(c, kind), bytes, kind, flags,
           accgpu_item_name(c), loc);
}

/* "a[l1:n1][l2:n2]" as written: strided item C (cut to a[l1:n1] by
   jagged.cc) with the part of each row that its marker M carries; just
   "a" for a deeper array's (section-shapes.cc). */
static const char *strided_item_name(tree c, tree m)
{
  const char *deep = accgpu_jag_bytes_name(m);
  if (deep) /* its bounds are bytes */
    return deep;
  struct namebuf b = {{0}, 0};
  nb_add(&b, accgpu_item_name(c));
  nb_add(&b, "[");
  render(&b, TREE_OPERAND(OMP_CLAUSE_DECL(m), 1), 0);
  nb_add(&b, ":");
  render(&b, OMP_CLAUSE_SIZE(m), 0);
  nb_add(&b, "]");
  return ggc_strdup(b.s);
}

/* Fills ARR[I] with the rows of jagged marker M whose pointer array item
   C (kind KIND) was just filled.  A strided section of a 2-D array: ARR[I-1]
   starts at the first row's part instead, and ARR[I]'s host is the row
   stride (accgpu_abi.h, ACCGPU_MAPF_STRIDED). */
static void fill_rows(gimple_stmt_iterator *gsi, tree arr, unsigned i, tree m,
                      tree c, unsigned kind, location_t loc)
{
  tree host, bytes;
  if (accgpu_update_rows_marker_p(m)) { /* update-dups.cc: ready made */
    host = fold_convert(ptr_type_node,
                        unshare_expr(TREE_OPERAND(OMP_CLAUSE_DECL(m), 1)));
    bytes = fold_convert(size_type_node, unshare_expr(OMP_CLAUSE_SIZE(m)));
  } else
    accgpu_jag_rows(m, c, &host, &bytes);
  if (accgpu_jag_strided_p(c)) {
    tree first = fold_build_pointer_plus(item_host(c, kind),
                                         fold_convert(sizetype, host));
    accgpu_set_map_field(gsi, arr, i - 1, "host", first, loc);
    host = fold_convert(ptr_type_node,
                        TYPE_SIZE_UNIT(TREE_TYPE(OMP_CLAUSE_DECL(c))));
  }
  set_item(gsi, arr, i, host, bytes, kind, ACCGPU_MAPF_ROWS,
           accgpu_item_name(c), loc);
}

/* Fills ARR[I] with level marker L (__accgpu_jlKJ[stride:count] of a
   strided update section: accgpu_abi.h, ACCGPU_MAPF_LEVEL). */
static void fill_level(gimple_stmt_iterator *gsi, tree arr, unsigned i,
                       tree l, unsigned kind, const char *name,
                       location_t loc)
{
  tree stride = fold_convert(ptr_type_node,
                             unshare_expr(TREE_OPERAND(OMP_CLAUSE_DECL(l), 1)));
  tree count = fold_convert(size_type_node, unshare_expr(OMP_CLAUSE_SIZE(l)));
  set_item(gsi, arr, i, stride, count, kind,
           ACCGPU_MAPF_ROWS | ACCGPU_MAPF_LEVEL, name, loc);
}

/* The rows item of jagged or strided marker M, whose item C was filled
   at ARR[I - 1], at ARR[I], then M's levels; each clause pushed on OUT. */
static void fill_pair(gimple_stmt_iterator *gsi, tree arr, tree clauses,
                      tree m, tree c, unsigned kind, bool dup,
                      struct accgpu_maps *out, location_t loc)
{
  unsigned i = out->clause.length();
  fill_rows(gsi, arr, i, m, c, kind, loc);
  out->clause.safe_push(m);
  if (dup || !accgpu_jag_strided_p(c))
    return;
  const char *name = strided_item_name(c, m);
  tree str = accgpu_string_cst(name);
  accgpu_set_map_field(gsi, arr, i, "name", str, loc); /* the messages' */
  accgpu_set_map_field(gsi, arr, i - 1, "name", unshare_expr(str), loc);
  for (int j = 0; tree l = accgpu_jag_level(clauses, m, j); j++) {
    fill_level(gsi, arr, out->clause.length(), l, kind, name, loc);
    out->clause.safe_push(l);
  }
}

/* GCC lists `attach:s->v` before `to:*s`, and the runtime handles items in
   order: pointers are attached after everything else is mapped and
   detached before anything is unmapped.  True for items of the second
   round. */
static bool late_item(unsigned kind, enum accgpu_map_ctx ctx)
{
  if (ctx == ACCGPU_CTX_EXIT)
    return kind != ACCGPU_MAP_DETACH;
  return kind == ACCGPU_MAP_ATTACH;
}

void accgpu_build_maps_ctx(gimple_stmt_iterator *gsi, tree clauses,
                           location_t loc, enum accgpu_map_ctx ctx,
                           unsigned extra_flags, struct accgpu_maps *out)
{
  out->nmaps = count_items(clauses, ctx);
  out->clause = vNULL;
  out->maps = null_pointer_node;
  if (out->nmaps == 0)
    return;
  tree mt = accgpu_map_type();
  tree arr = create_tmp_var(build_array_type_nelts(mt, out->nmaps),
                            "accgpu_maps");
  TREE_ADDRESSABLE(arr) = 1;
  for (int round = 0; round < 2; round++)
    for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
      if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP ||
          accgpu_clause_marker(c) != ACCGPU_MARK_NONE ||
          accgpu_jag_marker(c) >= 0 || /* filled after its array's item */
          accgpu_update_rows_marker_p(c) || accgpu_jag_level_p(c))
        continue;
      unsigned kind = map_kind(c, ctx);
      if (kind == KIND_SKIP || late_item(kind, ctx) != (round == 1))
        continue;
      HOST_WIDE_INT bytes;
      unsigned run = member_run(c, ctx, &bytes);
      tree rm = accgpu_update_dup_rows(clauses, c);
      tree jm = rm ? rm : accgpu_jag_marker_for(clauses, c);
      unsigned pair = !jm ? 0 : rm || accgpu_jag_strided_p(c)
                                    ? ACCGPU_MAPF_STRIDED : ACCGPU_MAPF_JAGGED;
      if (pointer_slot_p(c, ctx))
        pair |= ACCGPU_MAPF_POINTER_SLOT;
      fill_item(gsi, arr, out->clause.length(), c, kind, extra_flags | pair,
                run > 1 ? size_int(bytes) : NULL_TREE, loc);
      out->clause.safe_push(c);
      if (tree whole = section_of_array(c)) {
        fill_whole(gsi, arr, out->clause.length(), whole, loc);
        out->clause.safe_push(OMP_CLAUSE_CHAIN(c));
      }
      if (jm)
        fill_pair(gsi, arr, clauses, jm, c, kind, rm != NULL_TREE, out,
                  loc);
      for (; run > 1; run--)
        c = OMP_CLAUSE_CHAIN(c);
    }
  out->maps = build_fold_addr_expr(build4(ARRAY_REF, mt, arr, size_int(0),
                                          NULL_TREE, NULL_TREE));
}

void accgpu_build_maps(gimple_stmt_iterator *gsi, tree clauses,
                       location_t loc, struct accgpu_maps *out)
{
  accgpu_build_maps_ctx(gsi, clauses, loc, ACCGPU_CTX_REGION, 0, out);
}

void accgpu_maps_release(struct accgpu_maps *m)
{
  m->clause.release();
}
