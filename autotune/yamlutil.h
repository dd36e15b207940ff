/* yamlutil.h — reading YAML documents with libyaml, every error naming the
 * file and line ("gpus/h100.yaml:7: expected an integer for sms"). */
#ifndef ACCGPU_TUNE_YAMLUTIL_H
#define ACCGPU_TUNE_YAMLUTIL_H 1

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

typedef struct tune_yaml {
  yaml_document_t doc;
  const char *path;
  char *err;
  size_t errlen;
  int loaded;
} tune_yaml;

/* Loads PATH, which must hold one YAML document.  Returns the root node, or
 * NULL with the message in ERR ("PATH:LINE: syntax error", "PATH: out of
 * memory reading this N-byte YAML file", "PATH:LINE: a second YAML
 * document").  The document lives until accgpu_tune_yaml_close, which the
 * caller calls either way. */
yaml_node_t *accgpu_tune_yaml_open(tune_yaml *y, const char *path, char *err,
                                   size_t errlen);
void accgpu_tune_yaml_close(tune_yaml *y);
/* Writes "PATH:LINE: message" (LINE of node N, or of the document when N is
 * NULL) into the error buffer; returns -1. */
int accgpu_tune_yaml_fail(tune_yaml *y, const yaml_node_t *n, const char *fmt,
                          ...) __attribute__((format(printf, 3, 4)));
int accgpu_tune_yaml_line(const yaml_node_t *n);
/* The value of KEY in mapping MAP, or NULL. */
yaml_node_t *accgpu_tune_yaml_get(tune_yaml *y, yaml_node_t *map,
                                  const char *key);
yaml_node_t *accgpu_tune_yaml_item(tune_yaml *y, yaml_node_t *seq, int i);
int accgpu_tune_yaml_len(const yaml_node_t *seq);
/* Scalar text of N, or NULL when N is not a scalar. */
const char *accgpu_tune_yaml_text(const yaml_node_t *n);
/* Typed getters for KEY of MAP: return 0, or -1 with a located message
 * ("expected an integer for KEY").  REQUIRED = 0 leaves *OUT untouched when
 * the key is absent. */
int accgpu_tune_yaml_int(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, int64_t *out);
/* Node N's integer (named WHAT in the message) into *OUT: 0 / -1. */
int accgpu_tune_yaml_intval(tune_yaml *y, yaml_node_t *n, const char *what,
                            int64_t *out);
int accgpu_tune_yaml_num(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, double *out);
int accgpu_tune_yaml_str(tune_yaml *y, yaml_node_t *map, const char *key,
                         int required, char *out, size_t outlen);
/* Checks MAP's keys: scalars, each in ALLOWED (NULL-terminated; NULL: any
 * name) and none twice.  Returns 0, or -1 with "PATH:LINE: unknown key
 * 'k' in WHAT" / "key 'k' given twice in WHAT (first at line L)". */
int accgpu_tune_yaml_keys(tune_yaml *y, yaml_node_t *map,
                          const char *const *allowed, const char *what);
int accgpu_tune_yaml_expect(tune_yaml *y, yaml_node_t *n, yaml_node_type_t t,
                            const char *what);

#endif
