/* kernel-gen-expr.cc — CUDA C text of GIMPLE types and expressions, and
 * the record of stores through kernel parameters (kernel-gen.cc).      */
#include "passes/kernel-gen-internal.h"

/* ------------------------------------------------------------------ */
/* Types.                                                              */

static const char *int_name(tree t)
{
  bool u = TYPE_UNSIGNED(t);
  switch (TYPE_PRECISION(t)) {
  case 1: /* booleans of GCC's lowering, and `int f : 1` (0 or -1) */
    return u ? "unsigned char" : "signed char";
  case 8:
    /* Plain char, but only where it is signed as the device compilers
       have it (x86, NVRTC): under -funsigned-char (or a target whose char
       is unsigned) the kernel's char is the host's unsigned one. */
    if (TYPE_MAIN_VARIANT(t) == char_type_node && !u)
      return "char";
    return u ? "unsigned char" : "signed char";
  case 16:
    return u ? "unsigned short" : "short";
  case 32:
    return u ? "unsigned int" : "int";
  case 64:
    return u ? "unsigned long long" : "long long";
  default:
    /* The bit sizes the gimplifier computes for a VLA (TYPE_SIZE, 128-bit
       bitsizetype) in routines: 64 bits hold any real array's size.  */
    if (TYPE_MAIN_VARIANT(t) == bitsizetype)
      return "unsigned long long";
    /* A bit-field's type (`unsigned k : 3` read into a temporary): held
       in the next C type up; kg_narrow_bits keeps values in range. */
    if (TYPE_PRECISION(t) < 8)
      return u ? "unsigned char" : "signed char";
    if (TYPE_PRECISION(t) < 16)
      return u ? "unsigned short" : "short";
    if (TYPE_PRECISION(t) < 32)
      return u ? "unsigned int" : "int";
    if (TYPE_PRECISION(t) < 64)
      return u ? "unsigned long long" : "long long";
    return NULL;
  }
}

int kg_narrow_bits(tree t)
{
  if (!INTEGRAL_TYPE_P(t) || TREE_CODE(t) == BOOLEAN_TYPE)
    return 0;
  unsigned p = TYPE_PRECISION(t);
  if (p == 8 || p == 16 || p == 32 || p >= 64)
    return 0;
  return p;
}

void kg_narrow_value(kbuf *b, tree type, const char *e)
{
  int p = kg_narrow_bits(type);
  if (TYPE_UNSIGNED(type))
    kb_printf(b, "((%s)((unsigned long long)(%s) & 0x%llxULL))",
              int_name(type), e, (1ULL << p) - 1);
  else /* the low P bits, sign-extended */
    kb_printf(b, "((%s)((long long)((unsigned long long)(%s) << %d) >> %d))",
              int_name(type), e, 64 - p, 64 - p);
}

/* An array type's main variant drops its elements' qualifiers too
   (`const double[9]` and `double[9]` share one): the typedef an entry
   makes carries them (`typedef const double __accgpu_aN[9]`), so they
   are part of its key.  0 for structs and unions, whose qualifiers are
   written where the type is used. */
static int elem_quals(tree t)
{
  return TREE_CODE(t) == ARRAY_TYPE ? TYPE_QUALS(strip_array_types(t)) : 0;
}

static type_entry *type_lookup(tree t, bool create)
{
  int quals = elem_quals(t);
  t = TYPE_MAIN_VARIANT(t);
  for (unsigned i = 0; i < kg_type_tab.length(); i++)
    if (kg_type_tab[i].type == t && kg_type_tab[i].quals == quals)
      return &kg_type_tab[i];
  if (!create)
    return NULL;
  accgpu_keep(t);
  type_entry e = {t, quals, (int)kg_type_tab.length(), 0};
  kg_type_tab.safe_push(e);
  return &kg_type_tab.last();
}

static const char *field_name(tree f, unsigned k, char *buf, size_t n)
{
  if (DECL_NAME(f))
    snprintf(buf, n, "%s", IDENTIFIER_POINTER(DECL_NAME(f)));
  else
    snprintf(buf, n, "__f%u", k);
  return buf;
}

static void define_type(kg *g, tree t);

/* x86-64's long double (80-bit x87) and its _Complex: a double value on
   the device, kept in the host's 16-byte layout in memory (__accgpu_ld,
   include/accgpu_cuda.h; docs/compiler.md, "long double"). */
bool kg_ld_type_p(tree t)
{
  if (TREE_CODE(t) == COMPLEX_TYPE)
    t = TREE_TYPE(t);
  return TREE_CODE(t) == REAL_TYPE && TYPE_PRECISION(t) == 80
         && TYPE_SIZE_UNIT(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t))
         && tree_to_uhwi(TYPE_SIZE_UNIT(t)) == 16;
}

/* With -fplugin-arg-accgpu-info, once per kernel or device function
   that uses long double: it computes in double. */
void kg_ld_note(kg *g)
{
  if (g->ld_noted || g->quiet)
    return;
  g->ld_noted = true;
  if (accgpu_opts.info)
    inform(g->loc, "accgpu: %<long double%> is computed in %<double%> on "
           "the device (kept in memory in the 16-byte format of the host)");
}

/* T as the type of an object in memory: a long double one in the host's
   layout; otherwise as type_str. */
void storage_str(kg *g, kbuf *b, tree t)
{
  if (!kg_ld_type_p(t)) {
    type_str(g, b, t);
    return;
  }
  kg_ld_note(g);
  if (TYPE_READONLY(t))
    kb_add(b, "const ");
  if (TYPE_VOLATILE(t))
    kb_add(b, "volatile ");
  kb_add(b, TREE_CODE(t) == COMPLEX_TYPE ? "__accgpu_cld" : "__accgpu_ld");
}

/* Makes sure everything a by-value use of T needs is defined. */
void need_complete(kg *g, tree t)
{
  while (TREE_CODE(t) == ARRAY_TYPE)
    t = TREE_TYPE(t);
  if (RECORD_OR_UNION_TYPE_P(t))
    define_type(g, t);
}

