/* routine-bind.cc — `#pragma acc routine [(name)] LEVEL bind(g)` and
 * `bind("g")` (OpenACC 3.3 §2.15.1), which GCC 12's parser rejects
 * ("expected '#pragma acc' clause before '('").
 *
 * The preprocessor takes `bind(...)` off the routine line (clause-mods.cc
 * calls us for the word) and records the name with the directive's lines;
 * when the line has no level clause it becomes `seq` (GCC's default, and
 * the clause list then locates the directive).  GCC keeps a routine's
 * clauses in its "omp declare target" attribute, so a clause's line finds
 * the record again for the function the directive applied to, named or not.
 *
 * On the device a call of the routine calls the bound function instead
 * (accgpu_device_callee: every device-side look at a call goes through it);
 * host code, the host device and host fallback keep the routine.  A bound
 * function with no routine directive of its own is compiled as `routine
 * seq`; one with no definition here is a routine of another file (device
 * linking, routine-link.cc).                                            */
#include "gcc-common.h"
#include "accgpu-plugin.h"
#include "passes/data-internal.h"
#include "passes/kernel-text.h"

struct bind_rec {
  char *name;        /* the bound function's name */
  bool string;       /* bind("name") */
  location_t loc;    /* the name or string */
  const char *file;  /* the directive's lines */
  int first, last;
  tree target;       /* the bound function, once known */
  char *routine;     /* the routine's name, once resolved */
  bool resolved;     /* target checked (or the error given) */
};

static vec<bind_rec> binds;

/* The routine line being lexed. */
static struct {
  const char *file;
  int first, last;
  bool level; /* it has a gang, worker, vector or seq clause */
} cur;

static const char *word(const cpp_token *t)
{
  return t->type == CPP_NAME ? (const char *)NODE_NAME(t->val.node.node)
                             : NULL;
}

void accgpu_routine_bind_line(cpp_reader *pfile, location_t where)
{
  static const char *const levels[] = {"gang", "worker", "vector", "seq"};
  expanded_location x = expand_location(where);
  cur.file = x.file;
  cur.first = cur.last = x.line;
  cur.level = false;
  for (int i = 0;; i++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      break;
    int line = expand_location(t->src_loc).line;
    if (line > cur.last)
      cur.last = line;
    const char *w = word(t);
    for (unsigned k = 0; w && k < ARRAY_SIZE(levels); k++)
      cur.level |= !strcmp(w, levels[k]);
  }
}

/* A bound function defined here must be lowered (so compiled for the
   device) even when nothing but the bind names it: a static one no host
   code calls would be dropped unanalyzed. */
static void keep_defined(tree d)
{
  if (!DECL_INITIAL(d))
    return;
  TREE_USED(d) = 1;
  cgraph_node::get_create(d)->force_output = 1;
}

/* A function declared by the name REC binds (a string names the same
   symbol in C), or NULL_TREE. */
static tree lookup_target(const bind_rec *r)
{
  if (!lookup_name)
    return NULL_TREE;
  tree d = lookup_name(get_identifier(r->name));
  if (!d || TREE_CODE(d) != FUNCTION_DECL)
    return NULL_TREE;
  keep_defined(d);
  return d;
}

cpp_hashnode *accgpu_routine_bind_clause(cpp_reader *pfile,
                                         const cpp_token *tok, bool op)
{
  /* Under -E the record would not reach the compilation of the output:
     the clause stays as written (GCC's error there, not a lost bind). */
  if (flag_preprocess_only)
    return NULL;
  cpp_token toks[4];
  int n = accgpu_pp_read_group(pfile, toks, 4);
  const cpp_token *a = n == 3 ? &toks[1] : NULL;
  const char *empty = cur.level ? "__accgpu_cm_empty" : "__accgpu_cm_seq";
  if (!a || (a->type != CPP_NAME && a->type != CPP_STRING)
      || (a->type == CPP_STRING && a->val.str.len < 3)) {
    error_at(tok->src_loc, "%<bind%> takes the name of a function: "
             "%<bind(name)%> or %<bind(\"name\")%>");
  } else if (op) {
    error_at(tok->src_loc, "%<bind%> in a directive written with "
             "%<_Pragma%> is not supported; write it as a %<#pragma acc%> "
             "line");
  } else {
    bind_rec r;
    memset(&r, 0, sizeof r);
    r.string = a->type == CPP_STRING;
    r.name = r.string ? xstrndup((const char *)a->val.str.text + 1,
                                 a->val.str.len - 2)
                      : xstrdup(word(a));
    r.loc = a->src_loc;
    r.file = cur.file;
    r.first = cur.first;
    r.last = cur.last;
    r.target = lookup_target(&r);
    if (r.target)
      accgpu_keep(r.target);
    binds.safe_push(r);
  }
  if (n > 0)
    accgpu_pp_take(pfile, n);
  return cpp_lookup(pfile, (const unsigned char *)empty, strlen(empty));
}

/* PLUGIN_PRE_GENERICIZE (GCC_DATA: the function just parsed): names
   declared after their directive (the bound function defined below the
   routine) are looked up at the end of each function, at file scope. */
