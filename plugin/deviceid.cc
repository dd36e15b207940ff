/* deviceid.cc — the seed's multi-GPU syntax (Xu, §6.3.1) carried through
 * GCC's OpenACC parser by token rewriting on `#pragma acc` lines only.
 *
 * GCC rejects unknown clauses, but acc pragma lines are macro-expanded.  The
 * words below are defined as NODE_CONDITIONAL macros: libcpp asks our
 * macro_to_expand callback before expanding one, and we say yes only on an
 * acc line of the right directive (tracked with the line_change callback).
 * Elsewhere in the file the words are ordinary identifiers.
 *
 *   parallel|kernels|serial|data|enter data   deviceid(e)
 *        -> create(__accgpu_devmark[(e):1])
 *   exit data deviceid(e)  -> delete(__accgpu_devmark[(e):1])
 *   update deviceid(e)     -> self(__accgpu_devmark[(e):1])
 *   wait device(e)         -> wait ((__accgpu_devwait(e)))
 *   update peer to(l) to_device(d) from(m) from_device(s)
 *        -> update device(l) device(__accgpu_peer_to[(d):1])
 *                  self(m) self(__accgpu_peer_from[(s):1])
 *        (self(m) is dropped when m is spelled like l: GCC rejects a
 *        variable named twice, and the pass uses l for both)
 *
 * A word followed by something else than its `(` (peer: than to/from) is
 * the user's identifier and stays as it is.
 *
 * GCC gimplifies the marker sections into map clauses such as
 * `map(alloc:__accgpu_devmark[D.1] [len: 1])`; the pass takes the index as
 * the device number and drops the clause (accgpu_take_deviceid).         */
#include "gcc-common.h"
#include "passes/lower-data.h"
#include "passes/data-internal.h"

/* The marker declarations, pushed at file scope on the first line. */
#define DEVMARK "__accgpu_devmark"
#define PEER_TO "__accgpu_peer_to"
#define PEER_FROM "__accgpu_peer_from"
#define DEVWAIT "__accgpu_devwait"

/* Macro definitions (cpp_define syntax).  The first group is conditional:
   the user's words.  The second are what the callback picks for them. */
static const char *const user_macros[] = {
  "deviceid(x)=", "device(x)=", "peer=", "to(...)=", "from(...)=",
  "to_device(x)=", "from_device(x)=",
};
static const char *const impl_macros[] = {
  "__accgpu_did_create(x)=create(" DEVMARK "[(x):1])",
  "__accgpu_did_delete(x)=delete(" DEVMARK "[(x):1])",
  "__accgpu_did_self(x)=self(" DEVMARK "[(x):1])",
  "__accgpu_waitdev(x)=((" DEVWAIT "(x)))",
  "__accgpu_empty=",
  "__accgpu_drop(...)=",
  "__accgpu_peer_tolist(...)=device(__VA_ARGS__)",
  "__accgpu_peer_fromlist(...)=self(__VA_ARGS__)",
  "__accgpu_peer_todev(x)=device(" PEER_TO "[(x):1])",
  "__accgpu_peer_fromdev(x)=self(" PEER_FROM "[(x):1])",
};

/* State of the line being lexed.  Only the preprocessor touches it. */
static struct {
  bool ready;          /* markers declared */
  int pragma;          /* PRAGMA_OACC_* of this acc line, or 0 */
  location_t where;    /* its location */
  bool deviceid;       /* deviceid(...) seen on this line */
  bool peer, to, to_dev, from, from_dev; /* update peer pieces seen */
  char list[512];      /* text of the first of to(...)/from(...) */
} line;

static accgpu_line_change_fn *prev_line_change;
static accgpu_macro_to_expand_fn *prev_macro_to_expand;

/* ---- Markers ---------------------------------------------------------- */

/* Declares `extern char NAME[]` (or the wait marker function) at file
   scope.  Weak and artificial: a marker that survived by mistake links to 0
   instead of failing, and no warning names it. */
