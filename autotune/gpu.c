/* gpu.c — the GPU description (the YAML files in autotune/gpus). */
#include <string.h>

#include "tune.h"
#include "yamlutil.h"

static int pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* Reads positive integer KEY of MAP into *OUT.  Returns 0 / -1. */
static int get_pos(tune_yaml *y, yaml_node_t *map, const char *key,
                   int64_t *out) {
  if (accgpu_tune_yaml_int(y, map, key, 1, out))
    return -1;
  if (*out <= 0)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, map, key),
                                 "'%s' must be positive", key);
  return 0;
}

static int get_lat(tune_yaml *y, yaml_node_t *map, const char *key,
                   double *out) {
  if (accgpu_tune_yaml_num(y, map, key, 1, out))
    return -1;
  if (*out < 0)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, map, key),
                                 "'%s' must not be negative", key);
  return 0;
}

int accgpu_tune_gpu_load(const char *path, tune_gpu *g, char *err,
                         size_t errlen) {
  tune_yaml y;
  memset(g, 0, sizeof *g);
  yaml_node_t *r = accgpu_tune_yaml_open(&y, path, err, errlen);
  int rc = -1;
  int64_t v[9];
  static const char *keys[9] = {
      "sms", "max_threads_per_sm", "max_blocks_per_sm",
      "max_threads_per_block", "warp_size", "l1_bytes", "l2_bytes",
      "line_bytes", "sector_bytes"};
  if (!r || accgpu_tune_yaml_expect(&y, r, YAML_MAPPING_NODE,
                                    "a mapping of GPU properties"))
    goto out;
  if (accgpu_tune_yaml_str(&y, r, "name", 1, g->name, sizeof g->name))
    goto out;
  for (int i = 0; i < 9; i++)
    if (get_pos(&y, r, keys[i], &v[i]))
      goto out;
  g->sms = (int)v[0];
  g->max_threads_sm = (int)v[1];
  g->max_blocks_sm = (int)v[2];
  g->max_threads_block = (int)v[3];
  g->warp = (int)v[4];
  g->l1_bytes = v[5];
  g->l2_bytes = v[6];
  g->line_bytes = (int)v[7];
  g->sector_bytes = (int)v[8];
  if (g->warp != 32) {
    accgpu_tune_yaml_fail(&y, accgpu_tune_yaml_get(&y, r, "warp_size"),
                          "only warp_size 32 is modeled");
    goto out;
  }
  if (!pow2(g->line_bytes) || !pow2(g->sector_bytes) ||
      g->sector_bytes > g->line_bytes || g->line_bytes / g->sector_bytes > 8) {
    accgpu_tune_yaml_fail(&y, accgpu_tune_yaml_get(&y, r, "sector_bytes"),
                          "line_bytes and sector_bytes must be powers of two "
                          "with at most 8 sectors per line");
    goto out;
  }
  if (get_lat(&y, r, "latency_l1", &g->lat_l1) ||
      get_lat(&y, r, "latency_l2", &g->lat_l2) ||
      get_lat(&y, r, "latency_dram", &g->lat_dram))
    goto out;
  rc = 0;
out:
  accgpu_tune_yaml_close(&y);
  return rc;
}
