/* kernel-gen-stmt.cc — CUDA C text of GIMPLE statements: assignments,
 * calls, control flow, atomics, guards of redundant stores (kernel-gen.cc). */
#include "passes/kernel-gen-internal.h"

/* ------------------------------------------------------------------ */
/* Statements.                                                         */

static void label_name(kbuf *b, tree label)
{
  kb_printf(b, "L%u", LABEL_DECL_UID(label) >= 0 ? (unsigned)LABEL_DECL_UID(label)
                                                 : DECL_UID(label));
}

/* Guard of stores in redundant (gang/worker/vector-single) code. */
bool need_guard(kg *g)
{
  return (g->dims & ~g->part & (KG_WORKER | KG_VECTOR)) != 0;
}

/* Whether TEXT names one of G's gang-shared scalars (maybe_share: an
   atomic's target; their reads have no subscript to tell them by). */
static bool reads_shared_scalar(kg *g, const char *text)
{
  for (unsigned i = 0; i < g->shared.length(); i++) {
    tree d = g->shared[i];
    const char *n = lookup_name(g, d);
    if (AGGREGATE_TYPE_P(TREE_TYPE(d)) || !n || !*n)
      continue;
    size_t len = strlen(n);
    for (const char *p = strstr(text, n); p; p = strstr(p + 1, n))
      if ((p == text || !(ISALNUM(p[-1]) || p[-1] == '_'))
          && !(ISALNUM(p[len]) || p[len] == '_'))
        return true;
  }
  return false;
}

/* True when no barrier is needed before a store by one thread or a
   partitioned loop: the code since the last barrier read no memory (the
   text since it has no subscript, dereference, routine call or gang-shared
   scalar), so no thread can still be reading what is about to change. */
bool after_barrier(kg *g)
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
  /* A label since (`L12: ;`) is a join: a path to it may have skipped the
     barrier (the else of an `if` whose then-branch ended with one). */
  if (!from || strstr(t + from, ": ;"))
    return false;
  for (size_t k = from; k < n; k++)
    if (t[k] == '[' || (t[k] == '(' && t[k + 1] == '*')
        || !strncmp(t + k, "__accgpu_r_", 11) /* a routine may read */
        || !strncmp(t + k, "__accgpu_mem", 12) /* so do these builtins */
        || !strncmp(t + k, "printf(", 7))
      return false;
  return !reads_shared_scalar(g, t + from);
}

void open_guard(kg *g)
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
void redundant_barrier(kg *g)
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

void close_guard(kg *g)
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
  /* A literal shorter than the array (char buf[300] = "ab"): zeros after
     it, not the bytes past its end. */
  char from_src[64] = "__y[__k]";
  if (src && TREE_CODE(src) == STRING_CST)
    snprintf(from_src, sizeof from_src, "(__k < %dull ? __y[__k] : 0)",
             TREE_STRING_LENGTH(src));
  kb_printf(g->out, "for (unsigned long long __k = 0; __k < sizeof(%s); "
                    "__k++) __z[__k] = %s; }\n",
            kb_str(&l), src ? from_src : "0");
  if (guard)
    close_guard(g);
  note_store(g, lhs);
  kb_free(&l);
  kb_free(&r);
}
void kg_emit_assign(kg *g, gimple *s)
{
  tree lhs = gimple_assign_lhs(s);
  if (g->wide && kg_wide_load(g, s))
    return;
  if (gimple_clobber_p(s) || kgr_member_copy_p(g, s)
      || kgr_big_assign(g, s))
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
    } else if (code == BIT_INSERT_EXPR) { /* GCC's atomic on a bit-field */
      fail(g, NULL, "atomic access to a bit-field (make the member a whole "
                    "integer type)");
    } else
      fail(g, NULL, "unsupported ternary operation");
    break;
  default:
    fail(g, NULL, "unsupported assignment");
  }
  struct kbuf l = {};
  kg_ex_lvalue(g, &l, lhs);
  if (const char *mk = kg_ld_store_fn(g, lhs)) {
    struct kbuf w = {};
    kb_printf(&w, "%s(%s)", mk, kb_str(&rhs));
    kb_free(&rhs);
    rhs = w;
  }
  if (!(g->part & KG_GANG) && shared_store_p(g, lhs))
    g->gang_redundant_store = true;
  bool guard = need_guard(g) && shared_store_p(g, lhs);
  if (guard)
    open_guard(g);
  if (kg_narrow_bits(type)) { /* a temporary of a bit-field's type */
    struct kbuf w = {};
    kg_narrow_value(&w, type, kb_str(&rhs));
    kb_free(&rhs);
    rhs = w;
  }
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
  "signbit", "rsqrt", "sincos", "frexp", "modf", "remquo", "nextafter",
  "scalbln", "j0", "j1", "jn", "y0", "y1", "yn", NULL};

