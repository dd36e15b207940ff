/* clause-mods.cc — OpenACC 2.7-3.3 clause syntax that GCC 12's parser
 * rejects, rewritten on `#pragma acc` lines by the preprocessor, as
 * deviceid.cc does (conditional macros, acc lines only):
 *
 *   create(zero: list), copyout(zero: list)   (3.0)
 *        -> create(list), copyout(list); the clause's `(` is remembered and
 *           the pass flags its items ACCGPU_MAPF_ZERO: the runtime zeroes
 *           device memory it allocates for them
 *   copyin(readonly: list)  -> copyin(list)  (a hint: nothing to do)
 *   cache(readonly: list)   -> cache(list)   (the same)
 *   device_type(t) clauses  -> device-type.cc
 *   data ... default(present|none) -> dropped, noted (data-default.cc)
 *   one list in two data clauses of a directive, e.g. copyin(x) copyout(x)
 *   or create(zero: b) copyout(b)  (NVHPC accepts; GCC: "appears more than
 *   once") -> the first is dropped, the second does both: copy(x),
 *   copyout(zero: b); one item of two lists: copyin(a, y) copyout(b, y)
 *   -> copyin(a) copyout(b) copy(y) (dedupe_items, rewrite_items)
 *   present(m, m->n, m->row), m a pointer -> present(m) (present_members)
 *   data ... async(q)  -> dropped: the data construct runs synchronously,
 *           which is one order the queue allows (its end already waits
 *           for async work queued inside it, lower-data.cc)
 *   data ... wait(list) -> create(__accgpu_dwait[__accgpu_data_wait(
 *           (int[]){list}, n) : 0]): the runtime waits while GCC evaluates
 *           the section bound, before the construct; the empty section maps
 *           nothing
 *   collapse(force: n)  -> dropped: the outer loop is partitioned, the
 *           inner ones run in each of its iterations with the code between
 *           them, as written (a valid schedule of a collapsed nest)
 *   wait(devnum: d : queues: list) -> wait(list) (one device: d is not
 *           evaluated; docs/conformance.md)
 *   kernels ... private(list) (NVHPC accepts; not a kernels clause in
 *           OpenACC 3.3) -> create(list); the clause's `(` is remembered
 *           and the pass makes the list private to the region's outermost
 *           loops (passes/kernels-private.cc)
 *   private(a[0:n]), firstprivate(a[0:n]) elsewhere -> private(a) for an
 *           array a (private-sections.cc)
 *   routine ... bind(g), bind("g") -> dropped, recorded for the pass
 *           (routine-bind.cc)
 *   tile(n/10, n) -> tile(*, *) and a clause carrying the sizes
 *           (tile-sizes.cc; gang, worker and vector are noted for it)
 *   num_gangs(a, b, c), gang(dim: d) -> gang-dims.cc
 *   gang[d], worker[d], num_gangs[d](e) (ROSE's) -> bracket-dims.cc
 *
 * Modifier words are only consumed where the clause word before them said
 * so (the `:` after them is taken off the token stream here).        */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define DWAIT "__accgpu_dwait"

/* Conditional words, and what they may become. */
static const char *const user_macros[] = {
  "copy=", "copyin=", "copyout=", "create=", "pcopy=", "pcopyin=",
  "pcopyout=", "pcreate=", "present_or_copy=", "present_or_copyin=",
  "present_or_copyout=", "present_or_create=", "zero=", "readonly=",
  "async=", "wait=", "collapse=", "devnum=", "queues=", "private=",
  "firstprivate=", /* private-sections.cc */
  "reduction=", /* member-reduction.cc */
  "tile=", "gang=", "worker=", "vector=", /* tile-sizes.cc */
  "num_gangs=", /* gang-dims.cc (and gang) */
  "num_workers=", /* only num_workers[d] (bracket-dims.cc) */
  /* only for sections of pointer arrays (jagged.cc) */
  "present=", "no_create=", "delete=", "self=", "host=",
  /* only on declare lines (declare-sections.cc) */
  "deviceptr=", "device_resident=", "link=",
  "bind=", /* only on routine lines (routine-bind.cc) */
  /* only default clauses a device_type group replaces (device-type.cc) */
  "vector_length=", "seq=", "independent=", "auto=",
  "default=", /* only on data lines (data-default.cc) */
};
static const char *const impl_macros[] = {
  "__accgpu_cm_empty=", "__accgpu_cm_seq=seq",
  "__accgpu_cm_drop(...)=",
  "__accgpu_cm_copy=copy", "__accgpu_cm_copyin=copyin",
  "__accgpu_cm_copyout=copyout", "__accgpu_cm_create=create",
  "__accgpu_cm_dwait(...)=create(" DWAIT "[__accgpu_data_wait("
  "(const int[]){__VA_ARGS__}, sizeof((const int[]){__VA_ARGS__}) / "
  "sizeof(int)) : 0])",
  "__accgpu_cm_dwaitall=create(" DWAIT "[__accgpu_data_wait(0, 0) : 0])",
};

