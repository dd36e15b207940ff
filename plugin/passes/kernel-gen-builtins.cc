/* kernel-gen-builtins.cc — CUDA C text of the builtins that are not math
 * functions: bit counts and byte swaps, memcpy/memset/memmove/memcmp,
 * printf/puts/putchar, sincos as GCC folds it (cexpi), assert(),
 * malloc/calloc/free (kernel-gen-stmt.cc's emit_call asks here first).
 * The helpers they call are in include/accgpu_cuda.h, on both sides. */
#include "passes/kernel-gen-internal.h"

/* One-argument bit builtins: the CUDA text, %s the argument.  long is
   64 bits on the host and on the device (LP64 both). */
struct bit_fn {
  enum built_in_function code;
  const char *fmt;
};

static const struct bit_fn bit_fns[] = {
  {BUILT_IN_POPCOUNT, "__popc((unsigned)(%s))"},
  {BUILT_IN_POPCOUNTL, "__popcll((unsigned long long)(%s))"},
  {BUILT_IN_POPCOUNTLL, "__popcll((unsigned long long)(%s))"},
  {BUILT_IN_CLZ, "__clz((int)(%s))"},
  {BUILT_IN_CLZL, "__clzll((long long)(%s))"},
  {BUILT_IN_CLZLL, "__clzll((long long)(%s))"},
  {BUILT_IN_CTZ, "(__ffs((int)(%s)) - 1)"},
  {BUILT_IN_CTZL, "(__ffsll((long long)(%s)) - 1)"},
  {BUILT_IN_CTZLL, "(__ffsll((long long)(%s)) - 1)"},
  {BUILT_IN_FFS, "__ffs((int)(%s))"},
  {BUILT_IN_FFSL, "__ffsll((long long)(%s))"},
  {BUILT_IN_FFSLL, "__ffsll((long long)(%s))"},
  {BUILT_IN_PARITY, "(__popc((unsigned)(%s)) & 1)"},
  {BUILT_IN_PARITYL, "(__popcll((unsigned long long)(%s)) & 1)"},
  {BUILT_IN_PARITYLL, "(__popcll((unsigned long long)(%s)) & 1)"},
  {BUILT_IN_BSWAP16, "__accgpu_bswap16((unsigned short)(%s))"},
  {BUILT_IN_BSWAP32, "__accgpu_bswap32((unsigned)(%s))"},
  {BUILT_IN_BSWAP64, "__accgpu_bswap64((unsigned long long)(%s))"},
};

/* LHS = (type of LHS)CALL; or CALL; alone. */
void kg_emit_call_result(kg *g, tree lhs, kbuf *call)
{
  ind(g);
  if (!lhs) {
    kb_printf(g->out, "%s;\n", kb_str(call));
    return;
  }
  struct kbuf l = {};
  kg_ex_lvalue(g, &l, lhs);
  kb_printf(g->out, "%s = ", kb_str(&l));
  if (const char *mk = kg_ld_store_fn(g, lhs))
    kb_printf(g->out, "%s(%s);\n", mk, kb_str(call));
  else if (is_gimple_reg_type(TREE_TYPE(lhs))) {
    kb_add(g->out, "((");
    type_str(g, g->out, TREE_TYPE(lhs));
    kb_printf(g->out, ")%s);\n", kb_str(call));
  } else
    kb_printf(g->out, "%s;\n", kb_str(call));
  kb_free(&l);
}

static bool emit_bit(kg *g, gimple *s, enum built_in_function code)
{
  for (size_t i = 0; i < ARRAY_SIZE(bit_fns); i++) {
    if (bit_fns[i].code != code)
      continue;
    struct kbuf a = {}, call = {};
    ex(g, &a, gimple_call_arg(s, 0));
    kb_printf(&call, bit_fns[i].fmt, kb_str(&a));
    kg_emit_call_result(g, gimple_call_lhs(s), &call);
    kb_free(&a);
    kb_free(&call);
    return true;
  }
  return false;
}

/* The string literal that A points at (&"..." or &"..."[0]), or NULL. */
static tree literal_of(tree a)
{
  if (TREE_CODE(a) != ADDR_EXPR)
    return NULL_TREE;
  tree op = TREE_OPERAND(a, 0);
  if (TREE_CODE(op) == ARRAY_REF && integer_zerop(TREE_OPERAND(op, 1)))
    op = TREE_OPERAND(op, 0);
  return TREE_CODE(op) == STRING_CST ? op : NULL_TREE;
}

/* S as a C string literal: printable ASCII kept, the rest octal.  Wide
   literals (L"...", u"...") are refused. */
void kg_string_literal(kg *g, kbuf *b, tree s)
{
  tree elt = TREE_TYPE(TREE_TYPE(s));
  if (!elt || TYPE_PRECISION(elt) != BITS_PER_UNIT) {
    fail(g, NULL, "wide string literals are not supported on the device");
    kb_add(b, "\"\"");
    return;
  }
  const unsigned char *p = (const unsigned char *)TREE_STRING_POINTER(s);
  int n = TREE_STRING_LENGTH(s);
  if (n > 0 && !p[n - 1])
    n--; /* the literal's own terminator */
  kb_add(b, "\"");
  for (int i = 0; i < n; i++) {
    if (p[i] == '"' || p[i] == '\\')
      kb_printf(b, "\\%c", p[i]);
    else if (p[i] >= 32 && p[i] < 127 && p[i] != '?')
      kb_printf(b, "%c", p[i]);
    else
      kb_printf(b, "\\%03o", p[i]); /* '?' too: no trigraphs */
  }
  kb_add(b, "\"");
}

