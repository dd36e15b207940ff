/* device-type.cc — the device_type clause (OpenACC 2.0 §2.4; `dtype` for
 * short) on compute, combined, loop, routine and update lines, which GCC
 * 12's parser does not know ("expected '#pragma acc' clause").
 *
 * accgpu compiles each region once, as an NVIDIA kernel that the emulator
 * and the multicore device run too, so the clauses that follow
 * `device_type(nvidia)` (or `acc_device_nvidia`) apply, else those of
 * `device_type(*)`; the groups of other types (radeon, host, multicore,
 * ...) are dropped.  A clause of the chosen group replaces the default
 * clause of the same name written before the first device_type (spec
 * 2.4: device-specific clauses override the defaults), and on a loop
 * the partitioning it contradicts (replaced_by).
 *
 * clause-mods.cc calls us: at the start of a `#pragma acc` line (the
 * line is read ahead: where its first device_type is and which default
 * clauses the chosen group replaces), for each clause word of ours
 * before that (a replaced one is dropped), and for the device_type word
 * itself (the rest of the line becomes the chosen group's clauses).  In
 * a _Pragma's string nothing is read ahead: the groups are chosen, the
 * defaults stay.                                                        */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 512
#define MAX_DROPS 16

/* Clause words allowed after device_type (§2.4's lists of 3.3). */
static const char *const dt_clauses[] = {
  "async", "wait", "num_gangs", "num_workers", "vector_length", "gang",
  "worker", "vector", "seq", "independent", "auto", "tile", "collapse",
  "bind",
};
enum {
  DT_LEVELS = 1u << 5 | 1u << 6 | 1u << 7, /* gang worker vector */
  DT_SEQ = 1u << 8,
  DT_KINDS = 1u << 9 | 1u << 10, /* independent auto */
};

static struct {
  bool active;       /* the line has a device_type clause */
  bool done;         /* its device_type word was rewritten */
  location_t first;  /* that word's location */
  unsigned replace;  /* dt_clauses bits the chosen group writes */
  int ndrops;
  location_t drops[MAX_DROPS]; /* default clause words replaced */
} dt;

static const char *word_of(const cpp_token *t)
{
  return t->type == CPP_NAME ? (const char *)NODE_NAME(t->val.node.node)
                             : NULL;
}

static bool eol_p(const cpp_token *t)
{
  return t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF;
}

static bool dt_word_p(const char *w)
{
  return w && (!strcmp(w, "device_type") || !strcmp(w, "dtype"));
}

/* The dt_clauses bit of W, 0 when W may not follow device_type. */
static unsigned clause_bit(const char *w)
{
  for (unsigned i = 0; w && i < ARRAY_SIZE(dt_clauses); i++)
    if (!strcmp(w, dt_clauses[i]))
      return 1u << i;
  return 0;
}

/* The default clauses that the clauses BITS of the chosen group replace:
   their own names, and on a loop the partitioning a GPU-specific `seq`,
   `independent`/`auto` or level contradicts (`loop vector
   device_type(nvidia) seq` runs the loop sequentially on the GPU). */
static unsigned replaced_by(unsigned bits)
{
  unsigned r = bits;
  if (bits & DT_SEQ)
    r |= DT_LEVELS | DT_KINDS;
  if (bits & DT_KINDS)
    r |= DT_SEQ | DT_KINDS;
  if (bits & DT_LEVELS)
    r |= DT_SEQ;
  return r;
}

/* Does the device-type list in TOKS[I..) (at its `(`) name NVIDIA?  *STAR:
   it is `*`.  Returns the index after its `)`, or -1. */
static int read_types(const cpp_token *toks, int n, int i, bool *nv,
                      bool *star)
{
  *nv = *star = false;
  if (i >= n || toks[i].type != CPP_OPEN_PAREN)
    return -1;
  for (i++; i < n && toks[i].type != CPP_CLOSE_PAREN; i++) {
    const char *w = word_of(&toks[i]);
    if (toks[i].type == CPP_MULT)
      *star = true;
    else if (w && (!strcasecmp(w, "nvidia") ||
                   !strcmp(w, "acc_device_nvidia")))
      *nv = true;
  }
  return i < n ? i + 1 : -1;
}

/* The groups of TOKS[0..N) (the line from its first device_type word):
   TAKE(TOKS, start, end, ARG) is called for the clause tokens of each
   group that applies; false when a type list is malformed. */
static bool chosen_groups(const cpp_token *toks, int n,
                          void (*take)(const cpp_token *, int, int, void *),
                          void *arg)
{
  int start[MAX_TOKS / 4], end[MAX_TOKS / 4], ng = 0;
  bool nv[MAX_TOKS / 4], star[MAX_TOKS / 4], any_nv = false;
  for (int i = 0; i < n && ng < MAX_TOKS / 4;) {
    i = read_types(toks, n, i + 1, &nv[ng], &star[ng]);
    if (i < 0)
      return false;
    start[ng] = i;
    for (int depth = 0; i < n; i++) {
      depth += toks[i].type == CPP_OPEN_PAREN ? 1
               : toks[i].type == CPP_CLOSE_PAREN ? -1 : 0;
      if (depth == 0 && dt_word_p(word_of(&toks[i])))
        break;
    }
    end[ng] = i;
    any_nv |= nv[ng++];
  }
  for (int g = 0; g < ng; g++)
    if (any_nv ? nv[g] : star[g])
      take(toks, start[g], end[g], arg);
  return true;
}