static void push_marker(const char *name, tree type)
{
  tree d = build_decl(BUILTINS_LOCATION,
                      TREE_CODE(type) == FUNCTION_TYPE ? FUNCTION_DECL
                                                       : VAR_DECL,
                      get_identifier(name), type);
  DECL_EXTERNAL(d) = 1;
  TREE_PUBLIC(d) = 1;
  DECL_ARTIFICIAL(d) = 1;
  DECL_WEAK(d) = 1;
  pushdecl(d);
}

/* Defines the macros; at unit start, before any token is lexed (a
   definition made from inside the lexer's callbacks corrupts its token
   buffer). */
static void define_macros(cpp_reader *pfile)
{
  for (unsigned i = 0; i < ARRAY_SIZE(impl_macros); i++)
    accgpu_cpp_define(pfile, impl_macros[i], false);
  for (unsigned i = 0; i < ARRAY_SIZE(user_macros); i++)
    accgpu_cpp_define(pfile, user_macros[i], true);
}

/* Declares the markers at file scope: on the first line, when the C front
   end has opened the file scope. */
static void declare_markers(void)
{
  if (flag_preprocess_only)
    return;
  tree chars = build_array_type(char_type_node, NULL_TREE);
  push_marker(DEVMARK, chars);
  push_marker(PEER_TO, chars);
  push_marker(PEER_FROM, chars);
  push_marker(DEVWAIT, build_function_type_list(integer_type_node,
                                                integer_type_node, NULL_TREE));
}

static bool marker_name_p(tree decl, const char *name)
{
  return decl && DECL_P(decl) && DECL_NAME(decl) &&
         !strcmp(IDENTIFIER_POINTER(DECL_NAME(decl)), name);
}

enum accgpu_marker accgpu_clause_marker(tree c)
{
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return ACCGPU_MARK_NONE;
  tree d = OMP_CLAUSE_DECL(c);
  if (TREE_CODE(d) != ARRAY_REF)
    return ACCGPU_MARK_NONE;
  d = TREE_OPERAND(d, 0);
  if (marker_name_p(d, DEVMARK))
    return ACCGPU_MARK_DEVICEID;
  if (marker_name_p(d, PEER_TO))
    return ACCGPU_MARK_PEER_TO;
  if (marker_name_p(d, PEER_FROM))
    return ACCGPU_MARK_PEER_FROM;
  return ACCGPU_MARK_NONE;
}

tree accgpu_marker_device(tree c)
{
  return fold_convert(integer_type_node,
                      unshare_expr(TREE_OPERAND(OMP_CLAUSE_DECL(c), 1)));
}

bool accgpu_is_devwait_call(gimple *stmt)
{
  return is_gimple_call(stmt) &&
         marker_name_p(gimple_call_fndecl(stmt), DEVWAIT);
}

tree accgpu_take_deviceid(tree *clauses)
{
  tree dev = NULL_TREE;
  for (tree *p = clauses; *p;) {
    if (accgpu_clause_marker(*p) != ACCGPU_MARK_DEVICEID) {
      p = &OMP_CLAUSE_CHAIN(*p);
      continue;
    }
    if (dev) /* normally caught while lexing; the macro's use site */
      error_at(linemap_resolve_location(line_table, OMP_CLAUSE_LOCATION(*p),
                                        LRK_MACRO_EXPANSION_POINT, NULL),
               "too many %<deviceid%> clauses");
    else
      dev = accgpu_marker_device(*p);
    *p = OMP_CLAUSE_CHAIN(*p);
  }
  return dev ? dev : build_int_cst(integer_type_node, -1);
}

/* ---- Preprocessor callbacks ------------------------------------------- */

/* Diagnoses an `update peer` line that lacked a piece; called when the
   line is over. */