/* F is a struct's flexible array member (C99 `T v[];`, no size). */
static bool flexible_member_p(tree f)
{
  tree ft = TREE_TYPE(f);
  return TREE_CODE(ft) == ARRAY_TYPE && !DECL_CHAIN(f)
         && (!TYPE_DOMAIN(ft) || !TYPE_MAX_VALUE(TYPE_DOMAIN(ft)));
}

static void define_type(kg *g, tree t)
{
  type_entry *e = type_lookup(t, true);
  int id = e->id;
  if (e->state >= 2)
    return;
  e->state = 2;
  t = TYPE_MAIN_VARIANT(t);
  const char *kw = TREE_CODE(t) == UNION_TYPE ? "union" : "struct";
  if (!COMPLETE_TYPE_P(t)) {
    fail(g, t, "incomplete struct type");
    return;
  }
  struct kbuf def = {};
  /* A layout pack or aligned attributes made: written out (packed, each
     member at GCC's offset, the struct's alignment). */
  bool explicit_layout = !kg_layout_natural_p(t);
  if (explicit_layout && !kg_layout_explicit_ok(t)) {
    fail(g, t, "bit-fields in a packed or aligned struct");
    return;
  }
  if (explicit_layout)
    kb_printf(&def, "%s __attribute__((packed, aligned(%u))) __accgpu_s%d "
              "{\n", kw, (unsigned)TYPE_ALIGN_UNIT(t), id);
  else
    kb_printf(&def, "%s __accgpu_s%d {\n", kw, id);
  unsigned k = 0;
  unsigned long at = 0; /* explicit layout: the bytes written so far */
  bool flex = false;    /* the last member is flexible: nothing follows */
  for (tree f = TYPE_FIELDS(t); f; f = DECL_CHAIN(f)) {
    if (TREE_CODE(f) != FIELD_DECL)
      continue;
    char nb[128];
    field_name(f, k++, nb, sizeof nb);
    tree ft = DECL_BIT_FIELD(f) && DECL_BIT_FIELD_TYPE(f)
                  ? DECL_BIT_FIELD_TYPE(f) : TREE_TYPE(f);
    need_complete(g, ft);
    flex = flexible_member_p(f);
    if (explicit_layout && TREE_CODE(t) != UNION_TYPE) {
      kg_layout_pad(&def, k, kg_field_offset(f) - at);
      at = kg_field_offset(f)
           + (flex ? 0 : tree_to_uhwi(TYPE_SIZE_UNIT(ft)));
    }
    kb_add(&def, "  ");
    if (flex) { /* `T v[];`: ACCGPU_FLEX under CUDA */
      storage_str(g, &def, TREE_TYPE(ft));
      kb_printf(&def, " %s[ACCGPU_FLEX];\n", nb);
      continue;
    }
    storage_str(g, &def, ft);
    if (DECL_BIT_FIELD(f))
      kb_printf(&def, " %s : %d;\n", nb, (int)tree_to_uhwi(DECL_SIZE(f)));
    else
      kb_printf(&def, " %s;\n", nb);
  }
  if (explicit_layout && TREE_CODE(t) != UNION_TYPE && !flex)
    kg_layout_pad(&def, k + 1, tree_to_uhwi(TYPE_SIZE_UNIT(t)) - at);
  else if (explicit_layout) /* a union: its size */
    kb_printf(&def, "  char __accgpu_pad0[%lu];\n",
              (unsigned long)tree_to_uhwi(TYPE_SIZE_UNIT(t)));
  kb_add(&def, "};\n");
  kb_add(&kg_types, kb_str(&def));
  kb_free(&def);
  type_lookup(t, false)->state = 3;
}

static void array_typedef(kg *g, kbuf *b, tree t)
{
  /* Checked before the type table: a failure must not be remembered as
     a definition (a quiet attempt would hide it from the real one).  */
  if (variably_modified_type_p(t, NULL_TREE)) {
    fail(g, t, "variable-length array type");
    kb_add(b, "char");
    return;
  }
  type_entry *e = type_lookup(t, true);
  int id = e->id;
  if (e->state == 0) {
    e->state = 3;
    tree dom = TYPE_DOMAIN(t);
    struct kbuf def = {};
    need_complete(g, TREE_TYPE(t));
    kb_add(&def, "typedef ");
    storage_str(g, &def, TREE_TYPE(t));
    if (dom && TYPE_MAX_VALUE(dom) && tree_fits_shwi_p(TYPE_MAX_VALUE(dom)))
      kb_printf(&def, " __accgpu_a%d[%lld];\n", id,
                (long long)tree_to_shwi(TYPE_MAX_VALUE(dom)) + 1);
    else if (!dom || !TYPE_MAX_VALUE(dom))
      kb_printf(&def, " __accgpu_a%d[];\n", id);
    else {
      fail(g, t, "unsupported array bound");
      kb_printf(&def, " __accgpu_a%d[1];\n", id);
    }
    kb_add(&kg_types, kb_str(&def));
    kb_free(&def);
  }
  kb_printf(b, "__accgpu_a%d", id);
}

