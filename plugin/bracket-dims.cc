/* bracket-dims.cc — the multi-dimensional gangs and workers of the ROSE
 * OpenACC-to-OpenCL compiler, for which PolyBench-ACC's 2mm and 3mm were
 * written:
 *
 *   parallel num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) ...
 *     loop gang[1] worker[1]         (i)
 *       loop gang[0] worker[0]       (j)
 *
 * Dimension 0 is the fastest (the inner loop).  GCC's parser stops at
 * the `[`.  Rewritten on the acc line into OpenACC 3.3's form, which any
 * schedule of the nest computes the same way:
 *
 *   gang[d]          -> gang(dim: d+1)   (gang-dims.cc notes the dimension)
 *   worker[0]        -> vector           (the inner loop's threads)
 *   worker[d], d > 0 -> nothing          (a worker loop may not enclose
 *                                         the inner loop's gangs)
 *   num_gangs[d](e), num_workers[d](e) -> dropped (sizes chosen as for a
 *                                         construct without them)
 *
 * with a note under -fplugin-arg-accgpu-info.                          */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

#define MAX_TOKS 64

/* The dimension written as `[d]` in TOKS[0..N), -1 when it is not one. */
static int bracket_dim(cpp_reader *pfile, const cpp_token *toks, int n)
{
  if (n != 3 || toks[0].type != CPP_OPEN_SQUARE ||
      toks[1].type != CPP_NUMBER || toks[2].type != CPP_CLOSE_SQUARE)
    return -1;
  const char *s = (const char *)cpp_token_as_text(pfile, &toks[1]);
  if (strlen(s) != 1 || s[0] < '0' || s[0] > '2')
    return -1;
  return s[0] - '0';
}

cpp_hashnode *accgpu_bracket_dims(cpp_reader *pfile, const cpp_token *word,
                                  bool op)
{
  static cpp_token in[MAX_TOKS], size[MAX_TOKS], out[2];
  const char *w = (const char *)NODE_NAME(word->val.node.node);
  int n = accgpu_pp_read_group(pfile, in, MAX_TOKS), nout = 0;
  int d = n > 0 ? bracket_dim(pfile, in, n) : -1;
  if (d < 0) {
    error_at(word->src_loc, "%<%s[%>: a dimension in brackets must be 0, 1 "
             "or 2 (%<%s[d]%> of the ROSE compiler)", w, w);
    return NULL;
  }
  bool sized = !strcmp(w, "num_gangs") || !strcmp(w, "num_workers");
  accgpu_pp_take(pfile, n);
  if (sized && accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN)
    accgpu_pp_take(pfile, accgpu_pp_read_group(pfile, size, MAX_TOKS));
  const char *as = "nothing";
  if (!strcmp(w, "gang")) {
    accgpu_gang_word_dim(word, d + 1, op);
    accgpu_pp_emit_name(pfile, out, &nout, 2, "gang", word->src_loc);
    as = d == 0 ? "gang(dim:1)" : d == 1 ? "gang(dim:2)" : "gang(dim:3)";
  } else if (!strcmp(w, "worker") && d == 0) {
    accgpu_pp_emit_name(pfile, out, &nout, 2, "vector", word->src_loc);
    as = "vector";
  }
  if (accgpu_opts.info)
    inform(word->src_loc, "accgpu: %<%s[%d]%> taken as %s", w, d, as);
  static const char empty[] = "__accgpu_cm_empty"; /* clause-mods.cc's */
  if (!nout)
    return cpp_lookup(pfile, (const unsigned char *)empty, strlen(empty));
  return accgpu_pp_inject(pfile, out, nout, word->src_loc);
}