static void finish_line(void)
{
  if (line.pragma == PRAGMA_OACC_UPDATE && line.peer &&
      !(line.to && line.to_dev && line.from && line.from_dev))
    error_at(line.where,
             "%<update peer%> needs %<to(list)%>, %<to_device(e)%>, "
             "%<from(list)%> and %<from_device(e)%>");
  line.deviceid = false;
  line.peer = line.to = line.to_dev = line.from = line.from_dev = false;
  line.pragma = 0;
}

static void cb_line_change(cpp_reader *pfile, const cpp_token *tok,
                           int parsing_args)
{
  if (!line.ready) {
    line.ready = true;
    declare_markers();
  }
  if (!parsing_args) {
    finish_line();
    if (tok->type == CPP_PRAGMA && tok->val.pragma >= PRAGMA_OACC_ATOMIC &&
        tok->val.pragma <= PRAGMA_OACC_WAIT) {
      line.pragma = tok->val.pragma;
      line.where = tok->src_loc;
    }
  }
  if (prev_line_change)
    prev_line_change(pfile, tok, parsing_args);
}

const cpp_token *accgpu_pp_peek(cpp_reader *pfile, int index)
{
  for (int i = 0;; i++) {
    const cpp_token *t = cpp_peek_token(pfile, i);
    if (t->type == CPP_PADDING)
      continue;
    if (index-- == 0)
      return t;
  }
}


static cpp_hashnode *impl_node(cpp_reader *pfile, const char *name)
{
  return cpp_lookup(pfile, (const unsigned char *)name, strlen(name));
}

/* True when the macro word at TOK is followed by `(`; otherwise says what
   is wrong (a word of ours needs an argument on this line). */
static bool has_args(cpp_reader *pfile, const cpp_token *tok,
                     const char *word)
{
  const cpp_token *t = accgpu_pp_peek(pfile, 0);
  if (t->type != CPP_OPEN_PAREN) {
    error_at(tok->src_loc, "%qs needs a parenthesized argument", word);
    return false;
  }
  if (accgpu_pp_peek(pfile, 1)->type == CPP_CLOSE_PAREN) {
    error_at(tok->src_loc, "%qs needs an expression", word);
    return false;
  }
  return true;
}

/* Which implementation macro `deviceid` becomes on this directive. */
static const char *deviceid_impl(int pragma)
{
  switch (pragma) {
  case PRAGMA_OACC_PARALLEL:
  case PRAGMA_OACC_KERNELS:
  case PRAGMA_OACC_SERIAL:
  case PRAGMA_OACC_DATA:
  case PRAGMA_OACC_ENTER_DATA:
    return "__accgpu_did_create";
  case PRAGMA_OACC_EXIT_DATA:
    return "__accgpu_did_delete";
  case PRAGMA_OACC_UPDATE:
    return "__accgpu_did_self";
  }
  return NULL;
}

/* Spells the parenthesized tokens after the current macro word into BUF
   (one space between tokens). */
static void spell_args(cpp_reader *pfile, char *buf, size_t size)
{
  size_t n = 0;
  int depth = 0;
  buf[0] = 0;
  for (int i = 0;; i++) {
    const cpp_token *t = cpp_peek_token(pfile, i);
    if (t->type == CPP_PADDING)
      continue;
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return;
    const char *s = (const char *)cpp_token_as_text(pfile, t);
    n += snprintf(buf + n, n < size ? size - n : 0, "%s ", s);
    if (n >= size)
      return;
    depth += t->type == CPP_OPEN_PAREN ? 1 : t->type == CPP_CLOSE_PAREN ? -1
                                                                       : 0;
    if (depth == 0)
      return;
  }
}

/* to(list) or from(list): GCC rejects a variable named in two data clauses
   of one update, and the usual peer copy names the same section twice, so
   the second list, when it is spelled like the first, is dropped (the pass
   then uses one list for both). */
static const char *peer_list(cpp_reader *pfile, bool first, const char *impl)
{
  char buf[sizeof line.list];
  spell_args(pfile, buf, sizeof buf);
  if (first) {
    memcpy(line.list, buf, sizeof buf);
    return impl;
  }
  return strcmp(buf, line.list) ? impl : "__accgpu_drop";
}

