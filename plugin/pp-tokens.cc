/* pp-tokens.cc — what the token rewriters of `#pragma acc` lines share
 * (jagged.cc, member-reduction.cc, private-sections.cc): the tokens of a bracketed group read
 * ahead and taken off the stream, a name token made here, and a new
 * token list injected as the expansion of a macro (a preprocessor
 * callback cannot define a macro the usual way: cpp_define pushes a
 * buffer and re-enters the lexer, so the cpp_macro is built directly). */
#include "gcc-common.h"
#include "passes/data-internal.h"

int accgpu_pp_read_group(cpp_reader *pfile, cpp_token *toks, int max)
{
  int n = 0;
  for (int depth = 0;;) {
    const cpp_token *t = accgpu_pp_peek(pfile, n);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF || n == max)
      return -1;
    toks[n++] = *t;
    if (t->type == CPP_OPEN_PAREN || t->type == CPP_OPEN_SQUARE)
      depth++;
    else if (t->type == CPP_CLOSE_PAREN || t->type == CPP_CLOSE_SQUARE)
      depth--;
    if (depth == 0)
      return n;
  }
}

int accgpu_pp_group_end(const cpp_token *toks, int n, int i, bool *colon)
{
  *colon = false;
  for (int depth = 0; i < n; i++) {
    enum cpp_ttype ty = toks[i].type;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
    if (ty == CPP_COLON && depth == 1)
      *colon = true;
    if (depth == 0)
      return i;
  }
  return -1;
}

bool accgpu_pp_word_follows(cpp_reader *pfile, int i, const char *word)
{
  for (int depth = 0;; i++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return false;
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && t->type == CPP_NAME &&
        !strcmp((const char *)NODE_NAME(t->val.node.node), word))
      return true;
  }
}

void accgpu_pp_take(cpp_reader *pfile, int n)
{
  /* Taken as lexed: a macro among them (`a[0:LEN(n)]`) expanding here
     would be taken in place of the tokens after it, which would stay on
     the line; the rewrite's copies, made before, still expand. */
  for (int i = 0; i < n; i++) {
    cpp_token *t = (cpp_token *)accgpu_pp_peek(pfile, i);
    if (t->type == CPP_NAME)
      t->flags |= NO_EXPAND;
  }
  for (int i = 0; i < n; i++)
    while (cpp_get_token(pfile)->type == CPP_PADDING)
      ;
}

void accgpu_pp_emit(cpp_token *toks, int *n, int max, const cpp_token *t)
{
  if (*n < max)
    toks[(*n)++] = *t;
}

void accgpu_pp_emit_punct(cpp_token *toks, int *n, int max,
                          enum cpp_ttype type, location_t loc)
{
  cpp_token t;
  memset(&t, 0, sizeof t);
  t.type = type;
  t.src_loc = loc;
  t.flags = PREV_WHITE;
  accgpu_pp_emit(toks, n, max, &t);
}

void accgpu_pp_emit_name(cpp_reader *pfile, cpp_token *toks, int *n, int max,
                         const char *name, location_t loc)
{
  cpp_token t;
  accgpu_pp_name(pfile, &t, name, loc);
  accgpu_pp_emit(toks, n, max, &t);
}

void accgpu_pp_emit_number(cpp_token *toks, int *n, int max,
                           const char *text, location_t loc)
{
  cpp_token t;
  memset(&t, 0, sizeof t);
  t.type = CPP_NUMBER;
  t.src_loc = loc;
  t.flags = PREV_WHITE;
  t.val.str.text = (const unsigned char *)text;
  t.val.str.len = strlen(text);
  accgpu_pp_emit(toks, n, max, &t);
}

void accgpu_pp_name(cpp_reader *pfile, cpp_token *t, const char *name,
                    location_t loc)
{
  memset(t, 0, sizeof *t);
  t->type = CPP_NAME;
  t->src_loc = loc;
  t->flags = PREV_WHITE | NO_EXPAND;
  t->val.node.node = t->val.node.spelling =
      cpp_lookup(pfile, (const unsigned char *)name, strlen(name));
}

cpp_hashnode *accgpu_pp_inject(cpp_reader *pfile, const cpp_token *toks,
                               int n, location_t loc)
{
  static unsigned ring;
  char name[32];
  snprintf(name, sizeof name, "__accgpu_inj%u", ring++ % 4);
  cpp_hashnode *node =
      cpp_lookup(pfile, (const unsigned char *)name, strlen(name));
  size_t size = offsetof(cpp_macro, exp.tokens) + n * sizeof(cpp_token);
  cpp_macro *m = (cpp_macro *)ggc_internal_cleared_alloc(size);
  m->line = loc;
  m->count = n;
  m->kind = cmk_macro;
  memcpy(m->exp.tokens, toks, n * sizeof(cpp_token));
  node->type = NT_USER_MACRO;
  node->value.macro = m;
  return node;
}
