/* schedule-parse.c — reads acc-tune's schedule file (autotune/schedule.c
 * writes it; docs/tuning.md):
 *
 *   schedules:
 *     - kernel: "matmul.c:14:matmul"
 *       schedule: "2_1"
 *       block: [32, 4, 1]
 *       grid: [16, 128, 1]
 *       map:                       # the parallel loops, outermost first
 *         i: {thread: y, block: y}
 *         j: {thread: x, block: x}
 *       cost: 1.37e+06             # informational, as are l1_hit, l2_hit
 *
 * One document; other keys, a key given twice or a second document are
 * errors at the offending node (a typo would otherwise drop a schedule
 * silently).  A second entry for a kernel id is a warning: the first one
 * is used. */
#include "passes/schedule-parse.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct sp {
  yaml_document_t *doc;
  struct accgpu_sched_list *out;
} sp;

static const char *const top_keys[] = {"schedules", NULL};
static const char *const entry_keys[] = {"kernel", "schedule", "block", "grid",
                                         "map", "cost", "l1_hit", "l2_hit",
                                         NULL};
static const char *const dim_keys[] = {"thread", "block", NULL};

/* Records the first error, at mark M (1:1 when M is NULL). */
static void vfail(sp *s, const yaml_mark_t *m, const char *fmt, va_list ap)
{
  struct accgpu_sched_diag *d = &s->out->err;
  if (s->out->failed)
    return;
  s->out->failed = 1;
  d->line = m ? (int)m->line + 1 : 1;
  d->col = m ? (int)m->column + 1 : 1;
  vsnprintf(d->msg, sizeof d->msg, fmt, ap);
}

/* Records the first error, at node N (or the file's start). */
static void fail(sp *s, const yaml_node_t *n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vfail(s, n ? &n->start_mark : NULL, fmt, ap);
  va_end(ap);
}

/* Records the first error, at mark M. */
static void fail_at(sp *s, const yaml_mark_t *m, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vfail(s, m, fmt, ap);
  va_end(ap);
}

/* Records why libyaml stopped: out of memory (a file too big for this
   machine, not a malformed one), or a syntax error. */
static void yaml_fail(sp *s, const yaml_parser_t *p)
{
  if (p->error == YAML_MEMORY_ERROR)
    fail_at(s, NULL, "out of memory reading the schedule file");
  else
    fail_at(s, &p->problem_mark, "%s",
            p->problem ? p->problem : "malformed YAML");
}

static const char *scalar(const yaml_node_t *n)
{
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value
                                          : NULL;
}

/* The value of KEY in mapping M, or NULL. */
static yaml_node_t *get(sp *s, const yaml_node_t *m, const char *key)
{
  if (!m || m->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
       p < m->data.mapping.pairs.top; p++) {
    const char *k = scalar(yaml_document_get_node(s->doc, p->key));
    if (k && !strcmp(k, key))
      return yaml_document_get_node(s->doc, p->value);
  }
  return NULL;
}

static int listed(const char *k, const char *const *keys)
{
  for (; *keys; keys++)
    if (!strcmp(k, *keys))
      return 1;
  return 0;
}

/* Mapping M's keys: scalars, in KEYS (NULL: any), none twice. */
static void check_keys(sp *s, const yaml_node_t *m, const char *const *keys,
                       const char *what)
{
  if (!m || m->type != YAML_MAPPING_NODE)
    return;
  for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
       p < m->data.mapping.pairs.top && !s->out->failed; p++) {
    yaml_node_t *kn = yaml_document_get_node(s->doc, p->key);
    const char *k = scalar(kn);
    if (!k || (keys && !listed(k, keys))) {
      fail(s, kn, "unknown key '%s' in %s", k ? k : "?", what);
      return;
    }
    for (yaml_node_pair_t *q = m->data.mapping.pairs.start; q < p; q++)
      if (!strcmp(scalar(yaml_document_get_node(s->doc, q->key)), k))
        fail(s, kn, "key '%s' given twice in %s", k, what);
  }
}

