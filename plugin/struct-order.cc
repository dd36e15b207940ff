/* struct-order.cc — a struct and sections of its pointer members in the
 * data clauses of one directive: `parallel loop copyin(s) copy(s.a[0:n])`,
 * `exit data copyout(s.a[0:n]) delete(s)`.  GCC 12 takes them only when
 * the first item about s it checks is a member: it checks a combined
 * construct's items (parallel loop, ...) in source order and the other
 * directives' in reverse, and otherwise says "'s' appears more than once
 * in data clauses".  The order of data clauses means nothing in OpenACC,
 * so on the acc line (clause-mods.cc calls us for each clause word) each
 * bare `s` GCC would check before a member of s is moved, as a clause of
 * its own with its clause word:
 *   combined:  after the clause of the first member item of s;
 *   others:    before the clause of the last member item of s.      */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_CL 32
#define MAX_IT 32
#define MAX_TOKS 512

/* An item of a data clause as the line spells it. */
struct item {
  cpp_token name;    /* its first token */
  bool bare, member; /* `s` alone; `s.` ... */
  bool moved;        /* goes with another clause */
};

struct clause {
  location_t open; /* its `(` */
  const char *word;
  int nitems;
  struct item items[MAX_IT];
};

static struct {
  bool scanned, combined, any;
  int n;
  struct clause cl[MAX_CL];
} line;

void accgpu_struct_order_new_line(bool combined)
{
  line.scanned = line.any = false;
  line.combined = combined;
}

static const char *word_of(const cpp_token *t)
{
  return t->type == CPP_NAME ? (const char *)NODE_NAME(t->val.node.node)
                             : NULL;
}

static bool data_word_p(const char *w)
{
  static const char *const words[] = {
    "copy", "copyin", "copyout", "create", "present", "no_create",
    "delete", "attach", "detach", "pcopy", "pcopyin", "pcopyout",
    "pcreate", "present_or_copy", "present_or_copyin",
    "present_or_copyout", "present_or_create"};
  for (unsigned i = 0; w && i < ARRAY_SIZE(words); i++)
    if (!strcmp(w, words[i]))
      return true;
  return false;
}

static bool same_name(const cpp_token *a, const cpp_token *b)
{
  return a->val.node.node == b->val.node.node;
}

/* Reads the items of the clause whose `(` is token *I; *I ends after it. */
static void scan_items(cpp_reader *pfile, int *i, struct clause *c)
{
  int start = ++*i;
  for (int depth = 1;; ++*i) {
    const cpp_token *t = accgpu_pp_peek(pfile, *i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return;
    bool end = t->type == CPP_CLOSE_PAREN && depth == 1;
    if ((end || (t->type == CPP_COMMA && depth == 1)) && c->nitems < MAX_IT) {
      const cpp_token *f = accgpu_pp_peek(pfile, start);
      struct item *it = &c->items[c->nitems++];
      memset(it, 0, sizeof *it);
      it->name = *f;
      it->bare = f->type == CPP_NAME && *i == start + 1;
      it->member = f->type == CPP_NAME &&
                   accgpu_pp_peek(pfile, start + 1)->type == CPP_DOT;
      start = *i + 1;
    }
    depth += t->type == CPP_OPEN_PAREN || t->type == CPP_OPEN_SQUARE ? 1
             : t->type == CPP_CLOSE_PAREN || t->type == CPP_CLOSE_SQUARE
                 ? -1 : 0;
    if (end) {
      ++*i;
      return;
    }
  }
}

/* Reads the data clauses from the current clause (word W, its `(` the
   next token) to the end of the line. */
static void scan_line(cpp_reader *pfile, const char *w)
{
  line.scanned = true;
  line.n = 0;
  for (int i = 0, depth = 0;;) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
      return;
    if (w && depth == 0 && t->type == CPP_OPEN_PAREN && line.n < MAX_CL) {
      struct clause *c = &line.cl[line.n++];
      memset(c, 0, sizeof *c);
      c->open = t->src_loc;
      c->word = w;
      scan_items(pfile, &i, c);
      w = NULL;
      continue;
    }
    depth += t->type == CPP_OPEN_PAREN ? 1
             : t->type == CPP_CLOSE_PAREN ? -1 : 0;
    w = data_word_p(word_of(t)) ? word_of(t) : NULL;
    i++;
  }
}

/* ---- Planning --------------------------------------------------------- */

/* Position of an item: clause * MAX_IT + item. */
static int pos(int c, int i)
{
  return c * MAX_IT + i;
}

/* The first (LAST: the last) member item of NAME's struct, or -1. */
static int member_pos(const cpp_token *name, bool last)
{
  int found = -1;
  for (int c = 0; c < line.n; c++)
    for (int i = 0; i < line.cl[c].nitems; i++) {
      struct item *it = &line.cl[c].items[i];
      if (it->member && same_name(&it->name, name)) {
        found = pos(c, i);
        if (!last)
          return found;
      }
    }
  return found;
}

