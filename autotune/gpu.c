/* gpu.c — the GPU description (the YAML files in autotune/gpus). */
#include <string.h>

#include "tune.h"
#include "yamlutil.h"

static int pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static const char *const keys[] = {
    "name", "sms", "max_threads_per_sm", "max_blocks_per_sm",
    "max_threads_per_block", "warp_size", "l1_bytes", "l2_bytes",
    "line_bytes", "sector_bytes", "latency_l1", "latency_l2",
    "latency_dram", NULL};

/* Integer properties: key, smallest and largest value accepted (bounds
 * that keep the simulator's allocations and arithmetic sane; every real
 * GPU is far inside).  The caches are checked against the line and sector
 * sizes afterwards. */
static const struct {
  const char *key;
  int64_t lo, hi;
} ints[] = {
    {"sms", 1, 1024},
    {"max_threads_per_sm", 32, 65536},
    {"max_blocks_per_sm", 1, 1024},
    {"max_threads_per_block", 32, 1024},
    {"warp_size", 32, 32},
    {"l1_bytes", 1, INT64_C(1) << 40},
    {"l2_bytes", 1, INT64_C(1) << 40},
    {"line_bytes", 1, 4096},
    {"sector_bytes", 1, 4096},
};
#define NINTS ((int)(sizeof ints / sizeof ints[0]))

/* Reads integer property I of MAP into *OUT.  Returns 0 / -1. */
static int get_int(tune_yaml *y, yaml_node_t *map, int i, int64_t *out) {
  if (accgpu_tune_yaml_int(y, map, ints[i].key, 1, out))
    return -1;
  if (ints[i].lo == ints[i].hi && *out != ints[i].lo)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, map, ints[i].key),
                                 "only %s %lld is modeled", ints[i].key,
                                 (long long)ints[i].lo);
  if (*out < ints[i].lo || *out > ints[i].hi)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, map, ints[i].key),
                                 "'%s' must be %lld..%lld", ints[i].key,
                                 (long long)ints[i].lo, (long long)ints[i].hi);
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

/* Line, sector and cache sizes of G: a cache smaller than one of its
 * units would hold nothing (and capacity 0 means "unlimited" to the
 * reuse-distance engine); above 2^30 - 1 units the engine's exact
 * capacity ends.  Returns 0 or -1 with a located message. */
static int check_caches(tune_yaml *y, yaml_node_t *r, const tune_gpu *g) {
  static const int64_t max_units = (INT64_C(1) << 30) - 1;
  if (!pow2(g->line_bytes) || !pow2(g->sector_bytes) ||
      g->sector_bytes > g->line_bytes || g->line_bytes / g->sector_bytes > 8)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, r, "sector_bytes"),
                                 "line_bytes and sector_bytes must be powers "
                                 "of two with at most 8 sectors per line");
  if (g->l1_bytes < g->line_bytes || g->l1_bytes / g->line_bytes > max_units)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, r, "l1_bytes"),
                                 "'l1_bytes' must hold 1 to 2^30-1 lines of "
                                 "%d bytes", g->line_bytes);
  if (g->l2_bytes < g->sector_bytes ||
      g->l2_bytes / g->sector_bytes > max_units)
    return accgpu_tune_yaml_fail(y, accgpu_tune_yaml_get(y, r, "l2_bytes"),
                                 "'l2_bytes' must hold 1 to 2^30-1 sectors of "
                                 "%d bytes", g->sector_bytes);
  return 0;
}

int accgpu_tune_gpu_load(const char *path, tune_gpu *g, char *err,
                         size_t errlen) {
  tune_yaml y;
  memset(g, 0, sizeof *g);
  yaml_node_t *r = accgpu_tune_yaml_open(&y, path, err, errlen);
  int rc = -1;
  int64_t v[NINTS];
  if (!r ||
      accgpu_tune_yaml_expect(&y, r, YAML_MAPPING_NODE,
                              "a mapping of GPU properties") ||
      accgpu_tune_yaml_keys(&y, r, keys, "the GPU description") ||
      accgpu_tune_yaml_str(&y, r, "name", 1, g->name, sizeof g->name))
    goto out;
  for (int i = 0; i < NINTS; i++)
    if (get_int(&y, r, i, &v[i]))
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
  if (check_caches(&y, r, g) || get_lat(&y, r, "latency_l1", &g->lat_l1) ||
      get_lat(&y, r, "latency_l2", &g->lat_l2) ||
      get_lat(&y, r, "latency_dram", &g->lat_dram))
    goto out;
  rc = 0;
out:
  accgpu_tune_yaml_close(&y);
  return rc;
}
