/* schedule.c — the loop-schedule patterns of seed §7.3.2, their launch
 * configuration space, thread-block dispatch (Eq. 7.1, 7.2) and the schedule
 * file the plugin reads (-fplugin-arg-accgpu-schedule=FILE). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tune.h"

/* Level 0 is the innermost parallel loop (x), 1 the next (y), 2 the
 * outermost of a triple nest (z).  {tdim}, {gdim}: -1 = not mapped. */
static const tune_pattern patterns[] = {
    /* single loop: thread and grid X */
    {"1_1", 1, {0, -1, -1}, {0, -1, -1}},
    /* 2_1: x -> threadIdx.x, y -> blockIdx.x (Figure 7.3) */
    {"2_1", 2, {0, -1, -1}, {-1, 0, -1}},
    /* 2_2: x -> threadIdx.x + blockIdx.x, y -> blockIdx.y (Figure 7.4) */
    {"2_2", 2, {0, -1, -1}, {0, 1, -1}},
    /* 2_3: x -> X of block and grid, y -> Y of block and grid (Fig. 7.5) */
    {"2_3", 2, {0, 1, -1}, {0, 1, -1}},
    /* 3_1: x -> threadIdx.x, y -> threadIdx.y, z -> blockIdx.x (Fig. 7.6) */
    {"3_1", 3, {0, 1, -1}, {-1, -1, 0}},
    /* 3_2: x -> threadIdx.x, y -> blockIdx.x, z -> blockIdx.y (2_1-like) */
    {"3_2", 3, {0, -1, -1}, {-1, 0, 1}},
    /* 3_3: x -> X of block and grid, y -> grid Y, z -> grid Z (2_2-like) */
    {"3_3", 3, {0, -1, -1}, {0, 1, 2}},
    /* 3_4: x, y -> X, Y of block and grid, z -> grid Z (2_3-like) */
    {"3_4", 3, {0, 1, -1}, {0, 1, 2}},
};
#define NPAT ((int)(sizeof patterns / sizeof patterns[0]))

int accgpu_tune_patterns(int nlev, const tune_pattern **out) {
  int first = -1, n = 0;
  for (int i = 0; i < NPAT; i++)
    if (patterns[i].nlev == nlev) {
      if (first < 0)
        first = i;
      n++;
    }
  *out = first >= 0 ? &patterns[first] : NULL;
  return n;
}

const tune_pattern *accgpu_tune_pattern_find(const char *name) {
  for (int i = 0; i < NPAT; i++)
    if (strcmp(patterns[i].name, name) == 0)
      return &patterns[i];
  return NULL;
}

/* Trip of level L (0 = innermost parallel loop) of K. */
static int64_t level_trip(const tune_kernel *k, int l) {
  return k->vars[k->npar - 1 - l].trip;
}

void accgpu_tune_full_grid(const tune_kernel *k, const tune_pattern *p,
                           const int block[3], int64_t grid[3]) {
  static const int64_t limit[3] = {2147483647, 65535, 65535};
  grid[0] = grid[1] = grid[2] = 1;
  for (int l = 0; l < p->nlev; l++) {
    int d = p->gdim[l];
    if (d < 0)
      continue;
    int64_t per = p->tdim[l] >= 0 ? block[p->tdim[l]] : 1;
    int64_t g = (level_trip(k, l) + per - 1) / per;
    grid[d] = g < 1 ? 1 : g > limit[d] ? limit[d] : g;
  }
}

int accgpu_tune_active_blocks(const tune_gpu *g, int block_threads) {
  int a = g->max_threads_sm / block_threads;
  return a < g->max_blocks_sm ? a : g->max_blocks_sm;
}

int64_t accgpu_tune_waves(int64_t blocks, int active, int sms) {
  int64_t per = (int64_t)active * sms;
  return (blocks + per - 1) / per;
}

void accgpu_tune_dispatch(int64_t b, int active, int sms, int64_t *wave,
                          int *sm, int *slot) {
  int64_t per = (int64_t)active * sms, r = b % per;
  *wave = b / per;
  *sm = (int)(r % sms);
  *slot = (int)(r / sms);
}

/* The smallest power of two >= V, at most 2^62 (past any block size; a
 * doubling past 2^62 would overflow and never end). */
static int64_t next_pow2(int64_t v) {
  int64_t p = 1;
  while (p < v && p < (INT64_C(1) << 62))
    p *= 2;
  return p;
}

/* Adds BLOCK with its full grid and, when that takes more than one wave, a
 * one-wave grid (grid-stride loops).  Returns the new count. */
static int add_config(const tune_kernel *k, const tune_gpu *g,
                      const tune_pattern *p, const int block[3],
                      tune_config *out, int n, int max) {
  if (n >= max)
    return n;
  tune_config *c = &out[n++];
  c->pat = p;
  memcpy(c->block, block, sizeof c->block);
  accgpu_tune_full_grid(k, p, block, c->grid);
  int active = accgpu_tune_active_blocks(g, block[0] * block[1] * block[2]);
  int64_t wave = (int64_t)active * g->sms, other = c->grid[1] * c->grid[2];
  if (p->gdim[0] < 0 && p->gdim[1] < 0 && p->gdim[2] < 0)
    return n;
  int uses_x = 0;
  for (int l = 0; l < p->nlev; l++)
    uses_x |= p->gdim[l] == 0;
  if (!uses_x || n >= max || c->grid[0] * other <= wave || other >= wave)
    return n;
  out[n] = *c;
  out[n].grid[0] = wave / other;
  return n + 1;
}

