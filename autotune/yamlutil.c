/* yamlutil.c — libyaml document helpers with located errors. */
#include "yamlutil.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  yaml_parser_initialize(&p);
  yaml_parser_set_input_file(&p, f);
  int ok = yaml_parser_load(&p, &y->doc);
  if (!ok)
    snprintf(err, errlen, "%s:%lu: %s%s%s", path,
             (unsigned long)p.problem_mark.line + 1,
             p.problem ? p.problem : "malformed YAML",
             p.context ? " " : "", p.context ? p.context : "");
  yaml_parser_delete(&p);
  fclose(f);
  if (!ok)
    return NULL;
  y->loaded = 1;
  yaml_node_t *root = yaml_document_get_root_node(&y->doc);
  if (!root) {
    snprintf(err, errlen, "%s:1: empty document", path);
    return NULL;
  }
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
  const char *s = accgpu_tune_yaml_text(n);
  char *end = NULL;
  errno = 0;
  long long v = s ? strtoll(s, &end, 0) : 0;
  if (!s || !*s || *end || errno)
    return accgpu_tune_yaml_fail(y, n, "expected an integer for '%s'", key);
  *out = v;
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
  if (!s || !*s || *end)
    return accgpu_tune_yaml_fail(y, n, "expected a number for '%s'", key);
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
