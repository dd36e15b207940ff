/* update-dups.cc — one array named twice on an update directive, as halo
 * exchanges write it: `update self(u[nx:nx], u[ny*nx:nx])`.  GCC 12
 * rejects the line ("'u' appears more than once in data clauses"), so the
 * second and later sections of a name are rewritten (jagged.cc calls us
 * for each item of an update clause):
 *
 *   u[lo:len]  ->  __accgpu_dupK[(unsigned long)&(u)[lo] :
 *                                (len) * sizeof((u)[0])]
 *
 * a section of a marker array whose lower bound carries the host address
 * and whose length is the byte count (the marker's elements are chars).
 * The pass takes the bound back as the item's address (update_dup_host)
 * and names the item as written (the note kept here).  A repeated item of
 * a 2-D array or a pointer to rows (`A[lo:n][lo2:n2]`, the halo rows of
 * `double A[NY][NX]`) is a strided update (jagged.cc): its marker starts
 * at &A[lo][lo2] over n rows, and a second marker carries the row stride
 * and the part of each row:
 *
 *   A[lo:n][lo2:n2]  ->  __accgpu_dupK[(unsigned long)&(A)[lo][lo2] :
 *                                      (n) * sizeof((A)[0])],
 *                        __accgpu_dsrK[sizeof((A)[0]) :
 *                                      (n2) * sizeof((A)[0][0])]
 *
 * Other items (pointers to pointers, three levels) stay GCC's error.    */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_NAMES 32
#define MAX_DUPS 8

/* Names of the update line's items so far; dup markers used on it. */
static const cpp_hashnode *names[MAX_NAMES];
static int nnames, ndups;

struct dup_note {
  location_t paren;
  int k;
  const char *text;
};
static vec<dup_note> notes;

void accgpu_update_dups_new_line(void)
{
  nnames = ndups = 0;
}

/* Records NAME; true when the line named it before. */
static bool seen_before(const cpp_hashnode *name)
{
  for (int i = 0; i < nnames; i++)
    if (names[i] == name)
      return true;
  if (nnames < MAX_NAMES)
    names[nnames++] = name;
  return false;
}

static void emit_range(cpp_token *out, int *n, int max, const cpp_token *in,
                       int from, int to)
{
  for (int j = from; j < to; j++)
    accgpu_pp_emit(out, n, max, &in[j]);
}

/* `[ lo ]`, `[ 0 ]` when IN[LO..LO_END) is empty. */
static void emit_index(cpp_token *out, int *n, int max, const cpp_token *in,
                       int lo, int lo_end, location_t loc)
{
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_SQUARE, loc);
  if (lo == lo_end)
    accgpu_pp_emit_number(out, n, max, "0", loc);
  else
    emit_range(out, n, max, in, lo, lo_end);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_SQUARE, loc);
}

/* `( NAME ) [ lo ]` and `sizeof ( ( NAME ) [ 0 ] )`'s shared part. */
static void emit_elem(cpp_token *out, int *n, int max, const cpp_token *name,
                      const cpp_token *in, int lo, int lo_end, location_t loc)
{
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_PAREN, loc);
  accgpu_pp_emit(out, n, max, name);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_PAREN, loc);
  emit_index(out, n, max, in, lo, lo_end, loc);
}

/* `sizeof ( ( NAME ) [ 0 ] ... )`, with LEVELS subscripts. */
static void emit_sizeof(cpp_reader *pfile, cpp_token *out, int *n, int max,
                        const cpp_token *name, int levels, location_t loc)
{
  accgpu_pp_emit_name(pfile, out, n, max, "sizeof", loc);
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_PAREN, loc);
  emit_elem(out, n, max, name, name, 0, 0, loc);
  for (int l = 1; l < levels; l++)
    emit_index(out, n, max, name, 0, 0, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_PAREN, loc);
}

