/* tile-sizes.cc — `tile(n/10, n, n*2)`: tile sizes that are not integer
 * literals.  GCC 12's parser takes only positive constants and `*` there
 * ("'tile' argument needs positive integral constant"), so:
 *
 * 1. On the acc line (clause-mods.cc calls us for the word `tile`), a
 *    clause with an item other than `*` or a number becomes
 *        tile(*, *, *) worker(num: __accgpu_tile_sizes(n/10, n, n*2))
 *    (a `*` item is passed as 0).  The carrier is the first of worker,
 *    vector (`length:`) and gang (`static:`) that the line does not name:
 *    GCC parses the expressions where they are written, with its own
 *    diagnostics, and the clause takes an expression on every loop.
 * 2. On the function's GENERIC (PLUGIN_PRE_GENERICIZE) the carrier goes,
 *    and the loop X becomes { long long t0 = n/10, t1 = n, t2 = n*2; X' }
 *    with X' tiled by t0..t2: the sizes are evaluated once.  A combined
 *    construct (the loop is the compute construct's whole body) is wrapped
 *    instead: the host evaluates them before it and passes them as
 *    firstprivate launch arguments.  A loop inside a region evaluates them
 *    where it starts, in every thread (its variables may be the region's).
 *    kernel-gen-loops.cc reads them at run time; a size that is 0 or
 *    negative there counts as `*` (the implementation's choice); a
 *    constant one is `*` from here on.                                    */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

#define MARK "__accgpu_tile_sizes"
#define MAX_TOKS 256

/* Carrier clauses, in the order they are tried, with their key word. */
static const struct {
  const char *word, *key;
  unsigned bit;
} carriers[] = {
  {"worker", "num", 1}, {"vector", "length", 2}, {"gang", "static", 4},
};

static unsigned line_words; /* carriers[].bit of the words on the line */
static tree mark_fn;
static bool pending; /* a clause was rewritten in the function */

void accgpu_tile_new_line(void)
{
  line_words = 0;
}

void accgpu_tile_word(const char *w)
{
  for (unsigned i = 0; i < ARRAY_SIZE(carriers); i++)
    if (!strcmp(w, carriers[i].word))
      line_words |= carriers[i].bit;
}

tree accgpu_marker_fn(const char *name)
{
  tree f = build_decl(BUILTINS_LOCATION, FUNCTION_DECL, get_identifier(name),
                      build_varargs_function_type_list(integer_type_node,
                                                        NULL_TREE));
  DECL_EXTERNAL(f) = 1;
  TREE_PUBLIC(f) = 1;
  DECL_ARTIFICIAL(f) = 1;
  pushdecl(f);
  accgpu_keep(f);
  return f;
}

void accgpu_tile_declare_marker(void)
{
  mark_fn = accgpu_marker_fn(MARK);
}

/* ---- 1. the acc line -------------------------------------------------- */

static struct {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out;

/* The items of in (`( a , b )`) are each `*` or one number. */
static bool literal_items(void)
{
  for (int i = 1; i < in.n; i += 2) {
    enum cpp_ttype t = in.tok[i].type;
    if ((t != CPP_MULT && t != CPP_NUMBER) ||
        (in.tok[i + 1].type != CPP_COMMA &&
         in.tok[i + 1].type != CPP_CLOSE_PAREN))
      return false;
  }
  return true;
}

/* Names the clauses after the group (its N tokens) on the line. */
static void words_after(cpp_reader *pfile, int n)
{
  for (int i = n, depth = 0;; i++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return;
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && t->type == CPP_NAME)
      accgpu_tile_word((const char *)NODE_NAME(t->val.node.node));
  }
}

static void emit_name(cpp_reader *pfile, const char *name, location_t loc)
{
  if (out.n < MAX_TOKS)
    accgpu_pp_name(pfile, &out.tok[out.n++], name, loc);
}

static void emit_punct(enum cpp_ttype type, location_t loc)
{
  accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, type, loc);
}

/* `tile ( * , ... )` with as many items as in. */
static void emit_stars(cpp_reader *pfile, location_t loc)
{
  emit_name(pfile, "tile", loc);
  for (int i = 0, depth = 0; i < in.n; i++) {
    enum cpp_ttype ty = in.tok[i].type;
    depth += ty == CPP_OPEN_PAREN || ty == CPP_OPEN_SQUARE ? 1
             : ty == CPP_CLOSE_PAREN || ty == CPP_CLOSE_SQUARE ? -1 : 0;
    if (i == 0)
      emit_punct(CPP_OPEN_PAREN, in.tok[i].src_loc);
    if ((depth == 1 && ty == CPP_COMMA) || depth == 0) {
      emit_punct(CPP_MULT, in.tok[i].src_loc);
      emit_punct(ty, in.tok[i].src_loc);
    }
  }
}

