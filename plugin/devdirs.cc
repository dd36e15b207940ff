/* devdirs.cc — `#pragma acc init`, `shutdown` and `set` (OpenACC 2.6,
 * §2.14), which GCC 12's C front end does not know: it drops them
 * ("ignoring #pragma acc set" under -Wunknown-pragmas).
 *
 * Why token rewriting and not a pragma handler of our own: a handler
 * registered with c_register_pragma only sees the line's tokens, and the
 * C parser gives it no way to parse `device_num(n + f())` as an expression
 * in the enclosing function nor to put a statement there.  GCC's own
 * OpenACC parser does both, so these lines are rewritten into a directive
 * it parses (as deviceid.cc does for the seed's syntax):
 *
 *   #pragma acc set device_type(host) device_num(e) default_async(a) if(c)
 *   -> #pragma acc enter data create(__accgpu_dir[1:1])
 *          create(__accgpu_dtype[M:1])
 *          create(__accgpu_dnum[(e) & 0xffffffffu:1])
 *          create(__accgpu_dasync[(a) & 0xffffffffu:1]) if(c)
 *
 * (init: __accgpu_dir[2:1], shutdown: [3:1]; M: a bit mask of the device
 * types named, bit t-1 for acc_device_t t; the mask keeps negative
 * values such as acc_async_default clear of GCC's "negative low bound"
 * check, the pass takes the low 32 bits back as an int, and GCC still
 * rejects a non-integer expression).  The pass recognizes the
 * marker on the enter data and emits the runtime call instead
 * (lower-data.cc), so the expressions are evaluated where the pragma is.
 *
 * The directive name is expanded by the preprocessor: GCC registers the
 * acc namespace with name expansion, so `set` can be a NODE_CONDITIONAL
 * macro.  libcpp gives no sign that a word is a pragma's name (the line
 * callback runs only after the directive), so the word expands only when
 * the logical source line reads `#pragma acc` up to it (hence
 * `_Pragma("acc set")` is not rewritten).  The expansion ends with a
 * second conditional word whose callback checks the whole clause list (unknown or repeated
 * clauses, device type names, the required clause) with errors at the
 * clause, before GCC parses it.  Everywhere else the words are the
 * user's identifiers.                                                    */
#include "gcc-common.h"
#include "input.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"
#include "openacc.h"

#define DIRMARK "__accgpu_dir"
#define DTYPEMARK "__accgpu_dtype"
#define DNUMMARK "__accgpu_dnum"
#define DASYNCMARK "__accgpu_dasync"

enum {
  DIR_NONE, DIR_SET = ACCGPU_DEVDIR_SET, DIR_INIT = ACCGPU_DEVDIR_INIT,
  DIR_SHUTDOWN = ACCGPU_DEVDIR_SHUTDOWN
};
static const char *const dir_names[] = {"", "set", "init", "shutdown"};

/* Clause bits; DC_IF is GCC's own clause. */
enum {
  DC_TYPE = ACCGPU_DIR_TYPE, DC_NUM = ACCGPU_DIR_NUM,
  DC_ASYNC = ACCGPU_DIR_ASYNC, DC_IF = 8
};

/* Device type names (OpenACC's, plus our emulator); multicore is the host
   CPU. */
static const struct {
  const char *name;
  acc_device_t type;
} dtypes[] = {
  {"default", acc_device_default}, {"host", acc_device_host},
  {"multicore", acc_device_host},  {"not_host", acc_device_not_host},
  {"nvidia", acc_device_nvidia},   {"emulator", acc_device_emulator},
};
#define NTYPE_BITS (_acc_device_hwm - 1) /* bits for types 1.. */

/* Conditional words (cpp_define syntax); the callback picks an
   implementation macro for them. */
