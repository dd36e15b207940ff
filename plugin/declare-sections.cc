/* declare-sections.cc — sections in `#pragma acc declare`
 * (`declare create(c[0:n])` on a pointer parameter), which GCC 12's parser
 * rejects ("array section in #pragma acc declare").  clause-mods.cc calls
 * us for the first clause word of a declare line; the line is read to its
 * end and, when an item has a section, rewritten:
 *
 *   in a function:
 *     create(c[lo:len], x)   ->   create(__accgpu_dsecK, x) <pragma end>
 *     __accgpu_dsec(&__accgpu_dsecK, (c) + (lo), (len), sizeof *(c));
 *
 *   __accgpu_dsecK is an int declared here in the scope being parsed (GCC
 *   takes only a variable of the directive's own scope in a declare); the
 *   statement after the directive carries the section, its expressions
 *   evaluated there, in the function's scope.  The pass
 *   (passes/declare-sections.cc) drops the marker from GCC's declare and
 *   turns the statement into the section's entry action and, at every exit
 *   of the scope, its exit action.  A length left out (`a[2:]`) is the rest
 *   of an array.
 *
 *   at file scope: a section of an array maps the whole array (for the
 *   program's life: a superset); a section of a pointer is an error (what
 *   it points to does not exist when the program starts).
 *
 * Sections of more than one dimension, sections in deviceptr or link,
 * a pointer section without a length, and sections in a function's
 * declare written with _Pragma (libcpp collects a _Pragma's tokens up to
 * the first end of line and drops the rest of the expansion) are errors
 * at the item.  Not under -E: the directive stays as written (GCC's
 * error).                                                               */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 512
#define MARK "__accgpu_dsec"

struct toks {
  cpp_token tok[MAX_TOKS];
  int n;
};
static struct toks in, out, stmts;
static bool op_line; /* the line is a _Pragma's string */

/* What the pass needs of marker K: notes[K - 1]. */
static vec<accgpu_dsec_note> notes;

const struct accgpu_dsec_note *accgpu_dsec_note_of(tree decl)
{
  if (!VAR_P(decl) || !DECL_ARTIFICIAL(decl) || !DECL_NAME(decl))
    return NULL;
  const char *s = IDENTIFIER_POINTER(DECL_NAME(decl));
  if (strncmp(s, MARK, strlen(MARK)) || !ISDIGIT(s[strlen(MARK)]))
    return NULL;
  unsigned k = atoi(s + strlen(MARK));
  return k >= 1 && k <= notes.length() ? &notes[k - 1] : NULL;
}

static void emit(struct toks *o, const cpp_token *t)
{
  accgpu_pp_emit(o->tok, &o->n, MAX_TOKS, t);
}

static void punct(struct toks *o, enum cpp_ttype type, location_t loc)
{
  accgpu_pp_emit_punct(o->tok, &o->n, MAX_TOKS, type, loc);
}

static void name(cpp_reader *pfile, struct toks *o, const char *s,
                 location_t loc)
{
  cpp_token t;
  accgpu_pp_name(pfile, &t, s, loc);
  emit(o, &t);
}

static void number(struct toks *o, const char *s, location_t loc)
{
  accgpu_pp_emit_number(o->tok, &o->n, MAX_TOKS, s, loc);
}

/* The tokens IN.tok[A..B) in parentheses (or ALT when there are none). */
static void group(struct toks *o, int a, int b, const char *alt,
                  location_t loc)
{
  punct(o, CPP_OPEN_PAREN, loc);
  if (a == b)
    number(o, alt, loc);
  for (int i = a; i < b; i++)
    emit(o, &in.tok[i]);
  punct(o, CPP_CLOSE_PAREN, loc);
}

/* Reads the line from the token ahead to its end into IN; false when it
   is too long. */
static bool read_line(cpp_reader *pfile)
{
  for (in.n = 0;; in.n++) {
    const cpp_token *t = accgpu_pp_peek(pfile, in.n);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return true;
    if (in.n == MAX_TOKS)
      return false;
    in.tok[in.n] = *t;
  }
}

/* The index after the bracket groups that follow the name IN.tok[I]; *NG:
   how many; *SECTION: whether one has a `:` at its top. */
static int groups_after(int i, int *ng, bool *section)
{
  int j = i + 1;
  bool colon;
  *ng = 0;
  *section = false;
  while (j < in.n && in.tok[j].type == CPP_OPEN_SQUARE) {
    int e = accgpu_pp_group_end(in.tok, in.n, j, &colon);
    if (e < 0)
      break;
    *section |= colon;
    (*ng)++;
    j = e + 1;
  }
  return j;
}