/* The CUDA name of a math builtin NAME, or NULL.  A long double one
   (sinl) is the double one (sin): the device computes long double in
   double; not those that store through long double pointers. */
static const char *math_name(const char *name)
{
  static char dbl[64];
  if (!strncmp(name, "__builtin_", 10))
    name = name + 10;
  char base[64];
  snprintf(base, sizeof base, "%s", name);
  size_t n = strlen(base);
  if (n > 2 && base[n - 1] == 'l' && strcmp(base, "modfl")
      && strcmp(base, "sincosl")) {
    base[n - 1] = 0;
    for (int i = 0; math_fns[i]; i++)
      if (!strcmp(base, math_fns[i]))
        return strcpy(dbl, base);
    base[n - 1] = 'l';
  }
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; math_fns[i]; i++)
      if (!strcmp(base, math_fns[i]))
        return !strcmp(base, "jn")
                   ? (pass ? "__accgpu_jnf" : "__accgpu_jn")  /* NaN at 0 */
                   : name;
    if (n > 1 && base[n - 1] == 'f')
      base[n - 1] = 0;
    else
      break;
  }
  return NULL;
}

bool kg_math_builtin_p(tree fn)
{
  return DECL_NAME(fn) && math_name(IDENTIFIER_POINTER(DECL_NAME(fn)));
}

static void record_callee(kg *g, tree fn)
{
  if (!g->callees.contains(fn))
    g->callees.safe_push(fn);
}

/* A -fsanitize=undefined check S (ubsan-device.cc): the checked
   arithmetic without its check, reports dropped (the host fallback keeps
   them).  Returns false when S is no check. */
static bool emit_ubsan(kg *g, gimple *s)
{
  enum tree_code op;
  tree lhs = gimple_call_lhs(s);
  int u = accgpu_ubsan_call(s, &op);
  if (u == ACCGPU_UBSAN_ARITH && lhs) {
    ind(g);
    ex(g, g->out, lhs);
    kb_add(g->out, " = (");
    ex(g, g->out, gimple_call_arg(s, 0));
    kb_add(g->out, op == PLUS_EXPR ? ") + (" : op == MINUS_EXPR ? ") - ("
                                                               : ") * (");
    ex(g, g->out, gimple_call_arg(s, 1));
    kb_add(g->out, ");\n");
  } else if (u == ACCGPU_UBSAN_ZERO && lhs) {
    ind(g);
    ex(g, g->out, lhs);
    kb_add(g->out, " = 0;\n");
  }
  return u != 0;
}

/* Prototype of the device version of FN ("static __device__ T name(...)").
   Returns xmalloc'd text. */