/* The clause words at depth 0 of TOKS[S..E), each checked. */
static unsigned group_bits(const cpp_token *toks, int s, int e)
{
  unsigned bits = 0;
  for (int i = s, depth = 0; i < e; i++) {
    depth += toks[i].type == CPP_OPEN_PAREN ? 1
             : toks[i].type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && toks[i].type == CPP_NAME)
      bits |= clause_bit(word_of(&toks[i]));
  }
  return bits;
}

static void note_bits(const cpp_token *toks, int s, int e, void *arg)
{
  *(unsigned *)arg |= group_bits(toks, s, e);
}

/* Reads the line from token I to its end into TOKS; their number, or -1. */
static int read_line(cpp_reader *pfile, int i, cpp_token *toks)
{
  int n = 0;
  for (;; i++, n++) {
    const cpp_token *t = accgpu_pp_peek(pfile, i);
    if (eol_p(t))
      return n;
    if (n == MAX_TOKS)
      return -1;
    toks[n] = *t;
  }
}

void accgpu_device_type_line(cpp_reader *pfile)
{
  static cpp_token toks[MAX_TOKS];
  memset(&dt, 0, sizeof dt);
  int n = read_line(pfile, 0, toks), first = -1;
  for (int i = 0, depth = 0; i < n && first < 0; i++) {
    depth += toks[i].type == CPP_OPEN_PAREN ? 1
             : toks[i].type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && dt_word_p(word_of(&toks[i])))
      first = i;
  }
  if (first < 0)
    return;
  dt.active = true;
  dt.first = toks[first].src_loc;
  if (!chosen_groups(toks + first, n - first, note_bits, &dt.replace))
    return;
  dt.replace = replaced_by(dt.replace);
  for (int i = 0, depth = 0; i < first; i++) {
    depth += toks[i].type == CPP_OPEN_PAREN ? 1
             : toks[i].type == CPP_CLOSE_PAREN ? -1 : 0;
    if (depth == 0 && (clause_bit(word_of(&toks[i])) & dt.replace) &&
        dt.ndrops < MAX_DROPS)
      dt.drops[dt.ndrops++] = toks[i].src_loc;
  }
}

void accgpu_device_type_reset(void)
{
  memset(&dt, 0, sizeof dt);
}

bool accgpu_device_type_replaced(const cpp_token *word)
{
  if (!dt.active || dt.done)
    return false;
  for (int i = 0; i < dt.ndrops; i++)
    if (dt.drops[i] == word->src_loc)
      return true;
  return false;
}

/* Copies the clauses of a chosen group to the output (ARG), erroring at
   a word that may not follow device_type. */
struct out_line {
  cpp_token *toks;
  int n;
};

static void emit_group(const cpp_token *toks, int s, int e, void *arg)
{
  struct out_line *out = (struct out_line *)arg;
  for (int i = s, depth = 0; i < e; i++) {
    cpp_token t = toks[i];
    depth += t.type == CPP_OPEN_PAREN ? 1 : t.type == CPP_CLOSE_PAREN ? -1
                                                                     : 0;
    if (t.type == CPP_NAME)
      t.flags &= ~NO_EXPAND; /* lexed again: gang(dim:), tile, bind */
    accgpu_pp_emit(out->toks, &out->n, MAX_TOKS, &t);
  }
}

/* Every device_type word has its list, and every clause word of every
   group may follow device_type (errors at the word). */
static bool check_groups(const cpp_token *toks, int n)
{
  bool ok = true;
  for (int i = 0, depth = 0; i < n; i++) {
    const char *w = word_of(&toks[i]);
    if (depth == 0 && dt_word_p(w)) {
      bool nv, star;
      int end = read_types(toks, n, i + 1, &nv, &star);
      if (end < 0) {
        error_at(toks[i].src_loc, "%qs needs a parenthesized list of "
                 "device types or %<*%>", w);
        return false;
      }
      i = end - 1;
      continue;
    }
    if (depth == 0 && w && !clause_bit(w)) {
      error_at(toks[i].src_loc, "%qs may not follow %<device_type%>; "
               "write it before the first %<device_type%> clause", w);
      ok = false;
    }
    depth += toks[i].type == CPP_OPEN_PAREN ? 1
             : toks[i].type == CPP_CLOSE_PAREN ? -1 : 0;
  }
  return ok;
}

cpp_hashnode *accgpu_device_type_clause(cpp_reader *pfile,
                                        const cpp_token *word, bool op)
{
  static cpp_token in[MAX_TOKS], out[MAX_TOKS];
  if (dt.done || (!op && (!dt.active || word->src_loc != dt.first)))
    return NULL;
  dt.done = true;
  in[0] = *word;
  int n = read_line(pfile, 0, in + 1);
  if (n < 0) {
    error_at(word->src_loc, "too many tokens after %<device_type%>");
    return NULL;
  }
  struct out_line o = {out, 0};
  int errors = errorcount;
  if (check_groups(in, n + 1))
    chosen_groups(in, n + 1, emit_group, &o); /* its lists are checked */
  accgpu_pp_take(pfile, n); /* after an error, the rest of the line too */
  if (errorcount != errors)
    o.n = 0;
  return accgpu_pp_inject(pfile, out, o.n, word->src_loc);
}
