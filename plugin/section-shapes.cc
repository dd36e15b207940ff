/* section-shapes.cc — array sections whose shape GCC 12 gets wrong.
 *
 * Strided `update` sections of arrays of three and more dimensions (or of
 * two with an index after the range), as NPB-style and halo-exchange
 * codes write them for a plane, a column or a face of a grid:
 *
 *   update self(u[0:nz][1][0:nx][0:5])   update device(u[3][0:ny][2][0:5])
 *   update self(g[0:n][3])               update self(u[1:nz-2][1:ny-2][0:1])
 *
 * GCC 12 rejects them ("array section is not contiguous").  Each is read
 * as indices S, the outer strided range P, then any groups; P's rows are
 * the item and markers carry the rest (jagged.cc calls us for each item
 * of an update clause):
 *
 *   NAME S [P] G...  ->  NAME S [P], __accgpu_jbK[OFF : SIZE],
 *                        __accgpu_jlK0[STRIDE : COUNT], ...
 *
 * (a range of literal length 1, `[e:1]`, counts as an index here) OFF is
 * the byte offset of the first element in a row of P (sum of each G's
 * lower bound times its element size), SIZE the size of an element of the
 * last group; each range among the G is a level J with its stride and
 * count.  The pass gives the runtime the strided pair and one
 * ACCGPU_MAPF_LEVEL item per level; the runtime merges the levels that
 * cover their dimension and moves each contiguous run (jagged.c).  P and
 * one range alone with rows of constant size stay jagged.cc's 2-D pair.
 *
 * Sections of arrays with rows of variable size (`double (*v)[ny][nx]`)
 * on data clauses: GCC cannot check that `copyout(v[0:2][0:ny][1:2])` is
 * contiguous and maps one block from &v[0][0][1] (elements between the
 * rows copied too).  The last length becomes a call that stops the
 * program naming the array when the section is not contiguous:
 *
 *   v[..]...[lo:len]  ->  v[..]...[lo : __accgpu_section_len((len),
 *                                        (contiguous), "v", "FILE", LINE)]
 *
 * contiguous: each group after the first range covers its whole
 * dimension, or all groups before it have length 1. */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_GROUPS 8

struct group {
  int open, colon, close; /* token indices; colon -1 for an index */
  bool one;               /* a range of length 1 written `[e:1]` */
};

/* G picks one element: an index, or a range of literal length 1, which
   NPB-style codes write for a plane (`u[0:nz][0:ny][nx-1:1][0:5]`). */
static bool index_like(const struct group *g)
{
  return g->colon < 0 || g->one;
}

static struct {
  cpp_reader *pfile;
  const cpp_token *in, *name;
  cpp_token *out;
  int *nout, max;
  location_t loc;
} w;

/* The writer for item NAME at IN[I], into OUT. */
static void start(cpp_reader *pfile, const cpp_token *in, int i,
                  cpp_token *out, int *nout, int max)
{
  w.pfile = pfile;
  w.in = in;
  w.name = &in[i];
  w.out = out;
  w.nout = nout;
  w.max = max;
  w.loc = in[i].src_loc;
}

static void punct(enum cpp_ttype t)
{
  accgpu_pp_emit_punct(w.out, w.nout, w.max, t, w.loc);
}

static void range(int from, int to)
{
  for (int j = from; j < to; j++)
    accgpu_pp_emit(w.out, w.nout, w.max, &w.in[j]);
}

/* `( NAME ) [0] ... [0]` with DEPTH indices. */
static void zeros(int depth)
{
  punct(CPP_OPEN_PAREN);
  accgpu_pp_emit(w.out, w.nout, w.max, w.name);
  punct(CPP_CLOSE_PAREN);
  for (int d = 0; d < depth; d++) {
    punct(CPP_OPEN_SQUARE);
    accgpu_pp_emit_number(w.out, w.nout, w.max, "0", w.loc);
    punct(CPP_CLOSE_SQUARE);
  }
}