/* The items of in, a `*` as 0. */
static void emit_items(void)
{
  static const unsigned char zero[] = "0";
  for (int i = 1; i < in.n - 1; i++) {
    cpp_token t = in.tok[i];
    if (t.type == CPP_MULT && (in.tok[i - 1].type == CPP_COMMA || i == 1) &&
        (in.tok[i + 1].type == CPP_COMMA || i + 1 == in.n - 1)) {
      t.type = CPP_NUMBER;
      t.val.str.len = 1;
      t.val.str.text = zero;
    }
    accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &t);
  }
}

cpp_hashnode *accgpu_tile_sizes(cpp_reader *pfile, const cpp_token *word)
{
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 3
      || in.tok[0].type != CPP_OPEN_PAREN || literal_items())
    return NULL;
  words_after(pfile, in.n);
  unsigned c = 0;
  while (c < ARRAY_SIZE(carriers) && (line_words & carriers[c].bit))
    c++;
  location_t loc = word->src_loc;
  if (c == ARRAY_SIZE(carriers)) {
    sorry_at(loc, "%<tile%> with sizes that are not constants on a loop "
             "that is %<gang%>, %<worker%> and %<vector%>");
    accgpu_pp_take(pfile, in.n); /* the clause goes: GCC says no more */
    return accgpu_pp_inject(pfile, out.tok, 0, loc);
  }
  out.n = 0;
  emit_stars(pfile, loc);
  emit_name(pfile, carriers[c].word, loc);
  emit_punct(CPP_OPEN_PAREN, loc);
  emit_name(pfile, carriers[c].key, loc);
  emit_punct(CPP_COLON, loc);
  emit_name(pfile, MARK, loc);
  emit_punct(CPP_OPEN_PAREN, loc);
  emit_items();
  emit_punct(CPP_CLOSE_PAREN, loc);
  emit_punct(CPP_CLOSE_PAREN, loc);
  if (out.n >= MAX_TOKS)
    return NULL;
  accgpu_pp_take(pfile, in.n);
  pending = true;
  return accgpu_pp_inject(pfile, out.tok, out.n, loc);
}

/* ---- 2. GENERIC ------------------------------------------------------- */

/* The marker call clause C carries, or NULL_TREE. */
static tree carried(tree c)
{
  tree e;
  switch (OMP_CLAUSE_CODE(c)) {
  case OMP_CLAUSE_WORKER: e = OMP_CLAUSE_WORKER_EXPR(c); break;
  case OMP_CLAUSE_VECTOR: e = OMP_CLAUSE_VECTOR_EXPR(c); break;
  case OMP_CLAUSE_GANG: e = OMP_CLAUSE_GANG_STATIC_EXPR(c); break;
  default: return NULL_TREE;
  }
  if (e)
    STRIP_NOPS(e);
  return e && TREE_CODE(e) == CALL_EXPR && mark_fn
         && get_callee_fndecl(e) == mark_fn ? e : NULL_TREE;
}

/* Takes the carrier off loop X's clauses: its call, or NULL_TREE. */
static tree take_carrier(tree x)
{
  for (tree *cp = &OMP_FOR_CLAUSES(x); *cp; cp = &OMP_CLAUSE_CHAIN(*cp))
    if (tree call = carried(*cp)) {
      *cp = OMP_CLAUSE_CHAIN(*cp);
      return call;
    }
  return NULL_TREE;
}

tree accgpu_bind_var(tree e, tree *vars, tree *init)
{
  tree v = accgpu_new_var(NULL_TREE, long_long_integer_type_node,
                          EXPR_LOC_OR_LOC(e, input_location), vars);
  append_to_statement_list(
      build2(MODIFY_EXPR, long_long_integer_type_node, v,
             fold_convert(long_long_integer_type_node, e)), init);
  return v;
}

/* Size E of the tile clause: a constant (0 for `*` and for a constant
   that is not positive), else accgpu_bind_var's. */
static tree size_value(tree e, tree *vars, tree *init)
{
  if (!INTEGRAL_TYPE_P(TREE_TYPE(e))) {
    error_at(EXPR_LOC_OR_LOC(e, input_location),
             "%<tile%> size must have integer type");
    return integer_zero_node;
  }
  if (TREE_CODE(e) == INTEGER_CST)
    return tree_int_cst_sgn(e) > 0 ? e : integer_zero_node;
  return accgpu_bind_var(e, vars, init);
}