/* Data clause directions. */
enum { DIR_IN = 1, DIR_OUT = 2 };

#define MAX_CLAUSES 32
#define MAX_ITEMS 32
#define ITEM_LEN 128
/* One data clause of the line: its list as spelled, what it becomes. */
struct dclause {
  char list[256];
  unsigned dir;      /* DIR_* of the clause as written, then merged */
  bool zero;         /* zero: modifier, written or merged */
  bool mod;          /* a modifier is written: the word must be eaten */
  bool drop;         /* merged into a later clause */
  location_t open;   /* its `(`: GCC's location of the clause's items */
  /* Items also in another clause (dedupe_items): */
  int nitems;        /* its items as spelled (-1: too many, too long) */
  char item[MAX_ITEMS][ITEM_LEN];
  unsigned gone;     /* bits of the items a later clause takes over */
  unsigned moved;    /* bits of the items that take an earlier one's */
  unsigned mdir;     /* the directions they bring */
  bool rewrite;      /* its list changes before it is used */
  bool split;        /* the moved items become the next entry's clause */
};

/* The acc line being lexed (only the preprocessor touches it). */
static struct {
  int pragma;        /* PRAGMA_OACC_* or 0 */
  bool scanned;      /* clauses[] filled for this line */
  int nclauses, next;
  struct dclause clauses[MAX_CLAUSES];
  bool renamed;      /* the next clause word comes from our rename */
  const char *eat;   /* modifier word expected next, or NULL */
  bool op;           /* the line is a _Pragma's string (pragma-op.cc) */
  bool declare_read; /* a declare line looked at for sections */
  location_t where;  /* the line's pragma token */
} line;

/* `(` locations of clauses with the zero modifier. */
static vec<location_t> zero_locs;
/* `(` locations of private clauses of kernels directives. */
static vec<location_t> kpriv_locs;

static accgpu_line_change_fn *prev_line_change;
static accgpu_macro_to_expand_fn *prev_macro_to_expand;

static bool clause_at(tree c, vec<location_t> *locs)
{
  location_t loc = linemap_resolve_location(
      line_table, OMP_CLAUSE_LOCATION(c), LRK_SPELLING_LOCATION, NULL);
  for (unsigned i = 0; i < locs->length(); i++)
    if ((*locs)[i] == loc)
      return true;
  return false;
}

bool accgpu_zero_clause_p(tree c)
{
  return clause_at(c, &zero_locs);
}

bool accgpu_kernels_private_clause_p(tree c)
{
  return clause_at(c, &kpriv_locs);
}

/* ---- Scanning the line ------------------------------------------------ */

static const char *word_of(const cpp_token *t)
{
  return t->type == CPP_NAME ? (const char *)NODE_NAME(t->val.node.node)
                             : NULL;
}

/* Direction of data clause word W; 0 when W is not one (create: DIR_IN
   clear and DIR_OUT clear, so -1u marks "not a clause"). */
static unsigned clause_dir(const char *w)
{
  if (!w)
    return -1u;
  if (!strncmp(w, "present_or_", 11))
    w += 11;
  else if (w[0] == 'p' && strcmp(w, "present"))
    w += 1;
  if (!strcmp(w, "copy"))
    return DIR_IN | DIR_OUT;
  if (!strcmp(w, "copyin"))
    return DIR_IN;
  if (!strcmp(w, "copyout"))
    return DIR_OUT;
  if (!strcmp(w, "create"))
    return 0;
  return -1u;
}

static bool eol_p(const cpp_token *t)
{
  return t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF;
}

/* Appends token T (spelled TEXT) of C's list to its current item: a comma
   outside brackets (*DEPTH 0) starts the next one.  A list too long to
   keep takes no part in dedupe_items (nitems -1). */
static void add_item_text(struct dclause *c, const cpp_token *t,
                          const char *text, int *depth)
{
  if (c->nitems < 0)
    return;
  if (t->type == CPP_COMMA && *depth == 0) {
    c->nitems = c->nitems < MAX_ITEMS ? c->nitems + 1 : -1;
    return;
  }
  *depth += t->type == CPP_OPEN_PAREN || t->type == CPP_OPEN_SQUARE ? 1
            : t->type == CPP_CLOSE_PAREN || t->type == CPP_CLOSE_SQUARE ? -1
                                                                        : 0;
  char *it = c->item[c->nitems - 1];
  size_t l = strlen(it);
  if (l + strlen(text) + 2 > ITEM_LEN)
    c->nitems = -1;
  else
    snprintf(it + l, ITEM_LEN - l, "%s ", text);
}

/* Reads the clause whose `(` is token *I into C: a modifier, the list's
   spelling.  *I ends after the `)`. */
