/* targets.c — see targets.h.  The loaders read files: each input is
 * written to an anonymous in-memory file (memfd) and read back through
 * /proc/self/fd, so no disk is touched. */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../plugin/passes/schedule-parse.h"
#include "../tune.h"

const accgpu_fuzz_target accgpu_fuzz_targets[] = {
    {"model", accgpu_fuzz_model},     {"gpu", accgpu_fuzz_gpu},
    {"profile", accgpu_fuzz_profile}, {"expr", accgpu_fuzz_expr},
    {"sched", accgpu_fuzz_sched},     {NULL, NULL}};

/* A small GPU: simulations of odd inputs stay short. */
static const tune_gpu small_gpu = {
    "fuzz", 2, 256, 4, 128, 32, 4096, 16384, 128, 32, 1, 10, 100};

/* A model whose kernel id the profile seeds name (yreuse's). */
static const char small_model[] =
    "kernels:\n"
    "  - id: \"yreuse.c:12:yreuse\"\n"
    "    params: {n: 16, m: 4}\n"
    "    loops:\n"
    "      - {var: j, lower: 0, upper: n}\n"
    "      - {var: i, lower: 0, upper: n}\n"
    "    body:\n"
    "      - loop: {var: k, lower: 0, upper: m}\n"
    "        body:\n"
    "          - {array: a, elem: 4, access: read, index: {k: n, i: 1}}\n"
    "      - {array: c, elem: 4, access: write, index: {j: n, i: 1}}\n";

/* Puts DATA into memory file *FD (made on first use) and its name into
 * PATH.  Returns 0 / -1. */
static int as_file(int *fd, const uint8_t *data, size_t size,
                   char path[64]) {
  if (*fd < 0 && (*fd = memfd_create("accgpu-fuzz", 0)) < 0)
    return -1;
  if (ftruncate(*fd, 0) ||
      (size && pwrite(*fd, data, size, 0) != (ssize_t)size))
    return -1;
  snprintf(path, 64, "/proc/self/fd/%d", *fd);
  return 0;
}

/* The launch space of bound kernel K on G, and one short simulation of
 * its first configuration. */
static void tune_some(const tune_kernel *k, const tune_gpu *g) {
  static tune_config cf[256];
  const tune_pattern *pats;
  int np = accgpu_tune_patterns(k->npar, &pats), n = 0;
  for (int p = 0; p < np; p++)
    n += accgpu_tune_configs(k, g, &pats[p], cf + n, 256 - n);
  tune_sim_opts o = {TUNE_INTERLEAVE_MODELED, 2000};
  tune_result r;
  if (n)
    accgpu_tune_simulate(k, g, &cf[0], &o, &r);
}

/* Binds every kernel of M (profile PR may be NULL) and tunes those that
 * bind on G. */
static void bind_all(tune_model *m, const tune_profile *pr,
                     const tune_gpu *g) {
  char err[TUNE_ERR];
  for (int i = 0; i < m->nkernels; i++) {
    tune_kernel *k = &m->kernels[i];
    if (!accgpu_tune_kernel_bind(k, m->path, NULL,
                                 accgpu_tune_profile_find(pr, k->id), err,
                                 sizeof err))
      tune_some(k, g);
  }
}

int accgpu_fuzz_model(const uint8_t *data, size_t size) {
  static int fd = -1;
  char path[64], err[TUNE_ERR];
  tune_model m;
  memset(&m, 0, sizeof m);
  if (as_file(&fd, data, size, path) ||
      accgpu_tune_model_load(path, &m, err, sizeof err))
    return 0;
  bind_all(&m, NULL, &small_gpu);
  accgpu_tune_model_free(&m);
  return 0;
}

/* Loads SMALL_MODEL into *M (zeroed).  Returns 0 / -1. */
static int load_small(tune_model *m) {
  static int fd = -1;
  char path[64], err[TUNE_ERR];
  memset(m, 0, sizeof *m);
  if (as_file(&fd, (const uint8_t *)small_model, sizeof small_model - 1, path))
    return -1;
  return accgpu_tune_model_load(path, m, err, sizeof err);
}

int accgpu_fuzz_gpu(const uint8_t *data, size_t size) {
  static int fd = -1;
  char path[64], err[TUNE_ERR];
  tune_gpu g;
  tune_model m;
  if (as_file(&fd, data, size, path) ||
      accgpu_tune_gpu_load(path, &g, err, sizeof err) || load_small(&m))
    return 0;
  bind_all(&m, NULL, &g);
  accgpu_tune_model_free(&m);
  return 0;
}

int accgpu_fuzz_profile(const uint8_t *data, size_t size) {
  static int fd = -1;
  char path[64], err[TUNE_ERR];
  tune_profile pr;
  tune_model m;
  if (as_file(&fd, data, size, path) ||
      accgpu_tune_profile_load(path, &pr, err, sizeof err))
    return 0;
  if (!load_small(&m)) {
    bind_all(&m, &pr, &small_gpu);
    accgpu_tune_model_free(&m);
  }
  accgpu_tune_profile_free(&pr);
  return 0;
}

int accgpu_fuzz_expr(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1), err[200];
  if (!s)
    return 0;
  memcpy(s, data, size);
  s[size] = 0; /* the input up to its first NUL */
  tune_expr *e = accgpu_tune_expr_parse(s, err, sizeof err);
  if (e) {
    tune_params p = {0};
    accgpu_tune_params_set(&p, "n", 3);
    accgpu_tune_params_set(&p, "m", -7);
    accgpu_tune_params_set(&p, "big", INT64_MAX);
    accgpu_tune_params_set(&p, "small", INT64_MIN);
    int64_t v;
    const char *unknown;
    accgpu_tune_expr_eval(e, &p, &v, &unknown);
    accgpu_tune_expr_free(e);
  }
  free(s);
  return 0;
}

int accgpu_fuzz_sched(const uint8_t *data, size_t size) {
  static int fd = -1;
  char path[64];
  struct accgpu_sched_list l;
  FILE *f = as_file(&fd, data, size, path) ? NULL : fopen(path, "rb");
  if (!f)
    return 0;
  accgpu_schedule_parse(f, &l);
  accgpu_schedule_list_free(&l);
  fclose(f);
  return 0;
}