/* Marks the bare items GCC would check before the first member. */
static void plan(void)
{
  for (int c = 0; c < line.n; c++)
    for (int i = 0; i < line.cl[c].nitems; i++) {
      struct item *it = &line.cl[c].items[i];
      int m = it->bare ? member_pos(&it->name, !line.combined) : -1;
      if (m >= 0 && (line.combined ? pos(c, i) < m : pos(c, i) > m)) {
        it->moved = true;
        line.any = true;
      }
    }
}

/* ---- Writing ---------------------------------------------------------- */

static struct {
  cpp_token tok[MAX_TOKS];
  int n;
} in, out;

static void emit(const cpp_token *t)
{
  accgpu_pp_emit(out.tok, &out.n, MAX_TOKS, t);
}

static void emit_punct(enum cpp_ttype type, location_t loc)
{
  accgpu_pp_emit_punct(out.tok, &out.n, MAX_TOKS, type, loc);
}

/* WORD(NAME) */
static void emit_clause(cpp_reader *pfile, const char *word,
                        const cpp_token *name)
{
  cpp_token w;
  accgpu_pp_name(pfile, &w, word, name->src_loc);
  emit(&w);
  emit_punct(CPP_OPEN_PAREN, name->src_loc);
  emit(name);
  emit_punct(CPP_CLOSE_PAREN, name->src_loc);
}

/* The moved items that go with clause K: before it or after it. */
static void emit_moved_to(cpp_reader *pfile, int k, bool after)
{
  for (int c = 0; c < line.n; c++)
    for (int i = 0; i < line.cl[c].nitems; i++) {
      struct item *it = &line.cl[c].items[i];
      int m = it->moved ? member_pos(&it->name, !line.combined) : -1;
      if (m >= 0 && m / MAX_IT == k && line.combined == after)
        emit_clause(pfile, line.cl[c].word, &it->name);
    }
}

/* Clause K's own items that stay, from its group read into in (`(` ...
   `)`): KIND(items), nothing when every item moved. */
static void emit_staying(cpp_reader *pfile, int k, const char *kind,
                         const cpp_token *word)
{
  int start = out.n, item = 0, kept = 0;
  cpp_token w;
  accgpu_pp_name(pfile, &w, kind, word->src_loc);
  emit(&w);
  emit(&in.tok[0]);
  for (int i = 1, depth = 0, from = 1; i < in.n; i++) {
    enum cpp_ttype ty = in.tok[i].type;
    if (depth == 0 && (ty == CPP_COMMA || i == in.n - 1)) {
      if (item >= MAX_IT || !line.cl[k].items[item].moved) {
        if (kept++)
          emit_punct(CPP_COMMA, in.tok[from].src_loc);
        for (int j = from; j < i; j++)
          emit(&in.tok[j]);
      }
      item++;
      from = i + 1;
      continue;
    }
    depth += ty == CPP_OPEN_PAREN || ty == CPP_OPEN_SQUARE ? 1
             : ty == CPP_CLOSE_PAREN || ty == CPP_CLOSE_SQUARE ? -1 : 0;
  }
  emit(&in.tok[in.n - 1]);
  if (!kept)
    out.n = start; /* every item moved: no clause left here */
}

/* The clause whose `(` is spelled at OPEN, or -1. */
static int clause_at(location_t open)
{
  for (int c = 0; c < line.n; c++)
    if (line.cl[c].open == open)
      return c;
  return -1;
}

/* Does clause K lose items or gain some? */
static bool touched(int k)
{
  for (int c = 0; c < line.n; c++)
    for (int i = 0; i < line.cl[c].nitems; i++) {
      struct item *it = &line.cl[c].items[i];
      if (it->moved && (c == k || member_pos(&it->name, !line.combined)
                                          / MAX_IT == k))
        return true;
    }
  return false;
}

cpp_hashnode *accgpu_struct_order_clause(cpp_reader *pfile,
                                         const cpp_token *word,
                                         const char *kind)
{
  if (!line.scanned) {
    scan_line(pfile, word_of(word));
    plan();
  }
  int k = line.any ? clause_at(accgpu_pp_peek(pfile, 0)->src_loc) : -1;
  if (k < 0 || !touched(k))
    return NULL;
  if ((in.n = accgpu_pp_read_group(pfile, in.tok, MAX_TOKS)) < 0)
    return NULL;
  out.n = 0;
  emit_moved_to(pfile, k, false);
  emit_staying(pfile, k, kind, word);
  emit_moved_to(pfile, k, true);
  if (out.n >= MAX_TOKS)
    return NULL;
  accgpu_pp_take(pfile, in.n);
  return accgpu_pp_inject(pfile, out.tok, out.n, word->src_loc);
}