static void pre_genericize(void *gcc_data, void *)
{
  tree fn = (tree)gcc_data;
  for (unsigned i = 0; i < binds.length(); i++) {
    if (!binds[i].target && (binds[i].target = lookup_target(&binds[i])))
      accgpu_keep(binds[i].target);
    if (binds[i].target == fn)
      keep_defined(fn);
  }
}

void accgpu_routine_bind_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
                    NULL);
}

/* ---- The pass's side ------------------------------------------------- */

/* The record of the bind clause on FN's routine directive, or NULL. */
static bind_rec *record_of(tree fn)
{
  tree a = lookup_attribute("omp declare target", DECL_ATTRIBUTES(fn));
  if (!a || !lookup_attribute("oacc function", DECL_ATTRIBUTES(fn)))
    return NULL;
  for (tree c = TREE_VALUE(a); c && TREE_CODE(c) == OMP_CLAUSE;
       c = OMP_CLAUSE_CHAIN(c)) {
    expanded_location x = expand_location(OMP_CLAUSE_LOCATION(c));
    for (unsigned i = 0; x.file && i < binds.length(); i++)
      if (!strcmp(x.file, binds[i].file) && x.line >= binds[i].first
          && x.line <= binds[i].last)
        return &binds[i];
  }
  return NULL;
}

/* R's function for routine FN: looked up by name, made (a routine of
   another file) for a string naming none here.  NULL_TREE on error. */
static tree find_target(bind_rec *r, tree fn)
{
  tree t = r->target;
  if (!t)
    if (cgraph_node *n = cgraph_node::get_for_asmname(get_identifier(r->name)))
      t = n->decl;
  if (!t && !r->string) {
    error_at(r->loc, "accgpu: %qs in %<bind%> of %qD is not a function "
             "declared in this file", r->name, fn);
    return NULL_TREE;
  }
  if (!t) {
    t = build_decl(r->loc, FUNCTION_DECL, get_identifier(r->name),
                   TREE_TYPE(fn));
    DECL_EXTERNAL(t) = 1;
    TREE_PUBLIC(t) = 1;
  }
  if (t == fn)
    return NULL_TREE; /* bind(f) on f: nothing to change */
  if (!types_compatible_p(TREE_TYPE(t), TREE_TYPE(fn))) {
    error_at(r->loc, "accgpu: %qD, bound to %qD by %<bind%>, has a "
             "different type (%qT, not %qT)", t, fn, TREE_TYPE(t),
             TREE_TYPE(fn));
    return NULL_TREE;
  }
  return t;
}

/* Checks R (the bind of FN) once; the bound function, or NULL_TREE. */
static tree resolve(bind_rec *r, tree fn)
{
  if (r->resolved)
    return r->target;
  r->resolved = true;
  r->routine = xstrdup(IDENTIFIER_POINTER(DECL_NAME(fn)));
  r->target = find_target(r, fn);
  if (!r->target)
    return NULL_TREE;
  accgpu_keep(r->target);
  /* The device version of FN: a routine, seq unless it says otherwise. */
  if (!oacc_get_fn_attrib(r->target)) {
    tree seq = build_omp_clause(UNKNOWN_LOCATION, OMP_CLAUSE_SEQ);
    DECL_ATTRIBUTES(r->target) = tree_cons(
        get_identifier("omp declare target"), seq,
        DECL_ATTRIBUTES(r->target));
    oacc_replace_fn_attrib(r->target, oacc_build_routine_dims(seq));
  }
  return r->target;
}

tree accgpu_device_callee(tree fn)
{
  /* A bound function may bind another in turn (a few hops: no cycles). */
  for (int hop = 0; hop < 8 && !binds.is_empty() && fn
                    && TREE_CODE(fn) == FUNCTION_DECL; hop++) {
    bind_rec *r = record_of(fn);
    tree t = r ? resolve(r, fn) : NULL_TREE;
    if (!t)
      break;
    fn = t;
  }
  return fn;
}

char *accgpu_bind_origin(tree fn)
{
  struct kbuf b = {};
  for (unsigned i = 0; i < binds.length(); i++)
    if (binds[i].resolved && binds[i].routine && binds[i].target == fn)
      kb_printf(&b, "%s'%s' (%s:%d)", b.n ? ", " : "", binds[i].routine,
                binds[i].file, binds[i].first);
  return b.n ? kb_take(&b) : NULL;
}

void accgpu_routine_bind_prepare(void)
{
  static bool done;
  if (done || binds.is_empty())
    return;
  done = true;
  /* Before any function is lowered: a bound function defined here
     becomes a routine before its own loops are looked at. */
  cgraph_node *node;
  FOR_EACH_FUNCTION(node)
    accgpu_device_callee(node->decl);
  for (unsigned i = 0; i < binds.length(); i++)
    if (!binds[i].resolved && !binds[i].string && !binds[i].target
        && !cgraph_node::get_for_asmname(get_identifier(binds[i].name))) {
      binds[i].resolved = true;
      error_at(binds[i].loc, "accgpu: %qs in %<bind%> is not a function "
               "declared in this file", binds[i].name);
    }
}
