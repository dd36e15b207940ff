/* pragma-op.cc — OpenACC directives written with the _Pragma operator
 * (`_Pragma("acc parallel loop copy(x)")`, or a macro such as
 * `#define ACC(x) _Pragma(#x)` around `ACC(acc kernels ...)`), for the
 * token rewriters of clause-mods.cc.  They act on an acc line, which the
 * preprocessor's line_change callback announces with the directive's
 * CPP_PRAGMA token; a _Pragma's directive is run from a string buffer and
 * its tokens are read before that token exists, with no line_change.
 *
 * So `_Pragma` itself is made a conditional macro: the callback sees it,
 * reads the directive's words ahead (from the string, or from the tokens
 * a macro passes to it: `acc kernels ...` before stringizing), expands
 * `_Pragma` as usual, and tells clause-mods.cc, while the preprocessor
 * lexes that _Pragma's string buffer (a buffer pushed over the one that
 * held `_Pragma`), that an acc line of that directive is being read. */
#include "gcc-common.h"
#include "passes/data-internal.h"

static cpp_hashnode *op_node;
static struct {
  cpp_buffer *outer;  /* the buffer `_Pragma` was read from, or NULL */
  int pragma;         /* its PRAGMA_OACC_* */
  bool combined;      /* parallel/kernels/serial loop */
  location_t loc;     /* the `_Pragma` token's (in a macro: its spelling) */
} op;

void accgpu_pragma_op_define(cpp_reader *pfile)
{
  op_node = cpp_lookup(pfile, (const unsigned char *)"_Pragma", 7);
  op_node->flags |= NODE_CONDITIONAL;
}

static int directive_of(const char *w1, const char *w2)
{
  static const struct { const char *w; int id; } dirs[] = {
    {"atomic", PRAGMA_OACC_ATOMIC}, {"cache", PRAGMA_OACC_CACHE},
    {"data", PRAGMA_OACC_DATA}, {"declare", PRAGMA_OACC_DECLARE},
    {"host_data", PRAGMA_OACC_HOST_DATA}, {"kernels", PRAGMA_OACC_KERNELS},
    {"loop", PRAGMA_OACC_LOOP}, {"parallel", PRAGMA_OACC_PARALLEL},
    {"routine", PRAGMA_OACC_ROUTINE}, {"serial", PRAGMA_OACC_SERIAL},
    {"update", PRAGMA_OACC_UPDATE}, {"wait", PRAGMA_OACC_WAIT},
  };
  if (!strcmp(w1, "enter") && !strcmp(w2, "data"))
    return PRAGMA_OACC_ENTER_DATA;
  if (!strcmp(w1, "exit") && !strcmp(w2, "data"))
    return PRAGMA_OACC_EXIT_DATA;
  for (unsigned i = 0; i < ARRAY_SIZE(dirs); i++)
    if (!strcmp(w1, dirs[i].w))
      return dirs[i].id;
  return 0;
}

/* The first three words of TEXT (a string literal's spelling). */
static void words_of(const char *text, char w[3][32])
{
  int k = 0;
  for (const char *p = text; *p && k < 3;) {
    if (!ISIDST(*p)) {
      p++;
      continue;
    }
    size_t n = 0;
    while (ISIDNUM(p[n]))
      n++;
    snprintf(w[k++], 32, "%.*s", (int)(n < 31 ? n : 31), p);
    p += n;
  }
}

/* The words after `_Pragma (`: from its string, or the names from `acc`
   on up to its `)` (a macro that stringizes its argument:
   `_Pragma(STR(acc x))`). */
static void peek_words(cpp_reader *pfile, char w[3][32])
{
  const cpp_token *t = accgpu_pp_peek(pfile, 1);
  if (t->type == CPP_STRING) {
    words_of((const char *)cpp_token_as_text(pfile, t), w);
    return;
  }
  int k = 0;
  for (int i = 1, depth = 1; k < 3 && i < 64; i++) {
    t = accgpu_pp_peek(pfile, i);
    if (t->type == CPP_EOF || t->type == CPP_PRAGMA_EOL)
      return;
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0)
      return;
    const char *name = t->type == CPP_NAME
                       ? (const char *)NODE_NAME(t->val.node.node) : NULL;
    if (name && (k > 0 || !strcmp(name, "acc")))
      snprintf(w[k++], 32, "%s", name);
  }
}

cpp_hashnode *accgpu_pragma_op_begin(cpp_reader *pfile, const cpp_token *tok)
{
  if (tok->val.node.node != op_node)
    return NULL;
  op.outer = NULL;
  char w[3][32] = {"", "", ""};
  if (accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN)
    peek_words(pfile, w);
  if (!strcmp(w[0], "acc") && (op.pragma = directive_of(w[1], w[2]))) {
    op.outer = cpp_get_buffer(pfile);
    op.loc = tok->src_loc;
    op.combined = (op.pragma == PRAGMA_OACC_PARALLEL ||
                   op.pragma == PRAGMA_OACC_KERNELS ||
                   op.pragma == PRAGMA_OACC_SERIAL) && !strcmp(w[2], "loop");
  }
  return op_node; /* expanded as always */
}

location_t accgpu_pragma_op_loc(void)
{
  return op.loc;
}

int accgpu_pragma_op_line(cpp_reader *pfile, bool *combined)
{
  cpp_buffer *b = cpp_get_buffer(pfile);
  if (!op.outer || !b || b == op.outer || cpp_get_prev(b) != op.outer)
    return 0;
  *combined = op.combined;
  return op.pragma;
}