static char *dup_str(sp *s, const yaml_node_t *n, const char *t)
{
  char *c = strdup(t);
  if (!c)
    fail(s, n, "out of memory");
  return c;
}

/* Reads [a, b, c] of positive integers at key KEY of E into OUT. */
static void read_dims(sp *s, const yaml_node_t *e, const char *key,
                      unsigned long long out[3])
{
  yaml_node_t *n = get(s, e, key);
  if (!n || n->type != YAML_SEQUENCE_NODE
      || n->data.sequence.items.top - n->data.sequence.items.start != 3) {
    fail(s, n ? n : e, "expected three positive integers for key %s", key);
    return;
  }
  for (int i = 0; i < 3; i++) {
    yaml_node_t *v =
      yaml_document_get_node(s->doc, n->data.sequence.items.start[i]);
    const char *t = scalar(v);
    char *end = NULL;
    errno = 0;
    unsigned long long x = t && *t >= '0' && *t <= '9' ? strtoull(t, &end, 10)
                                                       : 0;
    if (errno == ERANGE) {
      fail(s, v, "%s out of range in %s", t, key);
      return;
    }
    if (!x || *end) {
      fail(s, v, "expected a positive integer in %s", key);
      return;
    }
    out[i] = x;
  }
}

/* "x" "y" "z" -> 0 1 2, "none" -> ACCGPU_SCHED_NONE; -2 when malformed. */
static int dim_of(const char *t)
{
  if (!t)
    return -2;
  if (!strcmp(t, "none"))
    return ACCGPU_SCHED_NONE;
  if (t[0] >= 'x' && t[0] <= 'z' && !t[1])
    return t[0] - 'x';
  return -2;
}

static void read_map(sp *s, const yaml_node_t *e, struct accgpu_schedule *r)
{
  yaml_node_t *m = get(s, e, "map");
  if (!m || m->type != YAML_MAPPING_NODE) {
    fail(s, m ? m : e, "expected 'map': loop variable -> {thread, block}");
    return;
  }
  check_keys(s, m, NULL, "'map'");
  for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
       p < m->data.mapping.pairs.top && !s->out->failed; p++) {
    yaml_node_t *k = yaml_document_get_node(s->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(s->doc, p->value);
    if (r->nloops == ACCGPU_SCHED_MAXLOOPS) {
      fail(s, k, "more than three parallel loops in 'map'");
      return;
    }
    check_keys(s, v, dim_keys, "a loop's mapping");
    int t = dim_of(scalar(get(s, v, "thread")));
    int b = dim_of(scalar(get(s, v, "block")));
    if (t == -2 || b == -2)
      fail(s, v, "expected {thread: x|y|z|none, block: x|y|z|none} for "
                 "loop %s", scalar(k));
    if (s->out->failed)
      return;
    r->loop[r->nloops].var = dup_str(s, k, scalar(k));
    r->loop[r->nloops].thread = t;
    r->loop[r->nloops].block = b;
    r->nloops++;
  }
  if (!r->nloops)
    fail(s, m, "empty 'map'");
}

static void read_entry(sp *s, const yaml_node_t *e, struct accgpu_schedule *r)
{
  r->src_line = (int)e->start_mark.line + 1;
  const char *id = scalar(get(s, e, "kernel"));
  const char *pat = scalar(get(s, e, "schedule"));
  if (e->type != YAML_MAPPING_NODE || !id || !strchr(id, ':')) {
    fail(s, e, "expected an entry with 'kernel: \"file:line:function\"'");
    return;
  }
  check_keys(s, e, entry_keys, "a schedule entry");
  r->id = dup_str(s, e, id);
  r->pattern = dup_str(s, e, pat ? pat : "");
  unsigned long long blk[3] = {1, 1, 1};
  read_dims(s, e, "block", blk);
  read_dims(s, e, "grid", r->grid);
  for (int i = 0; i < 3 && !s->out->failed; i++) {
    if (blk[i] > 1024)
      fail(s, get(s, e, "block"), "more than 1024 threads in block");
    r->block[i] = (unsigned)blk[i];
  }
  if (!s->out->failed)
    read_map(s, e, r);
}

