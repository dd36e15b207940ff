/* combine.cc — reduction operators on scalar values: which types and
 * operators a reduction takes, the C text that combines two values, and
 * each operator's identity.                                              */
#include "reduction/reduction.h"

bool accgpu_red_scalar_p(tree type)
{
  return INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type)
         || accgpu_red_complex(type);
}

const char *accgpu_red_complex(tree type)
{
  if (TREE_CODE(type) != COMPLEX_TYPE
      || TREE_CODE(TREE_TYPE(type)) != REAL_TYPE)
    return NULL;
  switch (TYPE_PRECISION(TREE_TYPE(type))) {
  case 32: return "__accgpu_cf";
  case 64: return "__accgpu_cd";
  default: return NULL;
  }
}

tree accgpu_red_var(tree d)
{
  if (TREE_CODE(d) == MEM_REF) {
    tree p = TREE_OPERAND(d, 0);
    if (TREE_CODE(p) == POINTER_PLUS_EXPR) /* a run-time start */
      p = TREE_OPERAND(p, 0);
    if (TREE_CODE(p) == ADDR_EXPR)
      p = TREE_OPERAND(p, 0);
    if (DECL_P(p))
      return p;
  }
  return d;
}

bool accgpu_red_whole_p(tree d)
{
  if (DECL_P(d))
    return true;
  if (TREE_CODE(d) != MEM_REF || !integer_zerop(TREE_OPERAND(d, 1))
      || TREE_CODE(TREE_OPERAND(d, 0)) != ADDR_EXPR)
    return false;
  tree v = TREE_OPERAND(TREE_OPERAND(d, 0), 0);
  return DECL_P(v) && TREE_CODE(TREE_TYPE(v)) == ARRAY_TYPE
         && tree_int_cst_equal(TYPE_SIZE_UNIT(TREE_TYPE(d)),
                               TYPE_SIZE_UNIT(TREE_TYPE(v)));
}

const char *accgpu_red_type_tag(tree type)
{
  if (const char *c = accgpu_red_complex(type))
    return c + 9; /* "cf", "cd" */
  if (FLOAT_TYPE_P(type))
    return TYPE_PRECISION(type) == 32 ? "f" : "d";
  if (TREE_CODE(type) == BOOLEAN_TYPE)
    return "b";
  switch (TYPE_PRECISION(type)) {
  case 8:
    /* char and signed char are distinct types to CUDA C++: helpers taking
       a pointer need their own. */
    if (TYPE_UNSIGNED(type))
      return "uc";
    return TYPE_MAIN_VARIANT(type) == signed_char_type_node ? "sc" : "c";
  case 16: return TYPE_UNSIGNED(type) ? "us" : "s";
  case 32: return TYPE_UNSIGNED(type) ? "u" : "i";
  case 64: return TYPE_UNSIGNED(type) ? "ull" : "ll";
  default: return NULL;
  }
}

/* _Bool values are 0 or 1, and a sum or product stored back into one
   is its || or &&: combining in those keeps every partial a valid _Bool
   (1 + 1 would store 2 in the byte). */
enum tree_code accgpu_red_code(tree type, enum tree_code op)
{
  if (TREE_CODE(type) != BOOLEAN_TYPE)
    return op;
  switch (op) {
  case PLUS_EXPR: case MINUS_EXPR: case MAX_EXPR: return TRUTH_ORIF_EXPR;
  case MULT_EXPR: case MIN_EXPR: return TRUTH_ANDIF_EXPR;
  default: return op;
  }
}

bool accgpu_red_update_code_p(enum tree_code c)
{
  switch (c) {
  case PLUS_EXPR: case MULT_EXPR: case MIN_EXPR: case MAX_EXPR:
  case BIT_AND_EXPR: case BIT_IOR_EXPR: case BIT_XOR_EXPR:
    return true;
  default:
    return false;
  }
}