/* Is IN.tok[I] the first token of an item of a clause's list? */
static bool item_start(int i, int depth)
{
  return depth == 1 && in.tok[i].type == CPP_NAME && i > 0 &&
         (in.tok[i - 1].type == CPP_OPEN_PAREN ||
          in.tok[i - 1].type == CPP_COMMA);
}

static bool any_section(void)
{
  int depth = 0, ng;
  bool section;
  for (int i = 0; i < in.n; i++) {
    if (item_start(i, depth)) {
      groups_after(i, &ng, &section);
      if (section)
        return true;
    }
    depth += in.tok[i].type == CPP_OPEN_PAREN ? 1
             : in.tok[i].type == CPP_CLOSE_PAREN ? -1 : 0;
  }
  return false;
}

static const char *word(const cpp_token *t)
{
  return (const char *)NODE_NAME(t->val.node.node);
}

/* The spelling of IN.tok[A..B), for messages ("c[0:n]"). */
static char *spell(cpp_reader *pfile, int a, int b)
{
  char buf[256];
  size_t n = 0;
  buf[0] = 0;
  for (int i = a; i < b && n < sizeof buf; i++)
    n += snprintf(buf + n, sizeof buf - n, "%s",
                  (const char *)cpp_token_as_text(pfile, &in.tok[i]));
  return xstrdup(buf);
}

/* A new marker variable in the scope being parsed; its number. */
static int new_marker(location_t loc, char *buf, size_t size)
{
  int k = notes.length() + 1;
  snprintf(buf, size, MARK "%d", k);
  tree d = build_decl(loc, VAR_DECL, get_identifier(buf), integer_type_node);
  DECL_ARTIFICIAL(d) = 1;
  TREE_USED(d) = 1;
  DECL_CONTEXT(d) = current_function_decl;
  pushdecl(d);
  accgpu_dsec_note n = {NULL, NULL, loc};
  notes.safe_push(n);
  return k;
}

/* The statement carrying the section NAME[lo:len] that starts at
   IN.tok[I], for marker MK. */
static void section_stmt(cpp_reader *pfile, int i, const char *mk, bool array)
{
  location_t loc = in.tok[i].src_loc;
  bool colon;
  int open = i + 1, close = accgpu_pp_group_end(in.tok, in.n, open, &colon);
  int c = open + 1;
  for (int depth = 0; c < close; c++) {
    enum cpp_ttype ty = in.tok[c].type;
    if (ty == CPP_COLON && depth == 0)
      break;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
  }
  name(pfile, &stmts, MARK, loc);
  punct(&stmts, CPP_OPEN_PAREN, loc);
  punct(&stmts, CPP_AND, loc);
  name(pfile, &stmts, mk, loc);
  punct(&stmts, CPP_COMMA, loc);
  group(&stmts, i, i + 1, "", loc);
  punct(&stmts, CPP_PLUS, loc);
  group(&stmts, open + 1, c, "0", loc);
  punct(&stmts, CPP_COMMA, loc);
  if (c + 1 == close && array) { /* a[lo:]: the rest of the array */
    name(pfile, &stmts, "sizeof", loc);
    group(&stmts, i, i + 1, "", loc);
    punct(&stmts, CPP_DIV, loc);
    name(pfile, &stmts, "sizeof", loc);
    punct(&stmts, CPP_MULT, loc);
    group(&stmts, i, i + 1, "", loc);
    punct(&stmts, CPP_MINUS, loc);
    group(&stmts, open + 1, c, "0", loc);
  } else
    group(&stmts, c + 1, close, "0", loc);
  punct(&stmts, CPP_COMMA, loc);
  name(pfile, &stmts, "sizeof", loc);
  punct(&stmts, CPP_MULT, loc);
  group(&stmts, i, i + 1, "", loc);
  punct(&stmts, CPP_CLOSE_PAREN, loc);
  punct(&stmts, CPP_SEMICOLON, loc);
}

/* Why the section item IN.tok[I..END) (NG groups) of clause CLAUSE, whose
   variable is D, cannot be carried, or NULL. */
