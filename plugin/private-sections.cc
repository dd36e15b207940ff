/* private-sections.cc — `private(tmp[0:8])` and `firstprivate(w[0:4])`:
 * OpenACC's var-list allows subarrays in these clauses, and published
 * codes write them for a scratch array of each iteration (NVHPC takes
 * them); GCC 12's parser takes only names there ("expected ')' before
 * '['").  On an acc line (clause-mods.cc calls us for the clause word),
 * an item `NAME[l:n]...` whose NAME is declared as an array becomes
 * `NAME`: the whole array is made private, which holds the section (a
 * superset: the elements outside it are the copy's too, never the
 * original's, which a conforming program does not touch in the loop).
 * A section of a pointer (`private(p[0:n])`: a new array of n elements
 * for each copy) is a sorry at the item; the rewrite still drops the
 * section so that GCC does not add a parse error to it.  On `kernels`
 * the clause is written as `create` (clause-mods.cc's kernels private). */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 256

static struct {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out;

/* The index after the sections that follow in.tok[I] (a name), or I when
   none is a section (an element `a[2]` is left to GCC). */
static int sections_after(int i)
{
  int j = i + 1, last = i;
  bool any = false, colon;
  while (j < in.n && in.tok[j].type == CPP_OPEN_SQUARE) {
    int e = accgpu_pp_group_end(in.tok, in.n, j, &colon);
    if (e < 0)
      return i;
    any |= colon;
    last = e;
    j = e + 1;
  }
  return any ? last + 1 : i;
}

/* A section of NAME is its whole array when NAME is an array; of a
   pointer, a sorry (anything else: GCC's error about the name). */
static void check_base(const cpp_token *t, const char *clause)
{
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(t->val.node.node));
  tree d = lookup_name(name);
  if (d && (VAR_P(d) || TREE_CODE(d) == PARM_DECL) &&
      POINTER_TYPE_P(TREE_TYPE(d)))
    sorry_at(t->src_loc, "%qs of a section of pointer %qE (a new array "
             "for each copy); declare a local array of fixed size in the "
             "loop body instead, or name an array variable", clause,
             name);
}

cpp_hashnode *accgpu_private_sections(cpp_reader *pfile,
                                      const cpp_token *word, const char *as)
{
  const char *clause = (const char *)NODE_NAME(word->val.node.node);
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 0)
    return NULL;
  out.n = 0;
  cpp_token w;
  accgpu_pp_name(pfile, &w, as, word->src_loc);
  accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &w);
  bool changed = false;
  for (int i = 0; i < in.n;) {
    int next = in.tok[i].type == CPP_NAME && (i == 1 ||
               in.tok[i - 1].type == CPP_COMMA) ? sections_after(i) : i;
    accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &in.tok[i]);
    if (next != i) {
      check_base(&in.tok[i], clause);
      changed = true;
      i = next;
    } else
      i++;
  }
  if (!changed || out.n >= MAX_TOKS)
    return NULL;
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n, out.tok[0].src_loc);
}