static void emit_call(kg *g, gimple *s)
{
  tree fn = accgpu_device_callee(gimple_call_fndecl(s));
  tree lhs = gimple_call_lhs(s);
  struct kbuf call = {};
  bool single = false, imported = false, math_call = false;
  if (emit_ubsan(g, s))
    return;
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
    if (code == BUILT_IN_UNREACHABLE)
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
    if (kg_emit_builtin(g, s, fn))
      return;
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
    if (kg_emit_libcall(g, s, fn))
      return;
    bool routine = lookup_attribute("oacc function", DECL_ATTRIBUTES(fn));
    devfn *d = kg_find_devfn(fn);
    bool has_body = DECL_SAVED_TREE(fn) || gimple_has_body_p(fn)
                    || (d && d->text);
    /* -fno-builtin (-ffreestanding): sqrt is no builtin, but still the
       C library's; the device has its own by the same name. */
    const char *libm = !routine && !has_body && DECL_EXTERNAL(fn)
                       ? math_name(name) : NULL;
    if (libm) {
      kb_printf(&call, "%s(", libm);
      math_call = true;
    } else if (!routine && !has_body) {
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
    if (!math_call) {
      record_callee(g, fn);
      if (!has_body) { /* defined in another file: routine-link.cc */
        imported = true;
        if (!kg_import_call(g, fn, &call,
                            gimple_location(s) != UNKNOWN_LOCATION
                                ? gimple_location(s) : g->loc)) {
          kb_free(&call);
          return;
        }
      } else {
        char *p = device_proto(g, fn, false);
        free(p);
        kb_printf(&call, "__accgpu_r_%s(", name);
      }
      single = kg_single_call_p(g, s, fn);
    }
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
  if (!fndecl_built_in_p(fn, BUILT_IN_NORMAL) && !imported && !math_call)
    kg_global_args(&call, gimple_call_num_args(s) == 0);
  kb_add(&call, ")");
  kg_emit_maybe_single(g, lhs, &call, single);
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
bool kg_row_guard(kg *g)
{
  int single = g->dims & ~g->part & (KG_WORKER | KG_VECTOR);
  return single == KG_VECTOR && (g->routine_mode || (g->dims & KG_WORKER));
}

/* ---- atomics ---- */

/* The unsigned type of SIZE bytes (1, 2, 4 or 8): an atomic's word. */
static const char *atomic_word(unsigned size)
{
  return size == 1   ? "unsigned char"
         : size == 2 ? "unsigned short"
         : size == 4 ? "unsigned int"
                     : "unsigned long long";
}

/* The start of an atomic's CAS loop on the T object at A: __o.v is its
   value, read without a plain load (that would race).  A 4- or 8-byte
   object is the CAS's own word; a 1- or 2-byte one (CUDA has no 8-bit CAS)
   is the bits __m of the aligned 4-byte word __wp holding it (little-endian,
   as the GPU and the emulator's CPU are), read relaxed at first. */
static void atomic_open(kg *g, const char *T, const char *A, unsigned size)
{
  ind(g);
  kb_printf(g->out, "{ %s *__ap = (%s *)(%s);\n", T, T, A);
  ind(g);
  if (size >= 4) {
    const char *ut = atomic_word(size);
    kb_printf(g->out, "  union { %s v; %s u; } __o, __n; "
              "__o.u = atomicCAS((%s *)__ap, (%s)0, (%s)0);\n",
              T, ut, ut, ut, ut);
    ind(g);
    kb_add(g->out, "  for (;;) {\n");
    return;
  }
  const char *su = atomic_word(size);
  kb_add(g->out, "  unsigned int *__wp = (unsigned int *)((unsigned long long)"
         "__ap & ~3ull);\n");
  ind(g);
  kb_printf(g->out, "  unsigned __sh = (unsigned)((unsigned long long)__ap & "
            "3ull) * 8u, __m = (unsigned)(%s)~0u << __sh;\n", su);
  ind(g);
  kb_printf(g->out, "  union { %s v; %s u; } __o, __n; unsigned int __ow = "
            "__accgpu_sub_ld(__wp, __ap, %u);\n", T, su, size);
  ind(g);
  kb_add(g->out, "  for (;;) {\n");
  ind(g);
  kb_printf(g->out, "    __o.u = (%s)((__ow & __m) >> __sh);\n", su);
}

/* The end of atomic_open's loop: __n.v stored where the object still
   holds __o.v, else another try. */
static void atomic_close(kg *g, unsigned size)
{
  ind(g);
  if (size >= 4) {
    const char *ut = atomic_word(size);
    kb_printf(g->out, "    { %s __p = atomicCAS((%s *)__ap, __o.u, __n.u);\n",
              ut, ut);
    ind(g);
    kb_add(g->out, "      if (__p == __o.u) break; __o.u = __p; }\n");
  } else {
    kb_printf(g->out, "    { unsigned int __p = __accgpu_sub_cas(__wp, __ow, "
              "(__ow & ~__m) | (((unsigned)__n.u << __sh) & __m), __ap, "
              "%u);\n", size);
    ind(g);
    kb_add(g->out, "      if (__p == __ow) break; __ow = __p; }\n");
  }
  ind(g);
  kb_add(g->out, "  }\n");
  ind(g);
  kb_add(g->out, "}\n");
}

/* The user's variable an atomic's address ADDR is in, for diagnostics. */
static tree atomic_var(kg *g, tree addr)
{
  tree t = addr;
  if (TREE_CODE(t) == ADDR_EXPR)
    t = get_base_address(TREE_OPERAND(t, 0));
  if (t && TREE_CODE(t) == MEM_REF)
    t = TREE_OPERAND(t, 0);
  if (t && TREE_CODE(t) == SSA_NAME)
    t = SSA_NAME_VAR(t);
  if (t && DECL_P(t) && root_of(g, t))
    t = root_of(g, t);
  return t && DECL_P(t) && DECL_NAME(t) && !DECL_ARTIFICIAL(t) ? t : NULL_TREE;
}

/* What an atomic construct (GCC's load/store pair at GSI) does with the
   object: reads it (the store puts back what was loaded: atomic read),
   writes it (the loaded value is not needed: atomic write), or both
   (update, capture). */
enum atomic_form { AF_RMW, AF_READ, AF_WRITE };

static enum atomic_form atomic_form_of(gimple_stmt_iterator gsi)
{
  gomp_atomic_load *ld = as_a<gomp_atomic_load *>(gsi_stmt(gsi));
  tree lhs = gimple_omp_atomic_load_lhs(ld);
  for (gsi_next(&gsi); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (is_gimple_debug(s) || gimple_code(s) == GIMPLE_NOP)
      continue;
    if (gimple_code(s) != GIMPLE_OMP_ATOMIC_STORE)
      return AF_RMW;
    tree val = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
    if (val == lhs)
      return AF_READ;
    return gimple_omp_atomic_need_value_p(ld) ? AF_RMW : AF_WRITE;
  }
  return AF_RMW;
}

/* Atomic read or write of the T object at A (SIZE bytes): one relaxed
   load into LHS, or one relaxed store of VAL, of its bits.  The CAS loop
   made every reader write the word back (serialized at the GPU's L2) and
   every writer read it first (the emulator's initcheck then took a write
   for a read of memory nothing had written). */
static void atomic_plain(kg *g, enum atomic_form f, const char *T,
                         const char *A, unsigned size, const char *lhs,
                         const char *val)
{
  const char *u = atomic_word(size);
  ind(g);
  if (f == AF_READ)
    kb_printf(g->out, "{ union { %s v; %s u; } __o; __o.u = "
              "__accgpu_ld_relaxed%u((const %s *)(%s)); %s = __o.v; }\n",
              T, u, size * 8, u, A, lhs);
  else
    kb_printf(g->out, "{ union { %s v; %s u; } __n; __n.v = %s; "
              "__accgpu_st_relaxed%u((%s *)(%s), __n.u); %s = __n.v; }\n",
              T, u, val, size * 8, u, A, lhs);
}

/* The statements of an atomic update or capture after the load at *GSI,
   computing the new value; *GSI is left at the store.  Returns the stored
   value, NULL_TREE when malformed. */
static tree atomic_body(kg *g, gimple_stmt_iterator *gsi, bool guard)
{
  bool was_single = g->in_single;
  g->in_single |= guard;
  gsi_next(gsi);
  tree val = NULL_TREE;
  for (; !gsi_end_p(*gsi); gsi_next(gsi)) {
    gimple *s = gsi_stmt(*gsi);
    if (gimple_code(s) == GIMPLE_OMP_ATOMIC_STORE) {
      val = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
      break;
    }
    if (gimple_code(s) == GIMPLE_ASSIGN)
      kg_emit_assign(g, s);
    else if (gimple_code(s) == GIMPLE_CALL)
      emit_call(g, s);
    else if (!is_gimple_debug(s) && gimple_code(s) != GIMPLE_NOP)
      fail(g, NULL, "unsupported statement in an atomic construct");
  }
  g->in_single = was_single;
  if (!val)
    fail(g, NULL, "malformed atomic construct");
  return val;
}

/* The CAS loop of an atomic update or capture: from the load at *GSI (LHS
   its value) through the statements computing the new value; *GSI is left
   at the store.  Returns the stored value, NULL_TREE when malformed. */
static tree atomic_cas(kg *g, gimple_stmt_iterator *gsi, const char *T,
                       const char *A, const char *lhs, unsigned size,
                       bool guard)
{
  atomic_open(g, T, A, size);
  ind(g);
  kb_printf(g->out, "    %s = __o.v;\n", lhs);
  g->indent += 2;
  tree val = atomic_body(g, gsi, guard);
  g->indent -= 2;
  return val;
}

/* The store of the load/store pair at *GSI; *GSI is left at it. */
static tree atomic_store_val(gimple_stmt_iterator *gsi)
{
  while (gimple_code(gsi_stmt(*gsi)) != GIMPLE_OMP_ATOMIC_STORE)
    gsi_next(gsi);
  return gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(gsi_stmt(*gsi)));
}

/* An atomic whose object is a thread's own (a local no other thread
   shares, or a pointer only ever to one): no other thread can see it, and
   a CUDA atomic on a local address faults on the GPU: plain code, the T
   object at A read into L, the new value stored.  *GSI is left at the
   store. */
static void atomic_local(kg *g, gimple_stmt_iterator *gsi,
                         enum atomic_form f, const char *T, const char *A,
                         const char *L)
{
  if (f != AF_WRITE) {
    ind(g);
    kb_printf(g->out, "%s = *(%s *)(%s);\n", L, T, A);
  }
  tree val = f == AF_RMW ? atomic_body(g, gsi, false) : atomic_store_val(gsi);
  if (!val || f == AF_READ)
    return;
  struct kbuf vb = {};
  ex(g, &vb, val);
  ind(g);
  kb_printf(g->out, "*(%s *)(%s) = %s;\n", T, A, kb_str(&vb));
  if (f == AF_WRITE) {
    ind(g);
    kb_printf(g->out, "%s = %s;\n", L, kb_str(&vb));
  }
  kb_free(&vb);
}

/* Whether the object at an atomic's address ADDR is a thread's own. */
static bool atomic_thread_local_p(kg *g, tree addr)
{
  tree obj = build_simple_mem_ref(addr);
  tree base = get_base_address(obj);
  if (base && TREE_CODE(base) == MEM_REF
      && TREE_CODE(TREE_OPERAND(base, 0)) == ADDR_EXPR)
    base = get_base_address(TREE_OPERAND(TREE_OPERAND(base, 0), 0));
  if (base && DECL_P(base)
      && (!VAR_P(base) || !kg_is_local_auto(base)))
    return false;
  return !shared_store_p(g, obj);
}

/* The statement of an atomic update that one native CUDA atomic can do:
   the only statement between the load and the store, computing the stored
   value.  NULL when there is none or more than one. */
static gassign *atomic_update_stmt(gimple_stmt_iterator gsi)
{
  gassign *as = NULL;
  for (gsi_next(&gsi); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *s = gsi_stmt(gsi);
    if (is_gimple_debug(s) || gimple_code(s) == GIMPLE_NOP)
      continue;
    if (gimple_code(s) == GIMPLE_OMP_ATOMIC_STORE) {
      tree val = gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(s));
      return as && gimple_assign_lhs(as) == val ? as : NULL;
    }
    if (as || !is_gimple_assign(s) || gimple_num_ops(s) != 3)
      return NULL;
    as = as_a<gassign *>(s);
  }
  return NULL;
}