enum tree_code accgpu_red_minmax_call(gimple *s)
{
  tree fn = gimple_code(s) == GIMPLE_CALL ? gimple_call_fndecl(s) : NULL_TREE;
  if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL) ||
      gimple_call_num_args(s) != 2)
    return ERROR_MARK;
  switch (DECL_FUNCTION_CODE(fn)) {
  CASE_FLT_FN(BUILT_IN_FMAX):
    return MAX_EXPR;
  CASE_FLT_FN(BUILT_IN_FMIN):
    return MIN_EXPR;
  default:
    return ERROR_MARK;
  }
}

const char *accgpu_red_op_spelling(enum tree_code op)
{
  switch (op) {
  case PLUS_EXPR: return "+";
  case MINUS_EXPR: return "-";
  case MULT_EXPR: return "*";
  case MIN_EXPR: return "min";
  case MAX_EXPR: return "max";
  case BIT_AND_EXPR: return "&";
  case BIT_IOR_EXPR: return "|";
  case BIT_XOR_EXPR: return "^";
  default: return NULL;
  }
}

const char *accgpu_red_op_tag(enum tree_code op)
{
  switch (op) {
  case PLUS_EXPR: case MINUS_EXPR: return "add";
  case MULT_EXPR: return "mul";
  case MAX_EXPR: return "max";
  case MIN_EXPR: return "min";
  case BIT_AND_EXPR: return "band";
  case BIT_IOR_EXPR: return "bor";
  case BIT_XOR_EXPR: return "bxor";
  case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR: return "land";
  case TRUTH_ORIF_EXPR: case TRUTH_OR_EXPR: return "lor";
  default: return NULL;
  }
}

void accgpu_red_combine(struct kbuf *b, enum tree_code op, tree type,
                        const char *x, const char *y)
{
  if (const char *c = accgpu_red_complex(type)) {
    kb_printf(b, "%s_%s((%s), (%s))", c, op == MULT_EXPR ? "mul" : "add", x,
              y);
    return;
  }
  switch (op) {
  case PLUS_EXPR: case MINUS_EXPR: kb_printf(b, "(%s) + (%s)", x, y); break;
  case MULT_EXPR: kb_printf(b, "(%s) * (%s)", x, y); break;
  case MAX_EXPR: kb_printf(b, "(%s) > (%s) ? (%s) : (%s)", x, y, x, y); break;
  case MIN_EXPR: kb_printf(b, "(%s) < (%s) ? (%s) : (%s)", x, y, x, y); break;
  case BIT_AND_EXPR: kb_printf(b, "(%s) & (%s)", x, y); break;
  case BIT_IOR_EXPR: kb_printf(b, "(%s) | (%s)", x, y); break;
  case BIT_XOR_EXPR: kb_printf(b, "(%s) ^ (%s)", x, y); break;
  case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR:
    kb_printf(b, "(%s) && (%s)", x, y); break;
  default: kb_printf(b, "(%s) || (%s)", x, y); break;
  }
}

void accgpu_red_identity(struct kbuf *b, enum tree_code op, tree type,
                         const char *tname, const char *limit)
{
  if (accgpu_red_complex(type)) {
    kb_printf(b, "%s_mk(%s, 0)", tname, op == MULT_EXPR ? "1" : "0");
    return;
  }
  bool fl = FLOAT_TYPE_P(type);
  bool f32 = fl && TYPE_PRECISION(type) == 32;
  kb_printf(b, "((%s)", tname);
  switch (op) {
  case MULT_EXPR: case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR:
    kb_add(b, "1");
    break;
  case BIT_AND_EXPR:
    kb_add(b, "~0ull");
    break;
  case MAX_EXPR: case MIN_EXPR: {
    bool mx = op == MAX_EXPR;
    if (fl)
      kb_printf(b, "%s%s", mx ? "-" : "", f32 ? "ACCGPU_INFF" : "ACCGPU_INF");
    else if (TREE_CODE(type) == BOOLEAN_TYPE)
      kb_add(b, mx ? "0" : "1");
    else
      kb_add(b, limit);
    break;
  }
  default:
    kb_add(b, "0");
  }
  kb_add(b, ")");
}
