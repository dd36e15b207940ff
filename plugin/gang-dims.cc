/* gang-dims.cc — multi-dimensional gangs (OpenACC 3.3 §2.5.10, §2.9.2):
 * `num_gangs(a, b, c)` on parallel and `gang(dim: d)` on loops, which
 * GCC 12's parser rejects.  Gang dimension 1 is the grid's x, 2 its y,
 * 3 its z (kernel-gen-loops.cc: KG_GANG, KG_GANG_Y, KG_GANG_Z).
 *
 * 1. On the acc line (clause-mods.cc calls us for the words):
 *      num_gangs(a, b, c) -> num_gangs(__accgpu_gang_dims(a, b, c))
 *      gang(dim: 2)       -> gang, its location noted with the dimension
 *      gang(dim: 2, static: s) -> gang(static: s), the same
 *    The dimension must be the literal 1, 2 or 3; more than 3 values in
 *    num_gangs is an error at the clause.  Under -E gang(dim:) stays as
 *    written: its dimension is not in the output.  In a _Pragma's string
 *    the parser gives every clause the _Pragma's own location (in a
 *    macro, a virtual one our callbacks do not see): the dimension is
 *    found again by the `_Pragma` token's spelling and the line of use.
 * 2. On the function's GENERIC (PLUGIN_PRE_GENERICIZE) the construct X
 *    with the marker becomes { long long y = b, z = c; X' }, X' with
 *    num_gangs(a); the launch (launch-geometry.cc) finds y and z by the
 *    clause (accgpu_num_gangs_yz): evaluated once, on the host, before
 *    the construct.                                                       */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"

#define MARK "__accgpu_gang_dims"
#define MAX_TOKS 256

static tree mark_fn;
static bool pending; /* a num_gangs was rewritten in the function */

/* gang clauses with a dimension: the `gang` word's location; on a
   _Pragma's line (OP) also the `_Pragma` token's spelling location. */
struct dim_loc {
  location_t loc;
  int dim;
  bool op;
  location_t spell;
};
static vec<dim_loc> dim_locs;

/* num_gangs clauses of several values: the y and z variables. */
struct yz {
  tree clause, y, z;
};
static vec<yz> yzs;

void accgpu_gang_dims_declare_marker(void)
{
  mark_fn = accgpu_marker_fn(MARK);
}

/* The op entry of a clause at RAW, a _Pragma's location: the entries of
   its `_Pragma` token (several where a macro holding it is used more
   than once) on the first line at or after the use (its expansion point;
   the words were lexed on the use's last line), or NULL. */
static dim_loc *op_entry(location_t raw)
{
  location_t spell = linemap_resolve_location(line_table, raw,
                                              LRK_SPELLING_LOCATION, NULL);
  expanded_location xp = expand_location(linemap_resolve_location(
      line_table, raw, LRK_MACRO_EXPANSION_POINT, NULL));
  dim_loc *best = NULL;
  int best_line = INT_MAX;
  for (unsigned i = 0; i < dim_locs.length(); i++) {
    expanded_location w = expand_location(dim_locs[i].loc);
    if (dim_locs[i].op && dim_locs[i].spell == spell && w.file && xp.file
        && !strcmp(w.file, xp.file) && w.line >= xp.line
        && w.line < best_line) {
      best = &dim_locs[i];
      best_line = w.line;
    }
  }
  return best;
}

int accgpu_gang_dim(tree c)
{
  location_t raw = OMP_CLAUSE_LOCATION(c);
  location_t loc = linemap_resolve_location(line_table, raw,
                                            LRK_SPELLING_LOCATION, NULL);
  for (unsigned i = 0; i < dim_locs.length(); i++)
    if (!dim_locs[i].op && dim_locs[i].loc == loc)
      return dim_locs[i].dim;
  dim_loc *e = op_entry(raw);
  return e ? e->dim : 1;
}

/* Notes DIM for the gang clause whose word is at LOC; false when an entry
   was there already.  On _Pragma lines every gang word is noted (1 for a
   plain one): two directives of one `_Pragma` token used on the same line
   cannot be told apart, an error when their dimensions differ. */