/* A native atomic for update AS of the value LHS (LHS OP E, E OP LHS, or
   LHS - E, all of LHS's type): its name, the type it takes in *CT, E in
   *E and whether E is subtracted in *NEG.  NULL: a CAS loop. */
static const char *atomic_native_fn(gassign *as, tree lhs, tree *e,
                                    bool *neg, const char **ct)
{
  enum tree_code op = gimple_assign_rhs_code(as);
  tree a = gimple_assign_rhs1(as), b = gimple_assign_rhs2(as);
  tree type = TREE_TYPE(lhs);
  if (b == lhs && op != MINUS_EXPR) {
    b = a;
    a = lhs;
  }
  if (a != lhs || b == lhs
      || !types_compatible_p(type, TREE_TYPE(gimple_assign_lhs(as)))
      || !types_compatible_p(type, TREE_TYPE(b)))
    return NULL;
  const char *fn = accgpu_red_native_atomic(op, type, ct);
  /* Integers add as unsigned: two's complement, no signed overflow. */
  if (fn && INTEGRAL_TYPE_P(type) && (op == PLUS_EXPR || op == MINUS_EXPR))
    *ct = TYPE_PRECISION(type) > 32 ? "unsigned long long" : "unsigned int";
  *e = b;
  *neg = op == MINUS_EXPR;
  return fn;
}

