/* yamlutil.c — libyaml document helpers with located errors. */
#include "yamlutil.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tune.h"

/* Puts why parser P stopped into Y's error: out of memory (libyaml's
 * allocations failed: a file too big for this machine, not a malformed
 * one) or the syntax error at its line.  Returns NULL. */
static yaml_node_t *parse_error(tune_yaml *y, const yaml_parser_t *p,
                                FILE *f) {
  struct stat st;
  if (p->error == YAML_MEMORY_ERROR)
    snprintf(y->err, y->errlen, "%s: out of memory reading this %lld-byte "
             "YAML file", y->path,
             fstat(fileno(f), &st) ? -1LL : (long long)st.st_size);
  else
    snprintf(y->err, y->errlen, "%s:%lu: %s%s%s", y->path,
             (unsigned long)p->problem_mark.line + 1,
             p->problem ? p->problem : "malformed YAML",
             p->context ? " " : "", p->context ? p->context : "");
  return NULL;
}

/* After the document: the stream must end (a second document would be
 * ignored otherwise).  Returns 0, or -1 with the message in Y. */
static int expect_end(tune_yaml *y, yaml_parser_t *p, FILE *f) {
  yaml_document_t next;
  if (!yaml_parser_load(p, &next)) {
    parse_error(y, p, f);
    return -1;
  }
  yaml_node_t *root = yaml_document_get_root_node(&next);
  int line = root ? (int)root->start_mark.line + 1 : 0;
  yaml_document_delete(&next);
  if (!root)
    return 0;
  snprintf(y->err, y->errlen, "%s:%d: a second YAML document; expected one",
           y->path, line);
  return -1;
}

yaml_node_t *accgpu_tune_yaml_open(tune_yaml *y, const char *path, char *err,
                                   size_t errlen) {
  memset(y, 0, sizeof *y);
  y->path = path;
  y->err = err;
  y->errlen = errlen;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  yaml_parser_t p;
  yaml_node_t *root = NULL;
  if (!yaml_parser_initialize(&p)) {
    snprintf(err, errlen, "%s: out of memory", path);
    fclose(f);
    return NULL;
  }
  yaml_parser_set_input_file(&p, f);
  if (!yaml_parser_load(&p, &y->doc)) {
    parse_error(y, &p, f);
  } else {
    y->loaded = 1;
    root = yaml_document_get_root_node(&y->doc);
    if (!root)
      snprintf(err, errlen, "%s:1: empty document", path);
    else if (expect_end(y, &p, f))
      root = NULL;
  }
  yaml_parser_delete(&p);
  fclose(f);
  return root;
}

void accgpu_tune_yaml_close(tune_yaml *y) {
  if (y->loaded)
    yaml_document_delete(&y->doc);
  y->loaded = 0;
}

int accgpu_tune_yaml_line(const yaml_node_t *n) {
  return n ? (int)n->start_mark.line + 1 : 1;
}

int accgpu_tune_yaml_fail(tune_yaml *y, const yaml_node_t *n, const char *fmt,
                          ...) {
  char msg[384];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(y->err, y->errlen, "%s:%d: %s", y->path, accgpu_tune_yaml_line(n),
           msg);
  return -1;
}

const char *accgpu_tune_yaml_text(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value
                                          : NULL;
}

yaml_node_t *accgpu_tune_yaml_get(tune_yaml *y, yaml_node_t *map,
                                  const char *key) {
  if (!map || map->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
       p < map->data.mapping.pairs.top; p++) {
    const char *k =
        accgpu_tune_yaml_text(yaml_document_get_node(&y->doc, p->key));
    if (k && strcmp(k, key) == 0)
      return yaml_document_get_node(&y->doc, p->value);
  }
  return NULL;
}

int accgpu_tune_yaml_len(const yaml_node_t *seq) {
  if (!seq || seq->type != YAML_SEQUENCE_NODE)
    return 0;
  return (int)(seq->data.sequence.items.top - seq->data.sequence.items.start);
}

