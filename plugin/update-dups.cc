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
 * and names the item as written (the note kept here).  Items of one
 * level (`NAME[lo:len]`, `NAME[:len]`) only; others stay GCC's error.   */
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

/* `( NAME ) [ lo ]` and `sizeof ( ( NAME ) [ 0 ] )`'s shared part. */
static void emit_elem(cpp_reader *pfile, cpp_token *out, int *n, int max,
                      const cpp_token *name, const cpp_token *in, int lo,
                      int lo_end, location_t loc)
{
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_PAREN, loc);
  accgpu_pp_emit(out, n, max, name);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, n, max, CPP_OPEN_SQUARE, loc);
  if (lo == lo_end)
    accgpu_pp_emit_number(out, n, max, "0", loc);
  else
    emit_range(out, n, max, in, lo, lo_end);
  accgpu_pp_emit_punct(out, n, max, CPP_CLOSE_SQUARE, loc);
}

/* The text of tokens IN[FROM..TO), for the item's name in messages. */
static const char *spell(cpp_reader *pfile, const cpp_token *in, int from,
                         int to)
{
  char buf[256];
  size_t len = 0;
  buf[0] = 0;
  for (int j = from; j < to && len < sizeof buf; j++)
    len += snprintf(buf + len, sizeof buf - len, "%s",
                    (const char *)cpp_token_as_text(pfile, &in[j]));
  return xstrdup(buf); /* kept until the pass: not collected */
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
  if (e1 < 0 || e1 + 1 >= nin || !colon ||
      (in[e1 + 1].type != CPP_COMMA && in[e1 + 1].type != CPP_CLOSE_PAREN))
    return i;
  int c = i + 2; /* the `:` at depth 1 */
  for (int depth = 0; c < e1; c++) {
    enum cpp_ttype ty = in[c].type;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
    if (ty == CPP_COLON && depth == 0)
      break;
  }
  if (c + 1 == e1)
    return i; /* a[lo:]: GCC's error */
  if (ndups == MAX_DUPS) {
    error_at(in[i].src_loc, "more than %d repeated sections on one update "
             "directive", MAX_DUPS);
    return i;
  }
  location_t loc = in[i].src_loc;
  dup_note note = {in[0].src_loc, ndups, spell(pfile, in, i, e1 + 1)};
  notes.safe_push(note);
  char marker[32];
  snprintf(marker, sizeof marker, "__accgpu_dup%d", ndups++);
  accgpu_pp_emit_name(pfile, out, nout, max, marker, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_OPEN_SQUARE, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_OPEN_PAREN, loc);
  accgpu_pp_emit_name(pfile, out, nout, max, "unsigned", loc);
  accgpu_pp_emit_name(pfile, out, nout, max, "long", loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_AND, loc);
  emit_elem(pfile, out, nout, max, &in[i], in, i + 2, c, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_COLON, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_OPEN_PAREN, loc);
  emit_range(out, nout, max, in, c + 1, e1);
  accgpu_pp_emit_punct(out, nout, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_MULT, loc);
  accgpu_pp_emit_name(pfile, out, nout, max, "sizeof", loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_OPEN_PAREN, loc);
  emit_elem(pfile, out, nout, max, &in[i], in, 0, 0, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_CLOSE_PAREN, loc);
  accgpu_pp_emit_punct(out, nout, max, CPP_CLOSE_SQUARE, loc);
  return e1 + 1;
}

void accgpu_update_dups_declare_markers(void)
{
  accgpu_declare_char_markers("__accgpu_dup", MAX_DUPS);
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