/* Atomic update AS (value LHS, text L, of the T object at A) with native
   atomic FN taking CT (atomic_native_fn: E, NEG): the old value from the
   atomic, then AS computes the new one, as after the CAS loop.  *GSI is
   left at the store; returns the stored value.  x - e adds -e: the same
   IEEE result; integers add 0 - e in unsigned arithmetic. */
static tree atomic_native(kg *g, gimple_stmt_iterator *gsi, gassign *as,
                          const char *fn, const char *ct, tree e, bool neg,
                          const char *T, const char *A, const char *L,
                          bool guard)
{
  struct kbuf eb = {};
  ex(g, &eb, e);
  const char *pre = !neg ? "" : FLOAT_TYPE_P(TREE_TYPE(e)) ? "-" : "0u - ";
  ind(g);
  kb_printf(g->out, "{ %s __o = (%s)%s((%s *)(%s), %s(%s)(%s)); %s = __o; }\n",
            T, T, fn, ct, A, pre, ct, kb_str(&eb), L);
  kb_free(&eb);
  bool was_single = g->in_single;
  g->in_single |= guard;
  kg_emit_assign(g, as);
  g->in_single = was_single;
  return atomic_store_val(gsi);
}

/* The atomic at *GSI on memory other threads may share (global or
   shared): a relaxed load or store for atomic read and write, CUDA's
   atomic for an update it has (x += e, x &= e, x = min(x, e), ...), else a
   CAS loop on the bit pattern (works for every operation, capture
   included).  ADDR, LHS: the load's; T, A, L their text.  *GSI is left at
   the store. */
