/* kernel-gen.cc — translates the high GIMPLE of a compute construct into a
 * CUDA C kernel (docs/kernel-abi.md §3), and functions called from kernels
 * into __device__ functions.
 *
 *   #pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n])
 *   for (i = 0; i < n; i++) a[i] = b[i] * s;
 * becomes
 *   ACCGPU_KERNEL void __accgpu_k_f_3_0(float *a_7, const float *__restrict__
 *                                        b_8, double s_9, int n_10) {
 *     ...
 *     for (long long __iv = blockIdx.x*blockDim.x+threadIdx.x; __iv < __tot;
 *          __iv += gridDim.x*blockDim.x) { i_11 = 0 + __iv; ... }
 *   }
 *
 * Every variable of the region is a thread-private C local of the kernel;
 * code outside partitioned loops runs redundantly in every thread, and its
 * stores to memory are done by one thread of the gang (or worker) followed
 * by a barrier (seed 001 §5.2.2).  Loop mapping: gang = blockIdx.x,
 * worker = threadIdx.y, vector = threadIdx.x, each a stride loop over the
 * collapsed iteration space, independent of the launch size.            */
#include "passes/kernel-gen.h"
#include "reduction/reduction.h"
#include "passes/kernel-text.h"
#include "passes/kernel-deps.h"
#include "passes/schedule-file.h"
#include "passes/const-init.h"

/* ------------------------------------------------------------------ */
/* Module-wide state: types, helpers, device functions.               */

static struct kbuf g_types;    /* typedefs and struct definitions */
static struct kbuf g_protos;   /* device function prototypes */
static struct kbuf g_prelude;  /* all of the above, assembled */

struct type_entry {
  tree type; /* main variant */
  int id;
  int state; /* 1 declared, 2 being defined, 3 defined */
};
static vec<type_entry> g_type_tab;
static vec<tree> g_statics; /* static consts defined in the module */

/* Device function candidates, one per function seen by the pass. */
struct devfn {
  tree decl;
  char *text;      /* definition, or NULL when it could not be translated */
  char *proto;
  char *why;       /* first reason it could not be translated */
  bool routine;    /* has #pragma acc routine */
  bool used;
  bool noted;
  vec<tree> callees;
};
static vec<devfn *> g_devfns;
static vec<tree> g_wanted; /* called from kernels before they were seen */

static devfn *find_devfn(tree decl)
{
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->decl == decl)
      return g_devfns[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Per-translation context.                                           */

struct name_entry {
  tree decl;
  char *text;
};

struct kg {
  struct kbuf decls;   /* local declarations */
  struct kbuf *out;    /* where statements go */
  vec<name_entry> names;
  location_t loc;
  bool failed;
  bool quiet;          /* device-function candidates: record, don't report */
  char *why;
  bool routine_mode;   /* a __device__ function (its loops partitioned only
                          for routine gang/worker/vector) */
  int dims;            /* dimensions the kernel uses */
  int part;            /* dimensions partitioned at this point */
  int kind;            /* target kind */
  bool gang_redundant_store;
  vec<tree> shared;    /* gang-private aggregates in __shared__ memory */
  unsigned long shared_bytes;
  int indent;
  int counter;
  hash_map<gimple *, int> *loop_dims;
  hash_map<gimple *, int> *sched_dims; /* loops an acc-tune schedule maps */
  vec<tree> callees;
  vec<tree> derived_from; /* pairs: pointer temp, root param */
  vec<tree> written;      /* root params stored through */
  struct kg_region *region;
};

/* A variable-length array type: its size is a run-time expression.  */
static bool vla_type_p(tree t)
{
  return TREE_CODE(t) == ARRAY_TYPE && TYPE_SIZE_UNIT(t)
         && TREE_CODE(TYPE_SIZE_UNIT(t)) != INTEGER_CST;
}

static void fail(kg *g, tree t, const char *msg)
{
  if (g->failed)
    return;
  g->failed = true;
  if (g->quiet) {
    g->why = xstrdup(msg);
    return;
  }
  location_t l = g->loc;
  if (t && EXPR_P(t) && EXPR_HAS_LOCATION(t))
    l = EXPR_LOCATION(t);
  if (t && TYPE_P(t))
    sorry_at(l, "accgpu: %s (type %qT) in an OpenACC compute region", msg, t);
  else if (t && DECL_P(t))
    sorry_at(l, "accgpu: %s: %qD", msg, t);
  else if (t)
    sorry_at(l, "accgpu: %s (%qs)", msg, get_tree_code_name(TREE_CODE(t)));
  else
    sorry_at(l, "accgpu: %s", msg);
}

/* A sorry naming VLA D at LOC (its declaration or the clause).  */
static void fail_vla(kg *g, tree d, location_t loc, const char *msg)
{
  location_t save = g->loc;
  if (loc != UNKNOWN_LOCATION)
    g->loc = loc;
  fail(g, d, msg);
  g->loc = save;
}

/* private(a) of a VLA needs a run-time sized copy per thread: no device
   allocation for that yet.  */
static void reject_vla_private(kg *g, tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE
        && vla_type_p(TREE_TYPE(OMP_CLAUSE_DECL(c))))
      fail_vla(g, OMP_CLAUSE_DECL(c), OMP_CLAUSE_LOCATION(c),
               "private copy of a variable-length array");
}

static void ind(kg *g)
{
  for (int i = 0; i < g->indent; i++)
    kb_add(g->out, "  ");
}

static const char *lookup_name(kg *g, tree decl)
{
  for (int i = (int)g->names.length() - 1; i >= 0; i--)
    if (g->names[i].decl == decl)
      return g->names[i].text;
  return NULL;
}

/* Writes a C identifier for DECL into BUF: its name (non-identifier
   characters replaced) and its uid. */
static const char *ident(tree decl, const char *dflt, char *buf, size_t n)
{
  const char *nm = DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : dflt;
  snprintf(buf, n, "%s_%u", nm, DECL_UID(decl));
  for (char *p = buf; *p; p++)
    if (!ISALNUM(*p) && *p != '_')
      *p = '_';
  return buf;
}

static void push_name(kg *g, tree decl, const char *text)
{
  name_entry e = {decl, xstrdup(text)};
  g->names.safe_push(e);
}

/* ------------------------------------------------------------------ */
/* Types.                                                              */

static void type_str(kg *g, kbuf *b, tree t);

static const char *int_name(tree t)
{
  bool u = TYPE_UNSIGNED(t);
  switch (TYPE_PRECISION(t)) {
  case 1:
    return "unsigned char";
  case 8:
    if (TYPE_MAIN_VARIANT(t) == char_type_node)
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
    return NULL;
  }
}

static type_entry *type_lookup(tree t, bool create)
{
  t = TYPE_MAIN_VARIANT(t);
  for (unsigned i = 0; i < g_type_tab.length(); i++)
    if (g_type_tab[i].type == t)
      return &g_type_tab[i];
  if (!create)
    return NULL;
  accgpu_keep(t);
  type_entry e = {t, (int)g_type_tab.length(), 0};
  g_type_tab.safe_push(e);
  return &g_type_tab.last();
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

/* Makes sure everything a by-value use of T needs is defined. */
static void need_complete(kg *g, tree t)
{
  while (TREE_CODE(t) == ARRAY_TYPE)
    t = TREE_TYPE(t);
  if (RECORD_OR_UNION_TYPE_P(t))
    define_type(g, t);
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
  kb_printf(&def, "%s __accgpu_s%d {\n", kw, id);
  unsigned k = 0;
  for (tree f = TYPE_FIELDS(t); f; f = DECL_CHAIN(f)) {
    if (TREE_CODE(f) != FIELD_DECL)
      continue;
    char nb[128];
    field_name(f, k++, nb, sizeof nb);
    tree ft = DECL_BIT_FIELD(f) && DECL_BIT_FIELD_TYPE(f)
                  ? DECL_BIT_FIELD_TYPE(f) : TREE_TYPE(f);
    need_complete(g, ft);
    kb_add(&def, "  ");
    type_str(g, &def, ft);
    if (DECL_BIT_FIELD(f))
      kb_printf(&def, " %s : %d;\n", nb, (int)tree_to_uhwi(DECL_SIZE(f)));
    else
      kb_printf(&def, " %s;\n", nb);
  }
  kb_add(&def, "};\n");
  kb_add(&g_types, kb_str(&def));
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
    type_str(g, &def, TREE_TYPE(t));
    if (dom && TYPE_MAX_VALUE(dom) && tree_fits_shwi_p(TYPE_MAX_VALUE(dom)))
      kb_printf(&def, " __accgpu_a%d[%lld];\n", id,
                (long long)tree_to_shwi(TYPE_MAX_VALUE(dom)) + 1);
    else if (!dom || !TYPE_MAX_VALUE(dom))
      kb_printf(&def, " __accgpu_a%d[];\n", id);
    else {
      fail(g, t, "unsupported array bound");
      kb_printf(&def, " __accgpu_a%d[1];\n", id);
    }
    kb_add(&g_types, kb_str(&def));
    kb_free(&def);
  }
  kb_printf(b, "__accgpu_a%d", id);
}