yaml_node_t *accgpu_tune_yaml_item(tune_yaml *y, yaml_node_t *seq, int i) {
  return yaml_document_get_node(&y->doc, seq->data.sequence.items.start[i]);
}

int accgpu_tune_yaml_expect(tune_yaml *y, yaml_node_t *n, yaml_node_type_t t,
                            const char *what) {
  if (n && n->type == t)
    return 0;
  return accgpu_tune_yaml_fail(y, n, "expected %s", what);
}

/* Finds KEY; reports it missing when REQUIRED.  Returns 1 found, 0 absent
 * (optional), -1 error. */
static int need(tune_yaml *y, yaml_node_t *map, const char *key, int required,
                yaml_node_t **out) {
  *out = accgpu_tune_yaml_get(y, map, key);
  if (*out)
    return 1;
  if (required)
    return accgpu_tune_yaml_fail(y, map, "missing key '%s'", key);
  return 0;
}

int accgpu_tune_yaml_int(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, int64_t *out) {
  yaml_node_t *n;
  int r = need(y, map, key, required, &n);
  if (r <= 0)
    return r;
  return accgpu_tune_yaml_intval(y, n, key, out);
}

int accgpu_tune_yaml_intval(tune_yaml *y, yaml_node_t *n, const char *what,
                            int64_t *out) {
  int rc = accgpu_tune_parse_int(accgpu_tune_yaml_text(n), out);
  if (rc == -2)
    return accgpu_tune_yaml_fail(y, n, "'%s': %s is out of range (more than "
                                 "64 bits)", what, accgpu_tune_yaml_text(n));
  if (rc)
    return accgpu_tune_yaml_fail(y, n, "expected an integer for '%s'", what);
  return 0;
}

int accgpu_tune_yaml_num(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, double *out) {
  yaml_node_t *n;
  int r = need(y, map, key, required, &n);
  if (r <= 0)
    return r;
  const char *s = accgpu_tune_yaml_text(n);
  char *end = NULL;
  double v = s ? strtod(s, &end) : 0;
  if (!s || !*s || *end || !isfinite(v))
    return accgpu_tune_yaml_fail(y, n, "expected a finite number for '%s'",
                                 key);
  *out = v;
  return 0;
}

int accgpu_tune_yaml_str(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, char *out, size_t outlen) {
  yaml_node_t *n;
  int r = need(y, map, key, required, &n);
  if (r <= 0)
    return r;
  const char *s = accgpu_tune_yaml_text(n);
  if (!s)
    return accgpu_tune_yaml_fail(y, n, "expected a string for '%s'", key);
  if (strlen(s) >= outlen)
    return accgpu_tune_yaml_fail(y, n, "'%s' is longer than %zu characters",
                                 key, outlen - 1);
  memcpy(out, s, strlen(s) + 1);
  return 0;
}

/* Is KEY one of ALLOWED (NULL-terminated)? */
static int allowed_key(const char *key, const char *const *allowed) {
  for (; *allowed; allowed++)
    if (strcmp(key, *allowed) == 0)
      return 1;
  return 0;
}

int accgpu_tune_yaml_keys(tune_yaml *y, yaml_node_t *map,
                          const char *const *allowed, const char *what) {
  if (!map || map->type != YAML_MAPPING_NODE)
    return 0;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
       p < map->data.mapping.pairs.top; p++) {
    yaml_node_t *kn = yaml_document_get_node(&y->doc, p->key);
    const char *k = accgpu_tune_yaml_text(kn);
    if (!k)
      return accgpu_tune_yaml_fail(y, kn, "expected a plain key in %s", what);
    if (allowed && !allowed_key(k, allowed))
      return accgpu_tune_yaml_fail(y, kn, "unknown key '%s' in %s", k, what);
    for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
      yaml_node_t *qn = yaml_document_get_node(&y->doc, q->key);
      if (strcmp(accgpu_tune_yaml_text(qn), k) == 0)
        return accgpu_tune_yaml_fail(y, kn, "key '%s' given twice in %s "
                                     "(first at line %d)", k, what,
                                     accgpu_tune_yaml_line(qn));
    }
  }
  return 0;
}