/* Prints T as a type name after which a declarator name can follow. */
void type_str(kg *g, kbuf *b, tree t)
{
  if (TYPE_READONLY(t) && TREE_CODE(t) != POINTER_TYPE)
    kb_add(b, "const ");
  if (TYPE_VOLATILE(t) && TREE_CODE(t) != POINTER_TYPE)
    kb_add(b, "volatile ");
  switch (TREE_CODE(t)) {
  case VOID_TYPE:
    kb_add(b, "void");
    return;
  case BOOLEAN_TYPE:
    kb_add(b, "unsigned char");
    return;
  case INTEGER_TYPE:
  case ENUMERAL_TYPE: {
    const char *n = int_name(t);
    if (!n) {
      fail(g, t, "unsupported integer type");
      n = "int";
    }
    kb_add(b, n);
    return;
  }
  case REAL_TYPE:
    if (TYPE_PRECISION(t) == 32)
      kb_add(b, "float");
    else if (TYPE_PRECISION(t) == 64)
      kb_add(b, "double");
    else if (kg_ld_type_p(t)) {
      kg_ld_note(g);
      kb_add(b, "double");
    } else {
      fail(g, t, "this floating-point type is not supported on the device");
      kb_add(b, "double");
    }
    return;
  case POINTER_TYPE:
  case REFERENCE_TYPE:
    if (TREE_CODE(TREE_TYPE(t)) == FUNCTION_TYPE) {
      fail(g, t, "function pointers are not supported on the device");
      kb_add(b, "void *");
      return;
    }
    /* CUDA C++ has no VLA types: a pointer to a VLA (row) is a byte
       pointer and indexing through it computes addresses explicitly
       (vla_addr).  A pointer to such a pointer (a variable passed by
       reference, `double (*A)[n]` in present(A)) is a pointer to it: a
       byte pointer there read one byte of the address. */
    if (variably_modified_type_p(TREE_TYPE(t), NULL_TREE)
        && !POINTER_TYPE_P(TREE_TYPE(t))) {
      kb_add(b, "char *");
      return;
    }
    storage_str(g, b, TREE_TYPE(t));
    kb_add(b, " *");
    return;
  case ARRAY_TYPE:
    array_typedef(g, b, t);
    return;
  case COMPLEX_TYPE:
    kb_add(b, kg_complex_name(g, t));
    return;
  case RECORD_TYPE:
  case UNION_TYPE: {
    type_entry *e = type_lookup(t, true);
    const char *kw = TREE_CODE(t) == UNION_TYPE ? "union" : "struct";
    if (e->state == 0) {
      e->state = 1;
      kb_printf(&kg_types, "%s __accgpu_s%d;\n", kw, e->id);
    }
    kb_printf(b, "%s __accgpu_s%d", kw, e->id);
    return;
  }
  default:
    fail(g, t, "unsupported type");
    kb_add(b, "int");
  }
}

/* T without const on the object itself (on an array's elements too): a
   kernel declares every variable at its top and assigns the initial value
   where the source has the declaration. */
static tree object_type(tree t)
{
  if (TREE_CODE(t) != ARRAY_TYPE)
    return build_qualified_type(t, TYPE_QUALS(t) & ~TYPE_QUAL_CONST);
  tree e = object_type(TREE_TYPE(t));
  if (e == TREE_TYPE(t) && !TYPE_READONLY(t))
    return t;
  return build_array_type(e, TYPE_DOMAIN(t));
}