static const char *refusal(const char *clause, tree d, int i, int ng,
                           bool in_fn)
{
  bool array = TREE_CODE(TREE_TYPE(d)) == ARRAY_TYPE;
  bool colon;
  int close = accgpu_pp_group_end(in.tok, in.n, i + 1, &colon);
  if (!strcmp(clause, "deviceptr") || !strcmp(clause, "link"))
    return "takes variables, not sections";
  if (!array && !POINTER_TYPE_P(TREE_TYPE(d)))
    return "is a section of neither an array nor a pointer";
  if (!in_fn)
    return array ? NULL : "is a section of a pointer at file scope, where "
                          "what it points to does not exist yet; use "
                          "'enter data' once it is allocated";
  if (op_line) /* the _Pragma's tokens end at the first end of line */
    return "is a section in a declare written with '_Pragma' (not "
           "supported); write it as a '#pragma acc' line";
  if (ng > 1)
    return "is a section of more than one dimension (not supported); "
           "declare a one-dimensional section";
  if (!array && in.tok[close - 1].type == CPP_COLON)
    return "is a section of a pointer without a length";
  return NULL;
}

/* Rewrites the section item IN.tok[I..END) (NG groups) of clause CLAUSE. */
static void section_item(cpp_reader *pfile, const char *clause, int i,
                         int end, int ng)
{
  tree id = HT_IDENT_TO_GCC_IDENT(HT_NODE(in.tok[i].val.node.node));
  tree d = lookup_name(id);
  location_t loc = in.tok[i].src_loc;
  if (!d || (!VAR_P(d) && TREE_CODE(d) != PARM_DECL)) {
    for (int j = i; j < end; j++) /* GCC's error */
      emit(&out, &in.tok[j]);
    return;
  }
  bool in_fn = current_function_decl != NULL_TREE;
  const char *why = refusal(clause, d, i, ng, in_fn);
  if (why)
    error_at(loc, "%qE in %<declare %s%> %s", id, clause, why);
  bool pointers_only = !strcmp(clause, "deviceptr") || !strcmp(clause, "link");
  if (!in_fn || pointers_only) { /* at file scope, an array: all of it */
    emit(&out, &in.tok[i]);
    return;
  }
  char mk[32];
  int k = new_marker(loc, mk, sizeof mk);
  name(pfile, &out, mk, loc);
  if (why)
    return;
  notes[k - 1].clause = xstrdup(clause);
  notes[k - 1].text = spell(pfile, i, end);
  section_stmt(pfile, i, mk, TREE_CODE(TREE_TYPE(d)) == ARRAY_TYPE);
}

cpp_hashnode *accgpu_declare_sections(cpp_reader *pfile,
                                      const cpp_token *clause_word, bool op)
{
  if (flag_preprocess_only || !read_line(pfile) || !any_section())
    return NULL;
  op_line = op;
  out.n = stmts.n = 0;
  cpp_token w = *clause_word;
  w.flags |= NO_EXPAND;
  emit(&out, &w);
  const char *clause = word(clause_word);
  int depth = 0;
  for (int i = 0; i < in.n;) {
    cpp_token t = in.tok[i];
    int ng;
    bool section;
    int end = item_start(i, depth) ? groups_after(i, &ng, &section) : i;
    if (end != i && section) {
      section_item(pfile, clause, i, end, ng);
      i = end;
      continue;
    }
    if (depth == 0 && t.type == CPP_NAME && i + 1 < in.n &&
        in.tok[i + 1].type == CPP_OPEN_PAREN) {
      clause = word(&t);
      t.flags |= NO_EXPAND;
    }
    depth += t.type == CPP_OPEN_PAREN ? 1 : t.type == CPP_CLOSE_PAREN ? -1 : 0;
    emit(&out, &t);
    i++;
  }
  cpp_token eol = *accgpu_pp_peek(pfile, in.n);
  accgpu_pp_take(pfile, in.n + (stmts.n ? 1 : 0));
  if (stmts.n) {
    emit(&out, &eol);
    for (int i = 0; i < stmts.n; i++)
      emit(&out, &stmts.tok[i]);
  }
  if (out.n >= MAX_TOKS) {
    error_at(clause_word->src_loc, "%<declare%> line too long for accgpu");
    return NULL;
  }
  return accgpu_pp_inject(pfile, out.tok, out.n, clause_word->src_loc);
}

/* The function the statements call, at file scope (the pass replaces the
   calls). */
void accgpu_declare_sections_markers(void)
{
  tree cvp = build_pointer_type(build_qualified_type(
      void_type_node, TYPE_QUAL_CONST | TYPE_QUAL_VOLATILE));
  tree fn = build_decl(
      BUILTINS_LOCATION, FUNCTION_DECL, get_identifier(MARK),
      build_function_type_list(void_type_node,
                               build_pointer_type(integer_type_node), cvp,
                               long_long_integer_type_node, size_type_node,
                               NULL_TREE));
  DECL_EXTERNAL(fn) = 1;
  TREE_PUBLIC(fn) = 1;
  DECL_ARTIFICIAL(fn) = 1;
  pushdecl(fn);
}
