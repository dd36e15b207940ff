/* jagged.cc — 2-D sections of a pointer-to-pointer ("jagged arrays"):
 * `copyin(a[0:n][0:m])` with `double **a` (or `double *a[N]`) maps the
 * pointer array a[0:n], each row a[i][0:m], and attaches the device copy
 * of each a[i] to its row, as NVHPC does.  GCC 12 rejects the section
 * ("array section is not contiguous"), so the clause is rewritten on the
 * acc line before GCC parses it (clause-mods.cc calls us for each data
 * clause word):
 *
 *   KIND(a[l1:n1][l2:n2], b)  ->  KIND(a[l1:n1], __accgpu_jagK[l2:n2], b)
 *
 * K numbers the jagged items of the line (a distinct marker array each, as
 * GCC rejects a variable named twice).  The pass (jagged-maps.cc) pairs
 * the marker with the item next to it in GCC's clause list and emits the
 * pair flagged ACCGPU_MAPF_JAGGED / _ROWS; the runtime (jagged.c)
 * expands it.
 *
 * The new token list is injected as the expansion of a macro
 * (pp-tokens.cc) and the original tokens are taken off the stream.  Only
 * names declared as a pointer to pointer, or an array of pointers, are
 * rewritten, and on `update` lines also 2-D arrays and pointers to arrays
 * (`double a[N][M]`, `double (*a)[M]`): their a[l1:n1][l2:n2] is strided
 * when l2:n2 is not whole rows (a halo column), and the runtime updates
 * each row's part (ACCGPU_MAPF_STRIDED).  Elsewhere `double a[N][M]`
 * sections stay GCC's ("array section is not contiguous").              */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 512

/* Jagged items on the current line, for marker numbers; items cut by
   deeper_item or rewritten without a marker (all lines). */
static int line_items, cut_items;

/* The array of each marker, by the spelling location of its clause's `(`
   and its number: GCC lists a clause's items in source order on some
   constructs (combined ones) and reversed on others, so the pass finds
   the array by name rather than by its place next to the marker. */
struct jag_note {
  location_t paren;
  int k;
  tree name;
  const char *text; /* the item as written (section-shapes.cc), or NULL */
};
static vec<jag_note> notes;

tree accgpu_jag_array_name(location_t paren, int k)
{
  for (unsigned i = 0; i < notes.length(); i++)
    if (notes[i].paren == paren && notes[i].k == k)
      return notes[i].name;
  return NULL_TREE;
}

const char *accgpu_jag_text(location_t paren, int k)
{
  for (unsigned i = 0; i < notes.length(); i++)
    if (notes[i].paren == paren && notes[i].k == k)
      return notes[i].text;
  return NULL;
}

bool accgpu_jag_noted(int k, tree name)
{
  for (unsigned i = 0; i < notes.length(); i++)
    if (notes[i].k == k && notes[i].name == name)
      return true;
  return false;
}

/* Repeated update items the line rewrote (update-dups.cc). */
static int ndups_line;

void accgpu_jagged_new_line(void)
{
  line_items = ndups_line = 0;
  accgpu_update_dups_new_line();
}

/* The row type of NAME declared (here) as a pointer or an array (of rows),
   else NULL_TREE. */
static tree row_type(tree name)
{
  tree d = lookup_name(name);
  if (!d || (!VAR_P(d) && TREE_CODE(d) != PARM_DECL))
    return NULL_TREE;
  tree t = TREE_TYPE(d);
  return POINTER_TYPE_P(t) || TREE_CODE(t) == ARRAY_TYPE ? TREE_TYPE(t)
                                                         : NULL_TREE;
}

/* Is NAME declared (here) as a pointer to pointer or array of pointers? */
static bool pointer_rows_p(tree name)
{
  tree r = row_type(name);
  return r && POINTER_TYPE_P(r);
}

/* Is NAME declared (here) as an array of arrays or a pointer to arrays
   (`double a[N][M]`, parameters `double a[][M]`, `double (*a)[m]`)? */