/* Prints T as a type name after which a declarator name can follow. */
static void type_str(kg *g, kbuf *b, tree t)
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
    else {
      fail(g, t, "long double is not supported on the device");
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
       (vla_addr).  */
    if (variably_modified_type_p(TREE_TYPE(t), NULL_TREE)) {
      kb_add(b, "char *");
      return;
    }
    type_str(g, b, TREE_TYPE(t));
    kb_add(b, " *");
    return;
  case ARRAY_TYPE:
    array_typedef(g, b, t);
    return;
  case RECORD_TYPE:
  case UNION_TYPE: {
    type_entry *e = type_lookup(t, true);
    const char *kw = TREE_CODE(t) == UNION_TYPE ? "union" : "struct";
    if (e->state == 0) {
      e->state = 1;
      kb_printf(&g_types, "%s __accgpu_s%d;\n", kw, e->id);
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
static void decl_str(kg *g, kbuf *b, tree type, const char *name)
{
  type = object_type(type);
  need_complete(g, type);
  type_str(g, b, type);
  kb_printf(b, " %s", name);
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                        */

static void ex(kg *g, kbuf *b, tree t);

static bool is_local_auto(tree d)
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
  ident(d, "c", buf, sizeof buf);
  if (!g_statics.contains(d)) {
    struct kbuf def = {};
    kb_add(&def, "static __device__ const ");
    decl_str(g, &def, TREE_TYPE(d), buf);
    kb_add(&def, " = ");
    kg_const_init(&def, TREE_TYPE(d), DECL_INITIAL(d), const_leaf, g);
    kb_add(&def, ";\n");
    kb_add(&g_types, kb_str(&def));
    kb_free(&def);
    accgpu_keep(d);
    g_statics.safe_push(d);
  }
  push_name(g, d, buf);
  return true;
}

static const char *decl_name(kg *g, tree d)
{
  const char *n = lookup_name(g, d);
  if (n)
    return n;
  if (!is_local_auto(d) && static_const(g, d))
    return lookup_name(g, d);
  if (!is_local_auto(d)) {
    fail(g, d, DECL_CONTEXT(d) && TREE_CODE(DECL_CONTEXT(d)) == FUNCTION_DECL
                   ? "static local variable used on the device"
                   : "global variable used on the device without a data "
                     "clause or declare");
    return "0";
  }
  if (vla_type_p(TREE_TYPE(d))) {
    fail(g, d, "variable-length array declared inside a compute region");
    return "0";
  }
  char buf[200];
  if (TREE_CODE(d) == SSA_NAME)
    snprintf(buf, sizeof buf, "ssa_%u", SSA_NAME_VERSION(d));
  else
    ident(d, "t", buf, sizeof buf);
  struct kbuf *save = g->out;
  g->out = &g->decls;
  kb_add(&g->decls, g->shared.contains(d) ? "  __shared__ " : "  ");
  decl_str(g, &g->decls, TREE_TYPE(d), buf);
  kb_add(&g->decls, ";\n");
  g->out = save;
  push_name(g, d, buf);
  return lookup_name(g, d);
}

static void int_cst(kg *g, kbuf *b, tree t)
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

static void cast_to(kg *g, kbuf *b, tree type, tree e)
{
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

static void mem_ref(kg *g, kbuf *b, tree t)
{
  if (vla_type_p(TREE_TYPE(t))) {
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
  type_str(g, b, type);
  kb_add(b, " *)((char *)(");
  ex(g, b, ptr);
  if (integer_zerop(off))
    kb_add(b, ")))");
  else
    kb_printf(b, ") + %lldLL))", (long long)tree_to_shwi(off));
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
                (long long)tree_to_shwi(TREE_OPERAND(t, 1)));
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
  if (vla_type_p(TREE_TYPE(t)))
    return true;
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(t));
  return TREE_CODE(t) == ARRAY_REF
         && (vla_type_p(TREE_TYPE(TREE_OPERAND(t, 0)))
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
static void binop(kg *g, kbuf *b, enum tree_code code, tree type, tree x,
                  tree y)
{
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

static void unop(kg *g, kbuf *b, enum tree_code code, tree type, tree x)
{
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

static void ex(kg *g, kbuf *b, tree t)
{
  switch (TREE_CODE(t)) {
  case INTEGER_CST:
    int_cst(g, b, t);
    return;
  case REAL_CST:
    real_cst(g, b, t);
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
      fail(g, t, "string literals are not supported on the device");
      kb_add(b, "0");
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
    kb_add(b, "((");
    type_str(g, b, TREE_TYPE(t));
    kb_add(b, ")&(");
    ex(g, b, op);
    kb_add(b, "))");
    return;
  }
  case MEM_REF:
    mem_ref(g, b, t);
    return;
  case INDIRECT_REF:
    if (vla_type_p(TREE_TYPE(t))) {
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
      if (vla_type_p(TREE_TYPE(t))) {
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

/* True when a store to LHS writes memory other threads can see (through a
   pointer, a mapped variable, a global) rather than a thread's local. */
static bool shared_store_p(kg *g, tree lhs)
{
  tree base = lvalue_base(lhs);
  if (TREE_CODE(base) == SSA_NAME)
    return false;
  if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF) {
    tree p = TREE_OPERAND(base, 0);
    if (TREE_CODE(p) == ADDR_EXPR)
      return shared_store_p(g, TREE_OPERAND(p, 0));
    return true;
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
static tree root_of(kg *g, tree p)
{
  for (unsigned i = 0; i + 1 < g->derived_from.length(); i += 2)
    if (g->derived_from[i] == p)
      return g->derived_from[i + 1];
  return NULL_TREE;
}

static void mark_written(kg *g, tree root)
{
  if (root && !g->written.contains(root))
    g->written.safe_push(root);
}

static void note_store(kg *g, tree lhs)
{
  tree base = lvalue_base(lhs);
  if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF) {
    tree p = TREE_OPERAND(base, 0);
    if (DECL_P(p))
      mark_written(g, root_of(g, p));
  }
}

/* ------------------------------------------------------------------ */
/* Statements.                                                         */

static void emit_seq(kg *g, gimple_seq seq);
static void maybe_share(kg *g, tree d);
static tree callee_dims(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi);

static void label_name(kbuf *b, tree label)
{
  kb_printf(b, "L%u", LABEL_DECL_UID(label) >= 0 ? (unsigned)LABEL_DECL_UID(label)
                                                 : DECL_UID(label));
}

/* Guard of stores in redundant (gang/worker/vector-single) code. */
static bool need_guard(kg *g)
{
  return (g->dims & ~g->part & (KG_WORKER | KG_VECTOR)) != 0;
}

static void redundant_barrier(kg *g);

/* True when no barrier is needed before a store by one thread or a
   partitioned loop: the code since the last barrier read no memory (the
   text since it has no subscript, dereference or routine call), so no
   thread can still be reading what is about to change. */
static bool after_barrier(kg *g)
{
  const char *t = kb_str(g->out);
  size_t n = strlen(t);
  static const char *const bars[] = {"__syncthreads();",
                                     "__accgpu_sync_row();", "__syncwarp("};
  size_t from = 0;
  for (unsigned i = 0; i < 3; i++) {
    size_t m = strlen(bars[i]);
    for (size_t k = n >= m ? n - m + 1 : 0; k-- > from;)
      if (!strncmp(t + k, bars[i], m)) {
        from = k + m;
        break;
      }
  }
  if (!from)
    return false;
  for (size_t k = from; k < n; k++)
    if (t[k] == '[' || (t[k] == '(' && t[k + 1] == '*')
        || !strncmp(t + k, "__accgpu_r_", 11)) /* a routine may read */
      return false;
  return true;
}

static void open_guard(kg *g)
{
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  /* The threads that run this code redundantly may still be reading what
     the one thread is about to overwrite (a loop condition on the stored
     value): all of them pass a barrier first. */
  if (!(g->part & KG_VECTOR) && !after_barrier(g))
    redundant_barrier(g);
  ind(g);
  kb_add(g->out, "if (");
  if (single & KG_VECTOR)
    kb_add(g->out, "threadIdx.x == 0");
  if ((single & KG_VECTOR) && (single & KG_WORKER))
    kb_add(g->out, " && ");
  if (single & KG_WORKER)
    kb_add(g->out, "threadIdx.y == 0");
  kb_add(g->out, ") {\n");
  g->indent++;
}

/* Barrier among the threads that run this redundant code together. */
static void redundant_barrier(kg *g)
{
  ind(g);
  if (g->routine_mode && g->dims == KG_VECTOR && !(g->part & KG_VECTOR)) {
    /* A vector routine is called by a whole one-row block, or by one
       worker (a row of whole warps) of a block with several rows. */
    kb_add(g->out, "if (blockDim.y == 1) __syncthreads(); "
                   "else __accgpu_sync_row();\n");
    return;
  }
  if (!(g->part & (KG_WORKER | KG_VECTOR)))
    kb_add(g->out, "__syncthreads();\n");
  else if (!(g->part & KG_VECTOR) && (g->dims & KG_VECTOR))
    kb_add(g->out, "__accgpu_sync_row();\n"); /* the worker's lanes */
  else
    kb_add(g->out, ";\n");
}

static void close_guard(kg *g)
{
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
  if (!(g->part & (KG_VECTOR)))
    redundant_barrier(g);
}

/* LHS = *&SRC byte by byte (SRC NULL: zeros), done as a store. */
static void byte_copy(kg *g, tree lhs, tree src)
{
  struct kbuf l = {}, r = {};
  ex(g, &l, lhs);
  if (src)
    ex(g, &r, src);
  bool guard = need_guard(g) && shared_store_p(g, lhs);
  if (guard)
    open_guard(g);
  ind(g);
  kb_printf(g->out, "{ unsigned char *__z = (unsigned char *)&(%s); ",
            kb_str(&l));
  if (src)
    kb_printf(g->out, "const unsigned char *__y = (const unsigned char *)"
                      "&(%s); ", kb_str(&r));
  kb_printf(g->out, "for (unsigned long long __k = 0; __k < sizeof(%s); "
                    "__k++) __z[__k] = %s; }\n",
            kb_str(&l), src ? "__y[__k]" : "0");
  if (guard)
    close_guard(g);
  note_store(g, lhs);
  kb_free(&l);
  kb_free(&r);
}

static void emit_assign(kg *g, gimple *s)
{
  tree lhs = gimple_assign_lhs(s);
  if (gimple_clobber_p(s))
    return;
  enum tree_code code = gimple_assign_rhs_code(s);
  tree type = TREE_TYPE(lhs);
  struct kbuf rhs = {};
  switch (get_gimple_rhs_class(code)) {
  case GIMPLE_SINGLE_RHS: {
    tree r = gimple_assign_rhs1(s);
    if (TREE_CODE(r) == CONSTRUCTOR) {
      if (CONSTRUCTOR_NELTS(r) != 0)
        fail(g, r, "non-empty aggregate initializer");
      byte_copy(g, lhs, NULL_TREE); /* lhs = {} */
      return;
    }
    if (TREE_CODE(type) == ARRAY_TYPE) {
      byte_copy(g, lhs, r); /* C has no array assignment */
      return;
    }
    if (is_gimple_reg_type(type) && !types_compatible_p(type, TREE_TYPE(r)))
      cast_to(g, &rhs, type, r);
    else if (POINTER_TYPE_P(type))
      cast_to(g, &rhs, type, r);
    else
      ex(g, &rhs, r);
    if (POINTER_TYPE_P(type) && DECL_P(lhs)) {
      tree root = DECL_P(r) ? root_of(g, r) : NULL_TREE;
      if (TREE_CODE(r) == ADDR_EXPR)
        root = NULL_TREE;
      if (root) {
        tree cur = root_of(g, lhs);
        if (cur && cur != root) {
          mark_written(g, cur);
          mark_written(g, root);
        } else if (!cur) {
          g->derived_from.safe_push(lhs);
          g->derived_from.safe_push(root);
        }
      }
    } else if (DECL_P(r) && POINTER_TYPE_P(TREE_TYPE(r)))
      mark_written(g, root_of(g, r)); /* pointer stored to memory */
    break;
  }
  case GIMPLE_UNARY_RHS:
    unop(g, &rhs, code, type, gimple_assign_rhs1(s));
    if (POINTER_TYPE_P(type) && DECL_P(lhs)
        && DECL_P(gimple_assign_rhs1(s))) {
      tree root = root_of(g, gimple_assign_rhs1(s));
      if (root && !root_of(g, lhs)) {
        g->derived_from.safe_push(lhs);
        g->derived_from.safe_push(root);
      }
    }
    break;
  case GIMPLE_BINARY_RHS:
    binop(g, &rhs, code, type, gimple_assign_rhs1(s), gimple_assign_rhs2(s));
    if (code == POINTER_PLUS_EXPR && DECL_P(lhs)
        && DECL_P(gimple_assign_rhs1(s))) {
      tree root = root_of(g, gimple_assign_rhs1(s)), cur = root_of(g, lhs);
      if (root && cur && cur != root) {
        mark_written(g, cur);
        mark_written(g, root);
      } else if (root && !cur) {
        g->derived_from.safe_push(lhs);
        g->derived_from.safe_push(root);
      }
    }
    break;
  case GIMPLE_TERNARY_RHS:
    if (code == COND_EXPR) {
      kb_add(&rhs, "((");
      ex(g, &rhs, gimple_assign_rhs1(s));
      kb_add(&rhs, ") ? (");
      ex(g, &rhs, gimple_assign_rhs2(s));
      kb_add(&rhs, ") : (");
      ex(g, &rhs, gimple_assign_rhs3(s));
      kb_add(&rhs, "))");
    } else
      fail(g, NULL, "unsupported ternary operation");
    break;
  default:
    fail(g, NULL, "unsupported assignment");
  }
  struct kbuf l = {};
  ex(g, &l, lhs);
  if (!(g->part & KG_GANG) && shared_store_p(g, lhs))
    g->gang_redundant_store = true;
  bool guard = need_guard(g) && shared_store_p(g, lhs);
  if (guard)
    open_guard(g);
  ind(g);
  kb_printf(g->out, "%s = %s;\n", kb_str(&l), kb_str(&rhs));
  if (guard)
    close_guard(g);
  note_store(g, lhs);
  kb_free(&l);
  kb_free(&rhs);
}

static const char *const math_fns[] = {
  "sqrt", "cbrt", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
  "log1p", "pow", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
  "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "floor", "ceil",
  "round", "trunc", "rint", "nearbyint", "fmin", "fmax", "fmod", "fma",
  "hypot", "copysign", "erf", "erfc", "tgamma", "lgamma", "ldexp",
  "remainder", "fdim", "logb", "ilogb", "scalbn", "lround", "llround",
  "lrint", "llrint", "abs", "labs", "llabs", "isnan", "isinf", "isfinite",
  "signbit", "rsqrt", "sincos", NULL};

/* The CUDA name of a math builtin NAME, or NULL. */
static const char *math_name(const char *name)
{
  if (!strncmp(name, "__builtin_", 10))
    name = name + 10;
  char base[64];
  snprintf(base, sizeof base, "%s", name);
  size_t n = strlen(base);
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; math_fns[i]; i++)
      if (!strcmp(base, math_fns[i]))
        return name;
    if (n > 1 && base[n - 1] == 'f')
      base[n - 1] = 0;
    else
      break;
  }
  return NULL;
}

static void record_callee(kg *g, tree fn)
{
  if (!g->callees.contains(fn))
    g->callees.safe_push(fn);
}

/* Prototype of the device version of FN ("static __device__ T name(...)").
   Returns xmalloc'd text. */
static char *device_proto(kg *g, tree fn, bool with_names);

static void emit_call(kg *g, gimple *s)
{
  tree fn = gimple_call_fndecl(s);
  tree lhs = gimple_call_lhs(s);
  struct kbuf call = {};
  enum tree_code uop;
  if (int u = accgpu_ubsan_call(s, &uop)) { /* host-only checks */
    if (u == ACCGPU_UBSAN_ARITH && lhs) {
      ind(g);
      ex(g, g->out, lhs);
      kb_add(g->out, " = (");
      ex(g, g->out, gimple_call_arg(s, 0));
      kb_add(g->out, uop == PLUS_EXPR ? ") + (" : uop == MINUS_EXPR ? ") - ("
                                                                   : ") * (");
      ex(g, g->out, gimple_call_arg(s, 1));
      kb_add(g->out, ");\n");
    }
    return;
  }
  if (gimple_call_internal_p(s) || !fn) {
    fail(g, NULL, "indirect or internal call on the device");
    return;
  }
  const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
  if (!strcmp(name, "acc_on_device") && gimple_call_num_args(s) == 1) {
    /* On a device: true for acc_device_not_host and its own type. */
    if (lhs) {
      struct kbuf l = {}, a = {};
      ex(g, &l, lhs);
      ex(g, &a, gimple_call_arg(s, 0));
      ind(g);
      kb_printf(g->out, "%s = ((int)(%s) == 3 || (int)(%s) == "
                        "__ACCGPU_DEVTYPE);\n", kb_str(&l), kb_str(&a),
                kb_str(&a));
      kb_free(&l);
      kb_free(&a);
    }
    return;
  }
  if (fndecl_built_in_p(fn, BUILT_IN_NORMAL)) {
    enum built_in_function code = DECL_FUNCTION_CODE(fn);
    if (code == BUILT_IN_UNREACHABLE || code == BUILT_IN_TRAP)
      return;
    if (code == BUILT_IN_EXPECT) {
      if (lhs) {
        ind(g);
        struct kbuf l = {};
        ex(g, &l, lhs);
        kb_printf(g->out, "%s = ", kb_str(&l));
        ex(g, g->out, gimple_call_arg(s, 0));
        kb_add(g->out, ";\n");
        kb_free(&l);
      }
      return;
    }
    const char *m = math_name(name);
    if (code == BUILT_IN_STACK_SAVE || code == BUILT_IN_STACK_RESTORE
        || code == BUILT_IN_ALLOCA || code == BUILT_IN_ALLOCA_WITH_ALIGN) {
      fail(g, NULL, "variable-length arrays and alloca are not supported on "
                    "the device");
      return;
    }
    if (!m) {
      fail(g, fn, "this builtin cannot be called on the device");
      return;
    }
    kb_printf(&call, "%s(", m);
  } else {
    bool routine = lookup_attribute("oacc function", DECL_ATTRIBUTES(fn));
    devfn *d = find_devfn(fn);
    bool has_body = DECL_SAVED_TREE(fn) || gimple_has_body_p(fn)
                    || (d && d->text);
    if (!routine && !has_body) {
      if (!g->failed && !g->quiet)
        error_at(gimple_location(s) != UNKNOWN_LOCATION ? gimple_location(s)
                                                        : g->loc,
                 "accgpu: %qD is called in an OpenACC compute region but has "
                 "no %<#pragma acc routine%> and no body in this file",
                 fn);
      g->failed = true;
      if (g->quiet && !g->why)
        g->why = xstrdup("calls a function that is not available");
      return;
    }
    record_callee(g, fn);
    char *p = device_proto(g, fn, false);
    free(p);
    kb_printf(&call, "__accgpu_r_%s(", name);
  }
  tree ftype = gimple_call_fntype(s);
  tree argt = ftype ? TYPE_ARG_TYPES(ftype) : NULL_TREE;
  for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
    if (i)
      kb_add(&call, ", ");
    tree a = gimple_call_arg(s, i);
    if (argt && TREE_VALUE(argt) != void_type_node) {
      cast_to(g, &call, TREE_VALUE(argt), a);
      argt = TREE_CHAIN(argt);
    } else
      ex(g, &call, a);
    if (DECL_P(a) && POINTER_TYPE_P(TREE_TYPE(a)))
      mark_written(g, root_of(g, a)); /* escapes into the callee */
  }
  kb_add(&call, ")");
  ind(g);
  if (lhs) {
    struct kbuf l = {};
    ex(g, &l, lhs);
    kb_printf(g->out, "%s = ", kb_str(&l));
    if (is_gimple_reg_type(TREE_TYPE(lhs))) {
      kb_add(g->out, "((");
      type_str(g, g->out, TREE_TYPE(lhs));
      kb_printf(g->out, ")%s);\n", kb_str(&call));
    } else
      kb_printf(g->out, "%s;\n", kb_str(&call));
    kb_free(&l);
  } else
    kb_printf(g->out, "%s;\n", kb_str(&call));
  kb_free(&call);
}

static void emit_cond(kg *g, gcond *s)
{
  tree t = gimple_cond_true_label(s), f = gimple_cond_false_label(s);
  ind(g);
  kb_add(g->out, "if (");
  binop(g, g->out, gimple_cond_code(s), boolean_type_node,
        gimple_cond_lhs(s), gimple_cond_rhs(s));
  kb_add(g->out, ") ");
  if (t) {
    kb_add(g->out, "goto ");
    label_name(g->out, t);
    kb_add(g->out, ";");
  } else
    kb_add(g->out, ";");
  if (f) {
    kb_add(g->out, " else goto ");
    label_name(g->out, f);
    kb_add(g->out, ";");
  }
  kb_add(g->out, "\n");
}

static void emit_switch(kg *g, gswitch *s)
{
  tree idx = gimple_switch_index(s);
  tree deflt = NULL_TREE;
  for (unsigned i = 0; i < gimple_switch_num_labels(s); i++) {
    tree c = gimple_switch_label(s, i);
    if (!CASE_LOW(c)) {
      deflt = CASE_LABEL(c);
      continue;
    }
    ind(g);
    kb_add(g->out, "if (");
    if (CASE_HIGH(c)) {
      kb_add(g->out, "(");
      ex(g, g->out, idx);
      kb_add(g->out, ") >= ");
      ex(g, g->out, fold_convert(TREE_TYPE(idx), CASE_LOW(c)));
      kb_add(g->out, " && (");
      ex(g, g->out, idx);
      kb_add(g->out, ") <= ");
      ex(g, g->out, fold_convert(TREE_TYPE(idx), CASE_HIGH(c)));
    } else {
      kb_add(g->out, "(");
      ex(g, g->out, idx);
      kb_add(g->out, ") == ");
      ex(g, g->out, fold_convert(TREE_TYPE(idx), CASE_LOW(c)));
    }
    kb_add(g->out, ") goto ");
    label_name(g->out, CASE_LABEL(c));
    kb_add(g->out, ";\n");
  }
  if (deflt) {
    ind(g);
    kb_add(g->out, "goto ");
    label_name(g->out, deflt);
    kb_add(g->out, ";\n");
  }
}

/* True when the redundant code here is one worker's (vector-single inside
   a worker loop, or a vector routine, which a worker may call): its guard
   and barrier involve that worker's row only. */
static bool row_guard(kg *g)
{
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  return single == KG_VECTOR && (g->routine_mode || (g->dims & KG_WORKER));
}

/* ---- atomics ---- */

/* GIMPLE_OMP_ATOMIC_LOAD at *GSI up to the matching store: a CAS loop on
   the bit pattern (works for every operation, capture included).
   Advances *GSI past the store. */
static void emit_atomic(kg *g, gimple_stmt_iterator *gsi)
{
  gomp_atomic_load *ld = as_a<gomp_atomic_load *>(gsi_stmt(*gsi));
  tree lhs = gimple_omp_atomic_load_lhs(ld);
  tree addr = gimple_omp_atomic_load_rhs(ld);
  tree type = TREE_TYPE(lhs);
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  if (size != 4 && size != 8) {
    fail(g, type, "atomic on a type that is not 4 or 8 bytes");
    return;
  }
  const char *ut = size == 4 ? "unsigned int" : "unsigned long long";
  bool guard = need_guard(g);
  if (guard)
    open_guard(g);
  struct kbuf tb = {}, ab = {}, lb = {};
  type_str(g, &tb, type);
  ex(g, &ab, addr);
  ex(g, &lb, lhs);
  note_store(g, build_simple_mem_ref(addr));
  if (DECL_P(addr))
    mark_written(g, root_of(g, addr));
  ind(g);
  kb_printf(g->out, "{ %s *__ap = (%s *)(%s);\n", kb_str(&tb), kb_str(&tb),
            kb_str(&ab));
  ind(g);
  /* Start from an atomic read (CAS 0 -> 0): a plain load would race. */
  kb_printf(g->out, "  union { %s v; %s u; } __o, __n; "
            "__o.u = atomicCAS((%s *)__ap, (%s)0, (%s)0);\n",
            kb_str(&tb), ut, ut, ut, ut);
  ind(g);
  kb_add(g->out, "  for (;;) {\n");
  ind(g);
  kb_printf(g->out, "    %s = __o.v;\n", kb_str(&lb));
  g->indent += 2;
  gsi_next(gsi);
  tree val = NULL_TREE;
  for (; !gsi_end_p(*gsi); gsi_next(gsi)) {
    gimple *s = gsi_stmt(*gsi);
    if (gimple_code(s) == GIMPLE_OMP_ATOMIC_STORE) {
      val = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
      break;
    }
    /* Statements between load and store compute the new value. */
    if (gimple_code(s) == GIMPLE_ASSIGN)
      emit_assign(g, s);
    else if (gimple_code(s) == GIMPLE_CALL)
      emit_call(g, s);
    else if (!is_gimple_debug(s) && gimple_code(s) != GIMPLE_NOP)
      fail(g, NULL, "unsupported statement in an atomic construct");
  }
  g->indent -= 2;
  if (!val) {
    fail(g, NULL, "malformed atomic construct");
    return;
  }
  struct kbuf vb = {};
  ex(g, &vb, val);
  ind(g);
  kb_printf(g->out, "    __n.v = %s;\n", kb_str(&vb));
  ind(g);
  kb_printf(g->out, "    { %s __p = atomicCAS((%s *)__ap, __o.u, __n.u);\n",
            ut, ut);
  ind(g);
  kb_add(g->out, "      if (__p == __o.u) break; __o.u = __p; }\n");
  ind(g);
  kb_add(g->out, "  }\n");
  ind(g);
  kb_add(g->out, "}\n");
  if (guard) {
    /* The one thread that did it hands the old and new values (capture)
       to the others through shared memory: the worker's own slots when
       only its lanes take part (workers run this at different times). */
    const char *scr = accgpu_red_scratch_ref(row_guard(g));
    ind(g);
    kb_printf(g->out, "((%s *)%s)[0] = %s; ((%s *)%s)[1] = %s;\n",
              kb_str(&tb), scr, kb_str(&lb), kb_str(&tb), scr, kb_str(&vb));
    close_guard(g);
    ind(g);
    kb_printf(g->out, "%s = ((%s *)%s)[0];\n", kb_str(&lb), kb_str(&tb), scr);
    if (DECL_P(val) || TREE_CODE(val) == SSA_NAME) {
      ind(g);
      kb_printf(g->out, "%s = ((%s *)%s)[1];\n", kb_str(&vb), kb_str(&tb),
                scr);
    }
    redundant_barrier(g);
    accgpu_red_need_scratch();
  }
  kb_free(&tb);
  kb_free(&ab);
  kb_free(&lb);
  kb_free(&vb);
}

/* ---- reductions (their text: reduction/) ---- */

/* Identity of OP for TYPE, as C text. */
static void red_identity(kg *g, kbuf *b, enum tree_code op, tree type)
{
  struct kbuf t = {}, lim = {};
  type_str(g, &t, type);
  if (INTEGRAL_TYPE_P(type) && TREE_CODE(type) != BOOLEAN_TYPE
      && (op == MAX_EXPR || op == MIN_EXPR))
    int_cst(g, &lim, op == MAX_EXPR ? TYPE_MIN_VALUE(type)
                                    : TYPE_MAX_VALUE(type));
  accgpu_red_identity(b, op, type, kb_str(&t), kb_str(&lim));
  kb_free(&t);
  kb_free(&lim);
}

/* The module's helpers for OP on TYPE (reduction/helpers.cc); returns the
   "OP_T" suffix of their names. */
static char *red_helpers(kg *g, enum tree_code op, tree type)
{
  if (!accgpu_red_type_tag(type) || !accgpu_red_op_tag(op)) {
    fail(g, type, "unsupported reduction type or operator");
    return xstrdup("add_i");
  }
  if (!accgpu_red_atomic_p(type))
    fail(g, type, "reduction into memory on a type that is not 1, 2, 4 or 8 "
         "bytes");
  struct kbuf t = {}, id = {};
  type_str(g, &t, type);
  red_identity(g, &id, op, type);
  char *sfx = accgpu_red_helpers(op, type, kb_str(&t), kb_str(&id));
  kb_free(&t);
  kb_free(&id);
  return sfx;
}

/* ---- loops ---- */

/* The construct's vector_length when it is a constant, else 0. */
static HOST_WIDE_INT const_vector_length(kg *g)
{
  if (!g->region)
    return 0;
  for (tree c = gimple_omp_target_clauses(g->region->stmt); c;
       c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_VECTOR_LENGTH) {
      tree v = OMP_CLAUSE_VECTOR_LENGTH_EXPR(c);
      return tree_fits_shwi_p(v) ? tree_to_shwi(v) : 0;
    }
  return 0;
}

/* Size of a `*` at level L of NL tiled levels: a warp's width on the
   innermost level (consecutive lanes, consecutive elements), the rest of
   the vector length (128 unless a constant says otherwise) on the level
   outside it, 1 further out. */
static HOST_WIDE_INT star_tile(kg *g, unsigned l, unsigned nl)
{
  if (l + 1 == nl)
    return 32;
  if (l + 2 < nl)
    return 1;
  HOST_WIDE_INT v = const_vector_length(g);
  v = v > 0 ? v : 128;
  return v / 32 > 1 ? v / 32 : 1;
}

/* Tile sizes of F's tile clause for its NL levels into TSZ (`*` picked
   by star_tile; a non-constant size counts as 1); returns false without
   a tile clause. */
static bool tile_sizes(kg *g, gomp_for *f, unsigned nl, HOST_WIDE_INT *tsz)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_TILE)
      continue;
    tree t = OMP_CLAUSE_TILE_LIST(c);
    bool star = false;
    for (unsigned l = 0; l < nl; l++, t = t ? TREE_CHAIN(t) : t) {
      tree v = t ? TREE_VALUE(t) : NULL_TREE;
      if (v && integer_zerop(v)) { /* GCC's `*` */
        tsz[l] = star_tile(g, l, nl);
        star = true;
      } else
        tsz[l] = v && tree_fits_shwi_p(v) && tree_to_shwi(v) > 0
                 ? tree_to_shwi(v) : 1;
    }
    if (star && accgpu_opts.info && !g->quiet) {
      char buf[128] = "";
      for (unsigned l = 0; l < nl && strlen(buf) < 100; l++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%lld",
                 l ? " x " : "", (long long)tsz[l]);
      inform(gimple_location(f), "accgpu: tile sizes %s (%<*%> picked)",
             buf);
    }
    return true;
  }
  return false;
}

/* gang(static:N) or gang(static:*) on F: N (> 0), -1 for `*`, 0 when
   absent or not a positive constant. */
static HOST_WIDE_INT gang_static_chunk(gomp_for *f)
{
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_GANG)
      continue;
    tree e = OMP_CLAUSE_GANG_STATIC_EXPR(c);
    if (!e)
      return 0;
    if (integer_minus_onep(e))
      return -1;
    return tree_fits_shwi_p(e) && tree_to_shwi(e) > 0 ? tree_to_shwi(e) : 0;
  }
  return 0;
}

/* gang(static:N) on a gang-only loop ID (not tiled): chunks of N
   iterations dealt round-robin to the gangs (static:*: one chunk per
   gang).  The gang stride loop then runs over the iterations padded to
   whole rounds of chunks (__tot, the real count kept in __n), and
   gang_static_index maps its m-th step in gang g to iteration
   ((m / N) * gridDim.x + g) * N + m % N, skipping the padding.  Returns
   true when it applies.  (Iterations of a gang loop are independent, so
   this changes only which gang runs which: locality, not results.) */
static bool gang_static_pad(kg *g, gomp_for *f, int dims, bool tiled, int id)
{
  HOST_WIDE_INT n = gang_static_chunk(f);
  if (dims != KG_GANG || tiled || n == 0 || n == 1) {
    if (n && n != 1 && dims != KG_GANG && accgpu_opts.info && !g->quiet)
      inform(gimple_location(f), "accgpu: %<gang(static:...)%> applies to "
             "gang-only loops here; iterations are dealt one by one");
    return false;
  }
  ind(g);
  if (n > 0)
    kb_printf(g->out, "long long __n%d = __tot%d, __ch%d = %lld;\n", id, id,
              id, (long long)n);
  else
    kb_printf(g->out, "long long __n%d = __tot%d, __ch%d = (__tot%d + "
              "gridDim.x - 1) / gridDim.x > 1 ? (__tot%d + gridDim.x - 1) / "
              "gridDim.x : 1;\n", id, id, id, id, id);
  ind(g);
  kb_printf(g->out, "__tot%d = (__n%d + gridDim.x * __ch%d - 1) / "
            "(gridDim.x * __ch%d) * (gridDim.x * __ch%d);\n", id, id, id,
            id, id);
  return true;
}

/* The iteration the current step of a gang_static_pad loop stands for,
   as __r<ID>; padding steps are skipped. */
static void gang_static_index(kg *g, int id)
{
  kb_printf(g->out, "long long __m%d = __iv%d / gridDim.x, __r%d = ((__m%d / "
            "__ch%d) * gridDim.x + blockIdx.x) * __ch%d + __m%d %% __ch%d;\n",
            id, id, id, id, id, id, id, id);
  ind(g);
  kb_printf(g->out, "if (__r%d >= __n%d) continue;\n", id, id);
}

struct loop_level {
  tree index, n1, n2, step;
  enum tree_code cond;
};

static bool get_level(kg *g, gomp_for *f, unsigned l, loop_level *lv)
{
  lv->index = gimple_omp_for_index(f, l);
  lv->n1 = gimple_omp_for_initial(f, l);
  lv->n2 = gimple_omp_for_final(f, l);
  lv->cond = gimple_omp_for_cond(f, l);
  tree incr = gimple_omp_for_incr(f, l);
  if (TREE_CODE(incr) == MODIFY_EXPR)
    incr = TREE_OPERAND(incr, 1);
  if (!POINTER_TYPE_P(TREE_TYPE(lv->index)) && TREE_CODE(incr) == PLUS_EXPR)
    lv->step = TREE_OPERAND(incr, 1);
  else if (!POINTER_TYPE_P(TREE_TYPE(lv->index))
           && TREE_CODE(incr) == MINUS_EXPR)
    lv->step = fold_build1(NEGATE_EXPR, TREE_TYPE(TREE_OPERAND(incr, 1)),
                           TREE_OPERAND(incr, 1));
  else {
    fail(g, lv->index, "unsupported loop increment (pointer or non-additive)");
    return false;
  }
  if (!INTEGRAL_TYPE_P(TREE_TYPE(lv->index))) {
    fail(g, lv->index, "loop index must have integer type");
    return false;
  }
  return true;
}

static void ll(kg *g, kbuf *b, tree e)
{
  kb_add(b, "(long long)(");
  ex(g, b, e);
  kb_add(b, ")");
}

/* Declares __tcN_l, the trip count of level LV. */
static void emit_trip(kg *g, loop_level *lv, int id, unsigned l)
{
  struct kbuf a = {}, c = {}, s = {};
  ll(g, &a, lv->n1);
  ll(g, &c, lv->n2);
  ll(g, &s, lv->step);
  const char *A = kb_str(&a), *C = kb_str(&c), *S = kb_str(&s);
  ind(g);
  kb_printf(g->out, "long long __tc%d_%u = ", id, l);
  switch (lv->cond) {
  case LT_EXPR:
    kb_printf(g->out, "%s < %s ? (%s - %s + %s - 1) / %s : 0;\n", A, C, C, A,
              S, S);
    break;
  case LE_EXPR:
    kb_printf(g->out, "%s <= %s ? (%s - %s + %s) / %s : 0;\n", A, C, C, A, S,
              S);
    break;
  case GT_EXPR:
    kb_printf(g->out, "%s > %s ? (%s - %s - (%s) - 1) / -(%s) : 0;\n", A, C,
              A, C, S, S);
    break;
  case GE_EXPR:
    kb_printf(g->out, "%s >= %s ? (%s - %s - (%s)) / -(%s) : 0;\n", A, C, A,
              C, S, S);
    break;
  default: /* NE_EXPR */
    kb_printf(g->out, "%s > 0 ? (%s - %s + %s - 1) / %s : (%s - %s - (%s) - "
                      "1) / -(%s);\n", S, C, A, S, S, A, C, S, S);
  }
  kb_free(&a);
  kb_free(&c);
  kb_free(&s);
}

/* Indices of a tiled loop from __iv<ID>: the element within a tile from
   the low part (consecutive threads of a gang share a tile), the tile
   from the high part; padding outside the iteration space is skipped. */
static void emit_tile_indices(kg *g, loop_level *lv, unsigned nl,
                              HOST_WIDE_INT *tsz, int id)
{
  long long area = 1;
  for (unsigned l = 0; l < nl; l++)
    area *= tsz[l];
  ind(g);
  kb_printf(g->out, "long long __e%d = __iv%d %% %lld, __t%d = __iv%d / "
            "%lld;\n", id, id, area, id, id, area);
  for (int l = (int)nl - 1; l >= 0; l--) {
    long long t = tsz[l];
    ind(g);
    kb_printf(g->out, "long long __k%d_%d = (__t%d %% ((__tc%d_%d + %lld) / "
              "%lld)) * %lld + __e%d %% %lld;\n", id, l, id, id, l, t - 1, t,
              t, id, t);
    ind(g);
    kb_printf(g->out, "__t%d /= (__tc%d_%d + %lld) / %lld; __e%d /= %lld;\n",
              id, id, l, t - 1, t, id, t);
  }
  ind(g);
  kb_add(g->out, "if (");
  for (unsigned l = 0; l < nl; l++)
    kb_printf(g->out, "__k%d_%u >= __tc%d_%u || ", id, l, id, l);
  kb_add(g->out, "0) continue;\n");
  for (unsigned l = 0; l < nl; l++) {
    ind(g);
    kb_printf(g->out, "%s = (", decl_name(g, lv[l].index));
    type_str(g, g->out, TREE_TYPE(lv[l].index));
    kb_add(g->out, ")(");
    ll(g, g->out, lv[l].n1);
    kb_printf(g->out, " + __k%d_%u * ", id, l);
    ll(g, g->out, lv[l].step);
    kb_add(g->out, ");\n");
  }
}

/* Start and stride of the flattened index of a loop on blockIdx.y or .z
   (acc-tune schedules): the block index is the outer digit, then
   threadIdx.y, then threadIdx.x, as for gang (blockIdx.x). */
static void sched_start_stride(int dims, char *start, char *stride, size_t n)
{
  const char *b = dims & KG_GANG_Y ? "y" : "z";
  bool w = dims & KG_WORKER, v = dims & KG_VECTOR;
  snprintf(start, n, "((long long)blockIdx.%s * %s + %s) * %s + %s", b,
           w ? "blockDim.y" : "1", w ? "threadIdx.y" : "0",
           v ? "blockDim.x" : "1", v ? "threadIdx.x" : "0");
  snprintf(stride, n, "(long long)gridDim.%s * %s * %s", b,
           w ? "blockDim.y" : "1", v ? "blockDim.x" : "1");
}

struct loop_red {
  tree decl;
  enum tree_code op;
  char *priv;
};

static int loop_dims_of(kg *g, gimple *f)
{
  int *d = g->loop_dims->get(f);
  return d ? *d : 0;
}

static void emit_omp_for(kg *g, gomp_for *f)
{
  int dims = loop_dims_of(g, f);
  unsigned nl = gimple_omp_for_collapse(f);
  int id = g->counter++;
  vec<loop_red> reds = vNULL;
  reject_vla_private(g, gimple_omp_for_clauses(f));
  /* The threads that ran the code before the loop redundantly may still
     be reading what its iterations overwrite (a loop condition): they
     meet before the loop spreads over them. */
  if ((dims & ~g->part & (KG_WORKER | KG_VECTOR)) && !after_barrier(g))
    redundant_barrier(g);
  ind(g);
  kb_add(g->out, "{\n");
  g->indent++;
  emit_seq(g, gimple_omp_for_pre_body(f));
  /* Reduction partials, private to each thread. */
  for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_REDUCTION)
      continue;
    loop_red r;
    r.decl = OMP_CLAUSE_DECL(c);
    r.op = accgpu_red_code(TREE_TYPE(r.decl), OMP_CLAUSE_REDUCTION_CODE(c));
    if (!accgpu_red_scalar_p(TREE_TYPE(r.decl))) {
      fail(g, accgpu_red_var(r.decl), "reduction on an array, struct or complex "
           "variable");
      return;
    }
    char nb[64];
    snprintf(nb, sizeof nb, "__red%d_%u", id, reds.length());
    r.priv = xstrdup(nb);
    ind(g);
    type_str(g, g->out, TREE_TYPE(r.decl));
    kb_printf(g->out, " %s = ", nb);
    red_identity(g, g->out, r.op, TREE_TYPE(r.decl));
    kb_add(g->out, ";\n");
    reds.safe_push(r);
  }
  /* Trip counts of all collapsed levels. */
  loop_level lv[8];
  if (nl > 8) {
    fail(g, NULL, "collapse deeper than 8");
    return;
  }
  for (unsigned l = 0; l < nl; l++) {
    if (!get_level(g, f, l, &lv[l]))
      return;
    emit_trip(g, &lv[l], id, l);
  }
  /* tile(...): sizes per level (constant, `*` taken as 1), else 0. */
  HOST_WIDE_INT tsz[8] = {};
  bool tiled = tile_sizes(g, f, nl, tsz) && dims;
  ind(g);
  kb_printf(g->out, "long long __tot%d = 1", id);
  for (unsigned l = 0; l < nl; l++)
    if (tiled) /* whole tiles: tiles x elements, padded */
      kb_printf(g->out, " * ((__tc%d_%u + %lld) / %lld) * %lld", id, l,
                (long long)tsz[l] - 1, (long long)tsz[l], (long long)tsz[l]);
    else
      kb_printf(g->out, " * __tc%d_%u", id, l);
  kb_add(g->out, ";\n");
  bool chunked = gang_static_pad(g, f, dims, tiled, id);
  const char *start, *stride;
  char sbuf[160], tbuf[160];
  switch (dims) {
  case KG_GANG: start = "blockIdx.x"; stride = "gridDim.x"; break;
  case KG_WORKER: start = "threadIdx.y"; stride = "blockDim.y"; break;
  case KG_VECTOR: start = "threadIdx.x"; stride = "blockDim.x"; break;
  case KG_GANG | KG_WORKER:
    start = "(long long)blockIdx.x * blockDim.y + threadIdx.y";
    stride = "(long long)gridDim.x * blockDim.y";
    break;
  case KG_GANG | KG_VECTOR:
    start = "(long long)blockIdx.x * blockDim.x + threadIdx.x";
    stride = "(long long)gridDim.x * blockDim.x";
    break;
  case KG_WORKER | KG_VECTOR:
    start = "(long long)threadIdx.y * blockDim.x + threadIdx.x";
    stride = "(long long)blockDim.y * blockDim.x";
    break;
  case KG_GANG | KG_WORKER | KG_VECTOR:
    start = "((long long)blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x "
            "+ threadIdx.x";
    stride = "(long long)gridDim.x * blockDim.y * blockDim.x";
    break;
  default:
    start = "0";
    stride = "1";
    if (dims & (KG_GANG_Y | KG_GANG_Z)) {
      sched_start_stride(dims, sbuf, tbuf, sizeof sbuf);
      start = sbuf;
      stride = tbuf;
    }
    break;
  }
  ind(g);
  kb_printf(g->out, "for (long long __iv%d = %s; __iv%d < __tot%d; __iv%d += "
                    "%s) {\n", id, start, id, id, id, stride);
  g->indent++;
  if (tiled)
    emit_tile_indices(g, lv, nl, tsz, id);
  else {
  ind(g);
  if (chunked)
    gang_static_index(g, id);
  else
    kb_printf(g->out, "long long __r%d = __iv%d;\n", id, id);
  for (int l = (int)nl - 1; l >= 0; l--) {
    ind(g);
    kb_printf(g->out, "%s = (", decl_name(g, lv[l].index));
    type_str(g, g->out, TREE_TYPE(lv[l].index));
    kb_add(g->out, ")(");
    ll(g, g->out, lv[l].n1);
    if (l > 0)
      kb_printf(g->out, " + (__r%d %% __tc%d_%d) * ", id, id, l);
    else
      kb_printf(g->out, " + __r%d * ", id);
    ll(g, g->out, lv[l].step);
    kb_add(g->out, ");\n");
    if (l > 0) {
      ind(g);
      kb_printf(g->out, "__r%d /= __tc%d_%d;\n", id, id, l);
    }
  }
  }
  for (unsigned i = 0; i < reds.length(); i++)
    push_name(g, reds[i].decl, reds[i].priv);
  if ((dims & KG_GANGS) && !(dims & (KG_WORKER | KG_VECTOR)))
    for (tree c = gimple_omp_for_clauses(f); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
        maybe_share(g, OMP_CLAUSE_DECL(c));
  int save_part = g->part;
  g->part |= dims;
  emit_seq(g, gimple_omp_body(f));
  g->part = save_part;
  /* Drop the partials' names (locals may have been named after them). */
  for (unsigned i = 0; i < reds.length(); i++)
    for (int k = (int)g->names.length() - 1; k >= 0; k--)
      if (g->names[k].decl == reds[i].decl
          && !strcmp(g->names[k].text, reds[i].priv)) {
        free(g->names[k].text);
        g->names.ordered_remove(k);
        break;
      }
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
  /* End of a thread-partitioned loop: everyone finishes before the
     redundant code that follows reads what the loop wrote. */
  if (dims & (KG_WORKER | KG_VECTOR))
    redundant_barrier(g);
  for (unsigned i = 0; i < reds.length(); i++) {
    loop_red *r = &reds[i];
    char *sfx = red_helpers(g, r->op, TREE_TYPE(r->decl));
    char v[96];
    snprintf(v, sizeof v, "%s", r->priv);
    if (dims & KG_VECTOR) {
      ind(g);
      kb_printf(g->out, "%s = __accgpu_redx_%s(%s);\n", v, sfx, v);
    }
    if (dims & KG_WORKER) {
      ind(g);
      kb_printf(g->out, "%s = __accgpu_redy_%s(%s);\n", v, sfx, v);
    }
    const char *outer = decl_name(g, r->decl);
    if ((dims & KG_GANG) && outer[0] == '(') {
      /* The gang's share goes straight into device memory. */
      bool gd = (g->dims & ~g->part & (KG_WORKER | KG_VECTOR)) != 0;
      if (gd)
        open_guard(g);
      ind(g);
      kb_printf(g->out, "__accgpu_atom_%s(&%s, %s);\n", sfx, outer, v);
      if (gd)
        close_guard(g);
    } else {
      bool gd = need_guard(g) && outer[0] == '(';
      if (gd)
        open_guard(g);
      struct kbuf cb = {};
      accgpu_red_combine(&cb, r->op, outer, v);
      ind(g);
      kb_printf(g->out, "%s = ", outer);
      if (TREE_CODE(TREE_TYPE(r->decl)) != BOOLEAN_TYPE) {
        kb_add(g->out, "(");
        type_str(g, g->out, TREE_TYPE(r->decl));
        kb_add(g->out, ")");
      }
      kb_printf(g->out, "(%s);\n", kb_str(&cb));
      kb_free(&cb);
      if (gd)
        close_guard(g);
    }
    free(sfx);
    free(r->priv);
  }
  reds.release();
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}

/* A gang-private aggregate (array, struct) declared or made private
   outside worker/vector loops is one copy per gang that the gang's
   threads share (seed 001 §5.2.2): __shared__ when it fits. */
static void maybe_share(kg *g, tree d)
{
  if (g->routine_mode || !(g->dims & (KG_WORKER | KG_VECTOR))
      || (g->part & KG_VECTOR) || !VAR_P(d)
      || !AGGREGATE_TYPE_P(TREE_TYPE(d)) || lookup_name(g, d)
      || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(d)))
      || g->shared.contains(d))
    return;
  unsigned long size = tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(d)));
  bool per_worker = g->part & KG_WORKER;
  if (per_worker) {
    /* Worker-private, shared by the worker's vector lanes: one copy per
       worker (at most 32 workers: rows are one warp wide). */
    if (!(g->dims & KG_VECTOR) || size * 32 > 16384
        || g->shared_bytes + size * 32 > 32768)
      return;
    char nb[200], decl[220], ref[240];
    ident(d, "t", nb, sizeof nb);
    snprintf(decl, sizeof decl, "%s[32]", nb);
    snprintf(ref, sizeof ref, "%s[threadIdx.y]", nb);
    kb_add(&g->decls, "  __shared__ ");
    decl_str(g, &g->decls, TREE_TYPE(d), decl);
    kb_add(&g->decls, ";\n");
    push_name(g, d, ref);
    g->shared_bytes += size * 32;
    g->shared.safe_push(d);
    return;
  }
  if (size > 16384 || g->shared_bytes + size > 32768)
    return;
  g->shared_bytes += size;
  g->shared.safe_push(d);
}