static void read_clause(cpp_reader *pfile, int *i, struct dclause *c)
{
  c->open = accgpu_pp_peek(pfile, *i)->src_loc;
  (*i)++;
  const char *m = word_of(accgpu_pp_peek(pfile, *i));
  if (m && accgpu_pp_peek(pfile, *i + 1)->type == CPP_COLON &&
      (!strcmp(m, "zero") || !strcmp(m, "readonly"))) {
    c->mod = true;
    c->zero = !strcmp(m, "zero");
    *i += 2;
  }
  size_t n = 0;
  int idepth = 0;
  c->nitems = 1;
  for (int depth = 1;; (*i)++) {
    const cpp_token *t = accgpu_pp_peek(pfile, *i);
    if (eol_p(t))
      return;
    if (t->type == CPP_OPEN_PAREN)
      depth++;
    else if (t->type == CPP_CLOSE_PAREN && --depth == 0) {
      (*i)++;
      return;
    }
    const char *text = (const char *)cpp_token_as_text(pfile, t);
    n += snprintf(c->list + n, n < sizeof c->list ? sizeof c->list - n : 0,
                  "%s ", text);
    add_item_text(c, t, text, &idepth);
  }
}

/* Merges each clause into a later one with the same list. */
static void merge_clauses(void)
{
  for (int i = 0; i < line.nclauses; i++)
    for (int j = i + 1; j < line.nclauses; j++) {
      struct dclause *a = &line.clauses[i], *b = &line.clauses[j];
      if (b->drop || strcmp(a->list, b->list))
        continue;
      a->drop = true;
      b->dir |= a->dir;
      b->zero |= a->zero;
      break;
    }
}

/* May item IT (spelled) move between clauses?  Not a member (`s.a`,
   `p->a`) nor a struct named with members of it (struct-order.cc's). */
static bool plain_item(const char *it)
{
  const char *sp = strchr(it, ' ');
  if (!sp || !strncmp(sp, " . ", 3) || !strncmp(sp, " -> ", 4))
    return false;
  size_t w = sp - it + 1; /* "name " */
  for (int k = 0; k < line.nclauses; k++)
    for (int m = 0; m < line.clauses[k].nitems; m++) {
      const char *o = line.clauses[k].item[m];
      if (!strncmp(o, it, w) && (!strncmp(o + w, ". ", 2) ||
                                 !strncmp(o + w, "-> ", 3)))
        return false;
    }
  return true;
}

/* An item of clause I also in later clause J: J does both (PGI and NVHPC
   take `copyin(a, b) copyout(b)`; GCC: "appears more than once"). */
static void pair_items(struct dclause *a, struct dclause *b)
{
  for (int x = 0; x < a->nitems; x++)
    for (int y = 0; y < b->nitems; y++)
      if (!(a->gone & 1u << x) && !strcmp(a->item[x], b->item[y]) &&
          plain_item(a->item[x])) {
        a->gone |= 1u << x;
        b->moved |= 1u << y;
        b->mdir |= a->dir | (a->moved & 1u << x ? a->mdir : 0);
      }
}

/* What each clause becomes once items moved (see struct dclause). */
static void plan_items(int i)
{
  struct dclause *c = &line.clauses[i];
  unsigned all = c->nitems >= 32 ? ~0u : (1u << c->nitems) - 1;
  unsigned stay = all & ~c->gone & ~c->moved;
  if ((c->gone | c->moved) == 0)
    return;
  if (!(all & ~c->gone)) { /* every item went to later clauses */
    c->drop = true;
    return;
  }
  c->rewrite = c->gone != 0;
  if (!c->moved)
    return;
  if (!stay) { /* only moved items stay: the clause does both */
    c->dir |= c->mdir;
    return;
  }
  if (line.nclauses == MAX_CLAUSES) { /* GCC's error, as before */
    c->rewrite = false;
    return;
  }
  c->rewrite = c->split = true;
  memmove(c + 2, c + 1, (line.nclauses - i - 1) * sizeof *c);
  line.nclauses++;
  memset(c + 1, 0, sizeof *c);
  c[1].dir = c->dir | c->mdir;
  c[1].open = c->open;
}

static void dedupe_items(void)
{
  for (int i = 0; i < line.nclauses; i++)
    for (int j = i + 1; j < line.nclauses; j++) {
      struct dclause *a = &line.clauses[i], *b = &line.clauses[j];
      if (!a->drop && !b->drop && !a->mod && !b->mod && a->nitems > 0 &&
          b->nitems > 0)
        pair_items(a, b);
    }
  for (int i = 0; i < line.nclauses; i++)
    plan_items(i); /* a split's new entry has no items: skipped */
}

/* Reads the data clauses of the line from the current word (the first
   data clause word lexed on it) to its end. */
