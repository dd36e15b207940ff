/* kernel-gen-complex.cc — `_Complex float` and `_Complex double` in
 * compute regions.  CUDA C++ and GNU C11 share no complex type, so a
 * complex value is a struct of two reals with the layout of C's (real
 * part, then imaginary part: arrays copy to and from the host as they
 * are), `__accgpu_cf` / `__accgpu_cd`, and its arithmetic is explicit
 * functions, defined once per module on first use:
 *   T_mk(re, im), T_add, T_sub, T_mul (the full product), T_div (Smith's
 *   scaled quotient), T_neg, T_conj, T_eq, and for reductions
 *   __accgpu_shfl_T / __accgpu_shfl_down_T (a shuffle per part).
 * Products and quotients are C's textbook formulas without Annex G's
 * infinity and NaN recovery (as GCC's -fcx-fortran-rules).             */
#include "passes/kernel-gen-internal.h"

/* <complex.h>'s functions on complex type N with parts of type R, by
   their textbook formulas (as glibc's for finite arguments; no Annex G
   special cases): T_abs, T_arg, T_exp, T_log, T_sqrt (Kahan's, no
   cancellation), T_pow, T_sin, T_cos, T_sinh, T_cosh.  Each is defined
   on its first use (kg_complex_builtin): CUDA's hypot, exp, ... use fused
   multiply-adds of their own, which a unit compiled without contraction
   must not get unless it calls them. */
static void define_complex_fn(struct kbuf *d, const char *fn, const char *n,
                              const char *r)
{
  const char *f = "static __device__ __forceinline__ ACCGPU_STRUCT_RET";
  const char *m = strcmp(r, "float") ? "" : "f"; /* libm suffix */
  static const char *const trig[][3] = {
    {"sin", "sin%s(a.re) * cosh%s(a.im)", "cos%s(a.re) * sinh%s(a.im)"},
    {"cos", "cos%s(a.re) * cosh%s(a.im)", "-sin%s(a.re) * sinh%s(a.im)"},
    {"sinh", "sinh%s(a.re) * cos%s(a.im)", "cosh%s(a.re) * sin%s(a.im)"},
    {"cosh", "cosh%s(a.re) * cos%s(a.im)", "sinh%s(a.re) * sin%s(a.im)"},
  };
  if (!strcmp(fn, "abs"))
    kb_printf(d, "%s %s %s_abs(%s a) { return hypot%s(a.re, a.im); }\n", f,
              r, n, n, m);
  else if (!strcmp(fn, "arg"))
    kb_printf(d, "%s %s %s_arg(%s a) { return atan2%s(a.im, a.re); }\n", f,
              r, n, n, m);
  else if (!strcmp(fn, "exp"))
    kb_printf(d, "%s %s %s_exp(%s a) { %s e = exp%s(a.re); return %s_mk(e * "
              "cos%s(a.im), e * sin%s(a.im)); }\n", f, n, n, n, r, m, n, m,
              m);
  else if (!strcmp(fn, "log"))
    kb_printf(d, "%s %s %s_log(%s a) { return %s_mk(log%s(hypot%s(a.re, "
              "a.im)), atan2%s(a.im, a.re)); }\n", f, n, n, n, n, m, m, m);
  else if (!strcmp(fn, "sqrt"))
    kb_printf(d, "%s %s %s_sqrt(%s a) {\n"
              "  if (a.re == 0 && a.im == 0) return %s_mk(0, a.im);\n"
              "  %s t = sqrt%s((fabs%s(a.re) + hypot%s(a.re, a.im)) / 2);\n"
              "  if (a.re >= 0) return %s_mk(t, a.im / (2 * t));\n"
              "  return %s_mk(fabs%s(a.im) / (2 * t), copysign%s(t, a.im));"
              "\n}\n", f, n, n, n, n, r, m, m, m, n, n, m, m);
  else if (!strcmp(fn, "pow")) /* after exp and log */
    kb_printf(d, "%s %s %s_pow(%s a, %s b) {\n"
              "  if (a.re == 0 && a.im == 0) return %s_mk(0, 0);\n"
              "  return %s_exp(%s_mul(b, %s_log(a)));\n}\n", f, n, n, n, n,
              n, n, n, n);
  for (size_t i = 0; i < ARRAY_SIZE(trig); i++) {
    if (strcmp(fn, trig[i][0]))
      continue;
    kb_printf(d, "%s %s %s_%s(%s a) { return %s_mk(", f, n, n, trig[i][0],
              n, n);
    kb_printf(d, trig[i][1], m, m);
    kb_add(d, ", ");
    kb_printf(d, trig[i][2], m, m);
    kb_add(d, "); }\n");
  }
}

