/* member-reduction.cc — `reduction(op: s.x)` on a member of a struct
 * variable (OpenACC 2.7+: "members of composite variables"; s.a.b too).
 * GCC 12's C parser takes only names and array sections there, so:
 *
 * 1. On the acc line (clause-mods.cc calls us for the word `reduction`),
 *    the item `s.x` becomes a name, `s.x` itself as one identifier, of a
 *    placeholder variable of the member's type declared here in the
 *    current scope (GCC's diagnostics then say 's.x').
 * 2. On the function's GENERIC (PLUGIN_PRE_GENERICIZE), the outermost
 *    construct X whose clause names a placeholder becomes
 *        { T m; m = s.x; X'; s.x = m; }
 *    with m a new variable, and in X' every `s.x` and every placeholder
 *    of the same member (inner loops' clauses) replaced by m: a scalar
 *    reduced and stored back to the member, which is what the clause
 *    means.  For a compute construct m is the host's scalar (the clause
 *    copies it), read from and stored to the device's copy of the member
 *    when that is present (as the clause's implied copy would find it; an
 *    async construct is refused: it would store before it ends); for a
 *    loop in a compute region m is local to the region
 *    and kernel-gen names it by the member itself in device memory
 *    (accgpu_member_ref), dropping the two assignments, so that gangs
 *    fold into the member as into any mapped variable.
 *
 * Other items with `.` or `->` (through a pointer, of an array element)
 * are an error at the item that says what to write instead. */
#include "accgpu-plugin.h"
#include "passes/data-internal.h"
#include "passes/lower-data.h"

#define MAX_TOKS 256

/* Placeholders (lexing) and the variables that replace them (GENERIC),
   each with the member it stands for. */
static vec<tree> ph_decl, ph_ref, m_decl, m_ref;

static tree ref_in(vec<tree> *decls, vec<tree> *refs, tree d)
{
  for (unsigned i = 0; i < decls->length(); i++)
    if ((*decls)[i] == d)
      return (*refs)[i];
  return NULL_TREE;
}

tree accgpu_member_ref(tree d)
{
  return d && VAR_P(d) ? ref_in(&m_decl, &m_ref, d) : NULL_TREE;
}

/* ---- 1. the acc line -------------------------------------------------- */

static struct {
  cpp_token tok[MAX_TOKS + 2]; /* out: the clause word more than in */
  int n;
} in, out;

static tree ident(const cpp_token *t)
{
  return HT_IDENT_TO_GCC_IDENT(HT_NODE(t->val.node.node));
}

/* in.tok[A..B) reads NAME . NAME [. NAME ...]. */
static bool member_item_p(int a, int b)
{
  if (b - a < 3 || (b - a) % 2 == 0)
    return false;
  for (int i = a; i < b; i++)
    if (in.tok[i].type != ((i - a) % 2 ? CPP_DOT : CPP_NAME))
      return false;
  return true;
}

/* in.tok[A..B) has a `.` or `->` outside brackets. */
static bool has_member(int a, int b)
{
  for (int i = a, depth = 0; i < b; i++) {
    enum cpp_ttype ty = in.tok[i].type;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && (ty == CPP_DOT || ty == CPP_DEREF))
      return true;
  }
  return false;
}

/* The member in.tok[A..B) names (error_mark_node after an error). */
static tree member_ref(int a, int b)
{
  location_t loc = in.tok[a].src_loc;
  tree base = lookup_name(ident(&in.tok[a]));
  if (!base || (!VAR_P(base) && TREE_CODE(base) != PARM_DECL)
      || !RECORD_OR_UNION_TYPE_P(TREE_TYPE(base))) {
    error_at(loc, "%qE in a %<reduction%> clause is not a struct variable",
             ident(&in.tok[a]));
    return error_mark_node;
  }
  tree ref = base;
  for (int i = a + 2; i < b && ref != error_mark_node; i += 2)
    ref = build_component_ref(in.tok[i].src_loc, ref, ident(&in.tok[i]),
                              in.tok[i].src_loc);
  return ref;
}

/* The placeholder named SPELLING for member REF: the one in scope, or a
   new one. */
static tree placeholder(tree ref, const char *spelling, location_t loc)
{
  tree id = get_identifier(spelling);
  tree d = lookup_name(id);
  tree had = d ? ref_in(&ph_decl, &ph_ref, d) : NULL_TREE;
  if (had && operand_equal_p(had, ref, 0))
    return d;
  d = build_decl(loc, VAR_DECL, id, TREE_TYPE(ref));
  /* not DECL_ARTIFICIAL: the C front end makes artificial integers
     "predetermined shared", which a reduction may not name */
  DECL_IGNORED_P(d) = 1;
  TREE_USED(d) = 1;
  DECL_CONTEXT(d) = current_function_decl;
  suppress_warning(d);
  pushdecl(d);
  accgpu_keep(d);
  accgpu_keep(ref);
  ph_decl.safe_push(d);
  ph_ref.safe_push(ref);
  return d;
}