int accgpu_tune_openacc_ok(const tune_config *c, const tune_gpu *g) {
  int worker = 0;
  for (int l = 0; l < c->pat->nlev; l++) {
    if (c->pat->tdim[l] == 2)
      return 0;
    worker |= c->pat->tdim[l] == 1;
  }
  if (c->block[2] != 1)
    return 0;
  return !worker || (c->block[0] % g->warp == 0 &&
                     (c->block[0] <= g->warp || c->block[1] <= 15));
}

int accgpu_tune_configs(const tune_kernel *k, const tune_gpu *g,
                        const tune_pattern *p, tune_config *out, int max) {
  int two_d = 0, n = 0;
  for (int l = 0; l < p->nlev; l++)
    two_d |= p->tdim[l] == 1;
  int64_t cap_x = next_pow2(level_trip(k, 0)), cap_y = 1;
  for (int l = 0; l < p->nlev; l++)
    if (p->tdim[l] == 1)
      cap_y = next_pow2(level_trip(k, l));
  for (int bx = 1; bx <= g->max_threads_block; bx *= 2)
    for (int by = two_d ? 2 : 1; by <= (two_d ? g->max_threads_block : 1);
         by *= 2) {
      int t = bx * by;
      if (t > g->max_threads_block || t % g->warp)
        continue;
      /* Blocks wider than the loop only add idle threads. */
      if ((bx > cap_x && bx > g->warp) || (two_d && by > cap_y && by > 2))
        continue;
      n = add_config(k, g, p, (int[3]){bx, by, 1}, out, n, max);
    }
  return n;
}

static const char *dim_name(int d) { return d == 0 ? "x" : d == 1 ? "y" : "z"; }

/* Writes S as a YAML double-quoted scalar that reads back as S: quotes,
 * backslashes, control characters and the Unicode line breaks YAML would
 * fold (U+0085, U+2028, U+2029) are escaped.  S comes from a YAML file, so
 * it is UTF-8. */
void accgpu_tune_put_yaml_str(FILE *f, const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  fputc('"', f);
  for (; *u; u++) {
    if (*u == '"' || *u == '\\')
      fprintf(f, "\\%c", *u);
    else if (*u < 0x20 || *u == 0x7f)
      fprintf(f, "\\x%02x", *u);
    else if (u[0] == 0xc2 && u[1] == 0x85) {
      fputs("\\N", f);
      u++;
    } else if (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)) {
      fputs(u[2] == 0xa8 ? "\\L" : "\\P", f);
      u += 2;
    } else
      fputc(*u, f);
  }
  fputc('"', f);
}

/* Writes one kernel's entry. */
static void write_one(FILE *f, const tune_kernel *k, const tune_config *c,
                      const tune_result *r) {
  fputs("  - kernel: ", f);
  accgpu_tune_put_yaml_str(f, k->id);
  fprintf(f, "\n    schedule: \"%s\"\n", c->pat->name);
  fprintf(f, "    block: [%d, %d, %d]\n", c->block[0], c->block[1],
          c->block[2]);
  fprintf(f, "    grid: [%lld, %lld, %lld]\n", (long long)c->grid[0],
          (long long)c->grid[1], (long long)c->grid[2]);
  fprintf(f, "    map:\n");
  for (int v = 0; v < k->npar; v++) {
    int l = k->npar - 1 - v;
    const char *t = c->pat->tdim[l] >= 0 ? dim_name(c->pat->tdim[l]) : "none";
    const char *b = c->pat->gdim[l] >= 0 ? dim_name(c->pat->gdim[l]) : "none";
    fprintf(f, "      %s: {thread: %s, block: %s}\n", k->vars[v].var, t, b);
  }
  fprintf(f, "    cost: %.6g\n    l1_hit: %.4f\n    l2_hit: %.4f\n", r->cost,
          r->l1_loads ? r->l1_hits / r->l1_loads : 0,
          r->l2_loads ? r->l2_hits / r->l2_loads : 0);
}

int accgpu_tune_write_schedules(const char *file, const tune_model *m,
                                const tune_config *chosen,
                                const tune_result *res, const int *have) {
  FILE *f = fopen(file, "w");
  if (!f)
    return -1;
  fputs("# acc-tune schedules (docs/autotune.md); model: ", f);
  accgpu_tune_put_yaml_str(f, m->path); /* a comment ends at a newline */
  fputs("\nschedules:\n", f);
  for (int i = 0; i < m->nkernels; i++)
    if (have[i])
      write_one(f, &m->kernels[i], &chosen[i], &res[i]);
  int bad = ferror(f);
  if (fclose(f) || bad) {
    if (!errno)
      errno = EIO;
    return -1;
  }
  return 0;
}