static void scan_line(cpp_reader *pfile, const cpp_token *word)
{
  line.scanned = true;
  line.nclauses = line.next = 0;
  unsigned dir = clause_dir(word_of(word));
  int i = 0, depth = 0;
  for (;;) {
    if (dir != -1u && depth == 0 &&
        accgpu_pp_peek(pfile, i)->type == CPP_OPEN_PAREN &&
        line.nclauses < MAX_CLAUSES) {
      struct dclause *c = &line.clauses[line.nclauses++];
      memset(c, 0, sizeof *c);
      c->dir = dir;
      read_clause(pfile, &i, c);
    }
    const cpp_token *t = accgpu_pp_peek(pfile, i++);
    if (eol_p(t))
      break;
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    dir = clause_dir(word_of(t));
  }
  merge_clauses();
  dedupe_items();
}

/* ---- Rewriting -------------------------------------------------------- */

static cpp_hashnode *impl(cpp_reader *pfile, const char *name)
{
  return cpp_lookup(pfile, (const unsigned char *)name, strlen(name));
}

/* zero: goes with create and copyout, readonly: with copyin. */
static void check_modifier(const struct dclause *c, const cpp_token *tok)
{
  unsigned dir = clause_dir(word_of(tok));
  if (c->mod && c->zero && (dir & DIR_IN))
    error_at(c->open, "the %<zero%> modifier is only valid on %<create%> "
             "and %<copyout%>, not on %qs", word_of(tok));
  if (c->mod && !c->zero && dir != DIR_IN)
    error_at(c->open, "the %<readonly%> modifier is only valid on "
             "%<copyin%>, not on %qs", word_of(tok));
}

static const char *clause_name(unsigned dir)
{
  static const char *const names[] = {"create", "copyin", "copyout",
                                      "copy"};
  return names[dir];
}

/* Clauses the pass finds by their `(`'s location, which a _Pragma's
   tokens all share (its own): refused there. */
static void op_unsupported(location_t loc, const char *what)
{
  error_at(loc, "%qs in a directive written with %<_Pragma%> is not "
           "supported; write it as a %<#pragma acc%> line", what);
}

/* Emits to OUT the items of the list IN[0..N) (its parentheses included)
   whose bits are in KEEP, with the parentheses and commas. */
static void emit_items(const cpp_token *in, int n, unsigned keep,
                       cpp_token *out, int *o, int max)
{
  accgpu_pp_emit(out, o, max, &in[0]);
  bool first = true;
  for (int k = 1, item = 0, depth = 0; k < n - 1; k++) {
    enum cpp_ttype ty = in[k].type;
    if (ty == CPP_COMMA && depth == 0) {
      item++;
      continue;
    }
    depth += ty == CPP_OPEN_PAREN || ty == CPP_OPEN_SQUARE ? 1
             : ty == CPP_CLOSE_PAREN || ty == CPP_CLOSE_SQUARE ? -1 : 0;
    if (!(keep & 1u << item))
      continue;
    bool start = k == 1 || (in[k - 1].type == CPP_COMMA && depth == 0);
    if (start && !first)
      accgpu_pp_emit_punct(out, o, max, CPP_COMMA, in[k].src_loc);
    first = false;
    accgpu_pp_emit(out, o, max, &in[k]);
  }
  accgpu_pp_emit(out, o, max, &in[n - 1]);
}

/* Clause C (WORD, its `(` next) without the items later clauses took and,
   when it splits, followed by the clause of the items it took over; the
   words are lexed again (data_clause sees them as the clauses they are). */
static cpp_hashnode *rewrite_items(cpp_reader *pfile, const cpp_token *word,
                                   struct dclause *c)
{
  enum { MAX = 512 };
  static cpp_token in[MAX], out[MAX];
  int n = accgpu_pp_read_group(pfile, in, MAX), o = 0;
  if (n < 0 || 2 * n + 4 > MAX)
    return NULL;
  unsigned all = c->nitems >= 32 ? ~0u : (1u << c->nitems) - 1;
  cpp_token w = *word;
  w.flags &= ~NO_EXPAND;
  accgpu_pp_emit(out, &o, MAX, &w);
  emit_items(in, n, all & ~c->gone & ~(c->split ? c->moved : 0), out, &o,
             MAX);
  if (c->split) {
    accgpu_pp_name(pfile, &w, clause_name(c[1].dir), word->src_loc);
    w.flags &= ~NO_EXPAND;
    accgpu_pp_emit(out, &o, MAX, &w);
    int paren = o;
    emit_items(in, n, c->moved, out, &o, MAX);
    out[paren].src_loc = word->src_loc; /* a `(` of its own */
  }
  accgpu_pp_take(pfile, n);
  return accgpu_pp_inject(pfile, out, o, word->src_loc);
}

