/* cache-sections.cc — `cache(a[i-1:3][j-1:3])`: a section of a 2-D (or
 * deeper) array on a cache directive.  GCC 12's parser checks cache
 * items as it checks data clauses' and refuses such a section ("array
 * section is not contiguous in '_cache_' clause"); NVHPC takes it, and
 * stencil codes write it.  The directive is a hint that gimplify drops
 * (gimplify_oacc_cache) and our pass never sees, so only the parse
 * matters: on a cache line, every bracket group of an item after its
 * first becomes padding, which the C lexer skips, and GCC reads
 * `a[i-1:3]`, a run of whole rows, always contiguous.  The tokens are
 * changed in cpp's lookahead buffer (accgpu_pp_peek), before the parser
 * reads them; a macro among them is not expanded.                      */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

/* +1 for an opening bracket or parenthesis, -1 for a closing one. */
static int nesting(const cpp_token *t)
{
  return t->type == CPP_OPEN_SQUARE || t->type == CPP_OPEN_PAREN     ? 1
         : t->type == CPP_CLOSE_SQUARE || t->type == CPP_CLOSE_PAREN ? -1
                                                                      : 0;
}

/* A cache line's tokens, from its `(` on (readonly: included).  Raw
   lookahead indices (cpp_peek_token): accgpu_pp_peek skips padding, so
   its indices would move as tokens become padding. */
void accgpu_cache_line(cpp_reader *pfile)
{
  if (flag_preprocess_only) /* -E keeps the line as written */
    return;
  int groups = 0, pad = 0; /* the item's bracket groups; padding to go */
  for (int i = 0, depth = 0;; i++) {
    cpp_token *t = (cpp_token *)cpp_peek_token(pfile, i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return;
    if (t->type == CPP_PADDING)
      continue;
    if (depth == 1 && t->type == CPP_COMMA)
      groups = 0;
    if (depth == 1 && t->type == CPP_OPEN_SQUARE && groups++ > 0)
      pad = 1; /* a later group of this item: padding to its `]` */
    depth += nesting(t);
    if (pad) {
      pad = depth > 1;
      t->type = CPP_PADDING;
      t->flags = 0;
      t->val.source = NULL;
    }
  }
}