/* `sizeof ( NAME[0]...[0] )`: bytes of an element of group LEVEL. */
static void elem_size(int level)
{
  accgpu_pp_emit_name(w.pfile, w.out, w.nout, w.max, "sizeof", w.loc);
  punct(CPP_OPEN_PAREN);
  zeros(level + 1);
  punct(CPP_CLOSE_PAREN);
}

/* `( lower )`: the index of group G, or its range's lower bound (0 when
   omitted). */
static void lower(const struct group *g)
{
  int end = g->colon >= 0 ? g->colon : g->close;
  punct(CPP_OPEN_PAREN);
  if (end == g->open + 1)
    accgpu_pp_emit_number(w.out, w.nout, w.max, "0", w.loc);
  else
    range(g->open + 1, end);
  punct(CPP_CLOSE_PAREN);
}

/* `( length )` of range group G at LEVEL (omitted: to the dimension's
   end, sizeof(NAME[0]..) / sizeof(element) - lower; 1 for an index). */
static void length(const struct group *g, int level)
{
  punct(CPP_OPEN_PAREN);
  if (g->colon < 0) {
    accgpu_pp_emit_number(w.out, w.nout, w.max, "1", w.loc);
  } else if (g->close > g->colon + 1) {
    range(g->colon + 1, g->close);
  } else {
    elem_size(level - 1);
    punct(CPP_DIV);
    elem_size(level);
    punct(CPP_MINUS);
    lower(g);
  }
  punct(CPP_CLOSE_PAREN);
}

/* `( lower == 0 && length == dimension )` for group F at LEVEL. */
static void whole(const struct group *f, int level)
{
  punct(CPP_OPEN_PAREN);
  lower(f);
  punct(CPP_EQ_EQ);
  accgpu_pp_emit_number(w.out, w.nout, w.max, "0", w.loc);
  punct(CPP_AND_AND);
  length(f, level);
  punct(CPP_EQ_EQ);
  elem_size(level - 1);
  punct(CPP_DIV);
  elem_size(level);
  punct(CPP_CLOSE_PAREN);
}

/* Array levels of NAME's declared type (a pointer counts as one; 0 for
   pointers to pointers, jagged.cc's); *VLA: the elements of level P have
   a variable size. */
static int rank_of(tree name, int p, bool *vla)
{
  tree d = lookup_name(name);
  *vla = false;
  if (!d || (!VAR_P(d) && TREE_CODE(d) != PARM_DECL))
    return 0;
  int r = 0;
  for (tree t = TREE_TYPE(d); POINTER_TYPE_P(t) || TREE_CODE(t) == ARRAY_TYPE;
       t = TREE_TYPE(t)) {
    if (r == p && TYPE_SIZE_UNIT(TREE_TYPE(t)) &&
        TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(t))) != INTEGER_CST)
      *vla = true;
    r++;
  }
  return POINTER_TYPE_P(TREE_TYPE(d)) &&
         POINTER_TYPE_P(TREE_TYPE(TREE_TYPE(d))) ? 0 : r;
}

/* The first range among the N groups G, or -1. */
static int first_range(const struct group *g, int n)
{
  for (int l = 0; l < n; l++)
    if (g[l].colon >= 0)
      return l;
  return -1;
}

/* The strided level of an update item: its first range that is not of
   literal length 1 (`u[2:1][1][0:L][5]`: [0:L]; the `[2:1]` before it
   picks one element, as an index), else its first range. */
static int strided_level(const struct group *g, int n)
{
  for (int l = 0; l < n; l++)
    if (g[l].colon >= 0 && !g[l].one)
      return l;
  return first_range(g, n);
}

/* Groups of the item NAME [..]... at IN[I] into G; their count (0 when
   there are more than MAX_GROUPS or the item does not end there). */