/* "T name" into B, with the completeness a definition needs. */
void decl_str(kg *g, kbuf *b, tree type, const char *name)
{
  type = object_type(type);
  need_complete(g, type);
  type_str(g, b, type);
  kb_printf(b, " %s", name);
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                        */

bool kg_is_local_auto(tree d)
{
  if (TREE_CODE(d) == SSA_NAME)
    return true;
  return (VAR_P(d) || TREE_CODE(d) == PARM_DECL || TREE_CODE(d) == RESULT_DECL)
         && !TREE_STATIC(d) && !DECL_EXTERNAL(d);
}

static void const_leaf(void *g, struct kbuf *b, tree cst)
{
  ex((kg *)g, b, cst);
}

/* A read-only object with a constant initializer (kg_module_const_p):
   defined once in the module, `static __device__ const`.  False for
   others. */
static bool static_const(kg *g, tree d)
{
  if (!kg_module_const_p(d))
    return false;
  char buf[200];
  kg_ident(d, "c", buf, sizeof buf);
  if (!kg_statics.contains(d)) {
    struct kbuf def = {};
    kb_add(&def, "static __device__ const ");
    decl_str(g, &def, TREE_TYPE(d), buf);
    kb_add(&def, " = ");
    kg_const_init(&def, TREE_TYPE(d), DECL_INITIAL(d), const_leaf, g);
    kb_add(&def, ";\n");
    kb_add(&kg_types, kb_str(&def));
    kb_free(&def);
    accgpu_keep(d);
    kg_statics.safe_push(d);
  }
  push_name(g, d, buf);
  return true;
}

const char *decl_name(kg *g, tree d)
{
  const char *n = lookup_name(g, d);
  if (n)
    return n;
  if (tree m = accgpu_member_ref(d)) { /* member-reduction.cc: the member */
    struct kbuf t = {};
    ex(g, &t, m);
    push_name(g, d, kb_str(&t));
    kb_free(&t);
    return lookup_name(g, d);
  }
  if (!kg_is_local_auto(d) && static_const(g, d))
    return lookup_name(g, d);
  if (!kg_is_local_auto(d) && kg_routine_global(g, d))
    return lookup_name(g, d);
  if (!kg_is_local_auto(d)) {
    fail(g, d, DECL_CONTEXT(d) && TREE_CODE(DECL_CONTEXT(d)) == FUNCTION_DECL
                   ? "static local variable used on the device (OpenACC "
                     "supports none in routines; a file-scope variable with "
                     "'declare create', or a 'static const' table, works)"
                   : "global variable used on the device without a data "
                     "clause or declare");
    return "0";
  }
  if (kg_vla_type_p(TREE_TYPE(d))) {
    fail(g, d, "variable-length array declared inside a compute region");
    return "0";
  }
  char buf[200];
  if (TREE_CODE(d) == SSA_NAME)
    snprintf(buf, sizeof buf, "ssa_%u", SSA_NAME_VERSION(d));
  else
    kg_ident(d, "t", buf, sizeof buf);
  struct kbuf *save = g->out;
  g->out = &g->decls;
  kb_add(&g->decls, g->shared.contains(d) ? "  __shared__ " : "  ");
  decl_str(g, &g->decls, TREE_TYPE(d), buf);
  kb_add(&g->decls, ";\n");
  if (g->shared.contains(d)) /* a gang-private array may be read unwritten */
    kb_printf(&g->decls, "  ACCGPU_SHARED_OPAQUE(%s);\n", buf);
  g->out = save;
  push_name(g, d, buf);
  return lookup_name(g, d);
}

void int_cst(kg *g, kbuf *b, tree t)
{
  tree type = TREE_TYPE(t);
  if (POINTER_TYPE_P(type)) {
    kb_add(b, "((");
    type_str(g, b, type);
    kb_printf(b, ")%#llxull)", (unsigned long long)tree_to_uhwi(t));
    return;
  }
  if (TREE_CODE(type) == BOOLEAN_TYPE) {
    kb_add(b, integer_zerop(t) ? "0" : "1");
    return;
  }
  kb_add(b, "((");
  type_str(g, b, type);
  kb_add(b, ")");
  if (TYPE_UNSIGNED(type) || !tree_fits_shwi_p(t)) {
    if (!tree_fits_uhwi_p(t))
      fail(g, t, "integer constant too wide");
    else
      kb_printf(b, "%lluull", (unsigned long long)tree_to_uhwi(t));
  } else {
    long long v = tree_to_shwi(t);
    if (v == LLONG_MIN)
      kb_add(b, "(-9223372036854775807LL-1)");
    else if (v < 0)
      kb_printf(b, "(%lldLL)", v);
    else
      kb_printf(b, "%lldLL", v);
  }
  kb_add(b, ")");
}

static void real_cst(kg *g, kbuf *b, tree t)
{
  const REAL_VALUE_TYPE *r = TREE_REAL_CST_PTR(t);
  bool f = TYPE_PRECISION(TREE_TYPE(t)) == 32;
  if (real_isinf(r)) {
    kb_printf(b, "(%s%s)", real_isneg(r) ? "-" : "",
              f ? "ACCGPU_INFF" : "ACCGPU_INF");
    return;
  }
  if (real_isnan(r)) {
    kb_add(b, f ? "((float)(ACCGPU_INF - ACCGPU_INF))"
                : "(ACCGPU_INF - ACCGPU_INF)");
    return;
  }
  char buf[100];
  real_to_hexadecimal(buf, r, sizeof buf, 0, 1);
  kb_printf(b, "(%s%s)", buf, f ? "f" : "");
}

void cast_to(kg *g, kbuf *b, tree type, tree e)
{
  if (TREE_CODE(type) == COMPLEX_TYPE) {
    kg_complex_convert(g, b, type, e);
    return;
  }
  kb_add(b, "((");
  type_str(g, b, type);
  kb_add(b, ")(");
  ex(g, b, e);
  kb_add(b, "))");
}

static void vla_addr(kg *g, kbuf *b, tree t);

/* ((PTYPE)address-of-T) for a T inside a variable-length array.  */
static void cast_to_addr(kg *g, kbuf *b, tree ptype, tree t)
{
  kb_add(b, "((");
  type_str(g, b, ptype);
  kb_add(b, ")");
  vla_addr(g, b, t);
  kb_add(b, ")");
}

/* BIT_FIELD_REF <obj, size, pos>, GCC's read of bits of an object (a
   bit-field tested as part of its word: `!s.flag`): from memory, or
   shifted out of an integer value. */
static void bit_field_ref(kg *g, kbuf *b, tree t)
{
  tree obj = TREE_OPERAND(t, 0), size = TREE_OPERAND(t, 1);
  tree pos = TREE_OPERAND(t, 2), type = TREE_TYPE(t);
  if (!tree_fits_uhwi_p(size) || !tree_fits_uhwi_p(pos) ||
      tree_to_uhwi(size) > 64 || !INTEGRAL_TYPE_P(type)) {
    fail(g, t, "unsupported bit-field reference");
    kb_add(b, "0");
    return;
  }
  unsigned n = tree_to_uhwi(size);
  unsigned long long at = tree_to_uhwi(pos);
  struct kbuf o = {}, v = {};
  ex(g, &o, obj);
  if (INTEGRAL_TYPE_P(TREE_TYPE(obj)))
    kb_printf(&v, "(((unsigned long long)(%s) >> %llu) & 0x%llxULL)",
              kb_str(&o), at, n >= 64 ? ~0ULL : (1ULL << n) - 1);
  else
    kb_printf(&v, "__accgpu_bits_at(&(%s), %lluULL, %u)", kb_str(&o), at, n);
  if (kg_narrow_bits(type))
    kg_narrow_value(b, type, kb_str(&v));
  else {
    kb_add(b, "((");
    type_str(g, b, type);
    kb_printf(b, ")%s)", kb_str(&v));
  }
  kb_free(&o);
  kb_free(&v);
}

static void mem_ref(kg *g, kbuf *b, tree t)
{
  if (kg_vla_type_p(TREE_TYPE(t))) {
    fail(g, t, "variable-length array used as a value");
    kb_add(b, "0");
    return;
  }
  tree ptr = TREE_OPERAND(t, 0), off = TREE_OPERAND(t, 1);
  tree type = TREE_TYPE(t);
  /* MEM[&decl + 0] of the decl's own type is just the decl. */
  if (TREE_CODE(ptr) == ADDR_EXPR && integer_zerop(off)
      && types_compatible_p(TREE_TYPE(TREE_OPERAND(ptr, 0)), type)) {
    ex(g, b, TREE_OPERAND(ptr, 0));
    return;
  }
  kb_add(b, "(*(");
  storage_str(g, b, type);
  kb_add(b, " *)((char *)(");
  ex(g, b, ptr);
  /* The offset is a constant of pointer type: p[-1] is 2^64 - 8 read as
     unsigned, so it is read signed. */
  if (integer_zerop(off))
    kb_add(b, ")))");
  else
    kb_printf(b, ") + %lldLL))", (long long)wi::to_wide(off).to_shwi());
}

/* Address (a char *) of lvalue T whose type is, or lies inside, a
   variable-length array: the gimplifier turned `double a[n][m]` into
   `*a.N` with a.N a pointer to the VLA, and each ARRAY_REF of a
   variably-sized element carries the element size (operand 3, read with
   array_ref_element_size), a temporary computed in the region.  */
static void vla_addr(kg *g, kbuf *b, tree t)
{
  switch (TREE_CODE(t)) {
  case MEM_REF:
    kb_add(b, "((char *)(");
    ex(g, b, TREE_OPERAND(t, 0));
    if (integer_zerop(TREE_OPERAND(t, 1)))
      kb_add(b, "))");
    else
      kb_printf(b, ") + %lldLL)",
                (long long)wi::to_wide(TREE_OPERAND(t, 1)).to_shwi());
    return;
  case INDIRECT_REF:
    kb_add(b, "((char *)(");
    ex(g, b, TREE_OPERAND(t, 0));
    kb_add(b, "))");
    return;
  case ARRAY_REF: {
    tree low = array_ref_low_bound(t);
    kb_add(b, "(");
    vla_addr(g, b, TREE_OPERAND(t, 0));
    kb_add(b, " + ((long long)(");
    ex(g, b, TREE_OPERAND(t, 1));
    kb_add(b, ")");
    if (!integer_zerop(low)) {
      kb_add(b, " - (long long)(");
      ex(g, b, low);
      kb_add(b, ")");
    }
    kb_add(b, ") * (long long)(");
    ex(g, b, array_ref_element_size(t));
    kb_add(b, "))");
    return;
  }
  case VAR_DECL:
  case PARM_DECL:
    if (DECL_HAS_VALUE_EXPR_P(t)) {
      vla_addr(g, b, DECL_VALUE_EXPR(t));
      return;
    }
    fail(g, t, "variable-length array used on the device");
    kb_add(b, "((char *)0)");
    return;
  default:
    fail(g, t, "unsupported variable-length array reference");
    kb_add(b, "((char *)0)");
  }
}

/* Whether lvalue T needs vla_addr: it is an array reference into a VLA,
   or an object of VLA type.  */
static bool vla_ref_p(tree t)
{
  if (kg_vla_type_p(TREE_TYPE(t)))
    return true;
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(t));
  return TREE_CODE(t) == ARRAY_REF
         && (kg_vla_type_p(TREE_TYPE(TREE_OPERAND(t, 0)))
             || (sz && TREE_CODE(sz) != INTEGER_CST));
}