/* Writes item in.tok[A..B) to out; false after an error. */
static bool item(cpp_reader *pfile, int a, int b)
{
  if (!has_member(a, b)) {
    for (int i = a; i < b && out.n < MAX_TOKS; i++)
      out.tok[out.n++] = in.tok[i];
    return true;
  }
  char sp[256] = "";
  for (int i = a; i < b; i++)
    snprintf(sp + strlen(sp), sizeof sp - strlen(sp), "%s",
             (const char *)cpp_token_as_text(pfile, &in.tok[i]));
  if (!member_item_p(a, b)) {
    error_at(in.tok[a].src_loc, "accgpu: %<reduction%> on %qs is not "
             "supported: only a member of a struct variable (%<s.x%>, "
             "%<s.a.b%>) is; reduce into a scalar and store it back to %qs",
             sp, sp);
    return false;
  }
  tree ref = member_ref(a, b);
  if (ref == error_mark_node)
    return false;
  placeholder(ref, sp, in.tok[a].src_loc);
  accgpu_pp_name(pfile, &out.tok[out.n++], sp, in.tok[a].src_loc);
  return true;
}

/* Rewrites the clause's list (in: `( op : items )`) into out; false after
   an error. */
static bool rewrite_list(cpp_reader *pfile)
{
  int i = 0;
  while (i < in.n && in.tok[i].type != CPP_COLON)
    out.tok[out.n++] = in.tok[i++];
  if (i == in.n)
    return true;
  out.tok[out.n++] = in.tok[i++];
  bool ok = true;
  for (int a = i, depth = 0; i < in.n; i++) {
    enum cpp_ttype ty = in.tok[i].type;
    depth += ty == CPP_OPEN_SQUARE || ty == CPP_OPEN_PAREN ? 1
             : ty == CPP_CLOSE_SQUARE || ty == CPP_CLOSE_PAREN ? -1 : 0;
    if ((depth == 0 && ty == CPP_COMMA) || depth < 0) {
      ok &= item(pfile, a, i);
      if (out.n + 2 >= MAX_TOKS)
        return false;
      out.tok[out.n++] = in.tok[i];
      a = i + 1;
    }
  }
  return ok;
}