bool accgpu_array_rows_p(tree name)
{
  tree r = row_type(name);
  return r && TREE_CODE(r) == ARRAY_TYPE;
}

/* The directive of the clause being rewritten (PRAGMA_OACC_*). */
static int cur_pragma;

/* ---- Reading the clause ----------------------------------------------- */

static struct {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out;

/* ---- Writing the new clause ------------------------------------------- */

static void emit(const cpp_token *t)
{
  accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, t);
}

static void emit_punct(enum cpp_ttype type, location_t loc)
{
  accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, type, loc);
}

static void emit_name(cpp_reader *pfile, const char *name, location_t loc)
{
  cpp_token t;
  accgpu_pp_name(pfile, &t, name, loc);
  emit(&t);
}

/* Is NAME declared (here) with three levels of pointers or arrays of
   pointers (`double ***u`)? */
static bool pointer_planes_p(tree name)
{
  tree d = lookup_name(name);
  if (!pointer_rows_p(name))
    return false;
  tree t = TREE_TYPE(TREE_TYPE(TREE_TYPE(d)));
  return POINTER_TYPE_P(t);
}

/* Item at in.tok[I], NAME [sec] [sec] [...] (the first two groups end at
   E1 and E2): sections of three levels of pointers are a sorry naming the
   array (GCC would say "not contiguous"); the item is cut to NAME [sec],
   as the compilation stops anyway.  Returns I when it is not one. */
static int deeper_item(int i, int e1, int e2)
{
  bool c3;
  int e3 = accgpu_pp_group_end(in.tok, in.n, e2 + 1, &c3);
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(in.tok[i].val.node.node));
  if (e3 < 0 || !pointer_planes_p(name))
    return i;
  sorry_at(in.tok[i].src_loc, "accgpu: sections of three levels of "
           "pointers (%qs): only two-level pointer arrays (%<a[0:n][0:m]%>) "
           "are mapped; allocate %qs as one block and map that",
           IDENTIFIER_POINTER(name), IDENTIFIER_POINTER(name));
  for (int j = i; j <= e1; j++)
    emit(&in.tok[j]);
  cut_items++;
  return e3 + 1;
}

int accgpu_jag_note(location_t paren, tree name, location_t loc,
                    const char *text)
{
  if (line_items == 8) {
    error_at(loc, "more than 8 sections of pointer arrays or strided "
             "sections on one directive");
    return -1;
  }
  jag_note note = {paren, line_items, name, text};
  notes.safe_push(note);
  return line_items++;
}

/* Item at in.tok[I]: when it reads NAME [sec] [sec] with NAME a pointer
   to pointer, writes NAME [sec] , __accgpu_jagK [sec] and returns the
   index after it; else returns I. */
static int jagged_item(cpp_reader *pfile, int i)
{
  bool c1, c2;
  if (in.tok[i].type != CPP_NAME || i + 1 >= in.n ||
      in.tok[i + 1].type != CPP_OPEN_SQUARE)
    return i;
  int e1 = accgpu_pp_group_end(in.tok, in.n, i + 1, &c1);
  if (e1 < 0 || e1 + 1 >= in.n || in.tok[e1 + 1].type != CPP_OPEN_SQUARE)
    return i;
  int e2 = accgpu_pp_group_end(in.tok, in.n, e1 + 1, &c2);
  if (e2 >= 0 && c1 && c2 && e2 + 1 < in.n &&
      in.tok[e2 + 1].type == CPP_OPEN_SQUARE)
    return deeper_item(i, e1, e2);
  if (e2 < 0 || !c1 || !c2 || (e2 + 1 < in.n &&
                               in.tok[e2 + 1].type != CPP_COMMA &&
                               in.tok[e2 + 1].type != CPP_CLOSE_PAREN))
    return i;
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(in.tok[i].val.node.node));
  if (!pointer_rows_p(name) &&
      !(cur_pragma == PRAGMA_OACC_UPDATE && accgpu_array_rows_p(name)))
    return i;
  int k = accgpu_jag_note(in.tok[0].src_loc, name, in.tok[i].src_loc, NULL);
  if (k < 0)
    return i;
  for (int j = i; j <= e1; j++)
    emit(&in.tok[j]);
  emit_punct(CPP_COMMA, in.tok[e1].src_loc);
  char marker[32];
  snprintf(marker, sizeof marker, "__accgpu_jag%d", k);
  emit_name(pfile, marker, in.tok[e1 + 1].src_loc);
  for (int j = e1 + 1; j <= e2; j++)
    emit(&in.tok[j]);
  return e2 + 1;
}