/* `( LEN ) * sizeof(...)`, the byte count of LEN elements of LEVELS. */
static void emit_bytes(cpp_reader *pfile, cpp_token *out, int *n, int max,
                       const cpp_token *name, const cpp_token *in, int len,
                       int len_end, int levels, location_t loc)
{
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_PAREN, loc);
  emit_range(out, n, max, in, len, len_end);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_MULT, loc);
  emit_sizeof(pfile, out, n, max, name, levels, loc);
}

/* The `:` at depth 0 of the group IN[OPEN] `[` .. IN[END] `]`. */
static int group_colon(const cpp_token *in, int open, int end)
{
  int c = open + 1;
  for (int depth = 0; c < end; c++) {
    enum cpp_ttype ty = in[c].type;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
    if (ty == CPP_COLON && depth == 0)
      break;
  }
  return c;
}

/* The text of tokens IN[FROM..TO), for the item's name in messages. */
const char *accgpu_spell_tokens(cpp_reader *pfile, const cpp_token *in,
                                int from, int to)
{
  char buf[256];
  size_t len = 0;
  buf[0] = 0;
  for (int j = from; j < to && len < sizeof buf; j++)
    len += snprintf(buf + len, sizeof buf - len, "%s",
                    (const char *)cpp_token_as_text(pfile, &in[j]));
  return xstrdup(buf); /* kept until the pass: not collected */
}

/* `MARKER [ ( unsigned long ) & ( NAME ) [ lo ]`, for a repeated item
   whose name is IN[I] and first group's `:` is at C. */
static void emit_dup_start(cpp_reader *pfile, cpp_token *out, int *n, int max,
                           const char *marker, const cpp_token *in, int i,
                           int c)
{
  location_t loc = in[i].src_loc;
  accgpu_pp_emit_name(pfile, out, n, max, marker, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_SQUARE, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_PAREN, loc);
  accgpu_pp_emit_name(pfile, out, n, max, "unsigned", loc);
  accgpu_pp_emit_name(pfile, out, n, max, "long", loc);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_AND, loc);
  emit_elem(out, n, max, &in[i], in, i + 2, c, loc);
}

/* `, __accgpu_dsrK [ sizeof ( ( NAME ) [ 0 ] ) : ( n2 ) * sizeof (
   ( NAME ) [ 0 ] [ 0 ] ) ]`: the row stride and each row's part of a
   repeated 2-D item whose name is IN[I], second group's `:` C2, `]` E2. */
static void emit_rows_marker(cpp_reader *pfile, cpp_token *out, int *n,
                             int max, int k, const cpp_token *in, int i,
                             int c2, int e2)
{
  location_t loc = in[i].src_loc;
  char marker[32];
  snprintf(marker, sizeof marker, "__accgpu_dsr%d", k);
  accgpu_pp_emit_punct(out, n, max, CPP_COMMA, loc);
  accgpu_pp_emit_name(pfile, out, n, max, marker, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_SQUARE, loc);
  emit_sizeof(pfile, out, n, max, &in[i], 1, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_COLON, loc);
  emit_bytes(pfile, out, n, max, &in[i], in, c2 + 1, e2, 2, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_SQUARE, loc);
}

/* The end (`]`) of a repeated item's second group when IN[I] names a 2-D
   array or a pointer to rows and IN[E1 + 1..] is `[lo2:n2]`, with its `:`
   at *C2; -1 when the item is not one of those. */
static int rows_group(const cpp_token *in, int nin, int i, int e1, int *c2)
{
  bool colon;
  tree name = HT_IDENT_TO_GCC_IDENT(HT_NODE(in[i].val.node.node));
  if (in[e1 + 1].type != CPP_OPEN_SQUARE || !accgpu_array_rows_p(name))
    return -1;
  int e2 = accgpu_pp_group_end(in, nin, e1 + 1, &colon);
  if (e2 < 0 || !colon || e2 + 1 >= nin)
    return -1;
  *c2 = group_colon(in, e1 + 1, e2);
  return *c2 + 1 == e2 ? -1 : e2; /* a[lo:n][lo2:]: GCC's error */
}