static const char *binop_text(enum tree_code c)
{
  switch (c) {
  case PLUS_EXPR: return "+";
  case MINUS_EXPR: return "-";
  case MULT_EXPR: return "*";
  case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR: case RDIV_EXPR: return "/";
  case TRUNC_MOD_EXPR: return "%";
  case LSHIFT_EXPR: return "<<";
  case RSHIFT_EXPR: return ">>";
  case BIT_AND_EXPR: return "&";
  case BIT_IOR_EXPR: return "|";
  case BIT_XOR_EXPR: return "^";
  case LT_EXPR: return "<";
  case LE_EXPR: return "<=";
  case GT_EXPR: return ">";
  case GE_EXPR: return ">=";
  case EQ_EXPR: return "==";
  case NE_EXPR: return "!=";
  case TRUTH_AND_EXPR: case TRUTH_ANDIF_EXPR: return "&&";
  case TRUTH_OR_EXPR: case TRUTH_ORIF_EXPR: return "||";
  default: return NULL;
  }
}

/* Operand of a comparison: pointers compare as char *. */
static void cmp_operand(kg *g, kbuf *b, tree e)
{
  if (POINTER_TYPE_P(TREE_TYPE(e))) {
    kb_add(b, "((const char *)(");
    ex(g, b, e);
    kb_add(b, "))");
  } else
    ex(g, b, e);
}

/* Binary operation CODE on A and B with result TYPE, with C's exact
   semantics for GIMPLE's: narrow and -fwrapv arithmetic is done unsigned
   and converted back. */