/* The definitions of complex type N with parts of type R. */
static void define_complex(const char *n, const char *r)
{
  struct kbuf d = {};
  const char *f = "static __device__ __forceinline__ ACCGPU_STRUCT_RET";
  kb_printf(&d, "typedef struct { %s re, im; } %s;\n", r, n);
  kb_printf(&d, "%s %s %s_mk(%s re, %s im) { %s z; z.re = re; z.im = im; "
            "return z; }\n", f, n, n, r, r, n);
  kb_printf(&d, "%s %s %s_add(%s a, %s b) { return %s_mk(a.re + b.re, "
            "a.im + b.im); }\n", f, n, n, n, n, n);
  kb_printf(&d, "%s %s %s_sub(%s a, %s b) { return %s_mk(a.re - b.re, "
            "a.im - b.im); }\n", f, n, n, n, n, n);
  kb_printf(&d, "%s %s %s_mul(%s a, %s b) { return %s_mk(a.re * b.re - "
            "a.im * b.im, a.re * b.im + a.im * b.re); }\n", f, n, n, n, n, n);
  kb_printf(&d, "%s %s %s_div(%s a, %s b) {\n"
            "  if ((b.re < 0 ? -b.re : b.re) >= (b.im < 0 ? -b.im : b.im)) "
            "{\n    %s q = b.im / b.re, s = b.re + b.im * q;\n"
            "    return %s_mk((a.re + a.im * q) / s, (a.im - a.re * q) / s);"
            "\n  }\n  %s q = b.re / b.im, s = b.im + b.re * q;\n"
            "  return %s_mk((a.re * q + a.im) / s, (a.im * q - a.re) / s);\n"
            "}\n", f, n, n, n, n, r, n, r, n);
  kb_printf(&d, "%s %s %s_neg(%s a) { return %s_mk(-a.re, -a.im); }\n", f,
            n, n, n, n);
  kb_printf(&d, "%s %s %s_conj(%s a) { return %s_mk(a.re, -a.im); }\n", f,
            n, n, n, n);
  kb_printf(&d, "%s int %s_eq(%s a, %s b) { return a.re == b.re && "
            "a.im == b.im; }\n", f, n, n, n);
  kb_printf(&d, "%s %s __accgpu_shfl_%s(unsigned m, %s v, int l) {\n"
            "  return %s_mk(__shfl_sync(m, v.re, l), __shfl_sync(m, v.im, "
            "l));\n}\n", f, n, n + 9, n, n);
  kb_printf(&d, "%s %s __accgpu_shfl_down_%s(unsigned m, %s v, unsigned d) "
            "{\n  return %s_mk(__shfl_down_sync(m, v.re, d), "
            "__shfl_down_sync(m, v.im, d));\n}\n", f, n, n + 9, n, n);
  kb_add(&kg_types, kb_str(&d));
  kb_free(&d);
}

const char *kg_complex_name(kg *g, tree t)
{
  static bool done[2];
  if (kg_ld_type_p(t)) { /* computed as _Complex double */
    kg_ld_note(g);
    t = build_complex_type(double_type_node);
  }
  const char *n = accgpu_red_complex(t);
  if (!n) {
    fail(g, t, TREE_CODE(TREE_TYPE(t)) == REAL_TYPE
                   ? "this complex floating-point type is not supported on "
                     "the device"
                   : "complex integer type");
    return "__accgpu_cd";
  }
  bool f = TYPE_PRECISION(TREE_TYPE(t)) == 32;
  if (!done[f]) {
    done[f] = true;
    define_complex(n, f ? "float" : "double");
  }
  return n;
}

/* NAME_FN(X) or NAME_FN(X, Y) for the complex type T. */
static void call(kg *g, kbuf *b, tree t, const char *fn, tree x, tree y)
{
  kb_printf(b, "%s_%s(", kg_complex_name(g, t), fn);
  ex(g, b, x);
  if (y) {
    kb_add(b, ", ");
    ex(g, b, y);
  }
  kb_add(b, ")");
}

/* Value X (real or complex) as the complex type T. */
static void as_complex(kg *g, kbuf *b, tree t, tree x)
{
  const char *n = kg_complex_name(g, t);
  tree xt = TREE_TYPE(x);
  if (TREE_CODE(xt) == COMPLEX_TYPE && types_compatible_p(xt, t)) {
    ex(g, b, x);
    return;
  }
  kb_printf(b, "%s_mk(", n);
  if (TREE_CODE(xt) == COMPLEX_TYPE) {
    cast_to(g, b, TREE_TYPE(t), build1(REALPART_EXPR, TREE_TYPE(xt), x));
    kb_add(b, ", ");
    cast_to(g, b, TREE_TYPE(t), build1(IMAGPART_EXPR, TREE_TYPE(xt), x));
  } else {
    cast_to(g, b, TREE_TYPE(t), x);
    kb_add(b, ", 0");
  }
  kb_add(b, ")");
}

void kg_complex_convert(kg *g, kbuf *b, tree t, tree x)
{
  as_complex(g, b, t, x);
}

