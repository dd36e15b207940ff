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