static void atomic_shared(kg *g, gimple_stmt_iterator *gsi, tree addr,
                          tree lhs, enum atomic_form form, unsigned size,
                          const char *T, const char *A, const char *L)
{
  bool guard = need_guard(g);
  if (guard)
    open_guard(g);
  note_store(g, build_simple_mem_ref(addr));
  if (DECL_P(addr))
    mark_written(g, root_of(g, addr));
  gassign *upd = form == AF_RMW ? atomic_update_stmt(*gsi) : NULL;
  tree e = NULL_TREE;
  bool neg = false;
  const char *ct = NULL;
  const char *fn = upd ? atomic_native_fn(upd, lhs, &e, &neg, &ct) : NULL;
  bool cas = form == AF_RMW && !fn;
  tree val = fn    ? atomic_native(g, gsi, upd, fn, ct, e, neg, T, A, L, guard)
             : cas ? atomic_cas(g, gsi, T, A, L, size, guard)
                   : atomic_store_val(gsi);
  if (!val)
    return;
  struct kbuf vb = {};
  ex(g, &vb, val);
  if (cas) {
    ind(g);
    kb_printf(g->out, "    __n.v = %s;\n", kb_str(&vb));
    atomic_close(g, size);
  } else if (!fn) {
    atomic_plain(g, form, T, A, size, L, kb_str(&vb));
  }
  if (guard) {
    /* The one thread that did it hands the old and new values (capture)
       to the others through shared memory: the worker's own slots when
       only its lanes take part (workers run this at different times). */
    const char *scr = accgpu_red_scratch_ref(kg_row_guard(g));
    ind(g);
    kb_printf(g->out, "((%s *)%s)[0] = %s; ((%s *)%s)[1] = %s;\n",
              T, scr, L, T, scr, kb_str(&vb));
    close_guard(g);
    ind(g);
    kb_printf(g->out, "%s = ((%s *)%s)[0];\n", L, T, scr);
    if (DECL_P(val) || TREE_CODE(val) == SSA_NAME) {
      ind(g);
      kb_printf(g->out, "%s = ((%s *)%s)[1];\n", kb_str(&vb), T, scr);
    }
    redundant_barrier(g);
    accgpu_red_need_scratch();
  }
  kb_free(&vb);
}

/* walk_gimple_op callback: the address of a thread's own variable. */
static tree local_addr_op(tree *tp, int *walk_subtrees, void *data)
{
  (void)walk_subtrees;
  kg *g = (kg *)((walk_stmt_info *)data)->info;
  if (TREE_CODE(*tp) != ADDR_EXPR)
    return NULL_TREE;
  tree x = get_base_address(TREE_OPERAND(*tp, 0));
  if (x && VAR_P(x) && kg_is_local_auto(x)
      && !shared_store_p(g, x))
    return *tp;
  return NULL_TREE;
}

/* Whether a walk of the body of G's compute construct with SCB and OCB
   (INFO theirs) stops somewhere; false outside a region (routines). */
static bool region_walk_finds(kg *g, walk_stmt_fn scb, walk_tree_fn ocb,
                              void *info)
{
  if (!g->region)
    return false;
  walk_stmt_info wi;
  memset(&wi, 0, sizeof wi);
  wi.info = info;
  return walk_gimple_seq(gimple_omp_body(g->region->stmt), scb, ocb,
                         &wi) != NULL;
}

/* Whether G's compute construct takes the address of a thread's local
   anywhere (a pointer set to it, a routine's argument); one walk per
   region. */
static bool kernel_takes_local_addr(kg *g)
{
  if (!g->takes_local_addr)
    g->takes_local_addr = region_walk_finds(g, NULL, local_addr_op, g) ? 2
                                                                       : 1;
  return g->takes_local_addr == 2;
}