/* A data clause word followed by `(`: keeps, renames or drops it. */
static cpp_hashnode *data_clause(cpp_reader *pfile, const cpp_token *tok)
{
  if (line.renamed) { /* the word our rename produced */
    line.renamed = false;
    return NULL;
  }
  if (!line.scanned)
    scan_line(pfile, tok);
  if (line.next >= line.nclauses)
    return NULL;
  struct dclause *c = &line.clauses[line.next++];
  check_modifier(c, tok);
  if (c->drop)
    return impl(pfile, "__accgpu_cm_drop");
  if (c->rewrite) { /* its words come back, as the clauses they are */
    c->rewrite = false;
    if (cpp_hashnode *r = rewrite_items(pfile, tok, c)) {
      line.next--;
      return r;
    }
    if (c->split) { /* GCC's error, as before */
      memmove(c + 1, c + 2, (line.nclauses - line.next - 1) * sizeof *c);
      line.nclauses--;
    }
  }
  if (c->mod)
    line.eat = "";
  else if (cpp_hashnode *o = accgpu_struct_order_clause(
               pfile, tok, c->dir == clause_dir(word_of(tok))
                               ? word_of(tok) : clause_name(c->dir)))
    return o;
  if (c->zero && line.op)
    op_unsupported(c->open, "zero:");
  else if (c->zero && !(c->dir & DIR_IN))
    zero_locs.safe_push(c->open);
  const char *kind = c->dir == clause_dir(word_of(tok)) ? word_of(tok)
                                                        : clause_name(c->dir);
  if (cpp_hashnode *j = accgpu_jagged_clause(pfile, tok, kind, line.pragma))
    return j;
  if (kind == word_of(tok))
    return NULL;
  static const char *const impls[] = {"__accgpu_cm_create",
                                      "__accgpu_cm_copyin",
                                      "__accgpu_cm_copyout",
                                      "__accgpu_cm_copy"};
  line.renamed = true;
  return impl(pfile, impls[c->dir]);
}

/* Takes the next token off the stream (the modifier's `:`). */
static void consume(cpp_reader *pfile)
{
  while (cpp_get_token(pfile)->type == CPP_PADDING)
    ;
}

/* wait(devnum: d : queues: list): after `devnum`, eats `: d :`. */
static void eat_devnum(cpp_reader *pfile)
{
  consume(pfile);
  for (int depth = 0;;) {
    const cpp_token *t = accgpu_pp_peek(pfile, 0);
    if (eol_p(t))
      return;
    if (depth == 0 && t->type == CPP_COLON) {
      consume(pfile);
      const char *q = word_of(accgpu_pp_peek(pfile, 0));
      if (q && !strcmp(q, "queues") &&
          accgpu_pp_peek(pfile, 1)->type == CPP_COLON)
        line.eat = "queues";
      return;
    }
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    consume(pfile);
  }
}

/* A modifier word: eaten with its `:` when the clause before said so. */
static cpp_hashnode *modifier(cpp_reader *pfile, const char *w)
{
  if (!line.eat || accgpu_pp_peek(pfile, 0)->type != CPP_COLON ||
      (*line.eat && strcmp(line.eat, w)))
    return NULL;
  line.eat = NULL;
  if (!strcmp(w, "devnum"))
    eat_devnum(pfile);
  else
    consume(pfile);
  return impl(pfile, "__accgpu_cm_empty");
}

/* True when tokens I.. read `( WORD :` with WORD one of WORDS. */
static bool modifier_next(cpp_reader *pfile, const char *const *words)
{
  if (accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN ||
      accgpu_pp_peek(pfile, 2)->type != CPP_COLON)
    return false;
  const char *w = word_of(accgpu_pp_peek(pfile, 1));
  for (; w && *words; words++)
    if (!strcmp(w, *words))
      return true;
  return false;
}

/* async and wait on `data`, which GCC 12 does not take. */
static cpp_hashnode *data_async_wait(cpp_reader *pfile, const char *w)
{
  bool paren = accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN;
  if (!strcmp(w, "async"))
    return impl(pfile, paren ? "__accgpu_cm_drop" : "__accgpu_cm_empty");
  return impl(pfile, paren ? "__accgpu_cm_dwait" : "__accgpu_cm_dwaitall");
}

/* private(list) on kernels: create(list), remembered for the pass
   (sections of arrays name the arrays). */
static cpp_hashnode *kernels_private(cpp_reader *pfile, const cpp_token *tok)
{
  const cpp_token *t = accgpu_pp_peek(pfile, 0);
  if (t->type != CPP_OPEN_PAREN)
    return NULL;
  if (line.op)
    op_unsupported(t->src_loc, "kernels private");
  else
    kpriv_locs.safe_push(t->src_loc);
  if (cpp_hashnode *n = accgpu_private_sections(pfile, tok, "create"))
    return n; /* its create is not expanded */
  line.renamed = true;
  return impl(pfile, "__accgpu_cm_create");
}

/* Bits of the items of the list IN[0..N) that name a member through a
   pointer the list also names alone: `present(m, m->n, m->row)`. */