static void emit_stmt(kg *g, gimple_stmt_iterator *gsi)
{
  gimple *s = gsi_stmt(*gsi);
  if (g->failed)
    return;
  if (gimple_has_location(s))
    g->loc = gimple_location(s);
  switch (gimple_code(s)) {
  case GIMPLE_ASSIGN:
    emit_assign(g, s);
    break;
  case GIMPLE_CALL:
    emit_call(g, s);
    break;
  case GIMPLE_COND:
    emit_cond(g, as_a<gcond *>(s));
    break;
  case GIMPLE_GOTO:
    if (TREE_CODE(gimple_goto_dest(s)) != LABEL_DECL) {
      fail(g, NULL, "computed goto on the device");
      break;
    }
    ind(g);
    kb_add(g->out, "goto ");
    label_name(g->out, gimple_goto_dest(s));
    kb_add(g->out, ";\n");
    break;
  case GIMPLE_LABEL:
    label_name(g->out, gimple_label_label(as_a<glabel *>(s)));
    kb_add(g->out, ": ;\n");
    break;
  case GIMPLE_BIND:
    for (tree v = gimple_bind_vars(as_a<gbind *>(s)); v; v = DECL_CHAIN(v))
      if (VAR_P(v) && vla_type_p(TREE_TYPE(v)))
        fail_vla(g, v, DECL_SOURCE_LOCATION(v), "variable-length array "
                 "declared inside a compute region or routine");
      else
        maybe_share(g, v);
    emit_seq(g, gimple_bind_body(as_a<gbind *>(s)));
    break;
  case GIMPLE_TRY:
    emit_seq(g, gimple_try_eval(s));
    if (gimple_try_kind(s) == GIMPLE_TRY_FINALLY)
      emit_seq(g, gimple_try_cleanup(s));
    break;
  case GIMPLE_SWITCH:
    emit_switch(g, as_a<gswitch *>(s));
    break;
  case GIMPLE_RETURN:
    if (!g->routine_mode) {
      fail(g, NULL, "return inside a compute construct");
      break;
    }
    ind(g);
    if (gimple_return_retval(as_a<greturn *>(s))) {
      kb_add(g->out, "return ");
      tree rv = gimple_return_retval(as_a<greturn *>(s));
      cast_to(g, g->out, TREE_TYPE(TREE_TYPE(current_function_decl)), rv);
      kb_add(g->out, ";\n");
    } else
      kb_add(g->out, "return;\n");
    break;
  case GIMPLE_OMP_FOR:
    if (gimple_omp_for_kind(s) != GF_OMP_FOR_KIND_OACC_LOOP) {
      fail(g, NULL, "OpenMP loop inside an OpenACC region");
      break;
    }
    emit_omp_for(g, as_a<gomp_for *>(s));
    break;
  case GIMPLE_OMP_ATOMIC_LOAD:
    emit_atomic(g, gsi);
    break;
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
  case GIMPLE_DEBUG:
    break;
  case GIMPLE_OMP_TARGET:
    if (!g->quiet)
      error_at(gimple_location(s), "accgpu: OpenACC construct nested inside "
               "a compute region (OpenACC 2.6 has no nested parallelism)");
    g->failed = true;
    break;
  default:
    fail(g, NULL, "unsupported statement");
  }
}