/* Argument A of an output call: a literal as such, else the value. */
static void out_arg(kg *g, kbuf *b, tree a)
{
  tree lit = literal_of(a);
  if (lit)
    kg_string_literal(g, b, lit);
  else
    ex(g, b, a);
}

/* A `%n` conversion in format literal FMT (CUDA's device printf has none;
   the checked emulator refuses it at run time, this at compile time on
   every device). */
static bool format_has_n(tree fmt)
{
  const char *p = TREE_STRING_POINTER(fmt);
  const char *end = p + TREE_STRING_LENGTH(fmt);
  for (; p < end && *p; p++) {
    if (*p != '%')
      continue;
    if (p + 1 < end && p[1] == '%') {
      p++;
      continue;
    }
    while (p + 1 < end && p[1] && strchr("-+ #0123456789.*hlLqjzt'", p[1]))
      p++;
    if (p + 1 < end && p[1] == 'n')
      return true;
  }
  return false;
}

/* printf, puts and putchar: device printf, one call each (CUDA's device
   printf and stdio's locked FILE keep a call's output together).  Only
   one thread of redundant code prints. */
static void emit_output(kg *g, gimple *s, enum built_in_function code)
{
  struct kbuf call = {};
  if (!literal_of(gimple_call_arg(s, 0)) && code == BUILT_IN_PRINTF) {
    fail(g, gimple_call_fndecl(s), "the format of a device printf must be "
                                   "a string literal");
    return;
  }
  if (code == BUILT_IN_PRINTF
      && format_has_n(literal_of(gimple_call_arg(s, 0)))) {
    fail(g, gimple_call_fndecl(s), "%n in the format of a device printf "
                                   "(CUDA's device printf has no %n)");
    return;
  }
  if (code == BUILT_IN_PUTS) {
    kb_add(&call, "printf(\"%s\\n\", ");
    out_arg(g, &call, gimple_call_arg(s, 0));
  } else if (code == BUILT_IN_PUTCHAR) {
    kb_add(&call, "printf(\"%c\", (int)(");
    ex(g, &call, gimple_call_arg(s, 0));
    kb_add(&call, ")");
  } else {
    kb_add(&call, "printf(");
    for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
      if (i)
        kb_add(&call, ", ");
      out_arg(g, &call, gimple_call_arg(s, i));
    }
  }
  kb_add(&call, ")");
  bool guard = need_guard(g);
  if (guard)
    open_guard(g);
  kg_emit_call_result(g, gimple_call_lhs(s), &call);
  if (guard)
    close_guard(g);
  kb_free(&call);
}

/* memcpy, memset, memmove, memcmp: the byte loops of accgpu_cuda.h (the
   emulator's checks see each access, as for the kernel's own). */
static void emit_mem(kg *g, gimple *s, const char *helper)
{
  static const char *const casts[] = {"(void *)", "(const void *)",
                                      "(unsigned long)"};
  bool set = !strcmp(helper, "__accgpu_memset");
  struct kbuf call = {};
  kb_printf(&call, "%s(", helper);
  for (unsigned i = 0; i < 3; i++) {
    tree a = gimple_call_arg(s, i);
    kb_printf(&call, "%s%s(", i ? ", " : "",
              set && i == 1 ? "(int)" : casts[i]);
    ex(g, &call, a);
    kb_add(&call, ")");
    if (i || !strcmp(helper, "__accgpu_memcmp"))
      continue;
    if (DECL_P(a))
      mark_written(g, root_of(g, a));
    else if (TREE_CODE(a) == ADDR_EXPR)
      note_store(g, TREE_OPERAND(a, 0));
  }
  kb_add(&call, ")");
  kg_emit_call_result(g, gimple_call_lhs(s), &call);
  kb_free(&call);
}

/* glibc's __assert_fail (EXPR, FILE, LINE, FUNCTION), what assert()
   calls: the device assert of accgpu_cuda.h.  False for other calls. */
bool kg_emit_libcall(kg *g, gimple *s, tree fn)
{
  if (kg_emit_private_copy(g, s, fn))
    return true;
  if (strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "__assert_fail")
      || gimple_call_num_args(s) != 4)
    return false;
  struct kbuf call = {};
  kb_add(&call, "__accgpu_assert_fail(");
  for (unsigned i = 0; i < 4; i++) {
    kb_add(&call, i ? ", " : "");
    if (i == 2)
      cast_to(g, &call, unsigned_type_node, gimple_call_arg(s, i));
    else {
      kb_add(&call, "(const char *)");
      out_arg(g, &call, gimple_call_arg(s, i));
    }
  }
  kb_add(&call, ")");
  kg_emit_call_result(g, NULL_TREE, &call);
  kb_free(&call);
  return true;
}

