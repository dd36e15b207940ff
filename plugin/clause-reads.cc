/* clause-reads.cc — variables named in `async(...)` and `wait(...)`
 * clauses and in the `wait(...)` directive count as read.
 *
 * GCC 12 parses those lists without the read conversion other clause
 * expressions get, so `int q = i % 2 + 1; ... async(q) ... wait(q)` ends
 * in "variable 'q' set but not used" under -Wall (GCC's own -fopenacc
 * too), which -Werror builds refuse.  The warning is decided when the
 * variable's scope closes, during parsing, so the line is read ahead as
 * it starts (the declarations before it are parsed by then) and each
 * variable its lists name is marked read (DECL_READ_P).               */
#include "gcc-common.h"
#include "passes/data-internal.h"

static bool eol_p(const cpp_token *t)
{
  return t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF;
}

/* Marks the variables named in the group whose `(` is token I; returns
   the index after its `)`. */
static int mark_group(cpp_reader *pfile, int i)
{
  for (int depth = 0;; i++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (eol_p(t))
      return i;
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    if (t->type == CPP_NAME) {
      tree id = HT_IDENT_TO_GCC_IDENT(HT_NODE(t->val.node.node));
      tree d = lookup_name(id);
      if (d && VAR_P(d))
        DECL_READ_P(d) = 1;
    }
    if (depth == 0)
      return i + 1;
  }
}

void accgpu_clause_reads_line(cpp_reader *pfile, int pragma)
{
  if (flag_preprocess_only)
    return;
  int i = 0;
  if (pragma == PRAGMA_OACC_WAIT
      && accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN)
    i = mark_group(pfile, 0);
  for (int depth = 0;; i++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (eol_p(t))
      return;
    if (depth == 0 && t->type == CPP_NAME
        && accgpu_pp_peek(pfile, i + 1)->type == CPP_OPEN_PAREN) {
      const char *w = (const char *)NODE_NAME(t->val.node.node);
      if (!strcmp(w, "async") || !strcmp(w, "wait")) {
        i = mark_group(pfile, i + 1) - 1;
        continue;
      }
    }
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
  }
}