static int read_groups(const cpp_token *in, int nin, int i, struct group *g)
{
  int n = 0, j = i + 1;
  while (j < nin && in[j].type == CPP_OPEN_SQUARE) {
    bool colon;
    int e = accgpu_pp_group_end(in, nin, j, &colon);
    if (e < 0 || n == MAX_GROUPS)
      return 0;
    g[n].open = j;
    g[n].close = e;
    g[n].colon = -1;
    for (int k = j + 1, depth = 0; colon && k < e; k++) {
      depth += in[k].type == CPP_OPEN_SQUARE || in[k].type == CPP_OPEN_PAREN;
      depth -= in[k].type == CPP_CLOSE_SQUARE || in[k].type == CPP_CLOSE_PAREN;
      if (depth == 0 && in[k].type == CPP_COLON && g[n].colon < 0)
        g[n].colon = k;
    }
    const cpp_token *len = &in[g[n].colon + 1];
    g[n].one = g[n].colon >= 0 && e == g[n].colon + 2 &&
               len->type == CPP_NUMBER && len->val.str.len == 1 &&
               len->val.str.text[0] == '1';
    n++;
    j = e + 1;
  }
  if (j < nin && in[j].type != CPP_COMMA && in[j].type != CPP_CLOSE_PAREN)
    return 0;
  return n;
}

/* P, the strided level of an item of N groups G that takes this path: a
   range with its length followed by at least one group; not P and one
   range of rows of constant size alone (`g[0:n][1:2]`: jagged.cc's 2-D
   strided pair). */
static bool strided_shape(const struct group *g, int n, bool vla, int *p)
{
  *p = strided_level(g, n);
  if (*p < 0 || g[*p].colon == g[*p].close - 1 || *p == n - 1)
    return false; /* none, its length omitted, or contiguous */
  return !(*p == 0 && n == 2 && !index_like(&g[1]) && !vla);
}

/* `MARKER [ lo : len ]`. */
static void marker(const char *name, int k, int level)
{
  char m[32];
  if (level < 0)
    snprintf(m, sizeof m, "%s%d", name, k);
  else
    snprintf(m, sizeof m, "%s%d%d", name, k, level);
  accgpu_pp_emit_name(w.pfile, w.out, w.nout, w.max, m, w.loc);
  punct(CPP_OPEN_SQUARE);
}

/* `, __accgpu_jbK[OFF : SIZE]` then `, __accgpu_jlKJ[STRIDE : COUNT]` for
   each range J after P (groups G, N of them): OFF is the byte offset of
   the first element in P's first row (each later group's lower bound
   times its element size), SIZE the size of one element of the last
   group; the pass and the runtime take the ranges as levels
   (ACCGPU_MAPF_LEVEL) and merge those that cover their dimension. */
static void level_markers(const struct group *g, int n, int p, int k)
{
  punct(CPP_COMMA);
  marker("__accgpu_jb", k, -1);
  for (int l = p + 1; l < n; l++) {
    if (l > p + 1)
      punct(CPP_PLUS);
    lower(&g[l]);
    punct(CPP_MULT);
    elem_size(l);
  }
  punct(CPP_COLON);
  elem_size(n - 1);
  punct(CPP_CLOSE_SQUARE);
  for (int l = p + 1, j = 0; l < n; l++) {
    if (index_like(&g[l]))
      continue;
    punct(CPP_COMMA);
    marker("__accgpu_jl", k, j++);
    elem_size(l);
    punct(CPP_COLON);
    length(&g[l], l);
    punct(CPP_CLOSE_SQUARE);
  }
}

int accgpu_update_strided_item(cpp_reader *pfile, const cpp_token *in,
                               int nin, int i, cpp_token *out, int *nout,
                               int max)
{
  struct group g[MAX_GROUPS];
  int n, p;
  bool vla;
  if (in[i].type != CPP_NAME || i + 1 >= nin ||
      in[i + 1].type != CPP_OPEN_SQUARE || !(n = read_groups(in, nin, i, g)))
    return i;
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(in[i].val.node.node));
  if (rank_of(name, strided_level(g, n), &vla) < n ||
      !strided_shape(g, n, vla, &p))
    return i;
  const char *text = accgpu_spell_tokens(pfile, in, i, g[n - 1].close + 1);
  int k = accgpu_jag_note(in[0].src_loc, name, in[i].src_loc, text);
  if (k < 0)
    return i;
  start(pfile, in, i, out, nout, max);
  range(i, g[p].close + 1); /* NAME S* [P]: the rows of the outer level */
  level_markers(g, n, p, k);
  return g[n - 1].close + 1;
}