static void emit_seq(kg *g, gimple_seq seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    emit_stmt(g, &gsi);
    if (gsi_end_p(gsi))
      break;
  }
}

/* ------------------------------------------------------------------ */
/* Loop partitioning (which of gang/worker/vector each loop gets).     */

struct lnode {
  gomp_for *stmt;
  int explicit_dims; /* from gang/worker/vector clauses */
  bool seq, autop, indep;
  vec<lnode *> kids;
};

static void collect_loops(gimple_seq seq, vec<lnode *> *out);

static void collect_stmt(gimple *s, vec<lnode *> *out)
{
  switch (gimple_code(s)) {
  case GIMPLE_BIND:
    collect_loops(gimple_bind_body(as_a<gbind *>(s)), out);
    break;
  case GIMPLE_TRY:
    collect_loops(gimple_try_eval(s), out);
    collect_loops(gimple_try_cleanup(s), out);
    break;
  case GIMPLE_OMP_FOR: {
    lnode *n = XCNEW(lnode);
    n->stmt = as_a<gomp_for *>(s);
    for (tree c = gimple_omp_for_clauses(s); c; c = OMP_CLAUSE_CHAIN(c))
      switch (OMP_CLAUSE_CODE(c)) {
      case OMP_CLAUSE_GANG: n->explicit_dims |= KG_GANG; break;
      case OMP_CLAUSE_WORKER: n->explicit_dims |= KG_WORKER; break;
      case OMP_CLAUSE_VECTOR: n->explicit_dims |= KG_VECTOR; break;
      case OMP_CLAUSE_SEQ: n->seq = true; break;
      case OMP_CLAUSE_AUTO: n->autop = true; break;
      case OMP_CLAUSE_INDEPENDENT: n->indep = true; break;
      default: break;
      }
    /* loop auto: independent when the dependence test proves it. */
    if (n->autop && !n->seq && !n->explicit_dims
        && kg_omp_loop_independent(n->stmt)) {
      n->autop = false;
      n->indep = true;
      if (accgpu_opts.info)
        inform(gimple_location(s), "accgpu: %<auto%> loop found independent "
               "(no loop-carried dependence)");
    }
    collect_loops(gimple_omp_body(s), &n->kids);
    out->safe_push(n);
    break;
  }
  default:
    break;
  }
}