/* Warns at node E about entry I when an earlier one has its kernel id. */
static void check_dup(sp *s, const yaml_node_t *e, int i)
{
  struct accgpu_sched_list *l = s->out;
  for (int j = 0; j < i; j++)
    if (!strcmp(l->s[j].id, l->s[i].id)) {
      struct accgpu_sched_diag *w =
        realloc(l->warn, (size_t)(l->nwarn + 1) * sizeof *w);
      if (!w)
        return; /* a warning lost, nothing worse */
      l->warn = w;
      w = &l->warn[l->nwarn++];
      w->line = (int)e->start_mark.line + 1;
      w->col = (int)e->start_mark.column + 1;
      snprintf(w->msg, sizeof w->msg, "a second schedule for kernel '%.200s'"
               " (ignored: the one at line %d is used)", l->s[i].id,
               l->s[j].src_line);
      return;
    }
}

static void read_doc(sp *s)
{
  yaml_node_t *root = yaml_document_get_root_node(s->doc);
  yaml_node_t *l = get(s, root, "schedules");
  check_keys(s, root, top_keys, "the schedule file");
  if (!root)
    fail(s, NULL, "empty file: expected 'schedules'");
  else if (!l || l->type != YAML_SEQUENCE_NODE)
    fail(s, l ? l : root, "expected 'schedules': a list");
  if (s->out->failed)
    return;
  int n = (int)(l->data.sequence.items.top - l->data.sequence.items.start);
  s->out->s = calloc((size_t)(n ? n : 1), sizeof *s->out->s);
  if (!s->out->s) {
    fail(s, l, "out of memory");
    return;
  }
  for (int i = 0; i < n && !s->out->failed; i++) {
    yaml_node_t *e =
      yaml_document_get_node(s->doc, l->data.sequence.items.start[i]);
    s->out->n = i + 1;
    read_entry(s, e, &s->out->s[i]);
    if (!s->out->failed)
      check_dup(s, e, i);
  }
}

/* After the document the stream must end. */
static void expect_end(sp *s, yaml_parser_t *p)
{
  yaml_document_t next;
  if (!yaml_parser_load(p, &next)) {
    yaml_fail(s, p);
    return;
  }
  yaml_node_t *root = yaml_document_get_root_node(&next);
  if (root)
    fail(s, root, "a second YAML document; expected one");
  yaml_document_delete(&next);
}

int accgpu_schedule_parse(FILE *f, struct accgpu_sched_list *out)
{
  yaml_parser_t parser;
  yaml_document_t doc;
  sp s = {&doc, out};
  memset(out, 0, sizeof *out);
  if (!yaml_parser_initialize(&parser)) {
    fail(&s, NULL, "out of memory reading the schedule file");
    return -1;
  }
  yaml_parser_set_input_file(&parser, f);
  if (!yaml_parser_load(&parser, &doc)) {
    yaml_fail(&s, &parser);
  } else {
    read_doc(&s);
    if (!out->failed && yaml_document_get_root_node(&doc))
      expect_end(&s, &parser);
    yaml_document_delete(&doc);
  }
  yaml_parser_delete(&parser);
  if (out->failed) {
    struct accgpu_sched_diag err = out->err;
    accgpu_schedule_list_free(out);
    out->failed = 1;
    out->err = err;
    return -1;
  }
  return 0;
}

void accgpu_schedule_list_free(struct accgpu_sched_list *l)
{
  for (int i = 0; i < l->n; i++) {
    free((char *)l->s[i].id);
    free((char *)l->s[i].pattern);
    for (int j = 0; j < l->s[i].nloops; j++)
      free((char *)l->s[i].loop[j].var);
  }
  free(l->s);
  free(l->warn);
  memset(l, 0, sizeof *l);
}
