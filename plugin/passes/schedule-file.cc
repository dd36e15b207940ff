/* schedule-file.cc — reads acc-tune's schedule file (autotune/schedule.c
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
 *
 * Other keys (cost, hit rates) are ignored.  Errors are GCC errors at
 * FILE:LINE:COLUMN of the offending node. */
#include <yaml.h> /* before GCC's headers, which poison malloc & co. */

#include "accgpu-plugin.h"
#include "passes/schedule-file.h"

const char *accgpu_schedule_path;

static struct accgpu_schedule *scheds; /* xmalloc'd, kept to the end */
static int nscheds;

struct sf {
  const char *path;
  yaml_document_t *doc;
  bool failed;
};

/* Reports a malformed file at node N (or the file when N is NULL). */
static void sf_fail(sf *s, yaml_node_t *n, const char *msg, const char *arg)
{
  if (s->failed)
    return;
  s->failed = true;
  error("accgpu: %s:%d:%d: %s%s%s in the schedule file", s->path,
        n ? (int)n->start_mark.line + 1 : 1,
        n ? (int)n->start_mark.column + 1 : 1, msg, arg ? " " : "",
        arg ? arg : "");
}

static const char *scalar(yaml_node_t *n)
{
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value
                                          : NULL;
}

/* The value of KEY in mapping M, or NULL. */
static yaml_node_t *get(sf *s, yaml_node_t *m, const char *key)
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

/* Reads [a, b, c] of positive integers at key KEY of E into OUT. */
static void read_dims(sf *s, yaml_node_t *e, const char *key,
                      unsigned long long out[3])
{
  yaml_node_t *n = get(s, e, key);
  if (!n || n->type != YAML_SEQUENCE_NODE
      || n->data.sequence.items.top - n->data.sequence.items.start != 3) {
    sf_fail(s, n ? n : e, "expected three positive integers for key", key);
    return;
  }
  for (int i = 0; i < 3; i++) {
    yaml_node_t *v =
      yaml_document_get_node(s->doc, n->data.sequence.items.start[i]);
    const char *t = scalar(v);
    char *end;
    unsigned long long x = t && *t >= '0' && *t <= '9' ? strtoull(t, &end, 10)
                                                       : 0;
    if (!x || *end) {
      sf_fail(s, v, "expected a positive integer in", key);
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

static void read_map(sf *s, yaml_node_t *e, struct accgpu_schedule *r)
{
  yaml_node_t *m = get(s, e, "map");
  if (!m || m->type != YAML_MAPPING_NODE) {
    sf_fail(s, m ? m : e, "expected 'map': loop variable -> {thread, block}",
            NULL);
    return;
  }
  for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
       p < m->data.mapping.pairs.top && !s->failed; p++) {
    yaml_node_t *k = yaml_document_get_node(s->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(s->doc, p->value);
    if (r->nloops == ACCGPU_SCHED_MAXLOOPS) {
      sf_fail(s, k, "more than three parallel loops in 'map'", NULL);
      return;
    }
    int t = dim_of(scalar(get(s, v, "thread")));
    int b = dim_of(scalar(get(s, v, "block")));
    if (!scalar(k) || t == -2 || b == -2) {
      sf_fail(s, v, "expected {thread: x|y|z|none, block: x|y|z|none} for "
                    "loop", scalar(k));
      return;
    }
    r->loop[r->nloops].var = xstrdup(scalar(k));
    r->loop[r->nloops].thread = t;
    r->loop[r->nloops].block = b;
    r->nloops++;
  }
  if (!r->nloops)
    sf_fail(s, m, "empty 'map'", NULL);
}

static void read_entry(sf *s, yaml_node_t *e, struct accgpu_schedule *r)
{
  memset(r, 0, sizeof *r);
  r->src_line = (int)e->start_mark.line + 1;
  const char *id = scalar(get(s, e, "kernel"));
  const char *pat = scalar(get(s, e, "schedule"));
  if (e->type != YAML_MAPPING_NODE || !id || !strchr(id, ':')) {
    sf_fail(s, e, "expected an entry with 'kernel: \"file:line:function\"'",
            NULL);
    return;
  }
  r->id = xstrdup(id);
  r->pattern = xstrdup(pat ? pat : "");
  unsigned long long blk[3];
  read_dims(s, e, "block", blk);
  read_dims(s, e, "grid", r->grid);
  for (int i = 0; i < 3 && !s->failed; i++) {
    if (blk[i] > 1024)
      sf_fail(s, get(s, e, "block"), "more than 1024 threads in", "block");
    r->block[i] = (unsigned)blk[i];
  }
  if (!s->failed)
    read_map(s, e, r);
}

static void read_doc(sf *s)
{
  yaml_node_t *root = yaml_document_get_root_node(s->doc);
  yaml_node_t *l = get(s, root, "schedules");
  if (!l || l->type != YAML_SEQUENCE_NODE) {
    sf_fail(s, l ? l : root, "expected 'schedules': a list", NULL);
    return;
  }
  int n = (int)(l->data.sequence.items.top - l->data.sequence.items.start);
  scheds = XCNEWVEC(struct accgpu_schedule, n ? n : 1);
  for (int i = 0; i < n && !s->failed; i++) {
    read_entry(s, yaml_document_get_node(s->doc,
                                         l->data.sequence.items.start[i]),
               &scheds[i]);
    nscheds = s->failed ? i : i + 1;
  }
  if (s->failed)
    nscheds = 0;
}

void accgpu_schedule_load(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    error("accgpu: cannot read the schedule file %qs: %m", path);
    return;
  }
  yaml_parser_t parser;
  yaml_document_t doc;
  sf s = {path, &doc, false};
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  if (!yaml_parser_load(&parser, &doc)) {
    error("accgpu: %s:%d:%d: %s in the schedule file", path,
          (int)parser.problem_mark.line + 1,
          (int)parser.problem_mark.column + 1,
          parser.problem ? parser.problem : "malformed YAML");
  } else {
    if (!yaml_document_get_root_node(&doc))
      sf_fail(&s, NULL, "empty file: expected 'schedules'", NULL);
    else
      read_doc(&s);
    yaml_document_delete(&doc);
  }
  yaml_parser_delete(&parser);
  fclose(f);
}

static const char *base_name(const char *p)
{
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* Does ID ("file:line:func") name FILE:LINE:FUNC, the file compared by
   base name when EXACT is false? */
static bool id_matches(const char *id, const char *file, int line,
                       const char *func, bool exact)
{
  char tail[512];
  snprintf(tail, sizeof tail, ":%d:%s", line, func);
  size_t il = strlen(id), tl = strlen(tail);
  if (il <= tl || strcmp(id + il - tl, tail) != 0)
    return false;
  char *idfile = xstrndup(id, il - tl);
  bool ok = exact ? !strcmp(idfile, file)
                  : !strcmp(base_name(idfile), base_name(file));
  free(idfile);
  return ok;
}

const struct accgpu_schedule *accgpu_schedule_find(const char *file, int line,
                                                   const char *func)
{
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < nscheds; i++)
      if (id_matches(scheds[i].id, file, line, func, pass == 0))
        return &scheds[i];
  return NULL;
}