static bool note_dim(location_t loc, int dim, bool op)
{
  location_t spell = op ? accgpu_pragma_op_loc() : UNKNOWN_LOCATION;
  int line = expand_location(loc).line;
  for (unsigned i = 0; op && i < dim_locs.length(); i++)
    if (dim_locs[i].op && dim_locs[i].spell == spell
        && expand_location(dim_locs[i].loc).line == line) {
      if (dim_locs[i].dim != dim)
        error_at(loc, "%<gang(dim:%d)%> in a directive written with "
                 "%<_Pragma%> on the line of another of the same "
                 "%<_Pragma%> with a different %<gang%> clause: write them "
                 "on lines of their own", dim);
      return false;
    }
  dim_locs.safe_push({loc, dim, op, spell});
  return true;
}

/* accgpu_gang_op_word pushed an entry for the last gang word. */
static bool op_pushed;

void accgpu_gang_op_word(const cpp_token *word)
{
  op_pushed = note_dim(word->src_loc, 1, true);
}

bool accgpu_num_gangs_yz(tree c, tree *y, tree *z)
{
  for (unsigned i = 0; i < yzs.length(); i++)
    if (yzs[i].clause == c) {
      *y = yzs[i].y;
      *z = yzs[i].z;
      return true;
    }
  return false;
}

/* ---- 1. the acc line -------------------------------------------------- */

static struct {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out;

/* Index of the comma or `)` ending the item of in that starts at I. */
static int item_end(int i)
{
  for (int depth = 0; i < in.n; i++) {
    enum cpp_ttype ty = in.tok[i].type;
    if (depth == 0 && (ty == CPP_COMMA || ty == CPP_CLOSE_PAREN))
      return i;
    depth += ty == CPP_OPEN_PAREN || ty == CPP_OPEN_SQUARE ? 1
             : ty == CPP_CLOSE_PAREN || ty == CPP_CLOSE_SQUARE ? -1 : 0;
  }
  return in.n - 1;
}

static bool word_is(const cpp_token *t, const char *w)
{
  return t->type == CPP_NAME
         && !strcmp((const char *)NODE_NAME(t->val.node.node), w);
}

/* The dimension of item in.tok[A..B) (`dim : N`), -1 when it is not one
   (0 after an error). */
static int dim_item(cpp_reader *pfile, int a, int b)
{
  if (b - a < 2 || !word_is(&in.tok[a], "dim")
      || in.tok[a + 1].type != CPP_COLON)
    return -1;
  const cpp_token *v = &in.tok[a + 2];
  const char *s = (const char *)cpp_token_as_text(pfile, v);
  if (b - a != 3 || v->type != CPP_NUMBER || strlen(s) != 1 || s[0] < '1'
      || s[0] > '3') {
    error_at(in.tok[a].src_loc, "the %<dim%> argument of %<gang%> must be "
             "1, 2 or 3 (an integer literal)");
    return 0;
  }
  return s[0] - '0';
}

cpp_hashnode *accgpu_gang_dim_clause(cpp_reader *pfile, const cpp_token *word,
                                     bool op)
{
  /* under -E the dimension, kept beside the output, would be lost: the
     line stays as written (GCC's error when the output is compiled) */
  if (flag_preprocess_only
      || (in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 3
      || in.tok[0].type != CPP_OPEN_PAREN)
    return NULL;
  int dim = -1;
  out.n = 0;
  accgpu_pp_name(pfile, &out.tok[out.n++], "gang", word->src_loc);
  for (int a = 1; a < in.n;) {
    int b = item_end(a);
    int d = dim_item(pfile, a, b);
    if (d < 0) { /* another argument: kept */
      accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS,
                           out.n == 1 ? CPP_OPEN_PAREN : CPP_COMMA,
                           in.tok[a].src_loc);
      for (int i = a; i < b; i++)
        accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &in.tok[i]);
    } else
      dim = d;
    a = b + 1;
  }
  if (dim < 0)
    return NULL;
  if (out.n > 1)
    accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, CPP_CLOSE_PAREN,
                         in.tok[in.n - 1].src_loc);
  if (dim > 0)
    accgpu_gang_word_dim(word, dim, op);
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n, word->src_loc);
}

