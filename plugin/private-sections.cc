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
 * for each copy) leaves the list as a clause of its own that GCC parses
 * with a section, its `(` at the pointer's name (the mark the GENERIC
 * rewrite, pointer-private.cc, looks for): `reduction(+: p[l:n])` for
 * private (the one clause a loop takes with a section: arithmetic and
 * complex elements only, else a sorry), `copyin(p[l:n])` for firstprivate
 * (the map gives the copies their values), `create(p[l:n])` for private on
 * `kernels` (written as `create`: clause-mods.cc's kernels private). */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 256

static struct toks {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out, ptrs;

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

/* The clauses made of pointer sections in the function being parsed:
   their `(` location (UNKNOWN_LOCATION in a _Pragma, whose tokens all get
   the _Pragma's location), pointer name and whether each was a
   firstprivate (pointer-private.cc finds them). */
struct mark {
  location_t loc;
  cpp_hashnode *name;
  bool fp;
};
static vec<mark> marks;

static tree names_cb(tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  else if (DECL_P(*tp) && DECL_NAME(*tp)
           && GCC_IDENT_TO_HT_IDENT(DECL_NAME(*tp)) == (ht_identifier *)data)
    return *tp;
  return NULL_TREE;
}

void accgpu_private_sections_done(void)
{
  marks.truncate(0);
}

bool accgpu_private_section_clause_p(tree c, bool *fp)
{
  location_t loc = linemap_resolve_location(
      line_table, OMP_CLAUSE_LOCATION(c), LRK_SPELLING_LOCATION, NULL);
  for (unsigned i = 0; i < marks.length(); i++)
    if ((marks[i].loc == loc || marks[i].loc == UNKNOWN_LOCATION)
        && walk_tree_without_duplicates(&OMP_CLAUSE_DECL(c), names_cb,
                                        HT_NODE(marks[i].name))) {
      *fp = marks[i].fp;
      return true;
    }
  return false;
}

/* NAME (token T) is a pointer variable or parameter. */
static tree pointer_decl(const cpp_token *t)
{
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(t->val.node.node));
  tree d = lookup_name(name);
  return d && (VAR_P(d) || TREE_CODE(d) == PARM_DECL) &&
         POINTER_TYPE_P(TREE_TYPE(d)) ? d : NULL_TREE;
}

/* private(p[l:n]) becomes a reduction clause (the only one a loop takes
   with a section), which needs elements of arithmetic type; firstprivate
   and kernels' private are data clauses, of any type. */
static bool supported(const cpp_token *t, tree d, const char *clause,
                      const char *as)
{
  tree et = TREE_TYPE(TREE_TYPE(d));
  if (!strcmp(clause, "firstprivate") || !strcmp(as, "create")
      || INTEGRAL_TYPE_P(et) || SCALAR_FLOAT_TYPE_P(et)
      || TREE_CODE(et) == COMPLEX_TYPE)
    return true;
  sorry_at(t->src_loc, "%qs of a section of pointer %qE, whose elements are "
           "not of an arithmetic type: supported for arithmetic and complex "
           "elements (and with %<firstprivate%>, or %<private%> on "
           "%<kernels%>, for any type); declare a local array in the loop "
           "body instead", clause, DECL_NAME(d));
  return false;
}

/* The item in.tok[I..NEXT) (a pointer's section) as a clause of its own
   that GCC parses with the section: `reduction(+: p[l:n])`, for
   firstprivate `copyin(p[l:n])`, on kernels (AS "create") `create(p[l:n])`;
   its `(` at the name's location marks it for pointer-private.cc. */
static void emit_pointer_item(cpp_reader *pfile, struct toks *o, int i,
                              int next, const char *clause, const char *as)
{
  location_t loc = in.tok[i].src_loc;
  bool fp = !strcmp(clause, "firstprivate");
  bool red = !fp && strcmp(as, "create");
  cpp_token w;
  accgpu_pp_name(pfile, &w, fp ? "copyin" : red ? "reduction" : "create",
                 loc);
  accgpu_pp_emit(o->tok, &o->n, MAX_TOKS, &w);
  accgpu_pp_emit_punct(o->tok, &o->n, MAX_TOKS, CPP_OPEN_PAREN, loc);
  if (red) {
    accgpu_pp_emit_punct(o->tok, &o->n, MAX_TOKS, CPP_PLUS, loc);
    accgpu_pp_emit_punct(o->tok, &o->n, MAX_TOKS, CPP_COLON, loc);
  }
  for (int j = i; j < next; j++)
    accgpu_pp_emit(o->tok, &o->n, MAX_TOKS, &in.tok[j]);
  accgpu_pp_emit_punct(o->tok, &o->n, MAX_TOKS, CPP_CLOSE_PAREN, loc);
  bool combined;
  mark mk = {accgpu_pragma_op_line(pfile, &combined) ? UNKNOWN_LOCATION
                                                     : loc,
             in.tok[i].val.node.node, fp};
  marks.safe_push(mk);
}

cpp_hashnode *accgpu_private_sections(cpp_reader *pfile,
                                      const cpp_token *word, const char *as)
{
  const char *clause = (const char *)NODE_NAME(word->val.node.node);
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 0)
    return NULL;
  out.n = ptrs.n = 0;
  cpp_token w;
  accgpu_pp_name(pfile, &w, as, word->src_loc);
  accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &w);
  bool changed = false, any = false;
  for (int i = 0; i < in.n;) {
    int next = in.tok[i].type == CPP_NAME && (i == 1 ||
               in.tok[i - 1].type == CPP_COMMA) ? sections_after(i) : i;
    tree pd = next != i ? pointer_decl(&in.tok[i]) : NULL_TREE;
    if (pd) {
      if (supported(&in.tok[i], pd, clause, as))
        emit_pointer_item(pfile, &ptrs, i, next, clause, as);
      changed = true;
      /* the item and one comma around it leave the list */
      if (next < in.n - 1 && in.tok[next].type == CPP_COMMA)
        next++;
      else if (out.n > 2 && out.tok[out.n - 1].type == CPP_COMMA)
        out.n--;
      i = next;
      continue;
    }
    accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &in.tok[i]);
    any |= in.tok[i].type == CPP_NAME;
    if (next != i) {
      changed = true;
      i = next;
    } else
      i++;
  }
  if (!changed || out.n + ptrs.n >= MAX_TOKS)
    return NULL;
  if (!any) /* only pointer sections: no clause of the word */
    out.n = 0;
  for (int j = 0; j < ptrs.n; j++)
    accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &ptrs.tok[j]);
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n, word->src_loc);
}