void accgpu_bind_wrap(tree *tp, tree vars, tree init)
{
  location_t loc = EXPR_LOCATION(*tp);
  append_to_statement_list(*tp, &init);
  *tp = build3_loc(loc, BIND_EXPR, void_type_node, vars, init, NULL_TREE);
  TREE_SIDE_EFFECTS(*tp) = 1;
}

/* Loop *XP with carrier CALL tiled by the carried sizes, the non-constant
   ones set in a bind around *WP: the loop, or the compute construct it
   makes up, whose sizes are then the host's, firstprivate (launch
   arguments), copied to variables in the region (GCC drops a
   firstprivate clause of a variable the region does not read). */
static void rewrite_loop(tree *wp, tree *xp, tree call)
{
  tree tile = omp_find_clause(OMP_FOR_CLAUSES(*xp), OMP_CLAUSE_TILE);
  if (!tile)
    return;
  tree vars = NULL_TREE, init = alloc_stmt_list();
  tree l = OMP_CLAUSE_TILE_LIST(tile);
  for (int i = 0; i < call_expr_nargs(call) && l; i++, l = TREE_CHAIN(l))
    TREE_VALUE(l) = size_value(CALL_EXPR_ARG(call, i), &vars, &init);
  if (!vars)
    return;
  if (wp != xp) {
    tree in_vars = NULL_TREE, in_init = alloc_stmt_list();
    for (l = OMP_CLAUSE_TILE_LIST(tile); l; l = TREE_CHAIN(l))
      if (VAR_P(TREE_VALUE(l)))
        TREE_VALUE(l) = accgpu_bind_var(TREE_VALUE(l), &in_vars, &in_init);
    accgpu_bind_wrap(xp, in_vars, in_init);
    for (tree v = vars; v; v = DECL_CHAIN(v)) { /* kernels too */
      tree c = build_omp_clause(EXPR_LOCATION(*wp), OMP_CLAUSE_FIRSTPRIVATE);
      OMP_CLAUSE_DECL(c) = v;
      OMP_CLAUSE_CHAIN(c) = OMP_CLAUSES(*wp);
      OMP_CLAUSES(*wp) = c;
    }
  }
  accgpu_bind_wrap(wp, vars, init);
}

/* The slot of the loop that is all of body *TP (a combined construct's),
   or NULL. */
static tree *sole_loop(tree *tp)
{
  while (*tp && (TREE_CODE(*tp) == BIND_EXPR
                 || TREE_CODE(*tp) == STATEMENT_LIST)) {
    if (TREE_CODE(*tp) == BIND_EXPR) {
      tp = &BIND_EXPR_BODY(*tp);
      continue;
    }
    tree *one = NULL;
    for (tree_stmt_iterator i = tsi_start(*tp); !tsi_end_p(i); tsi_next(&i))
      if (TREE_CODE(tsi_stmt(i)) != DEBUG_BEGIN_STMT) {
        if (one)
          return NULL;
        one = tsi_stmt_ptr(i);
      }
    if (!one)
      return NULL;
    tp = one;
  }
  return *tp && TREE_CODE(*tp) == OACC_LOOP ? tp : NULL;
}

static tree rewrite_cb(tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  tree *xp = NULL, call;
  switch (TREE_CODE(*tp)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL:
    /* a combined construct: the sizes are the host's, before it */
    xp = sole_loop(&OMP_BODY(*tp));
    break;
  case OACC_LOOP:
    xp = tp;
    break;
  default:
    break;
  }
  if (xp && (call = take_carrier(*xp)))
    rewrite_loop(tp, xp, call);
  return NULL_TREE;
}

void accgpu_marker_rewrite(void *gcc_data, bool *pending, walk_tree_fn cb)
{
  tree fn = (tree)gcc_data;
  /* a preprocessed input holds the rewrites made when it was preprocessed */
  bool any = *pending || cpp_get_options(parse_in)->preprocessed;
  if (any && fn && TREE_CODE(fn) == FUNCTION_DECL && DECL_SAVED_TREE(fn))
    walk_tree(&DECL_SAVED_TREE(fn), cb, NULL, NULL);
  *pending = false;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  accgpu_marker_rewrite(gcc_data, &pending, rewrite_cb);
}

void accgpu_tile_sizes_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