void accgpu_gang_word_dim(const cpp_token *word, int dim, bool op)
{
  if (op && op_pushed) /* replaces the 1 noted for the word */
    dim_locs.pop();
  note_dim(word->src_loc, dim, op);
}

cpp_hashnode *accgpu_num_gangs_clause(cpp_reader *pfile,
                                      const cpp_token *word)
{
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 3
      || in.tok[0].type != CPP_OPEN_PAREN)
    return NULL;
  int items = 0;
  for (int a = 1; a < in.n; a = item_end(a) + 1)
    items++;
  if (items == 1)
    return NULL;
  location_t loc = word->src_loc;
  out.n = 0;
  if (items > 3)
    error_at(loc, "%<num_gangs%> takes at most 3 values (one per gang "
             "dimension), not %d", items);
  else {
    accgpu_pp_name(pfile, &out.tok[out.n++], "num_gangs", loc);
    accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, CPP_OPEN_PAREN, loc);
    accgpu_pp_name(pfile, &out.tok[out.n++], MARK, loc);
    for (int i = 0; i < in.n; i++)
      accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, &in.tok[i]);
    accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, CPP_CLOSE_PAREN, loc);
    pending = true;
  }
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n < MAX_TOKS ? out.n : 0, loc);
}

/* ---- 2. GENERIC ------------------------------------------------------- */

/* *TP, a compute construct whose num_gangs clause C holds marker CALL. */
static void rewrite_construct(tree *tp, tree c, tree call)
{
  int n = call_expr_nargs(call);
  for (int i = 0; i < n; i++)
    if (!INTEGRAL_TYPE_P(TREE_TYPE(CALL_EXPR_ARG(call, i)))) {
      error_at(OMP_CLAUSE_LOCATION(c), "%<num_gangs%> values must have "
               "integer type");
      return;
    }
  if (TREE_CODE(*tp) != OACC_PARALLEL) {
    error_at(OMP_CLAUSE_LOCATION(c), "%<num_gangs%> with more than one "
             "value is only allowed on %<parallel%>");
    return;
  }
  /* 3.3 §2.5.1: the gangs of a grid along y and z would each need their
     own copy, and the construct's result one combination of all. */
  if (tree r = omp_find_clause(OMP_CLAUSES(*tp), OMP_CLAUSE_REDUCTION)) {
    error_at(OMP_CLAUSE_LOCATION(r), "%<reduction%> of %qD is not allowed "
             "on a %<parallel%> construct whose %<num_gangs%> has more than "
             "one value", OMP_CLAUSE_DECL(r));
    inform(OMP_CLAUSE_LOCATION(c), "%<num_gangs%> is here; put the "
           "reduction on the %<gang%> loops instead");
    return;
  }
  OMP_CLAUSE_NUM_GANGS_EXPR(c) =
      fold_convert(integer_type_node, CALL_EXPR_ARG(call, 0));
  tree vars = NULL_TREE, init = alloc_stmt_list();
  struct yz e = {c, accgpu_bind_var(CALL_EXPR_ARG(call, 1), &vars, &init),
                 n > 2 ? accgpu_bind_var(CALL_EXPR_ARG(call, 2), &vars, &init)
                       : NULL_TREE};
  for (tree t : {e.clause, e.y, e.z})
    if (t)
      accgpu_keep(t);
  yzs.safe_push(e);
  accgpu_bind_wrap(tp, vars, init);
}

static tree rewrite_cb(tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  enum tree_code code = TREE_CODE(*tp);
  if (code != OACC_PARALLEL && code != OACC_KERNELS && code != OACC_SERIAL)
    return NULL_TREE;
  tree c = omp_find_clause(OMP_CLAUSES(*tp), OMP_CLAUSE_NUM_GANGS);
  tree e = c ? OMP_CLAUSE_NUM_GANGS_EXPR(c) : NULL_TREE;
  if (e)
    STRIP_NOPS(e);
  if (e && TREE_CODE(e) == CALL_EXPR && get_callee_fndecl(e) == mark_fn)
    rewrite_construct(tp, c, e);
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  accgpu_marker_rewrite(gcc_data, &pending, rewrite_cb);
}

void accgpu_gang_dims_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