cpp_hashnode *accgpu_jagged_clause(cpp_reader *pfile, const cpp_token *word,
                                   const char *kind, int pragma)
{
  /* On compute constructs the kernel gets the pointer array's device
     copy (the pair keeps its index in the region's map array). */
  if (pragma != PRAGMA_OACC_DATA && pragma != PRAGMA_OACC_ENTER_DATA &&
      pragma != PRAGMA_OACC_EXIT_DATA && pragma != PRAGMA_OACC_UPDATE &&
      pragma != PRAGMA_OACC_PARALLEL && pragma != PRAGMA_OACC_KERNELS &&
      pragma != PRAGMA_OACC_SERIAL)
    return NULL;
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 0)
    return NULL;
  cur_pragma = pragma;
  out.n = 0;
  emit_name(pfile, kind, word->src_loc);
  int before = line_items, cut_before = cut_items;
  int dups_before = ndups_line;
  for (int i = 0; i < in.n;) {
    /* One array's second section on an update or data line (halos:
       `enter data copyin(u[0:nx], u[n-nx:nx])`); not on compute
       constructs, whose kernels need the variable itself. */
    bool dups = pragma == PRAGMA_OACC_UPDATE || pragma == PRAGMA_OACC_DATA
                || pragma == PRAGMA_OACC_ENTER_DATA
                || pragma == PRAGMA_OACC_EXIT_DATA;
    int next = dups ? accgpu_update_dup_item(pfile, in.tok, in.n, i, out.tok,
                                             &out.n, MAX_TOKS)
                    : i;
    if (next != i) {
      ndups_line++;
      i = next;
      continue;
    }
    if (pragma == PRAGMA_OACC_UPDATE)
      next = accgpu_update_strided_item(pfile, in.tok, in.n, i, out.tok,
                                        &out.n, MAX_TOKS);
    else
      next = accgpu_vla_section_item(pfile, in.tok, in.n, i, out.tok,
                                     &out.n, MAX_TOKS);
    if (next != i) {
      cut_items++; /* counts as a change (no marker) */
      i = next;
      continue;
    }
    next = jagged_item(pfile, i);
    if (next == i)
      emit(&in.tok[i++]);
    else
      i = next;
  }
  if ((line_items == before && cut_items == cut_before &&
       ndups_line == dups_before) || out.n >= MAX_TOKS)
    return NULL;
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n, out.tok[0].src_loc);
}

void accgpu_declare_char_markers(const char *prefix, int n)
{
  for (int k = 0; k < n; k++) {
    char name[32];
    snprintf(name, sizeof name, "%s%d", prefix, k);
    tree d = build_decl(BUILTINS_LOCATION, VAR_DECL, get_identifier(name),
                        build_array_type(char_type_node, NULL_TREE));
    DECL_EXTERNAL(d) = 1;
    TREE_PUBLIC(d) = 1;
    DECL_ARTIFICIAL(d) = 1;
    pushdecl(d);
  }
}

/* The markers, at file scope (called on the first line). */
void accgpu_jagged_declare_markers(void)
{
  accgpu_declare_char_markers("__accgpu_jag", 8);
  accgpu_declare_char_markers("__accgpu_jb", 8);
  for (int k = 0; k < 8; k++) { /* __accgpu_jlKJ: levels of item K */
    char prefix[32];
    snprintf(prefix, sizeof prefix, "__accgpu_jl%d", k);
    accgpu_declare_char_markers(prefix, ACCGPU_JAG_LEVELS);
  }
  accgpu_update_dups_declare_markers();
  accgpu_section_shapes_declare();
}