cpp_hashnode *accgpu_member_reduction(cpp_reader *pfile,
                                      const cpp_token *word)
{
  if (!current_function_decl
      || (in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 0
      || in.tok[0].type != CPP_OPEN_PAREN || !has_member(1, in.n - 1))
    return NULL;
  out.n = 0;
  accgpu_pp_name(pfile, &out.tok[out.n++], "reduction", word->src_loc);
  bool ok = rewrite_list(pfile);
  accgpu_pp_take(pfile, in.n);
  /* after an error the clause goes, so that GCC's parser says no more */
  return accgpu_pp_inject(pfile, out.tok, ok ? out.n : 0, word->src_loc);
}

/* ---- 2. GENERIC ------------------------------------------------------- */

struct repl {
  tree ref;  /* the member */
  tree m;    /* what stands for it */
};

static tree replace_cb(tree *tp, int *walk_subtrees, void *data)
{
  struct repl *r = (struct repl *)data;
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  tree ph = VAR_P(t) ? ref_in(&ph_decl, &ph_ref, t) : NULL_TREE;
  if ((ph && operand_equal_p(ph, r->ref, 0))
      || (TREE_CODE(t) == COMPONENT_REF && operand_equal_p(t, r->ref, 0))) {
    *tp = r->m;
    *walk_subtrees = 0;
  }
  return NULL_TREE;
}

/* The placeholder the first reduction clause of X on one names. */
static tree clause_placeholder(tree x)
{
  for (tree c = OMP_CLAUSES(x); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_REDUCTION
        && VAR_P(OMP_CLAUSE_DECL(c))
        && ref_in(&ph_decl, &ph_ref, OMP_CLAUSE_DECL(c)))
      return OMP_CLAUSE_DECL(c);
  return NULL_TREE;
}

static tree rt_call(const char *fn, tree a, tree b, tree n)
{
  tree f = accgpu_runtime_decl(fn);
  return n ? build_call_expr(f, 3, a, b, n) : build_call_expr(f, 1, a);
}

/* The copies around a compute construct (M: its reduction variable, D: a
   pointer variable): the member is the device's copy when the data is
   present there (OpenACC: the clause's implied copy finds it present),
   else the host's.  Appends D's and M's set-up to *BEFORE, the store of
   the result to *AFTER. */
void accgpu_red_construct_copies(tree ref, tree m, tree d, tree *before,
                                 tree *after)
{
  tree addr = fold_convert(ptr_type_node,
                           build_fold_addr_expr(unshare_expr(ref)));
  tree am = fold_convert(ptr_type_node, build_fold_addr_expr(m));
  tree sz = TYPE_SIZE_UNIT(TREE_TYPE(m));
  TREE_ADDRESSABLE(m) = 1;
  append_to_statement_list(build2(MODIFY_EXPR, ptr_type_node, d,
                                  rt_call("acc_deviceptr", addr, NULL_TREE,
                                          NULL_TREE)), before);
  /* not present (NULL), or shared memory (the host's address) */
  tree dev = build2(TRUTH_ANDIF_EXPR, boolean_type_node,
                    build2(NE_EXPR, boolean_type_node, d, null_pointer_node),
                    build2(NE_EXPR, boolean_type_node, d, unshare_expr(addr)));
  append_to_statement_list(
      build3(COND_EXPR, void_type_node, dev,
             rt_call("acc_memcpy_from_device", am, d, sz),
             build2(MODIFY_EXPR, TREE_TYPE(m), m, unshare_expr(ref))), before);
  append_to_statement_list(
      build3(COND_EXPR, void_type_node, unshare_expr(dev),
             rt_call("acc_memcpy_to_device", d, am, sz),
             build2(MODIFY_EXPR, TREE_TYPE(m), unshare_expr(ref), m)), after);
}

/* *TP (construct X) becomes { m = REF; X'; REF = m; }, m a variable like
   placeholder LIKE (a compute construct: accgpu_red_construct_copies). */
static void wrap(tree *tp, tree ref, tree like)
{
  tree x = *tp;
  tree m = accgpu_new_var(like, TREE_TYPE(like), UNKNOWN_LOCATION, NULL);
  m_decl.safe_push(m);
  m_ref.safe_push(ref);
  struct repl r = {ref, m};
  walk_tree(tp, replace_cb, &r, NULL);
  tree body = alloc_stmt_list(), after = alloc_stmt_list();
  location_t loc = EXPR_LOCATION(x);
  if (TREE_CODE(x) != OACC_LOOP) {
    DECL_CHAIN(m) = accgpu_new_var(like, ptr_type_node, UNKNOWN_LOCATION,
                                   NULL);
    accgpu_red_construct_copies(ref, m, DECL_CHAIN(m), &body, &after);
  } else {
    append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(m), m,
                                    unshare_expr(ref)), &body);
    append_to_statement_list(build2(MODIFY_EXPR, TREE_TYPE(m),
                                    unshare_expr(ref), m), &after);
  }
  append_to_statement_list(x, &body);
  append_to_statement_list(after, &body);
  *tp = build3_loc(loc, BIND_EXPR, void_type_node, m, body, NULL_TREE);
  TREE_SIDE_EFFECTS(*tp) = 1;
}

/* A compute construct X with async reducing member PH: its result would
   be stored before the construct ends.  True after saying so. */
static bool async_refused(tree x, tree ph)
{
  tree c = TREE_CODE(x) == OACC_LOOP ? NULL_TREE
           : omp_find_clause(OMP_CLAUSES(x), OMP_CLAUSE_ASYNC);
  if (c)
    error_at(OMP_CLAUSE_LOCATION(c), "accgpu: %<reduction%> on %qD with "
             "%<async%> is not supported: reduce into a scalar, %<wait%>, "
             "then store it to %qD", ph, ph);
  return c != NULL_TREE;
}

static tree rewrite_cb(tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_LOOP:
    break;
  default:
    return NULL_TREE;
  }
  for (tree ph, *xp = tp; (ph = clause_placeholder(t));) {
    if (async_refused(t, ph))
      break;
    wrap(xp, ref_in(&ph_decl, &ph_ref, ph), ph);
    /* a second member wraps X where it is now, inside the wrap */
    tree_stmt_iterator it = tsi_start(BIND_EXPR_BODY(*xp));
    while (tsi_stmt(it) != t)
      tsi_next(&it);
    xp = tsi_stmt_ptr(it);
  }
  walk_tree(&OMP_BODY(t), rewrite_cb, NULL, NULL);
  *walk_subtrees = 0;
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: GCC_DATA is the function just parsed. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  if (!ph_decl.is_empty() && fn && TREE_CODE(fn) == FUNCTION_DECL
      && DECL_SAVED_TREE(fn))
    walk_tree(&DECL_SAVED_TREE(fn), rewrite_cb, NULL, NULL);
}

void accgpu_member_reduction_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}