static const char *const user_macros[] = {
  "set=", "init=", "shutdown=", "device_type(...)=", "dtype(...)=",
  "device_num(x)=", "default_async(x)=",
  "__accgpu_dirhead1=", "__accgpu_dirhead2=", "__accgpu_dirhead3=",
};
static const char *const impl_macros[] = {
  "__accgpu_dirname1=enter data __accgpu_dirhead1",
  "__accgpu_dirname2=enter data __accgpu_dirhead2",
  "__accgpu_dirname3=enter data __accgpu_dirhead3",
  "__accgpu_dir1=create(" DIRMARK "[1:1])",
  "__accgpu_dir2=create(" DIRMARK "[2:1])",
  "__accgpu_dir3=create(" DIRMARK "[3:1])",
  "__accgpu_dnum(x)=create(" DNUMMARK "[(x) & 0xffffffffu:1])",
  "__accgpu_dasync(x)=create(" DASYNCMARK "[(x) & 0xffffffffu:1])",
  "__accgpu_dnone(...)=",
};

/* The directive being rewritten.  Only the preprocessor touches it. */
static struct {
  int pending;          /* name expanded; its CPP_PRAGMA token comes next */
  location_t pending_where;
  int dir;              /* DIR_* of the current line, or DIR_NONE */
  location_t where;     /* its name */
  unsigned mask;        /* device types of its device_type clause */
  int expanded;         /* DC_* clauses rewritten so far */
} line;

static accgpu_line_change_fn *prev_line_change;
static void (*prev_def_pragma)(cpp_reader *, location_t);
static accgpu_macro_to_expand_fn *prev_macro_to_expand;

/* ---- Markers ---------------------------------------------------------- */

/* Weak, artificial `extern char NAME[1 << 33]` at file scope (see
   deviceid.cc): complete, so that a directive misplaced in a compute region
   gets our error rather than GCC's "not mappable" about the marker; large
   enough for every index `e & 0xffffffffu` can be. */
static void push_marker(const char *name)
{
  tree d = build_decl(BUILTINS_LOCATION, VAR_DECL, get_identifier(name),
                      build_array_type_nelts(char_type_node,
                                             HOST_WIDE_INT_1U << 33));
  DECL_EXTERNAL(d) = 1;
  TREE_PUBLIC(d) = 1;
  DECL_ARTIFICIAL(d) = 1;
  DECL_WEAK(d) = 1;
  pushdecl(d);
}

static void declare_markers(void)
{
  static bool done;
  if (done || flag_preprocess_only)
    return;
  done = true;
  push_marker(DIRMARK);
  push_marker(DTYPEMARK);
  push_marker(DNUMMARK);
  push_marker(DASYNCMARK);
}

bool accgpu_devdir_clause(tree c, int *kind, tree *val)
{
  static const char *const names[] = {DIRMARK, DTYPEMARK, DNUMMARK,
                                      DASYNCMARK};
  static const int kinds[] = {0, DC_TYPE, DC_NUM, DC_ASYNC};
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  tree d = OMP_CLAUSE_DECL(c);
  if (TREE_CODE(d) != ARRAY_REF || !DECL_P(TREE_OPERAND(d, 0)) ||
      !DECL_NAME(TREE_OPERAND(d, 0)))
    return false;
  const char *n = IDENTIFIER_POINTER(DECL_NAME(TREE_OPERAND(d, 0)));
  for (unsigned i = 0; i < ARRAY_SIZE(names); i++)
    if (!strcmp(n, names[i])) {
      *kind = kinds[i];
      *val = TREE_OPERAND(d, 1);
      return true;
    }
  return false;
}

/* ---- Macros ----------------------------------------------------------- */

/* At unit start, before any token is lexed (see deviceid.cc).  The
   device_type masks are macros __accgpu_dtN, one per N. */
static void define_macros(cpp_reader *pfile)
{
  for (unsigned i = 0; i < ARRAY_SIZE(impl_macros); i++)
    accgpu_cpp_define(pfile, impl_macros[i], false);
  for (unsigned m = 1; m < 1u << NTYPE_BITS; m++) {
    char def[96];
    snprintf(def, sizeof def,
             "__accgpu_dt%u(...)=create(" DTYPEMARK "[%u:1])", m, m);
    accgpu_cpp_define(pfile, def, false);
  }
  for (unsigned i = 0; i < ARRAY_SIZE(user_macros); i++)
    accgpu_cpp_define(pfile, user_macros[i], true);
}

static cpp_hashnode *node_named(cpp_reader *pfile, const char *name)
{
  return cpp_lookup(pfile, (const unsigned char *)name, strlen(name));
}

/* ---- Reading the line ------------------------------------------------- */