static void collect_loops(gimple_seq seq, vec<lnode *> *out)
{
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi))
    collect_stmt(gsi_stmt(gsi), out);
}

static int explicit_below(lnode *n)
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

/* Assigns dimensions to N and its inner loops; USED: taken by outer
   loops.  Returns the union of dimensions used in the subtree. */
static int assign_dims(kg *g, lnode *n, int used, bool kernels, bool serial)
{
  int d = 0;
  int *sd = g->sched_dims ? g->sched_dims->get(n->stmt) : NULL;
  if (sd)
    d = *sd; /* from the acc-tune schedule: no nesting rule (sched_reject) */
  else if (serial || n->seq)
    d = 0;
  else if (n->explicit_dims) {
    d = n->explicit_dims;
    /* Outer loops must use strictly outer levels: gang > worker > vector. */
    int outer_min = used & KG_VECTOR ? KG_VECTOR : used & KG_WORKER
                    ? KG_WORKER : used & KG_GANG ? KG_GANG : 8;
    int lowest = d & KG_GANG ? KG_GANG : d & KG_WORKER ? KG_WORKER : KG_VECTOR;
    if (lowest <= outer_min && used) {
      const char *nm = lowest == KG_GANG ? "gang"
                       : lowest == KG_WORKER ? "worker" : "vector";
      const char *on = outer_min == KG_GANG ? "gang"
                       : outer_min == KG_WORKER ? "worker" : "vector";
      if (!g->routine_mode) /* routines: reported by the pass driver */
        error_at(gimple_location(n->stmt),
               "accgpu: %<%s%> loop nested inside a %<%s%> loop: gang "
               "parallelism must enclose worker, and worker vector", nm, on);
      g->failed = true;
    }
  } else if (kernels ? n->indep : !n->autop) {
    int avail = (KG_GANG | KG_WORKER | KG_VECTOR) & ~used & ~explicit_below(n);
    if (auto_below(n, kernels))
      d = avail & KG_GANG;
    else
      d = avail & (KG_GANG | KG_VECTOR);
  }
  g->loop_dims->put(n->stmt, d);
  int all = d;
  for (unsigned i = 0; i < n->kids.length(); i++)
    all |= assign_dims(g, n->kids[i], used | d, kernels, serial);
  return all;
}