int accgpu_update_dup_item(cpp_reader *pfile, const cpp_token *in, int nin,
                           int i, cpp_token *out, int *nout, int max)
{
  bool colon;
  /* an item starts after the clause's `(` or a `,` */
  if (in[i].type != CPP_NAME || i == 0 ||
      (i > 1 && in[i - 1].type != CPP_COMMA))
    return i;
  if (!seen_before(in[i].val.node.node) || i + 1 >= nin ||
      in[i + 1].type != CPP_OPEN_SQUARE)
    return i;
  int e1 = accgpu_pp_group_end(in, nin, i + 1, &colon);
  if (e1 < 0 || e1 + 1 >= nin || !colon)
    return i;
  int c2 = -1, e2 = rows_group(in, nin, i, e1, &c2);
  int end = e2 >= 0 ? e2 : e1;
  if (in[end + 1].type != CPP_COMMA && in[end + 1].type != CPP_CLOSE_PAREN)
    return i;
  int c = group_colon(in, i + 1, e1);
  if (c + 1 == e1)
    return i; /* a[lo:]: GCC's error */
  if (ndups == MAX_DUPS) {
    error_at(in[i].src_loc, "more than %d repeated sections on one "
             "directive", MAX_DUPS);
    return i;
  }
  location_t loc = in[i].src_loc;
  dup_note note = {in[0].src_loc, ndups,
                   accgpu_spell_tokens(pfile, in, i, end + 1)};
  notes.safe_push(note);
  char marker[32];
  snprintf(marker, sizeof marker, "__accgpu_dup%d", ndups);
  emit_dup_start(pfile, out, nout, max, marker, in, i, c);
  if (e2 >= 0)
    emit_index(out, nout, max, in, e1 + 2, c2, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_COLON, loc);
  emit_bytes(pfile, out, nout, max, &in[i], in, c + 1, e1, 1, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_CLOSE_SQUARE, loc);
  if (e2 >= 0)
    emit_rows_marker(pfile, out, nout, max, ndups, in, i, c2, e2);
  ndups++;
  return end + 1;
}

void accgpu_update_dups_declare_markers(void)
{
  accgpu_declare_char_markers("__accgpu_dup", MAX_DUPS);
  accgpu_declare_char_markers("__accgpu_dsr", MAX_DUPS);
}

/* ---- The pass's side -------------------------------------------------- */

/* K of a marker clause __accgpu_dupK[addr:bytes], else -1. */
static int dup_marker(tree c)
{
  return accgpu_marker_number(c, "__accgpu_dup");
}

tree accgpu_update_dup_host(tree c)
{
  if (dup_marker(c) < 0)
    return NULL_TREE;
  tree lo = TREE_OPERAND(OMP_CLAUSE_DECL(c), 1);
  return fold_convert(ptr_type_node, unshare_expr(lo));
}

const char *accgpu_update_dup_name(tree c)
{
  int k = dup_marker(c);
  if (k < 0)
    return NULL;
  location_t paren = linemap_resolve_location(
      line_table, OMP_CLAUSE_LOCATION(c), LRK_SPELLING_LOCATION, NULL);
  for (unsigned i = 0; i < notes.length(); i++)
    if (notes[i].paren == paren && notes[i].k == k)
      return notes[i].text;
  return NULL;
}

/* Is C the rows marker __accgpu_dsrK[stride:bytes] of a repeated 2-D
   item?  It is filled after its item. */
bool accgpu_update_rows_marker_p(tree c)
{
  return accgpu_marker_number(c, "__accgpu_dsr") >= 0;
}

/* The rows marker of repeated item C among CLAUSES (the same number: the
   markers of one directive), else NULL_TREE. */
tree accgpu_update_dup_rows(tree clauses, tree c)
{
  int k = dup_marker(c);
  if (k < 0)
    return NULL_TREE;
  for (tree m = clauses; m; m = OMP_CLAUSE_CHAIN(m))
    if (accgpu_marker_number(m, "__accgpu_dsr") == k)
      return m;
  return NULL_TREE;
}