/* Whether the object at an atomic's address ADDR may be a thread's local
   that the compiler cannot see: through a pointer in a routine (a caller
   may pass the address of its local), or in a kernel that takes the
   address of a local (`p = c ? &local : &a[i]`).  Other kernels' pointers
   are to mapped (global) data. */
static bool atomic_maybe_local_p(kg *g, tree addr)
{
  tree base = get_base_address(build_simple_mem_ref(addr));
  if (!base || (TREE_CODE(base) != MEM_REF
                && TREE_CODE(base) != TARGET_MEM_REF)
      || TREE_CODE(TREE_OPERAND(base, 0)) == ADDR_EXPR)
    return false;
  return g->routine_mode || kernel_takes_local_addr(g);
}

/* An atomic whose object may be a thread's local (atomic_maybe_local_p):
   chosen at run time, as a GPU faults on an atomic on local memory
   (__accgpu_is_local: PTX isspacep.local; the emulator's fiber stack). */
static void atomic_either(kg *g, gimple_stmt_iterator *gsi, tree addr,
                          tree lhs, enum atomic_form form, unsigned size,
                          const char *T, const char *A, const char *L)
{
  gimple_stmt_iterator lg = *gsi;
  ind(g);
  kb_printf(g->out, "if (__accgpu_is_local((const void *)(%s))) {\n", A);
  g->indent++;
  atomic_local(g, &lg, form, T, A, L);
  g->indent--;
  ind(g);
  kb_add(g->out, "} else {\n");
  g->indent++;
  atomic_shared(g, gsi, addr, lhs, form, size, T, A, L);
  g->indent--;
  ind(g);
  kb_add(g->out, "}\n");
}

/* GIMPLE_OMP_ATOMIC_LOAD at *GSI up to the matching store: plain code on
   a thread's own object, atomics on shared ones, a run-time choice where
   the compiler cannot tell.  Advances *GSI past the store. */
static void emit_atomic(kg *g, gimple_stmt_iterator *gsi)
{
  gomp_atomic_load *ld = as_a<gomp_atomic_load *>(gsi_stmt(*gsi));
  tree lhs = gimple_omp_atomic_load_lhs(ld);
  tree addr = gimple_omp_atomic_load_rhs(ld);
  tree type = TREE_TYPE(lhs);
  unsigned size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  if (size != 1 && size != 2 && size != 4 && size != 8) {
    /* long double: no CAS that wide on the GPU */
    tree v = atomic_var(g, addr);
    fail(g, v ? v : type, "atomic on a type that is not 1, 2, 4 or 8 bytes");
    return;
  }
  enum atomic_form form = atomic_form_of(*gsi);
  struct kbuf tb = {}, ab = {}, lb = {};
  type_str(g, &tb, type);
  ex(g, &ab, addr);
  ex(g, &lb, lhs);
  const char *T = kb_str(&tb), *A = kb_str(&ab), *L = kb_str(&lb);
  if (atomic_thread_local_p(g, addr))
    atomic_local(g, gsi, form, T, A, L);
  else if (!need_guard(g) && atomic_maybe_local_p(g, addr))
    atomic_either(g, gsi, addr, lhs, form, size, T, A, L);
  else
    atomic_shared(g, gsi, addr, lhs, form, size, T, A, L);
  kb_free(&tb);
  kb_free(&ab);
  kb_free(&lb);
}

/* ---- reductions (their text: reduction/) ---- */

/* Identity of OP for TYPE, as C text. */
void red_identity(kg *g, kbuf *b, enum tree_code op, tree type)
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
char *red_helpers(kg *g, enum tree_code op, tree type)
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

/* walk_gimple_seq callback: the variable of each atomic on (a part of) a
   variable, into the vec WI->info. */
static tree atomic_target_cb(gimple_stmt_iterator *gsi, bool *handled,
                             walk_stmt_info *wi)
{
  gomp_atomic_load *l = dyn_cast<gomp_atomic_load *>(gsi_stmt(*gsi));
  if (!l)
    return NULL_TREE;
  *handled = true;
  tree a = gimple_omp_atomic_load_rhs(l);
  if (TREE_CODE(a) == ADDR_EXPR)
    ((vec<tree> *)wi->info)->safe_push(get_base_address(TREE_OPERAND(a, 0)));
  return NULL_TREE;
}

/* Whether the region G generates has an atomic on (a part of) D; the
   region's body is walked once, for all its variables. */