void binop(kg *g, kbuf *b, enum tree_code code, tree type, tree x,
                  tree y)
{
  if (kg_complex_binop(g, b, code, type, x, y))
    return;
  switch (code) {
  case POINTER_PLUS_EXPR:
    kb_add(b, "((");
    type_str(g, b, type);
    kb_add(b, ")((char *)(");
    ex(g, b, x);
    kb_add(b, ") + (long long)(");
    ex(g, b, y);
    kb_add(b, ")))");
    return;
  case POINTER_DIFF_EXPR:
    kb_add(b, "((long long)((const char *)(");
    ex(g, b, x);
    kb_add(b, ") - (const char *)(");
    ex(g, b, y);
    kb_add(b, ")))");
    return;
  case MIN_EXPR:
  case MAX_EXPR:
    kb_add(b, "((");
    ex(g, b, x);
    kb_add(b, code == MIN_EXPR ? ") < (" : ") > (");
    ex(g, b, y);
    kb_add(b, ") ? (");
    ex(g, b, x);
    kb_add(b, ") : (");
    ex(g, b, y);
    kb_add(b, "))");
    return;
  case TRUTH_XOR_EXPR:
    kb_add(b, "((!(");
    ex(g, b, x);
    kb_add(b, ")) != (!(");
    ex(g, b, y);
    kb_add(b, ")))");
    return;
  case LROTATE_EXPR:
  case RROTATE_EXPR: {
    int prec = TYPE_PRECISION(type);
    const char *l = code == LROTATE_EXPR ? "<<" : ">>";
    const char *r = code == LROTATE_EXPR ? ">>" : "<<";
    kb_add(b, "((");
    type_str(g, b, type);
    kb_add(b, ")((");
    ex(g, b, x);
    kb_printf(b, ") %s (", l);
    ex(g, b, y);
    kb_printf(b, ") | (");
    ex(g, b, x);
    kb_printf(b, ") %s (%d - (", r, prec);
    ex(g, b, y);
    kb_add(b, "))))");
    return;
  }
  case UNORDERED_EXPR: case ORDERED_EXPR: case UNLT_EXPR: case UNLE_EXPR:
  case UNGT_EXPR: case UNGE_EXPR: case UNEQ_EXPR: case LTGT_EXPR: {
    const char *pre;
    switch (code) {
    case UNORDERED_EXPR: pre = "(!((A) == (A) && (B) == (B)))"; break;
    case ORDERED_EXPR: pre = "((A) == (A) && (B) == (B))"; break;
    case UNLT_EXPR: pre = "(!((A) >= (B)))"; break;
    case UNLE_EXPR: pre = "(!((A) > (B)))"; break;
    case UNGT_EXPR: pre = "(!((A) <= (B)))"; break;
    case UNGE_EXPR: pre = "(!((A) < (B)))"; break;
    case UNEQ_EXPR: pre = "(!((A) < (B) || (A) > (B)))"; break;
    default: pre = "((A) < (B) || (A) > (B))"; break;
    }
    for (const char *p = pre; *p; p++) {
      if (*p == 'A')
        ex(g, b, x);
      else if (*p == 'B')
        ex(g, b, y);
      else {
        char c[2] = {*p, 0};
        kb_add(b, c);
      }
    }
    return;
  }
  default:
    break;
  }
  const char *op = binop_text(code);
  if (!op) {
    fail(g, NULL, "unsupported operation");
    kb_add(b, "0");
    return;
  }
  if (TREE_CODE_CLASS(code) == tcc_comparison || code == TRUTH_AND_EXPR
      || code == TRUTH_OR_EXPR || code == TRUTH_ANDIF_EXPR
      || code == TRUTH_ORIF_EXPR) {
    kb_add(b, "(");
    cmp_operand(g, b, x);
    kb_printf(b, " %s ", op);
    cmp_operand(g, b, y);
    kb_add(b, ")");
    return;
  }
  bool wrap_arith = (code == PLUS_EXPR || code == MINUS_EXPR
                     || code == MULT_EXPR)
                    && INTEGRAL_TYPE_P(type)
                    && (TYPE_PRECISION(type) < 32
                        || (!TYPE_UNSIGNED(type) && flag_wrapv));
  bool narrow = INTEGRAL_TYPE_P(type) && TYPE_PRECISION(type) < 32;
  if (wrap_arith) {
    const char *ut = TYPE_PRECISION(type) <= 32 ? "unsigned int"
                                                : "unsigned long long";
    kb_add(b, "((");
    type_str(g, b, type);
    kb_printf(b, ")((%s)(", ut);
    ex(g, b, x);
    kb_printf(b, ") %s (%s)(", op, ut);
    ex(g, b, y);
    kb_add(b, ")))");
    return;
  }
  if (narrow) {
    kb_add(b, "((");
    type_str(g, b, type);
    kb_add(b, ")(");
  }
  kb_add(b, "(");
  ex(g, b, x);
  kb_printf(b, " %s ", op);
  ex(g, b, y);
  kb_add(b, ")");
  if (narrow)
    kb_add(b, "))");
}

void unop(kg *g, kbuf *b, enum tree_code code, tree type, tree x)
{
  if (kg_complex_unop(g, b, code, type, x))
    return;
  switch (code) {
  case NOP_EXPR:
  case CONVERT_EXPR:
  case FLOAT_EXPR:
  case FIX_TRUNC_EXPR:
  case VIEW_CONVERT_EXPR:
    if (TREE_CODE(type) == BOOLEAN_TYPE) {
      kb_add(b, "((");
      cmp_operand(g, b, x);
      kb_add(b, ") != 0)");
      return;
    }
    if (code == VIEW_CONVERT_EXPR
        && !types_compatible_p(type, TREE_TYPE(x))) {
      kb_add(b, "(*(");
      type_str(g, b, type);
      kb_add(b, " *)&(");
      ex(g, b, x);
      kb_add(b, "))");
      return;
    }
    cast_to(g, b, type, x);
    return;
  case NEGATE_EXPR:
  case BIT_NOT_EXPR:
    /* ~ of a one-bit boolean (GCC's lowering of isgreater & co.) is its
       logical negation; our bool is an unsigned char. */
    if (code == BIT_NOT_EXPR && INTEGRAL_TYPE_P(type)
        && TYPE_UNSIGNED(type) && TYPE_PRECISION(type) == 1) {
      kb_add(b, "((");
      type_str(g, b, type);
      kb_add(b, ")(!(");
      ex(g, b, x);
      kb_add(b, ")))");
      return;
    }
    kb_add(b, "((");
    type_str(g, b, type);
    kb_add(b, code == NEGATE_EXPR ? ")(-" : ")(~");
    if (INTEGRAL_TYPE_P(type) && code == NEGATE_EXPR
        && (TYPE_PRECISION(type) < 32 || (!TYPE_UNSIGNED(type) && flag_wrapv)))
      kb_add(b, TYPE_PRECISION(type) <= 32 ? "(unsigned int)"
                                           : "(unsigned long long)");
    kb_add(b, "(");
    ex(g, b, x);
    kb_add(b, ")))");
    return;
  case TRUTH_NOT_EXPR:
    kb_add(b, "(!(");
    ex(g, b, x);
    kb_add(b, "))");
    return;
  case ABS_EXPR:
  case ABSU_EXPR:
    if (FLOAT_TYPE_P(type)) {
      kb_add(b, TYPE_PRECISION(type) == 32 ? "fabsf(" : "fabs(");
      ex(g, b, x);
      kb_add(b, ")");
      return;
    }
    kb_add(b, "((");
    type_str(g, b, type);
    kb_add(b, ")((");
    ex(g, b, x);
    kb_add(b, ") < 0 ? -(");
    if (code == ABSU_EXPR) {
      kb_add(b, "(");
      type_str(g, b, type);
      kb_add(b, ")");
    }
    ex(g, b, x);
    kb_add(b, ") : (");
    ex(g, b, x);
    kb_add(b, ")))");
    return;
  case PAREN_EXPR:
    ex(g, b, x);
    return;
  default:
    fail(g, NULL, "unsupported unary operation");
    kb_add(b, "0");
  }
}