static bool eol_p(const cpp_token *t)
{
  return t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF;
}

static const char *name_of(const cpp_token *t)
{
  return t->type == CPP_NAME ? (const char *)NODE_NAME(t->val.node.node)
                             : NULL;
}

/* Skips blanks and block comments from P (not beyond END). */
static const char *skip_blank(const char *p, const char *end)
{
  for (;;) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
      p++;
    if (end - p < 2 || p[0] != '/' || p[1] != '*')
      return p;
    const char *q = p + 2;
    while (end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
      q++;
    if (end - q < 2)
      return p;
    p = q + 2;
  }
}

/* The logical source line before column COL of LINE in FILE: the line's
   start, preceded by the lines it continues (backslash-newline dropped);
   false when it cannot be read or is longer than N. */
static bool text_before(const char *file, int line, int col, char *buf,
                        size_t n)
{
  char_span text = location_get_source_line(file, line);
  if (!text || (size_t)col - 1 > text.length() || (size_t)col > n)
    return false;
  size_t len = col - 1;
  memcpy(buf, text.get_buffer(), len);
  while (--line > 0) {
    char_span prev = location_get_source_line(file, line);
    size_t m = prev ? prev.length() : 0;
    while (m > 0 && (prev[m - 1] == '\r' || prev[m - 1] == ' '))
      m--;
    if (m == 0 || prev[m - 1] != '\\')
      break;
    m--; /* the backslash */
    if (len + m > n)
      return false;
    memmove(buf + m, buf, len);
    memcpy(buf, prev.get_buffer(), m);
    len += m;
  }
  buf[len] = 0;
  return true;
}

/* Is the word at TOK the name of a `#pragma acc` line?  The logical source
   line up to the word must read `#pragma acc ` (blanks and comments
   anywhere between). */
static bool pragma_name_p(const cpp_token *tok)
{
  expanded_location x = expand_location(tok->src_loc);
  char buf[1024];
  if (!x.file || x.column < 1 ||
      !text_before(x.file, x.line, x.column, buf, sizeof buf - 1))
    return false;
  const char *p = buf, *end = buf + strlen(buf);
  static const char *const words[] = {"#", "pragma", "acc"};
  for (unsigned i = 0; i < ARRAY_SIZE(words); i++) {
    const char *q = skip_blank(p, end);
    size_t n = strlen(words[i]);
    if (i > 1 && q == p) /* `pragma` and `acc` need a separator */
      return false;
    if ((size_t)(end - q) < n || memcmp(q, words[i], n))
      return false;
    p = q + n;
  }
  const char *q = skip_blank(p, end);
  return q != p && q == end;
}

/* Device type mask of the list at token I (just after `(`); errors at the
   names.  *I ends after the `)`. */
static unsigned read_types(cpp_reader *pfile, int *i, int dir)
{
  unsigned mask = 0;
  int count = 0;
  const cpp_token *open = accgpu_pp_peek(pfile, *i - 1);
  for (;;) {
    const cpp_token *t = accgpu_pp_peek(pfile, (*i)++);
    const char *w = name_of(t);
    if (!w) {
      error_at(t->src_loc, "expected a device type name in %<device_type%>");
      return 0;
    }
    unsigned k = 0;
    while (k < ARRAY_SIZE(dtypes) && strcmp(w, dtypes[k].name))
      k++;
    if (k == ARRAY_SIZE(dtypes))
      error_at(t->src_loc,
               "unknown device type %qs; known: %<default%>, %<host%>, "
               "%<multicore%>, %<not_host%>, %<nvidia%>, %<emulator%>", w);
    else
      mask |= 1u << (dtypes[k].type - 1);
    count++;
    t = accgpu_pp_peek(pfile, (*i)++);
    if (t->type == CPP_CLOSE_PAREN)
      break;
    if (t->type != CPP_COMMA) {
      error_at(t->src_loc, "expected %<,%> or %<)%> in %<device_type%>");
      return 0;
    }
  }
  if (dir == DIR_SET && count > 1) {
    error_at(open->src_loc, "%<#pragma acc set%> takes one device type");
    return 0;
  }
  return mask;
}

/* Skips a parenthesized argument starting at token *I (the `(`); errors
   when it is missing or empty. */