bool kg_atomic_target_p(kg *g, tree d)
{
  if (!g->atomic_targets_known) {
    g->atomic_targets_known = true;
    region_walk_finds(g, atomic_target_cb, NULL, &g->atomic_targets);
  }
  return g->atomic_targets.contains(d);
}

/* A gang-private aggregate (array, struct) declared or made private
   outside worker/vector loops is one copy per gang that the gang's
   threads share (seed 001 §5.2.2): __shared__ when it fits.  So is such
   a scalar that an atomic updates, or that a lane stores for the gang
   (kg_lane_store_escapes): the gang's (or worker's) lanes must all
   update the one copy.  Not the gimplifier's unnamed temporaries (a
   struct a call returns, passed on to the next call): they live within
   one statement, and GCC declares them at the region's top even when the
   statement is in a vector loop, whose lanes would race on one copy. */
static void share_as(kg *g, tree d, bool in_memory_else)
{
  if (g->routine_mode || !(g->dims & (KG_WORKER | KG_VECTOR))
      || (g->part & KG_VECTOR) || !VAR_P(d)
      || (DECL_ARTIFICIAL(d) && !DECL_NAME(d))
      || lookup_name(g, d)
      || (!AGGREGATE_TYPE_P(TREE_TYPE(d)) && !kg_atomic_target_p(g, d)
          && !kg_lane_store_escapes(g, d))
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
    kg_ident(d, "t", nb, sizeof nb);
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
  if (size > 16384 || g->shared_bytes + size > 32768) {
    /* Each thread's own copy is right only while the lanes never share
       it: refuse what they would (was a silent wrong answer). */
    if (!in_memory_else && AGGREGATE_TYPE_P(TREE_TYPE(d))
        && kg_lane_writes_p(g, d))
      fail_at(g, d, DECL_SOURCE_LOCATION(d), size > 16384
                     ? "gang-private array larger than the 16 KiB of shared "
                       "memory a gang's lanes may share; make it smaller, or "
                       "declare it inside the vector loop if each lane needs "
                       "its own"
                     : "gang-private arrays of this region larger together "
                       "than the 32 KiB of shared memory its lanes may "
                       "share");
    return;
  }
  g->shared_bytes += size;
  g->shared.safe_push(d);
}

void maybe_share(kg *g, tree d)
{
  share_as(g, d, false);
}

/* The same for a firstprivate array whose copies can live in device
   memory instead (fp_arrays): too large is not an error. */
void kg_share_or_memory(kg *g, tree d)
{
  share_as(g, d, true);
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
    kg_emit_assign(g, s);
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
      if (VAR_P(v) && kg_vla_type_p(TREE_TYPE(v)))
        fail_at(g, v, DECL_SOURCE_LOCATION(v), "variable-length array "
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
  case GIMPLE_ASM: {
    /* asm volatile("" ::: "memory"), a compiler barrier: nothing to do in
       the generated C (each statement is emitted in order). */
    gasm *a = as_a<gasm *>(s);
    const char *text = gimple_asm_string(a);
    if (text[strspn(text, " \t\n")] || gimple_asm_ninputs(a)
        || gimple_asm_noutputs(a) || gimple_asm_nlabels(a))
      fail(g, NULL, "inline assembly (other than an empty asm) on the "
                    "device");
    break;
  }
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

/* Opens (OPEN) or closes the block of a run of reduction updates that only
   the first thread of levels LV needs (kernel-gen-red-slice.cc). */
static void slice_block(kg *g, bool open, int lv)
{
  if (!open) {
    g->indent--;
    ind(g);
    kb_add(g->out, "}\n");
    return;
  }
  ind(g);
  kb_printf(g->out, "if (%s%s%s) {\n",
            (lv & KG_VECTOR) ? "threadIdx.x == 0" : "",
            (lv & KG_VECTOR) && (lv & KG_WORKER) ? " && " : "",
            (lv & KG_WORKER) ? "threadIdx.y == 0" : "");
  g->indent++;
}

void emit_seq(kg *g, gimple_seq seq)
{
  int lv = 0;
  vec<gimple *> *slice = kgr_slice(g, seq, &lv);
  bool in = false;
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    bool one = slice && slice->contains(gsi_stmt(gsi));
    if (one != in)
      slice_block(g, one, lv);
    in = one;
    emit_stmt(g, &gsi);
    if (gsi_end_p(gsi))
      break;
  }
  if (in)
    slice_block(g, false, lv);
  if (slice) {
    slice->release();
    XDELETE(slice);
  }
}