static void ex_raw(kg *g, kbuf *b, tree t);

/* T is a long double (or its _Complex) object in memory, whose text is
   an __accgpu_ld (__accgpu_cld) lvalue: read and stored through the
   conversions of include/accgpu_cuda.h. */
bool kg_ld_mem_p(kg *g, tree t)
{
  if (!kg_ld_type_p(TREE_TYPE(t)))
    return false;
  switch (TREE_CODE(t)) {
  case MEM_REF: {
    tree p = TREE_OPERAND(t, 0);
    if (TREE_CODE(p) == ADDR_EXPR && integer_zerop(TREE_OPERAND(t, 1))
        && types_compatible_p(TREE_TYPE(TREE_OPERAND(p, 0)), TREE_TYPE(t)))
      return kg_ld_mem_p(g, TREE_OPERAND(p, 0));
    return true;
  }
  case ARRAY_REF: case COMPONENT_REF: case INDIRECT_REF:
    return true;
  case REALPART_EXPR: case IMAGPART_EXPR:
    return kg_ld_mem_p(g, TREE_OPERAND(t, 0));
  case VAR_DECL: case PARM_DECL: { /* by reference: (*name) */
    const char *n = lookup_name(g, t);
    return (n ? n : decl_name(g, t))[0] == '(';
  }
  default:
    return false;
  }
}

/* The text of lvalue T (a long double in memory: its __accgpu_ld). */
void kg_ex_lvalue(kg *g, kbuf *b, tree t)
{
  enum tree_code c = TREE_CODE(t);
  if ((c == REALPART_EXPR || c == IMAGPART_EXPR) && kg_ld_mem_p(g, t)) {
    kb_add(b, "(");
    kg_ex_lvalue(g, b, TREE_OPERAND(t, 0));
    kb_add(b, c == REALPART_EXPR ? ").re" : ").im");
    return;
  }
  ex_raw(g, b, t);
}

/* The encoding a store to LHS needs ("__accgpu_ldmk"), NULL: none. */
const char *kg_ld_store_fn(kg *g, tree lhs)
{
  if (!kg_ld_mem_p(g, lhs))
    return NULL;
  return TREE_CODE(TREE_TYPE(lhs)) == COMPLEX_TYPE ? "__accgpu_cldmk"
                                                  : "__accgpu_ldmk";
}

void ex(kg *g, kbuf *b, tree t)
{
  if (!kg_ld_mem_p(g, t)) {
    ex_raw(g, b, t);
    return;
  }
  bool c = TREE_CODE(TREE_TYPE(t)) == COMPLEX_TYPE;
  if (c)
    kg_complex_name(g, TREE_TYPE(t)); /* __accgpu_cd_mk */
  kb_add(b, c ? "__accgpu_cldv(" : "__accgpu_ldv(");
  kg_ex_lvalue(g, b, t);
  kb_add(b, ")");
}

static void ex_raw(kg *g, kbuf *b, tree t)
{
  switch (TREE_CODE(t)) {
  case INTEGER_CST:
    int_cst(g, b, t);
    return;
  case REAL_CST:
    real_cst(g, b, t);
    return;
  case STRING_CST:
    kg_string_literal(g, b, t);
    return;
  case COMPLEX_CST:
    kg_complex_cst(g, b, t);
    return;
  case REALPART_EXPR:
  case IMAGPART_EXPR:
    kg_complex_part(g, b, t);
    return;
  case VAR_DECL:
  case PARM_DECL:
  case RESULT_DECL:
  case SSA_NAME: /* the gimplifier's temporaries outside OMP regions */
    kb_add(b, decl_name(g, t));
    return;
  case ADDR_EXPR: {
    tree op = TREE_OPERAND(t, 0);
    if (TREE_CODE(op) == STRING_CST) {
      kb_add(b, "((");
      type_str(g, b, TREE_TYPE(t));
      kb_add(b, ")");
      kg_string_literal(g, b, op);
      kb_add(b, ")");
      return;
    }
    if (TREE_CODE(op) == FUNCTION_DECL) {
      fail(g, op, "address of a function on the device");
      kb_add(b, "0");
      return;
    }
    if (vla_ref_p(op)) {
      cast_to_addr(g, b, TREE_TYPE(t), op);
      return;
    }
    if (kg_ld_type_p(TREE_TYPE(op)) && !kg_ld_mem_p(g, op))
      fail(g, op, "address of a long double variable of the region (the "
           "device keeps it as a double)");
    kb_add(b, "((");
    type_str(g, b, TREE_TYPE(t));
    kb_add(b, ")&(");
    kg_ex_lvalue(g, b, op);
    kb_add(b, "))");
    return;
  }
  case MEM_REF:
    mem_ref(g, b, t);
    return;
  case INDIRECT_REF:
    if (kg_vla_type_p(TREE_TYPE(t))) {
      fail(g, t, "variable-length array used as a value");
      kb_add(b, "0");
      return;
    }
    kb_add(b, "(*(");
    ex(g, b, TREE_OPERAND(t, 0));
    kb_add(b, "))");
    return;
  case ARRAY_REF: {
    if (vla_ref_p(t)) {
      if (kg_vla_type_p(TREE_TYPE(t))) {
        fail(g, t, "variable-length array used as a value");
        kb_add(b, "0");
        return;
      }
      kb_add(b, "(*");
      cast_to_addr(g, b, build_pointer_type(TREE_TYPE(t)), t);
      kb_add(b, ")");
      return;
    }
    tree low = array_ref_low_bound(t);
    kb_add(b, "(");
    ex(g, b, TREE_OPERAND(t, 0));
    kb_add(b, ")[");
    ex(g, b, TREE_OPERAND(t, 1));
    if (!integer_zerop(low)) {
      kb_add(b, " - ");
      ex(g, b, low);
    }
    kb_add(b, "]");
    return;
  }
  case BIT_FIELD_REF:
    bit_field_ref(g, b, t);
    return;
  case COMPONENT_REF: {
    tree f = TREE_OPERAND(t, 1);
    unsigned k = 0;
    for (tree x = TYPE_FIELDS(DECL_CONTEXT(f)); x && x != f;
         x = DECL_CHAIN(x))
      if (TREE_CODE(x) == FIELD_DECL)
        k++;
    char nb[128];
    need_complete(g, DECL_CONTEXT(f));
    kb_add(b, "(");
    ex(g, b, TREE_OPERAND(t, 0));
    kb_printf(b, ").%s", field_name(f, k, nb, sizeof nb));
    return;
  }
  case PAREN_EXPR:
  case NOP_EXPR:
  case CONVERT_EXPR:
  case NEGATE_EXPR:
  case BIT_NOT_EXPR:
  case TRUTH_NOT_EXPR:
  case ABS_EXPR:
  case FLOAT_EXPR:
  case FIX_TRUNC_EXPR:
  case VIEW_CONVERT_EXPR:
  case CONJ_EXPR:
    unop(g, b, TREE_CODE(t), TREE_TYPE(t), TREE_OPERAND(t, 0));
    return;
  case COND_EXPR:
    kb_add(b, "((");
    ex(g, b, TREE_OPERAND(t, 0));
    kb_add(b, ") ? (");
    ex(g, b, TREE_OPERAND(t, 1));
    kb_add(b, ") : (");
    ex(g, b, TREE_OPERAND(t, 2));
    kb_add(b, "))");
    return;
  default:
    if (BINARY_CLASS_P(t) || COMPARISON_CLASS_P(t)
        || TREE_CODE(t) == TRUTH_AND_EXPR || TREE_CODE(t) == TRUTH_OR_EXPR) {
      binop(g, b, TREE_CODE(t), TREE_TYPE(t), TREE_OPERAND(t, 0),
            TREE_OPERAND(t, 1));
      return;
    }
    fail(g, t, "unsupported expression");
    kb_add(b, "0");
  }
}