static bool skip_args(cpp_reader *pfile, int *i, const cpp_token *word)
{
  const cpp_token *t = accgpu_pp_peek(pfile, *i);
  if (t->type != CPP_OPEN_PAREN) {
    error_at(word->src_loc, "%qs needs a parenthesized argument",
             name_of(word));
    return false;
  }
  if (accgpu_pp_peek(pfile, *i + 1)->type == CPP_CLOSE_PAREN) {
    error_at(word->src_loc, "%qs needs an argument", name_of(word));
    return false;
  }
  for (int depth = 0;; (*i)++) {
    t = accgpu_pp_peek(pfile, *i);
    if (eol_p(t))
      return false; /* GCC reports the unbalanced parenthesis */
    depth += t->type == CPP_OPEN_PAREN ? 1 : t->type == CPP_CLOSE_PAREN ? -1
                                                                       : 0;
    if (depth == 0) {
      (*i)++;
      return true;
    }
  }
}

/* The DC_* bit of clause name W on directive DIR, 0 if not valid there. */
static int clause_bit(const char *w, int dir)
{
  if (!strcmp(w, "device_type") || !strcmp(w, "dtype"))
    return DC_TYPE;
  if (!strcmp(w, "device_num"))
    return DC_NUM;
  if (!strcmp(w, "if"))
    return DC_IF;
  if (!strcmp(w, "default_async") && dir == DIR_SET)
    return DC_ASYNC;
  return 0;
}

/* Checks the clause list of directive DIR, which starts at the next token;
   records the device type mask. */
static void check_clauses(cpp_reader *pfile, int dir, location_t where)
{
  int seen = 0, i = 0;
  line.mask = 0;
  for (;;) {
    const cpp_token *t = accgpu_pp_peek(pfile, i++);
    if (eol_p(t))
      break;
    if (t->type == CPP_COMMA && seen)
      continue;
    const char *w = name_of(t);
    int bit = w ? clause_bit(w, dir) : 0;
    if (!bit) {
      error_at(t->src_loc, "%qs is not valid for %<#pragma acc %s%>",
               w ? w : (const char *)cpp_token_as_text(pfile, t),
               dir_names[dir]);
      return;
    }
    if (seen & bit)
      error_at(t->src_loc, "too many %qs clauses", w);
    seen |= bit;
    if (bit == DC_TYPE && accgpu_pp_peek(pfile, i)->type == CPP_OPEN_PAREN &&
        accgpu_pp_peek(pfile, i + 1)->type != CPP_CLOSE_PAREN) {
      i++;
      line.mask = read_types(pfile, &i, dir);
      if (!line.mask)
        return;
      continue;
    }
    if (!skip_args(pfile, &i, t))
      return;
  }
  if (dir == DIR_SET && !(seen & (DC_TYPE | DC_NUM | DC_ASYNC)))
    error_at(where, "%<#pragma acc set%> needs a %<default_async%>, "
                    "%<device_num%> or %<device_type%> clause");
}

/* ---- Preprocessor callbacks ------------------------------------------- */

static void cb_line_change(cpp_reader *pfile, const cpp_token *tok,
                           int parsing_args)
{
  declare_markers();
  if (!parsing_args) {
    line.dir = tok->type == CPP_PRAGMA ? line.pending : DIR_NONE;
    line.where = line.pending_where;
    line.expanded = 0;
    line.pending = DIR_NONE;
  }
  if (prev_line_change)
    prev_line_change(pfile, tok, parsing_args);
}

/* The directive name DIR at TOK: `set` -> `enter data __accgpu_dirhead1`
   when TOK is the name of an acc pragma. */
static cpp_hashnode *expand_name(cpp_reader *pfile, const cpp_token *tok,
                                 int dir)
{
  if (!pragma_name_p(tok))
    return NULL;
  /* libcpp peeked at the next token before asking us.  After a name that
     ends the line, that is the directive's CPP_EOF, which would reach the
     parser as the end of input once the line is a deferred pragma: it
     becomes padding, and the lexer then ends the pragma line itself. */
  cpp_token *next = const_cast<cpp_token *>(accgpu_pp_peek(pfile, 0));
  if (next->type == CPP_EOF) {
    next->type = CPP_PADDING;
    next->flags = 0;
    next->val.source = NULL;
  }
  line.pending = dir;
  line.pending_where = tok->src_loc;
  char name[32];
  snprintf(name, sizeof name, "__accgpu_dirname%d", dir);
  return node_named(pfile, name);
}