/* `( length_0 == 1 && ... && length_{L-1} == 1 )` of groups G. */
static void ones_before(const struct group *g, int l)
{
  punct(CPP_OPEN_PAREN);
  for (int k = 0; k < l; k++) {
    if (k)
      punct(CPP_AND_AND);
    length(&g[k], k);
    punct(CPP_EQ_EQ);
    accgpu_pp_emit_number(w.out, w.nout, w.max, "1", w.loc);
  }
  punct(CPP_CLOSE_PAREN);
}

static void string_lit(const char *text)
{
  cpp_token t;
  memset(&t, 0, sizeof t);
  t.type = CPP_STRING;
  t.src_loc = w.loc;
  t.flags = PREV_WHITE;
  const char *q = ggc_strdup(ACONCAT(("\"", text, "\"", NULL)));
  t.val.str.text = (const unsigned char *)q;
  t.val.str.len = strlen(q);
  accgpu_pp_emit(w.out, w.nout, w.max, &t);
}

/* The checked length of the last group of item NAME (N groups G, the
   first range P). */
static void checked_length(const struct group *g, int n, int p, tree name)
{
  const struct group *last = &g[n - 1];
  accgpu_pp_emit_name(w.pfile, w.out, w.nout, w.max, "__accgpu_section_len",
                      w.loc);
  punct(CPP_OPEN_PAREN);
  length(last, n - 1);
  punct(CPP_COMMA);
  for (int l = p + 1; l < n; l++) {
    if (l > p + 1)
      punct(CPP_AND_AND);
    punct(CPP_OPEN_PAREN);
    whole(&g[l], l);
    punct(CPP_OR_OR);
    ones_before(g, l);
    punct(CPP_CLOSE_PAREN);
  }
  punct(CPP_COMMA);
  string_lit(IDENTIFIER_POINTER(name));
  punct(CPP_COMMA);
  expanded_location x = expand_location(w.loc);
  string_lit(lbasename(x.file ? x.file : "?"));
  punct(CPP_COMMA);
  char line[16];
  snprintf(line, sizeof line, "%d", x.line);
  accgpu_pp_emit_number(w.out, w.nout, w.max, ggc_strdup(line), w.loc);
  punct(CPP_CLOSE_PAREN);
}

int accgpu_vla_section_item(cpp_reader *pfile, const cpp_token *in, int nin,
                            int i, cpp_token *out, int *nout, int max)
{
  struct group g[MAX_GROUPS];
  int n, p;
  bool vla;
  if (in[i].type != CPP_NAME || i + 1 >= nin ||
      in[i + 1].type != CPP_OPEN_SQUARE || (n = read_groups(in, nin, i, g)) < 2)
    return i;
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(in[i].val.node.node));
  p = first_range(g, n);
  if (p < 0 || p == n - 1 || rank_of(name, p, &vla) < n || !vla)
    return i;
  start(pfile, in, i, out, nout, max);
  const struct group *last = &g[n - 1];
  range(i, last->open + 1);
  lower(last);
  punct(CPP_COLON);
  checked_length(g, n, p, name);
  punct(CPP_CLOSE_SQUARE);
  return last->close + 1;
}

/* size_t __accgpu_section_len(size_t, int, const char *, const char *,
   int), at file scope (the first line). */
void accgpu_section_shapes_declare(void)
{
  tree cstr = build_pointer_type(
      build_qualified_type(char_type_node, TYPE_QUAL_CONST));
  tree fn = build_decl(BUILTINS_LOCATION, FUNCTION_DECL,
                       get_identifier("__accgpu_section_len"),
                       build_function_type_list(size_type_node, size_type_node,
                                                integer_type_node, cstr, cstr,
                                                integer_type_node, NULL_TREE));
  DECL_EXTERNAL(fn) = 1;
  TREE_PUBLIC(fn) = 1;
  DECL_ARTIFICIAL(fn) = 1;
  pushdecl(fn);
}