static unsigned members_of_named(const cpp_token *in, int n)
{
  const cpp_hashnode *bare[MAX_ITEMS];
  int nbare = 0, item = 0;
  for (int k = 1; k < n - 1; k++) /* items of one name token */
    if (in[k].type == CPP_NAME && in[k - 1].type != CPP_NAME &&
        (in[k - 1].type == CPP_COMMA || k == 1) &&
        (in[k + 1].type == CPP_COMMA || k + 1 == n - 1) && nbare < MAX_ITEMS)
      bare[nbare++] = in[k].val.node.node;
  unsigned drop = 0;
  for (int k = 1, depth = 0; k < n - 1 && item < MAX_ITEMS; k++) {
    enum cpp_ttype ty = in[k].type;
    if (ty == CPP_COMMA && depth == 0) {
      item++;
      continue;
    }
    bool start = k == 1 || (in[k - 1].type == CPP_COMMA && depth == 0);
    depth += ty == CPP_OPEN_PAREN || ty == CPP_OPEN_SQUARE ? 1
             : ty == CPP_CLOSE_PAREN || ty == CPP_CLOSE_SQUARE ? -1 : 0;
    if (start && ty == CPP_NAME && in[k + 1].type == CPP_DEREF)
      for (int b = 0; b < nbare; b++)
        if (bare[b] == in[k].val.node.node)
          drop |= 1u << item;
  }
  return item < MAX_ITEMS ? drop : 0;
}

/* present(m, m->n, m->row), as a pgcc-built code writes it: GCC says "'m'
   appears more than once" for each member.  The struct m points to is
   present (accgpu's present(m)), so its members are: they leave the list. */
static cpp_hashnode *present_members(cpp_reader *pfile, const cpp_token *word)
{
  enum { MAX = 512 };
  static cpp_token in[MAX], out[MAX];
  int n = accgpu_pp_read_group(pfile, in, MAX), o = 0;
  unsigned drop = n > 2 ? members_of_named(in, n) : 0;
  if (!drop)
    return NULL;
  cpp_token w = *word;
  w.flags &= ~NO_EXPAND; /* lexed again: struct-order.cc, jagged.cc */
  accgpu_pp_emit(out, &o, MAX, &w);
  emit_items(in, n, ~drop, out, &o, MAX);
  accgpu_pp_take(pfile, n);
  return accgpu_pp_inject(pfile, out, o, word->src_loc);
}

/* present, no_create, delete (self, host: update's, untouched). */
static cpp_hashnode *other_clause(cpp_reader *pfile, const cpp_token *tok,
                                  const char *w)
{
  if (line.pragma != PRAGMA_OACC_UPDATE && !strcmp(w, "present"))
    if (cpp_hashnode *p = present_members(pfile, tok))
      return p;
  if (line.pragma != PRAGMA_OACC_UPDATE)
    if (cpp_hashnode *o = accgpu_struct_order_clause(pfile, tok, w))
      return o;
  return accgpu_jagged_clause(pfile, tok, w, line.pragma);
}

/* Is the line a parallel, kernels or serial construct (combined ones
   too)? */
static bool compute_line_p(void)
{
  return line.pragma == PRAGMA_OACC_PARALLEL ||
         line.pragma == PRAGMA_OACC_KERNELS ||
         line.pragma == PRAGMA_OACC_SERIAL;
}

/* Lines that take device_type clauses (OpenACC 3.3 §2.4). */
static bool device_type_line_p(void)
{
  return compute_line_p() || line.pragma == PRAGMA_OACC_LOOP ||
         line.pragma == PRAGMA_OACC_ROUTINE ||
         line.pragma == PRAGMA_OACC_UPDATE;
}

/* Is W one of our conditional words (others are deviceid.cc's and
   devdirs.cc's)? */
static bool own_word(const char *w)
{
  size_t n = strlen(w);
  for (unsigned i = 0; i < ARRAY_SIZE(user_macros); i++)
    if (!strncmp(user_macros[i], w, n) && user_macros[i][n] == '=')
      return true;
  return false;
}

static void start_line(int pragma, bool combined);

/* Starts or ends the acc line of a _Pragma's string (pragma-op.cc). */
static void sync_pragma_op(cpp_reader *pfile)
{
  bool combined = false;
  int p = accgpu_pragma_op_line(pfile, &combined);
  if (p && !line.op) {
    start_line(p, combined);
    line.op = true;
  } else if (!p && line.op)
    start_line(0, false);
}