/* A clause word W of the current directive line.  A clause check_clauses
   found wrong (repeated, empty, bad device type) is dropped, so GCC adds
   no errors of its own about the markers. */
static cpp_hashnode *expand_clause(cpp_reader *pfile, const char *w)
{
  if (accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN)
    return NULL; /* the user's identifier (check_clauses has spoken) */
  int bit = clause_bit(w, DIR_SET);
  bool bad = accgpu_pp_peek(pfile, 1)->type == CPP_CLOSE_PAREN ||
             (line.expanded & bit) || (bit == DC_TYPE && !line.mask);
  line.expanded |= bit;
  if (bad)
    return node_named(pfile, "__accgpu_dnone");
  if (bit == DC_NUM)
    return node_named(pfile, "__accgpu_dnum");
  if (bit == DC_ASYNC)
    return node_named(pfile, "__accgpu_dasync");
  char name[32];
  snprintf(name, sizeof name, "__accgpu_dt%u", line.mask);
  return node_named(pfile, name);
}

static cpp_hashnode *cb_macro_to_expand(cpp_reader *pfile,
                                        const cpp_token *tok)
{
  const char *w = (const char *)NODE_NAME(tok->val.node.node);
  /* Not line.dir: the name is read before the line callback runs. */
  for (int d = DIR_SET; d <= DIR_SHUTDOWN; d++)
    if (!strcmp(w, dir_names[d]))
      return expand_name(pfile, tok, d);
  if (!strncmp(w, "__accgpu_dirhead", 16) && line.dir != DIR_NONE) {
    check_clauses(pfile, line.dir, line.where);
    char name[32];
    snprintf(name, sizeof name, "__accgpu_dir%d", line.dir);
    return node_named(pfile, name);
  }
  if (line.dir != DIR_NONE &&
      (!strcmp(w, "device_type") || !strcmp(w, "dtype") ||
       !strcmp(w, "device_num") || !strcmp(w, "default_async")))
    return expand_clause(pfile, w);
  if (prev_macro_to_expand)
    return prev_macro_to_expand(pfile, tok);
  return NULL;
}

/* An unknown pragma: one of ours that was not rewritten (spelled through
   _Pragma or a macro) is an error rather than silently dropped.  The
   tokens are only peeked at: GCC's own callback reads them next. */
static void cb_def_pragma(cpp_reader *pfile, location_t loc)
{
  const char *space = name_of(accgpu_pp_peek(pfile, 0));
  const cpp_token *word = space ? accgpu_pp_peek(pfile, 1) : NULL;
  const char *name = word ? name_of(word) : NULL;
  if (space && name && !strcmp(space, "acc"))
    for (int d = DIR_SET; d <= DIR_SHUTDOWN; d++)
      if (!strcmp(name, dir_names[d]))
        error_at(word->src_loc,
                 "%<#pragma acc %s%> is only recognized written out on a "
                 "%<#pragma%> line, not through %<_Pragma%> or a macro",
                 name);
  if (prev_def_pragma)
    prev_def_pragma(pfile, loc);
}

/* Installed after deviceid.cc's callbacks (accgpu_deviceid_init registers
   ours first, and GCC runs the last registered first), so this module sees
   each word first and passes on the ones it does not own. */
static void install_callbacks(void *, void *)
{
  cpp_callbacks *cb = cpp_get_callbacks(parse_in);
  void (*def_pragma)(cpp_reader *, location_t) = cb->def_pragma;
  bool define = accgpu_pp_chain(cb_line_change, cb_macro_to_expand,
                                &prev_line_change, &prev_macro_to_expand);
  if (cb->def_pragma == cb_def_pragma)
    return;
  prev_def_pragma = def_pragma;
  cb->def_pragma = cb_def_pragma;
  if (define)
    define_macros(parse_in);
}

void accgpu_devdirs_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRAGMAS, install_callbacks, NULL);
}
