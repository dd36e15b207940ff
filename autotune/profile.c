/* profile.c — the runtime's profile (ACCGPU_PROFILE=FILE): per kernel id the
 * parameter values and real loop trip counts (docs/kernel-model.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"
#include "yamlutil.h"

/* The keys the runtime writes (runtime/profile.c); acc-tune reads id,
 * params and trips. */
static const char *const entry_keys[] = {
    "id", "kernel", "file", "line", "function", "construct", "device",
    "launches", "grid", "block", "shared_bytes", "time_total_s",
    "time_min_s", "trips", "params", NULL};
static const char *const top_keys[] = {"kernels", NULL};

/* Reads mapping N of name -> integer into NAMES/VALS (at most MAX).
 * Returns the count or -1. */
static int read_ints(tune_yaml *y, yaml_node_t *n, int max,
                     char (*names)[TUNE_NAME], int64_t *vals,
                     const char *what) {
  if (accgpu_tune_yaml_expect(y, n, YAML_MAPPING_NODE, what) ||
      accgpu_tune_yaml_keys(y, n, NULL, what))
    return -1;
  int c = 0;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
       p < n->data.mapping.pairs.top; p++, c++) {
    yaml_node_t *kn = yaml_document_get_node(&y->doc, p->key);
    yaml_node_t *vn = yaml_document_get_node(&y->doc, p->value);
    const char *k = accgpu_tune_yaml_text(kn);
    int64_t x;
    if (c == max)
      return accgpu_tune_yaml_fail(y, kn, "more than %d entries", max);
    if (strlen(k) >= TUNE_NAME)
      return accgpu_tune_yaml_fail(y, kn, "expected a name");
    if (accgpu_tune_yaml_intval(y, vn, k, &x))
      return -1;
    if (x < 0)
      return accgpu_tune_yaml_fail(y, vn, "expected a non-negative integer "
                                          "for '%s'", k);
    strcpy(names[c], k);
    vals[c] = x;
  }
  return c;
}

static int read_entry(tune_yaml *y, yaml_node_t *n, tune_profile_entry *e) {
  if (accgpu_tune_yaml_expect(y, n, YAML_MAPPING_NODE, "a kernel entry") ||
      accgpu_tune_yaml_keys(y, n, entry_keys, "a profile entry") ||
      accgpu_tune_yaml_str(y, n, "id", 1, e->id, sizeof e->id))
    return -1;
  yaml_node_t *pn = accgpu_tune_yaml_get(y, n, "params");
  yaml_node_t *tn = accgpu_tune_yaml_get(y, n, "trips");
  if (pn) {
    int c = read_ints(y, pn, TUNE_MAX_PARAMS, e->params.name, e->params.val,
                      "params: a mapping name -> value");
    if (c < 0)
      return -1;
    e->params.n = c;
  }
  if (tn) {
    int c = read_ints(y, tn, TUNE_MAX_VARS, e->trip_var, e->trip,
                      "trips: a mapping loop variable -> trip count");
    if (c < 0)
      return -1;
    e->ntrips = c;
  }
  return 0;
}

int accgpu_tune_profile_load(const char *path, tune_profile *p, char *err,
                             size_t errlen) {
  tune_yaml y;
  memset(p, 0, sizeof *p);
  yaml_node_t *r = accgpu_tune_yaml_open(&y, path, err, errlen);
  yaml_node_t *ks = r ? accgpu_tune_yaml_get(&y, r, "kernels") : NULL;
  int rc = -1;
  if (!r || accgpu_tune_yaml_expect(&y, r, YAML_MAPPING_NODE,
                                    "a mapping with 'kernels'") ||
      accgpu_tune_yaml_keys(&y, r, top_keys, "the profile"))
    goto out;
  if (!ks || ks->type != YAML_SEQUENCE_NODE) {
    accgpu_tune_yaml_fail(&y, ks ? ks : r, "expected 'kernels': a list");
    goto out;
  }
  p->n = accgpu_tune_yaml_len(ks);
  p->e = calloc((size_t)p->n + 1, sizeof *p->e);
  if (!p->e) {
    snprintf(err, errlen, "%s: out of memory loading the profile", path);
    goto out;
  }
  for (int i = 0; i < p->n; i++)
    if (read_entry(&y, accgpu_tune_yaml_item(&y, ks, i), &p->e[i]))
      goto out;
  rc = 0;
out:
  accgpu_tune_yaml_close(&y);
  if (rc)
    accgpu_tune_profile_free(p);
  return rc;
}

void accgpu_tune_profile_free(tune_profile *p) {
  free(p->e);
  p->e = NULL;
  p->n = 0;
}

const tune_profile_entry *accgpu_tune_profile_find(const tune_profile *p,
                                                   const char *id) {
  for (int i = 0; p && i < p->n; i++)
    if (strcmp(p->e[i].id, id) == 0)
      return &p->e[i];
  return NULL;
}