static cpp_hashnode *cb_macro_to_expand(cpp_reader *pfile,
                                        const cpp_token *tok)
{
  if (cpp_hashnode *op = accgpu_pragma_op_begin(pfile, tok)) {
    if (line.op)
      start_line(0, false); /* a new _Pragma: a new line */
    return op;
  }
  sync_pragma_op(pfile);
  const char *w = (const char *)NODE_NAME(tok->val.node.node);
  static const char *const collapse_mods[] = {"force", NULL};
  /* update device(a[i:1][0:n]): deviceid.cc's word, ours for sections of
     pointer arrays (GCC would copy the host's row pointer over the
     device's) */
  if (line.pragma == PRAGMA_OACC_UPDATE && !strcmp(w, "device") &&
      accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN)
    if (cpp_hashnode *j = accgpu_jagged_clause(pfile, tok, w, line.pragma))
      return j;
  if (line.pragma == PRAGMA_OACC_WAIT && !strcmp(w, "if"))
    return accgpu_wait_if_clause(pfile, tok);
  if (line.pragma == PRAGMA_OACC_WAIT && !strcmp(w, "async"))
    accgpu_wait_if_async_word();
  if (line.pragma && accgpu_device_type_replaced(tok))
    return impl(pfile, accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
                           ? "__accgpu_cm_drop" : "__accgpu_cm_empty");
  if (device_type_line_p() && (!strcmp(w, "device_type") ||
                               !strcmp(w, "dtype")))
    if (cpp_hashnode *d = accgpu_device_type_clause(pfile, tok, line.op))
      return d;
  if (line.pragma == 0 || !own_word(w))
    return prev_macro_to_expand ? prev_macro_to_expand(pfile, tok) : NULL;
  if (line.pragma == PRAGMA_OACC_DECLARE && !line.declare_read &&
      accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN) {
    line.declare_read = true;
    if (cpp_hashnode *d = accgpu_declare_sections(pfile, tok, line.op))
      return d;
  }
  if (!strcmp(w, "bind"))
    return line.pragma == PRAGMA_OACC_ROUTINE &&
                   accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_routine_bind_clause(pfile, tok, line.op) : NULL;
  if (!strcmp(w, "default"))
    return line.pragma == PRAGMA_OACC_DATA && !line.op
                   && accgpu_data_default_clause(pfile, line.where)
               ? impl(pfile, "__accgpu_cm_drop") : NULL;
  if (!strcmp(w, "deviceptr") || !strcmp(w, "device_resident") ||
      !strcmp(w, "link"))
    return NULL;
  if (clause_dir(w) != -1u)
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? data_clause(pfile, tok) : NULL;
  if (!strcmp(w, "self") && compute_line_p())
    return accgpu_compute_self(pfile, tok);
  if (!strcmp(w, "present") || !strcmp(w, "no_create") ||
      !strcmp(w, "delete") || !strcmp(w, "self") || !strcmp(w, "host"))
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? other_clause(pfile, tok, w) : NULL;
  if (!strcmp(w, "async") || !strcmp(w, "wait"))
    return line.pragma == PRAGMA_OACC_DATA ? data_async_wait(pfile, w)
                                           : NULL;
  if (!strcmp(w, "private") && line.pragma == PRAGMA_OACC_KERNELS)
    return kernels_private(pfile, tok);
  if (!strcmp(w, "private") || !strcmp(w, "firstprivate"))
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_private_sections(pfile, tok, w) : NULL;
  if (!strcmp(w, "tile"))
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_tile_sizes(pfile, tok) : NULL;
  if ((!strcmp(w, "gang") || !strcmp(w, "worker") ||
       !strcmp(w, "num_gangs") || !strcmp(w, "num_workers")) &&
      accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_SQUARE)
    return accgpu_bracket_dims(pfile, tok, line.op);
  if (!strcmp(w, "gang") || !strcmp(w, "worker") || !strcmp(w, "vector")) {
    accgpu_tile_word(w);
    if (!strcmp(w, "gang") && line.op)
      accgpu_gang_op_word(tok);
    return !strcmp(w, "gang")
                   && accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_gang_dim_clause(pfile, tok, line.op) : NULL;
  }
  if (!strcmp(w, "num_gangs"))
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_num_gangs_clause(pfile, tok) : NULL;
  if (!strcmp(w, "reduction"))
    return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN
               ? accgpu_member_reduction(pfile, tok) : NULL;
  if (!strcmp(w, "collapse"))
    return modifier_next(pfile, collapse_mods)
               ? impl(pfile, "__accgpu_cm_drop") : NULL;
  /* wait's devnum: and queues: (wait is not a macro on compute lines, so
     they are taken wherever a `:` follows them on an acc line) */
  if ((!strcmp(w, "devnum") || !strcmp(w, "queues")) &&
      accgpu_pp_peek(pfile, 0)->type == CPP_COLON)
    line.eat = "";
  return modifier(pfile, w);
}

static void declare_markers(void);

/* `wait` is a conditional macro on data lines only.  libcpp peeks at the
   token after a conditional macro before asking us, and that peek, in a
   bare `#pragma acc wait` directive (its name is lexed as a directive,
   before line_change sees the line), ends the line early: elsewhere the
   word is made an ordinary identifier.  A data directive is followed by
   its block, never by a wait directive, so the state never leaks. */
static cpp_hashnode *wait_node;