/* LHS = cexpi(X), what GCC makes of sincos(x, &s, &c): CUDA's sincos
   into two temporaries, then the complex value (cos, sin). */
static void emit_cexpi(kg *g, gimple *s)
{
  tree lhs = gimple_call_lhs(s);
  if (!lhs)
    return;
  bool f = TYPE_PRECISION(TREE_TYPE(TREE_TYPE(lhs))) == 32;
  struct kbuf l = {}, x = {};
  ex(g, &l, lhs);
  cast_to(g, &x, TREE_TYPE(TREE_TYPE(lhs)), gimple_call_arg(s, 0));
  ind(g);
  kb_printf(g->out, "{ %s __s, __c; sincos%s(%s, &__s, &__c); %s = "
                    "%s_mk(__c, __s); }\n", f ? "float" : "double",
            f ? "f" : "", kb_str(&x), kb_str(&l),
            kg_complex_name(g, TREE_TYPE(lhs)));
  note_store(g, lhs);
  kb_free(&l);
  kb_free(&x);
}

/* "FILE", LINEu of call S (the region's when S has none): where the
   emulator's reports say it happened. */
static void out_file_line(kg *g, struct kbuf *b, gimple *s)
{
  location_t loc = gimple_location(s) != UNKNOWN_LOCATION ? gimple_location(s)
                                                          : g->loc;
  const char *file = LOCATION_FILE(loc) ? LOCATION_FILE(loc) : "?";
  out_arg(g, b, build_string_literal(strlen(file) + 1, file));
  kb_printf(b, ", %uu", (unsigned)LOCATION_LINE(loc));
}

/* abort() and __builtin_trap(): accgpu_cuda.h's __accgpu_abort, which
   reports where and ends the program (a trap on a GPU), as the call does
   on the host.  Dropping it would let a failed check pass. */
static void emit_abort(kg *g, gimple *s, enum built_in_function code)
{
  struct kbuf call = {};
  kb_printf(&call, "__accgpu_abort(\"%s\", ",
            code == BUILT_IN_TRAP ? "__builtin_trap()" : "abort()");
  out_file_line(g, &call, s);
  kb_add(&call, ")");
  kg_emit_call_result(g, NULL_TREE, &call);
  kb_free(&call);
}

/* malloc, calloc and free: the device heap (accgpu_cuda.h's
   __accgpu_malloc: CUDA's on a GPU, the emulator's checked heap, the C
   library's on the multicore device).  The call's file and line name the
   block in the emulator's reports.  In code the lanes of a row run
   redundantly, one thread calls it and the pointer reaches the others as
   a single call's result does: one block per gang (or worker), not one per
   lane. */
static void emit_heap(kg *g, gimple *s, enum built_in_function code)
{
  tree lhs = gimple_call_lhs(s);
  struct kbuf call = {};
  kb_add(&call, code == BUILT_IN_FREE     ? "__accgpu_free("
                : code == BUILT_IN_CALLOC ? "__accgpu_calloc("
                                          : "__accgpu_malloc(");
  for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
    kb_add(&call, code == BUILT_IN_FREE ? "(void *)(" : "(unsigned long)(");
    ex(g, &call, gimple_call_arg(s, i));
    kb_add(&call, "), ");
  }
  out_file_line(g, &call, s);
  kb_add(&call, ")");
  bool single = (g->dims & ~g->part & KG_VECTOR) && !g->in_single
                && (!lhs || DECL_P(lhs));
  kg_emit_maybe_single(g, lhs, &call, single);
  kb_free(&call);
}

/* Emits builtin call S of FN when it is one of this file's; false when
   the caller should go on (math functions, or refuse it). */
bool kg_emit_builtin(kg *g, gimple *s, tree fn)
{
  enum built_in_function code = DECL_FUNCTION_CODE(fn);
  switch (code) {
  case BUILT_IN_PRINTF:
  case BUILT_IN_PUTS:
  case BUILT_IN_PUTCHAR:
    emit_output(g, s, code);
    return true;
  case BUILT_IN_MEMCPY:
    emit_mem(g, s, "__accgpu_memcpy");
    return true;
  case BUILT_IN_MEMMOVE:
    emit_mem(g, s, "__accgpu_memmove");
    return true;
  case BUILT_IN_MEMSET:
    emit_mem(g, s, "__accgpu_memset");
    return true;
  case BUILT_IN_MEMCMP:
    emit_mem(g, s, "__accgpu_memcmp");
    return true;
  case BUILT_IN_MALLOC:
  case BUILT_IN_CALLOC:
  case BUILT_IN_FREE:
    emit_heap(g, s, code);
    return true;
  case BUILT_IN_ABORT:
  case BUILT_IN_TRAP:
    emit_abort(g, s, code);
    return true;
  case BUILT_IN_CEXPI:
  case BUILT_IN_CEXPIF:
    emit_cexpi(g, s);
    return true;
  default:
    if (kg_complex_builtin(g, s, code))
      return true;
    return gimple_call_num_args(s) == 1 && emit_bit(g, s, code);
  }
}