/* Decides one word of an update peer line. */
static const char *peer_impl(cpp_reader *pfile, const char *w)
{
  if (!strcmp(w, "peer")) {
    /* The keyword is followed by to(...) or from(...); anything else is
       the user's variable named peer. */
    const cpp_token *t = accgpu_pp_peek(pfile, 0);
    const char *next = t->type == CPP_NAME
                           ? (const char *)NODE_NAME(t->val.node.node)
                           : "";
    if (strcmp(next, "to") && strcmp(next, "from"))
      return NULL;
    line.peer = true;
    return "__accgpu_empty";
  }
  if (!line.peer)
    return NULL;
  /* to and from may also be the user's variables, even on this line. */
  if ((!strcmp(w, "to") || !strcmp(w, "from")) &&
      accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN)
    return NULL;
  if (!strcmp(w, "to") && !line.to) {
    line.to = true;
    return peer_list(pfile, !line.from, "__accgpu_peer_tolist");
  }
  if (!strcmp(w, "from") && !line.from) {
    line.from = true;
    return peer_list(pfile, !line.to, "__accgpu_peer_fromlist");
  }
  if (!strcmp(w, "to_device"))
    return line.to_dev = true, "__accgpu_peer_todev";
  if (!strcmp(w, "from_device"))
    return line.from_dev = true, "__accgpu_peer_fromdev";
  return NULL;
}

static cpp_hashnode *cb_macro_to_expand(cpp_reader *pfile,
                                        const cpp_token *tok)
{
  cpp_hashnode *node = tok->val.node.node;
  const char *w = (const char *)NODE_NAME(node);
  const char *impl = NULL;
  if (line.pragma == 0) {
    if (prev_macro_to_expand)
      return prev_macro_to_expand(pfile, tok);
    return NULL;
  }
  if (!strcmp(w, "deviceid")) {
    impl = deviceid_impl(line.pragma);
    if (!impl)
      error_at(tok->src_loc, "%<deviceid%> is not valid on this directive");
    else if (line.deviceid
             && accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN) {
      error_at(tok->src_loc, "too many %<deviceid%> clauses");
      return NULL;
    }
    line.deviceid = true;
  } else if (!strcmp(w, "device") && line.pragma == PRAGMA_OACC_WAIT) {
    /* wait(device) may name the user's variable: no `(`, no expansion
       (GCC's parser diagnoses a bare `wait device`). */
    if (accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN)
      return NULL;
    impl = "__accgpu_waitdev";
  }
  else if (line.pragma == PRAGMA_OACC_UPDATE && strcmp(w, "device"))
    impl = peer_impl(pfile, w);
  if (!impl)
    return NULL;
  if (strcmp(impl, "__accgpu_empty") && !has_args(pfile, tok, w))
    return NULL;
  return impl_node(pfile, impl);
}

/* The front end sets its own line_change after plugin_init (in its
   post-options hook, for compiling and for -E alike), so ours is chained
   in when it registers pragmas: later, and before any token is lexed.  A
   preprocessed input (-save-temps, .i) was rewritten when it was
   preprocessed: it needs the markers but no macros (and cpp_define does
   not work on it). */
static void install_callbacks(void *, void *)
{
  if (accgpu_pp_chain(cb_line_change, cb_macro_to_expand, &prev_line_change,
                      &prev_macro_to_expand))
    define_macros(parse_in);
}

void accgpu_deviceid_init(const char *plugin_name)
{
  accgpu_data_register_roots(plugin_name);
  accgpu_declare_init(plugin_name);
  /* GCC runs the callbacks of an event last registered first: devdirs.cc
     installs its preprocessor callbacks after ours and so wraps them. */
  accgpu_clause_mods_init(plugin_name);
  accgpu_devdirs_init(plugin_name);
  register_callback(plugin_name, PLUGIN_PRAGMAS, install_callbacks, NULL);
}