bool kg_complex_binop(kg *g, kbuf *b, enum tree_code code, tree type, tree x,
                      tree y)
{
  tree xt = TREE_TYPE(x);
  if (code == COMPLEX_EXPR) {
    kb_printf(b, "%s_mk(", kg_complex_name(g, type));
    ex(g, b, x);
    kb_add(b, ", ");
    ex(g, b, y);
    kb_add(b, ")");
    return true;
  }
  if ((code == EQ_EXPR || code == NE_EXPR) && TREE_CODE(xt) == COMPLEX_TYPE) {
    kb_add(b, code == NE_EXPR ? "(!" : "(");
    call(g, b, xt, "eq", x, y);
    kb_add(b, ")");
    return true;
  }
  if (TREE_CODE(type) != COMPLEX_TYPE)
    return false;
  const char *fn = code == PLUS_EXPR ? "add" : code == MINUS_EXPR ? "sub"
                   : code == MULT_EXPR ? "mul" : code == RDIV_EXPR ? "div"
                   : NULL;
  if (!fn)
    fail(g, NULL, "unsupported operation on complex values");
  call(g, b, type, fn ? fn : "add", x, y);
  return true;
}

bool kg_complex_unop(kg *g, kbuf *b, enum tree_code code, tree type, tree x)
{
  /* a VIEW_CONVERT_EXPR reinterprets the bytes: unop does it for any type */
  if (TREE_CODE(type) != COMPLEX_TYPE || code == VIEW_CONVERT_EXPR)
    return false;
  switch (code) {
  case NEGATE_EXPR: call(g, b, type, "neg", x, NULL_TREE); break;
  case CONJ_EXPR: call(g, b, type, "conj", x, NULL_TREE); break;
  case PAREN_EXPR: ex(g, b, x); break;
  default: as_complex(g, b, type, x); break; /* conversions */
  }
  return true;
}

void kg_complex_cst(kg *g, kbuf *b, tree t)
{
  kb_printf(b, "%s_mk(", kg_complex_name(g, TREE_TYPE(t)));
  ex(g, b, TREE_REALPART(t));
  kb_add(b, ", ");
  ex(g, b, TREE_IMAGPART(t));
  kb_add(b, ")");
}

/* __real__ X / __imag__ X, values or lvalues. */
void kg_complex_part(kg *g, kbuf *b, tree t)
{
  kb_add(b, "(");
  ex(g, b, TREE_OPERAND(t, 0));
  kb_add(b, TREE_CODE(t) == REALPART_EXPR ? ").re" : ").im");
}

/* <complex.h> builtins (the double and float ones; GCC folds creal,
   cimag and conj itself): their suffix in define_complex_fn, and whether
   the module has it yet, per part type (double, float). */
struct cfn {
  enum built_in_function d, f;
  const char *name;
};

/* Defines function FN of complex type T (and what it calls) once. */
static void need_complex_fn(kg *g, tree t, const char *fn)
{
  static hash_set<nofree_string_hash> done;
  const char *n = kg_complex_name(g, t);
  char key[64];
  snprintf(key, sizeof key, "%s_%s", n, fn);
  if (done.contains(key))
    return;
  done.add(xstrdup(key)); /* the few keys live as long as the unit */
  if (!strcmp(fn, "pow")) {
    need_complex_fn(g, t, "exp");
    need_complex_fn(g, t, "log");
  }
  struct kbuf d = {};
  bool f = TYPE_PRECISION(TREE_TYPE(t)) == 32;
  define_complex_fn(&d, fn, n, f ? "float" : "double");
  kb_add(&kg_types, kb_str(&d));
  kb_free(&d);
}

static const struct cfn cfns[] = {
  {BUILT_IN_CABS, BUILT_IN_CABSF, "abs"},
  {BUILT_IN_CARG, BUILT_IN_CARGF, "arg"},
  {BUILT_IN_CEXP, BUILT_IN_CEXPF, "exp"},
  {BUILT_IN_CLOG, BUILT_IN_CLOGF, "log"},
  {BUILT_IN_CSQRT, BUILT_IN_CSQRTF, "sqrt"},
  {BUILT_IN_CPOW, BUILT_IN_CPOWF, "pow"},
  {BUILT_IN_CSIN, BUILT_IN_CSINF, "sin"},
  {BUILT_IN_CCOS, BUILT_IN_CCOSF, "cos"},
  {BUILT_IN_CSINH, BUILT_IN_CSINHF, "sinh"},
  {BUILT_IN_CCOSH, BUILT_IN_CCOSHF, "cosh"},
};

/* Emits S, a call of complex builtin CODE; false when it is not one. */
bool kg_complex_builtin(kg *g, gimple *s, enum built_in_function code)
{
  const struct cfn *c = NULL;
  for (size_t i = 0; i < ARRAY_SIZE(cfns) && !c; i++)
    if (cfns[i].d == code || cfns[i].f == code)
      c = &cfns[i];
  if (!c)
    return false;
  tree t = TREE_TYPE(gimple_call_arg(s, 0));
  struct kbuf call = {};
  need_complex_fn(g, t, c->name);
  kb_printf(&call, "%s_%s(", kg_complex_name(g, t), c->name);
  for (unsigned i = 0; i < gimple_call_num_args(s); i++) {
    kb_add(&call, i ? ", " : "");
    as_complex(g, &call, t, gimple_call_arg(s, i));
  }
  kb_add(&call, ")");
  kg_emit_call_result(g, gimple_call_lhs(s), &call);
  if (gimple_call_lhs(s))
    note_store(g, gimple_call_lhs(s));
  kb_free(&call);
  return true;
}