static void wait_is_macro(bool on)
{
  if (wait_node)
    wait_node->type = on ? NT_USER_MACRO : NT_VOID;
}

/* A parallel, kernels or serial line followed by `loop`: GCC checks its
   data clauses' items in source order (struct-order.cc). */
static bool combined_p(cpp_reader *pfile)
{
  if (!compute_line_p())
    return false;
  const char *w = word_of(accgpu_pp_peek(pfile, 0));
  return w && !strcmp(w, "loop");
}

/* cache(readonly: list) (2.7), which GCC 12 reads as a variable: the
   modifier is a hint, eaten when the clause-less cache line starts so. */
static bool cache_readonly_p(cpp_reader *pfile)
{
  const char *w = word_of(accgpu_pp_peek(pfile, 1));
  return accgpu_pp_peek(pfile, 0)->type == CPP_OPEN_PAREN && w &&
         !strcmp(w, "readonly") &&
         accgpu_pp_peek(pfile, 2)->type == CPP_COLON;
}

/* A new line (PRAGMA: its PRAGMA_OACC_*, or 0): its clauses are scanned
   afresh. */
static void start_line(int pragma, bool combined)
{
  line.pragma = pragma;
  line.scanned = line.renamed = line.op = line.declare_read = false;
  accgpu_jagged_new_line();
  accgpu_tile_new_line();
  accgpu_struct_order_new_line(combined);
  accgpu_device_type_reset();
  line.eat = NULL;
  wait_is_macro(line.pragma == PRAGMA_OACC_DATA);
}

static void cb_line_change(cpp_reader *pfile, const cpp_token *tok,
                           int parsing_args)
{
  declare_markers();
  if (!parsing_args) {
    int p = 0;
    if (tok->type == CPP_PRAGMA && tok->val.pragma >= PRAGMA_OACC_ATOMIC &&
        tok->val.pragma <= PRAGMA_OACC_WAIT)
      p = tok->val.pragma;
    line.pragma = p; /* combined_p reads it */
    line.where = tok->src_loc;
    if (p == PRAGMA_OACC_ROUTINE)
      accgpu_routine_bind_line(pfile, tok->src_loc);
    start_line(p, combined_p(pfile));
    if (device_type_line_p())
      accgpu_device_type_line(pfile);
    if (p)
      accgpu_clause_reads_line(pfile, p);
    if (p == PRAGMA_OACC_CACHE && cache_readonly_p(pfile))
      line.eat = "readonly";
    if (p == PRAGMA_OACC_CACHE)
      accgpu_cache_line(pfile);
    accgpu_wait_if_line(p);
  }
  if (prev_line_change)
    prev_line_change(pfile, tok, parsing_args);
}

/* ---- Set-up ----------------------------------------------------------- */

static void define_macros(cpp_reader *pfile)
{
  for (unsigned i = 0; i < ARRAY_SIZE(impl_macros); i++)
    accgpu_cpp_define(pfile, impl_macros[i], false);
  for (unsigned i = 0; i < ARRAY_SIZE(user_macros); i++)
    accgpu_cpp_define(pfile, user_macros[i], true);
  wait_node = cpp_lookup(pfile, (const unsigned char *)"wait", 4);
  wait_is_macro(false);
  accgpu_wait_if_define(pfile);
  accgpu_pragma_op_define(pfile);
}

/* The wait marker and the runtime function it calls, at file scope: on
   the first line, when the C front end has opened it. */
static void declare_markers(void)
{
  static bool done;
  if (done || flag_preprocess_only)
    return;
  done = true;
  tree arr = build_decl(BUILTINS_LOCATION, VAR_DECL, get_identifier(DWAIT),
                        build_array_type_nelts(char_type_node, 1));
  tree fn = build_decl(
      BUILTINS_LOCATION, FUNCTION_DECL, get_identifier("__accgpu_data_wait"),
      build_function_type_list(size_type_node,
                               build_pointer_type(build_qualified_type(
                                   integer_type_node, TYPE_QUAL_CONST)),
                               size_type_node, NULL_TREE));
  for (tree d : {arr, fn}) {
    DECL_EXTERNAL(d) = 1;
    TREE_PUBLIC(d) = 1;
    DECL_ARTIFICIAL(d) = 1;
    pushdecl(d);
  }
  accgpu_jagged_declare_markers();
  accgpu_wait_if_declare();
  accgpu_declare_sections_markers();
  accgpu_tile_declare_marker();
  accgpu_gang_dims_declare_marker();
}

static void install_callbacks(void *, void *)
{
  if (accgpu_pp_chain(cb_line_change, cb_macro_to_expand, &prev_line_change,
                      &prev_macro_to_expand))
    define_macros(parse_in);
}

void accgpu_clause_mods_init(const char *plugin_name)
{
  register_callback(plugin_name, PLUGIN_PRAGMAS, install_callbacks, NULL);
}