/* ------------------------------------------------------------------ */
/* Stores: which lvalues are memory shared between threads.            */

static tree lvalue_base(tree t)
{
  while (handled_component_p(t))
    t = TREE_OPERAND(t, 0);
  return t;
}

/* Pointer-to-local search state: P, and whether every store to it in
   the region sets it to the address of a thread's own variable. */
struct local_ptr {
  kg *g;
  tree p;
  int defs;
  bool other;
};

static tree local_ptr_stmt(gimple_stmt_iterator *gsi, bool *handled,
                           walk_stmt_info *wi)
{
  (void)handled;
  local_ptr *lp = (local_ptr *)wi->info;
  gimple *s = gsi_stmt(*gsi);
  tree lhs = gimple_get_lhs(s);
  if (!lhs || lhs != lp->p)
    return NULL_TREE;
  tree r = is_gimple_assign(s) && gimple_assign_single_p(s)
               ? gimple_assign_rhs1(s) : NULL_TREE;
  while (r && CONVERT_EXPR_P(r))
    r = TREE_OPERAND(r, 0);
  if (r && TREE_CODE(r) == ADDR_EXPR) {
    tree x = lvalue_base(TREE_OPERAND(r, 0));
    if (VAR_P(x) && !is_global_var(x) && !shared_store_p(lp->g, x)) {
      lp->defs++;
      return NULL_TREE;
    }
  }
  lp->other = true;
  return NULL_TREE;
}

/* Whether pointer variable P only ever holds the address of a variable
   each thread has its own copy of (`int *q = &x` with x private): a store
   through it is then each thread's own, not one for the row. */
static bool thread_local_pointer(kg *g, tree p)
{
  if (!g->region || !VAR_P(p) || is_global_var(p) || TREE_ADDRESSABLE(p))
    return false;
  local_ptr lp = {g, p, 0, false};
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &lp;
  gimple_seq body = gimple_omp_body(g->region->stmt);
  walk_gimple_seq(body, local_ptr_stmt, NULL, &wi);
  return lp.defs > 0 && !lp.other;
}

/* True when a store to LHS writes memory other threads can see (through a
   pointer, a mapped variable, a global) rather than a thread's local. */
bool shared_store_p(kg *g, tree lhs)
{
  tree base = lvalue_base(lhs);
  if (TREE_CODE(base) == SSA_NAME)
    return false;
  if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF) {
    tree p = TREE_OPERAND(base, 0);
    if (TREE_CODE(p) == ADDR_EXPR)
      return shared_store_p(g, TREE_OPERAND(p, 0));
    return !thread_local_pointer(g, p);
  }
  if (DECL_P(base)) {
    if (g->shared.contains(base))
      return true;
    const char *n = lookup_name(g, base);
    return n && n[0] == '(';
  }
  return true;
}

/* The pointer parameter a pointer value derives from, or NULL. */
tree root_of(kg *g, tree p)
{
  for (unsigned i = 0; i + 1 < g->derived_from.length(); i += 2)
    if (g->derived_from[i] == p)
      return g->derived_from[i + 1];
  return NULL_TREE;
}

void mark_written(kg *g, tree root)
{
  if (root && !g->written.contains(root))
    g->written.safe_push(root);
}

void note_store(kg *g, tree lhs)
{
  tree base = lvalue_base(lhs);
  if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF) {
    tree p = TREE_OPERAND(base, 0);
    if (DECL_P(p))
      mark_written(g, root_of(g, p));
  }
}
