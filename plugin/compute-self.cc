/* compute-self.cc — the `self` clause of compute constructs (OpenACC 3.2,
 * §2.5.6: `self(cond)` runs the construct on the local thread when cond
 * is true; bare `self` always), which GCC 12's parser rejects on
 * parallel, kernels and serial lines.  Rewritten by the preprocessor
 * (clause-mods.cc calls us for the word on those lines) into the `if`
 * clause with the opposite condition, which GCC lowers to the host
 * fallback:
 *
 *   self(c) -> if(!(c))        self -> if(0)
 *
 * A construct with both `if` and `self` would get two if clauses: a
 * located error asks for one `if` holding both conditions.             */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 256

cpp_hashnode *accgpu_compute_self(cpp_reader *pfile, const cpp_token *word)
{
  static cpp_token in[MAX_TOKS], out[MAX_TOKS + 8];
  int n = 0, nout = 0;
  location_t loc = word->src_loc;
  if (accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN &&
      (n = accgpu_pp_read_group(pfile, in, MAX_TOKS)) < 0)
    return NULL;
  if (accgpu_pp_word_follows(pfile, n, "if")) {
    error_at(loc, "%<self%> and %<if%> on one compute construct: write one "
             "%<if%> clause holding both conditions, "
             "%<if(c && !(s))%> for %<if(c) self(s)%>");
    return NULL;
  }
  accgpu_pp_emit_name(pfile, out, &nout, MAX_TOKS + 8, "if", loc);
  accgpu_pp_emit_punct(out, &nout, MAX_TOKS + 8, CPP_OPEN_PAREN, loc);
  if (n) {
    accgpu_pp_emit_punct(out, &nout, MAX_TOKS + 8, CPP_NOT, loc);
    for (int i = 0; i < n; i++)
      accgpu_pp_emit(out, &nout, MAX_TOKS + 8, &in[i]);
  } else
    accgpu_pp_emit_number(out, &nout, MAX_TOKS + 8, "0", loc);
  accgpu_pp_emit_punct(out, &nout, MAX_TOKS + 8, CPP_CLOSE_PAREN, loc);
  accgpu_pp_take(pfile, n);
  return accgpu_pp_inject(pfile, out, nout, loc);
}