static void free_loops(vec<lnode *> *v)
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

static void info_loops(kg *g, vec<lnode *> *v)
{
  char vb[64];
  for (unsigned i = 0; i < v->length(); i++) {
    lnode *n = (*v)[i];
    int d = loop_dims_of(g, n->stmt);
    location_t l = gimple_location(n->stmt);
    if (g->sched_dims && g->sched_dims->get(n->stmt))
      ; /* noted with the schedule (sched_apply) */
    else if (!d)
      inform(l, "accgpu: loop run sequentially in each thread");
    else
      inform(l, "accgpu: loop parallelized across%s%s%s%s",
             d & KG_GANG ? " gangs" : "",
             d & KG_WORKER ? (d & KG_GANG ? ", workers" : " workers") : "",
             d & KG_VECTOR ? (d & (KG_GANG | KG_WORKER) ? " and " : " ") : "",
             d & KG_VECTOR ? vector_text(g, vb, sizeof vb) : "");
    for (tree c = gimple_omp_for_clauses(n->stmt); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION)
      {
        char how[160] = "within each thread";
        if (d) {
          snprintf(how, sizeof how, "across%s%s%s%s%s",
                   d & KG_GANG ? " gangs (atomics)" : "",
                   (d & KG_GANG) && (d & (KG_WORKER | KG_VECTOR)) ? "," : "",
                   d & KG_WORKER ? " workers (shared memory)" : "",
                   (d & KG_WORKER) && (d & KG_VECTOR) ? "," : "",
                   !(d & KG_VECTOR) ? ""
                   : g->dims & KG_WORKER
                   ? " vector (warp shuffles, then shared memory when a "
                     "worker spans several warps)"
                   : " vector (tree in shared memory)");
        }
        inform(l, "accgpu: reduction(%s:%qD) %s",
               op_symbol_code(OMP_CLAUSE_REDUCTION_CODE(c)),
               OMP_CLAUSE_DECL(c), how);
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
static bool sched_only_locals(kg *g, gimple_seq seq, gimple *next)
{
  for (gimple_stmt_iterator i = gsi_start(seq); !gsi_end_p(i); gsi_next(&i)) {
    gimple *s = gsi_stmt(i);
    switch (gimple_code(s)) {
    case GIMPLE_BIND:
      if (!sched_only_locals(g, gimple_bind_body(as_a<gbind *>(s)), next))
        return false;
      break;
    case GIMPLE_TRY:
      if (!sched_only_locals(g, gimple_try_eval(s), next)
          || !sched_only_locals(g, gimple_try_cleanup(s), next))
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
      if (!is_local_auto(l) || AGGREGATE_TYPE_P(TREE_TYPE(l)))
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

static bool sched_has_clause(gimple *f, enum omp_clause_code code)
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
    if (sched_has_clause(x->stmt, OMP_CLAUSE_TILE))
      return "a loop of the nest has a tile clause";
    /* Reductions are combined per level (construct-level ones too, from
       the loops that update them): their loops keep the default levels. */
    if ((sched_has_clause(x->stmt, OMP_CLAUSE_REDUCTION)
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
          && !sched_only_locals(g, gimple_omp_body(lev[h].n->stmt),
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
  int cd = 0;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = &cd;
  walk_gimple_seq(gimple_omp_body(r->stmt), callee_dims, NULL, &wi);
  if (cd)
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
static bool sched_apply(kg *g, vec<lnode *> *loops, bool kernels,
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

/* ------------------------------------------------------------------ */
/* Kernels.                                                            */

static void kg_init(kg *g, location_t loc)
{
  memset(g, 0, sizeof *g);
  g->loc = loc;
  g->loop_dims = new hash_map<gimple *, int>;
  g->indent = 1;
}

static void kg_fini(kg *g)
{
  for (unsigned i = 0; i < g->names.length(); i++)
    free(g->names[i].text);
  g->names.release();
  g->callees.release();
  g->derived_from.release();
  g->written.release();
  g->shared.release();
  kb_free(&g->decls);
  delete g->loop_dims;
  delete g->sched_dims;
  free(g->why);
}

/* Marks FN and every function it calls as used in the module. */
static void use_devfn(tree fn)
{
  devfn *d = find_devfn(fn);
  if (!d && !g_wanted.contains(fn)) {
    accgpu_keep(fn);
    g_wanted.safe_push(fn); /* not seen yet: used when it is */
  }
  if (!d || d->used)
    return;
  d->used = true;
  for (unsigned i = 0; i < d->callees.length(); i++)
    use_devfn(d->callees[i]);
}

/* Reports functions called from kernels that could not be translated. */
static bool check_callees(kg *g, location_t loc)
{
  bool ok = true;
  for (unsigned i = 0; i < g->callees.length(); i++) {
    tree fn = g->callees[i];
    devfn *d = find_devfn(fn);
    if (d && !d->text) {
      error_at(loc, "accgpu: %qD, called in this compute region, cannot run "
                    "on the device: %s", fn, d->why ? d->why : "unsupported");
      ok = false;
    } else if (d && !d->routine && !d->noted) {
      d->noted = true;
      inform(DECL_SOURCE_LOCATION(fn),
             "accgpu: %qD has no %<#pragma acc routine%>; compiled for the "
             "device as %<routine seq%>", fn);
    }
    if (d)
      use_devfn(fn);
    else if (!g_wanted.contains(fn)) {
      accgpu_keep(fn);
      g_wanted.safe_push(fn);
    }
  }
  return ok;
}

/* A firstprivate array: passed by value, wrapped in a struct
   (lower-compute.cc), the body's variable a private copy of it. */
static bool fp_array_p(const kg_param *p)
{
  return !p->by_ref && TREE_CODE(TREE_TYPE(p->decl)) == ARRAY_TYPE
         && RECORD_OR_UNION_TYPE_P(p->type);
}

/* Declares each firstprivate array of G's region as the gang's copy
   (__shared__ when the gang's threads share it, as private aggregates
   are: maybe_share) and copies the parameter into it at the start of
   BODY; one thread copies a shared one, then the gang waits. */
static void fp_arrays(kg *g, struct kbuf *body)
{
  for (unsigned i = 0; i < g->region->params.length(); i++) {
    kg_param *p = &g->region->params[i];
    if (!fp_array_p(p))
      continue;
    tree d = p->decl;
    char nb[200];
    ident(d, "v", nb, sizeof nb);
    maybe_share(g, d);
    bool sh = g->shared.contains(d);
    kb_add(&g->decls, sh ? "  __shared__ " : "  ");
    decl_str(g, &g->decls, TREE_TYPE(d), nb);
    kb_add(&g->decls, ";\n");
    push_name(g, d, nb);
    kb_add(body, sh ? "  if (threadIdx.x == 0 && threadIdx.y == 0) *("
                    : "  *(");
    type_str(g, body, p->type);
    kb_printf(body, " *)&%s = %s;\n", nb, p->name);
    if (sh)
      kb_add(body, "  __syncthreads();\n");
  }
}

bool kg_generate(struct kg_region *r)
{
  kg g;
  location_t loc = gimple_location(r->stmt);
  kg_init(&g, loc);
  g.region = r;
  g.kind = r->kind;
  struct kbuf body = {};
  g.out = &body;
  bool serial = r->kind == GF_OMP_TARGET_KIND_OACC_SERIAL;
  bool kernels = r->kind == GF_OMP_TARGET_KIND_OACC_KERNELS;

  /* Parameters and what the body calls them. */
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    tree d = p->decl;
    char nb[200];
    ident(d, "v", nb, sizeof nb);
    if (fp_array_p(p)) { /* the value comes in as *_in; see fp_arrays */
      p->name = concat(nb, "_in", NULL);
      continue;
    }
    p->name = xstrdup(nb);
    if (p->by_ref) {
      char t[220];
      snprintf(t, sizeof t, "(*%s)", nb);
      push_name(&g, d, t);
    } else {
      push_name(&g, d, nb);
      if (POINTER_TYPE_P(TREE_TYPE(d))) {
        g.derived_from.safe_push(d);
        g.derived_from.safe_push(d);
      }
    }
  }
  /* Construct-level reductions: a per-gang private, combined at the end. */
  for (unsigned i = 0; i < r->reds.length(); i++) {
    tree d = r->reds[i].decl;
    char nb[64];
    if (!accgpu_red_scalar_p(TREE_TYPE(d))) {
      fail(&g, accgpu_red_var(d), "reduction on an array, struct or complex "
           "variable");
      break;
    }
    snprintf(nb, sizeof nb, "__gred%u", i);
    kb_add(&g.decls, "  ");
    type_str(&g, &g.decls, TREE_TYPE(d));
    kb_printf(&g.decls, " %s = ", nb);
    red_identity(&g, &g.decls, r->reds[i].op, TREE_TYPE(d));
    kb_add(&g.decls, ";\n");
    push_name(&g, d, nb);
  }

  /* Loop partitioning. */
  vec<lnode *> loops = vNULL;
  collect_loops(gimple_omp_body(r->stmt), &loops);
  int dims = 0, npart = 0;
  for (unsigned i = 0; i < loops.length(); i++) {
    int d = assign_dims(&g, loops[i], 0, kernels, serial);
    dims |= d;
    npart += d != 0;
  }
  if (sched_apply(&g, &loops, kernels, serial))
    dims = assign_dims(&g, loops[0], 0, kernels, serial);
  if (kernels) {
    vec<location_t> seq_loops = vNULL;
    kg_find_sequential_plain_loops(gimple_omp_body(r->stmt), &seq_loops);
    for (unsigned i = 0; accgpu_opts.info && i < seq_loops.length(); i++)
      inform(seq_loops[i], "accgpu: loop not parallelized (possible "
             "loop-carried dependence, or a body the dependence test cannot "
             "analyse): runs sequentially");
    seq_loops.release();
  }
  {
    /* Worker/vector routines called here need those threads. */
    int cd = 0;
    walk_stmt_info wi;
    memset(&wi, 0, sizeof wi);
    wi.info = &cd;
    if (!serial)
      walk_gimple_seq(gimple_omp_body(r->stmt), callee_dims, NULL, &wi);
    dims |= cd;
  }
  g.dims = dims;
  r->dims = dims;
  if (accgpu_opts.info) {
    g.dims = dims;
    info_loops(&g, &loops);
  }
  free_loops(&loops);

  reject_vla_private(&g, gimple_omp_target_clauses(r->stmt));
  for (tree c = gimple_omp_target_clauses(r->stmt); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_PRIVATE)
      maybe_share(&g, OMP_CLAUSE_DECL(c)); /* gang-private on the construct */
  fp_arrays(&g, &body);
  emit_seq(&g, gimple_omp_body(r->stmt));

  /* Combine the gangs' construct-level reduction values. */
  for (unsigned i = 0; i < r->reds.length() && !g.failed; i++) {
    tree d = r->reds[i].decl;
    char *sfx = red_helpers(&g, r->reds[i].op, TREE_TYPE(d));
    const char *dev = NULL;
    for (unsigned k = 0; k < r->params.length(); k++)
      if (r->params[k].decl == d && r->params[k].by_ref)
        dev = r->params[k].name;
    if (!dev)
      fail(&g, d, "reduction variable is not mapped");
    else
      kb_printf(&body, "  if (threadIdx.x == 0 && threadIdx.y == 0) "
                       "__accgpu_atom_%s(%s, __gred%u);\n", sfx, dev, i);
    free(sfx);
  }
  /* kernels: several parallel loops in one kernel need the barrier between
     them that only one gang gives. */
  r->gang_redundant_store = g.gang_redundant_store || !g.callees.is_empty()
                            || (kernels && npart > 1);
  bool ok = !g.failed && check_callees(&g, loc);

  /* Signature, now that read-only pointers are known. */
  struct kbuf k = {};
  kb_printf(&k, "ACCGPU_KERNEL void %s(", r->kname);
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    if (i)
      kb_add(&k, ", ");
    p->readonly = POINTER_TYPE_P(p->type) && !p->by_ref
                  && !g.written.contains(p->decl);
    if (p->readonly) {
      tree ro = build_pointer_type(build_qualified_type(
          TREE_TYPE(p->type), TYPE_QUAL_CONST));
      type_str(&g, &k, ro);
      kb_printf(&k, "__restrict__ %s", p->name);
    } else {
      decl_str(&g, &k, p->type, p->name);
    }
  }
  if (r->params.is_empty())
    kb_add(&k, "void");
  kb_add(&k, ")\n{\n");
  kb_add(&k, kb_str(&g.decls));
  kb_add(&k, kb_str(&body));
  kb_add(&k, "}\n#ifdef __ACCGPU_EMU__\n");
  kb_printf(&k, "ACCGPU_EMU_ENTRY(%s)\n{\n  %s(", r->kname, r->kname);
  for (unsigned i = 0; i < r->params.length(); i++) {
    kg_param *p = &r->params[i];
    if (i)
      kb_add(&k, ", ");
    kb_printf(&k, "*(");
    if (p->readonly) {
      tree ro = build_pointer_type(build_qualified_type(
          TREE_TYPE(p->type), TYPE_QUAL_CONST));
      type_str(&g, &k, ro);
    } else
      type_str(&g, &k, p->type);
    kb_printf(&k, " *)args[%u]", i);
  }
  kb_add(&k, ");\n}\n#endif\n");
  ok = ok && !g.failed;
  r->text = ok ? kb_take(&k) : NULL;
  kb_free(&k);
  kb_free(&body);
  kg_fini(&g);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Device functions.                                                   */

int oacc_fn_attrib_level(tree attr); /* omp-offload.cc: 0 gang .. 3 seq */

/* Levels of parallelism a `routine` FN may partition (0: seq or none). */
static int routine_dims(tree fn)
{
  tree attr = oacc_get_fn_attrib(fn);
  if (!attr)
    return 0;
  switch (oacc_fn_attrib_level(attr)) {
  case 0: return KG_GANG | KG_WORKER | KG_VECTOR;
  case 1: return KG_WORKER | KG_VECTOR;
  case 2: return KG_VECTOR;
  default: return 0;
  }
}

/* walk_gimple_seq callback: ORs into *WI->info the levels of the routines
   the statement calls. */
static tree callee_dims(gimple_stmt_iterator *gsi, bool *handled,
                        walk_stmt_info *wi)
{
  gimple *s = gsi_stmt(*gsi);
  if (gimple_code(s) == GIMPLE_CALL && gimple_call_fndecl(s))
    *(int *)wi->info |= routine_dims(gimple_call_fndecl(s)) & ~KG_GANG;
  return NULL_TREE;
}

static char *device_proto(kg *g, tree fn, bool with_names)
{
  struct kbuf b = {};
  tree rt = TREE_TYPE(TREE_TYPE(fn));
  kb_add(&b, "static __device__ ");
  need_complete(g, rt);
  type_str(g, &b, rt);
  kb_printf(&b, " __accgpu_r_%s(", IDENTIFIER_POINTER(DECL_NAME(fn)));
  unsigned k = 0;
  for (tree a = DECL_ARGUMENTS(fn); a; a = DECL_CHAIN(a), k++) {
    if (k)
      kb_add(&b, ", ");
    need_complete(g, TREE_TYPE(a));
    type_str(g, &b, TREE_TYPE(a));
    if (with_names)
      kb_printf(&b, " %s", decl_name(g, a));
  }
  if (!k)
    kb_add(&b, "void");
  kb_add(&b, ")");
  return kb_take(&b);
}

void kg_maybe_emit_device_function(function *fun)
{
  tree fn = fun->decl;
  if (find_devfn(fn) || !DECL_NAME(fn) || DECL_ARTIFICIAL(fn)
      || decl_function_context(fn)) /* nested: routine-nesting.cc */
    return;
  gimple_seq body = gimple_body(fn);
  if (!body)
    return;
  devfn *d = XCNEW(devfn);
  d->decl = fn;
  accgpu_keep(fn);
  d->routine = lookup_attribute("oacc function", DECL_ATTRIBUTES(fn));
  kg g;
  kg_init(&g, DECL_SOURCE_LOCATION(fn));
  g.routine_mode = true;
  g.quiet = !d->routine;
  /* Parameters are named like locals but must not be declared twice. */
  for (tree a = DECL_ARGUMENTS(fn); a; a = DECL_CHAIN(a)) {
    char nb[200];
    ident(a, "p", nb, sizeof nb);
    push_name(&g, a, nb);
  }
  char *proto = device_proto(&g, fn, true);
  struct kbuf b = {};
  g.out = &b;
  g.dims = routine_dims(fn);
  bool failed_before = g.failed;
  if (g.dims) {
    /* Levels the routine does not have count as taken by its caller. */
    vec<lnode *> loops = vNULL;
    collect_loops(body, &loops);
    for (unsigned i = 0; i < loops.length(); i++)
      assign_dims(&g, loops[i], (KG_GANG | KG_WORKER | KG_VECTOR) & ~g.dims,
                  false, false);
    free_loops(&loops);
    g.failed = failed_before; /* level errors come from the pass driver */
  }
  emit_seq(&g, body);
  if (g.failed) {
    d->why = g.why ? xstrdup(g.why) : xstrdup("unsupported construct");
  } else {
    struct kbuf t = {};
    kb_printf(&t, "%s\n{\n%s%s}\n", proto, kb_str(&g.decls), kb_str(&b));
    d->text = kb_take(&t);
    char *p = device_proto(&g, fn, false);
    d->proto = concat(p, ";\n", NULL);
    free(p);
  }
  d->callees = g.callees.copy();
  free(proto);
  kb_free(&b);
  kg_fini(&g);
  g_devfns.safe_push(d);
  if (g_wanted.contains(fn)) {
    if (!d->text)
      error_at(DECL_SOURCE_LOCATION(fn), "accgpu: %qD, called in a compute "
               "region, cannot run on the device: %s", fn, d->why);
    else if (!d->routine)
      inform(DECL_SOURCE_LOCATION(fn), "accgpu: %qD has no %<#pragma acc "
             "routine%>; compiled for the device as %<routine seq%>", fn);
    use_devfn(fn);
  }
}

const char *kg_prelude(void)
{
  kb_free(&g_prelude);
  kb_add(&g_prelude, kb_str(&g_types));
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->used && g_devfns[i]->proto)
      kb_add(&g_prelude, g_devfns[i]->proto);
  kb_add(&g_prelude, kb_str(&g_protos));
  kb_add(&g_prelude, accgpu_red_prelude());
  for (unsigned i = 0; i < g_devfns.length(); i++)
    if (g_devfns[i]->used && g_devfns[i]->text)
      kb_add(&g_prelude, g_devfns[i]->text);
  return kb_str(&g_prelude);
}
